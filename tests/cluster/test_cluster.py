"""Scale-out, run for real: two `tablefold serve` API nodes on a local Redis Cluster of three
masters (each with a replica), every request sent to a node at random.

Games of several engines are played to the end with their bots, live streams followed on one node
while the other records the moves, logs exported and imported; two nodes race for one version and
a retry with the same move_id crosses nodes; one API node is killed mid-game and the other goes
on; a master fails over to its replica (Redis's own node timeout, not shortened) and the game goes
on with every move acknowledged before the failure.
"""
from __future__ import annotations

import random
import threading
import time

import pytest
import requests

from engines.core import derive_rng, sample_move
from tests.support.blocking import blocked_at_once
from tests.support.cluster import Cluster
from tests.support.server import UNLIMITED_ENV, Server, auth

ENGINES = {"tic-tac-trek": 2, "no-loose-ends": 3, "trok": 3, "trickdraw": 4, "barcelona": 2}


@pytest.fixture(scope="module")
def cluster():
    with Cluster(masters=3, replicas=1) as c:
        yield c


@pytest.fixture(scope="module")
def nodes(cluster, tmp_path_factory):
    env = {"TABLEFOLD_REDIS_CLUSTER": "1", "TABLEFOLD_ADMIN_TOKEN": "op", **UNLIMITED_ENV}
    servers = [Server(tmp_path_factory.mktemp(f"node{i}"), workers=1, redis_url=cluster.url,
                      env=env).start() for i in range(2)]
    yield servers
    for s in servers:
        s.stop()


class Nodes:
    """Requests to a node chosen at random, each time (or to the ones still up)."""

    def __init__(self, servers, seed: str):
        self.servers, self.rng = list(servers), random.Random(seed)

    def base(self) -> str:
        return self.rng.choice(self.servers).base

    def get(self, path, token=None, **kw):
        return requests.get(self.base() + path, headers=auth(token) if token else {}, timeout=20, **kw)

    def post(self, path, body=None, token=None, **kw):
        return requests.post(self.base() + path, json=body, headers=auth(token) if token else {},
                             timeout=20, **kw)


def table(api: Nodes, engine: str, players: int, bots: int = 0) -> tuple[str, dict[int, str]]:
    seats = [{"kind": "human"}] * (players - bots) + [{"kind": "bot", "bot": "random"}] * bots
    made = api.post("/games", {"engine": engine, "seats": seats, "claim": 0})
    assert made.status_code == 201, made.text
    tokens = {0: made.json()["token"]}
    for seat, code in made.json()["join_codes"].items():
        tokens[int(seat)] = api.post(f"/games/{made.json()['id']}/join", {"code": code}).json()["token"]
    return made.json()["id"], tokens


def play_to_end(api: Nodes, gid: str, tokens: dict[int, str], seed: str, limit: int = 2000) -> int:
    rng = derive_rng(seed, 0)
    for _ in range(limit):
        public = api.get(f"/games/{gid}").json()
        if public["result"] is not None:
            return public["version"]
        seat = rng.choice([s for s in public["awaited"] if s in tokens])
        view = api.get(f"/games/{gid}", tokens[seat]).json()
        move = sample_move(view["legal_moves"], rng)
        answer = api.post(f"/games/{gid}/moves", {"move": move, "expected_version": view["version"],
                                                  "move_id": f"{seed}-{view['version']}"}, tokens[seat])
        assert answer.status_code in (200, 409), answer.text   # 409: a bot moved first
    raise AssertionError(f"{gid} did not end in {limit} moves")


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_games_play_to_the_end_with_every_request_on_a_random_node(nodes, engine):
    api = Nodes(nodes, engine)
    players = ENGINES[engine]
    gid, tokens = table(api, engine, players, bots=1)
    tokens.pop(players - 1, None)   # the last seat is the bot's
    follower = api.servers[0]
    seen: list[int] = []

    def follow():
        event, last = b"", None
        with requests.get(f"{follower.base}/games/{gid}/stream?since=1", stream=True,
                          timeout=(5, 60)) as r:
            for line in r.iter_lines():
                if line.startswith(b"id: "):
                    last = int(line[4:])
                elif line.startswith(b"event: "):
                    event = line[7:]
                    if event == b"record":
                        seen.append(last)
                elif event == b"view" and line.startswith(b"data: ") and b'"result":{' in line:
                    return  # the game is over (and its stream ends)

    watcher = threading.Thread(target=follow, daemon=True)
    watcher.start()
    version = play_to_end(api, gid, tokens, engine)
    # every node folds the same end from the log, and the stream on one node heard every record
    records = [r for r in api.get(f"/games/{gid}/log?limit=1000&as=all", "op").json()["records"]]
    assert [r["v"] for r in records] == list(range(1, version + 1))
    states = {tuple(sorted(map(str, requests.get(f"{s.base}/games/{gid}").json()["result"].items())))
              for s in nodes}
    assert len(states) == 1
    deadline = time.monotonic() + 20
    while (not seen or seen[-1] < version) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert seen == list(range(2, version + 1))
    watcher.join(30)
    # the lobby of each node lists it; its export imports through the other node
    for s in nodes:
        listed = {g["id"]: g for g in requests.get(f"{s.base}/games?limit=200").json()["games"]}
        assert listed[gid]["finished"] and listed[gid]["version"] == version
    exported = requests.get(f"{nodes[0].base}/games/{gid}/export").text
    imported = requests.post(f"{nodes[1].base}/games/import", data=exported)
    assert imported.status_code == 201, imported.text
    assert requests.get(f"{nodes[0].base}/games/{imported.json()['id']}").json()["result"] is not None


def test_two_nodes_racing_for_one_version_record_one_move_and_a_retry_crosses_nodes(nodes):
    api = Nodes(nodes, "race")
    for round_ in range(20):
        gid, tokens = table(api, "tic-tac-trek", 2)
        view = api.get(f"/games/{gid}", tokens[0]).json()
        seat = view["awaited"][0]
        view = api.get(f"/games/{gid}", tokens[seat]).json()
        move = view["legal_moves"][0]["move"]
        body = {"move": move, "expected_version": view["version"]}
        answers = [None, None]

        def send(i):
            answers[i] = requests.post(f"{nodes[i].base}/games/{gid}/moves", json=body,
                                       headers=auth(tokens[seat]), timeout=20)

        racers = [threading.Thread(target=send, args=(i,)) for i in range(2)]
        for t in racers:
            t.start()
        for t in racers:
            t.join()
        codes = sorted(a.status_code for a in answers)
        assert codes == [200, 409], [a.text for a in answers]
        assert api.get(f"/games/{gid}").json()["version"] == view["version"] + 1
    # a move sent to one node, retried with the same move_id on the other, is recorded once
    gid, tokens = table(api, "tic-tac-trek", 2)
    seat = api.get(f"/games/{gid}").json()["awaited"][0]
    view = requests.get(f"{nodes[0].base}/games/{gid}", headers=auth(tokens[seat])).json()
    body = {"move": view["legal_moves"][0]["move"], "expected_version": view["version"],
            "move_id": "once"}
    first = requests.post(f"{nodes[0].base}/games/{gid}/moves", json=body, headers=auth(tokens[seat]))
    retry = requests.post(f"{nodes[1].base}/games/{gid}/moves", json=body, headers=auth(tokens[seat]))
    assert first.status_code == retry.status_code == 200
    assert first.json()["recorded_at"] == retry.json()["recorded_at"] == view["version"] + 1
    assert requests.get(f"{nodes[1].base}/games/{gid}").json()["version"] == view["version"] + 1


def test_a_ticket_from_one_node_streams_on_the_other(nodes):
    api = Nodes(nodes, "ticket")
    gid, tokens = table(api, "tic-tac-trek", 2)
    ticket = requests.post(f"{nodes[0].base}/games/{gid}/stream-ticket", headers=auth(tokens[0])).json()
    with requests.get(f"{nodes[1].base}/games/{gid}/stream?ticket={ticket['ticket']}", stream=True,
                      timeout=(5, 30)) as r:
        assert r.status_code == 200
        for line in r.iter_lines():
            if line.startswith(b"data: "):
                assert b'"seat":0' in line   # the seat's own view
                break


def test_more_commands_at_once_on_one_node_than_redis_py_pools_by_default_all_get_answers(cluster):
    # redis-py 8 refuses a node's 101st connection; the service's cluster client waits for one
    from service.redis_client import connect
    client = connect(cluster.url, cluster=True)
    answers, failures = blocked_at_once(client, "{one-node}:nothing", 150)
    assert failures == []
    assert answers == [None] * 150
    client.close()


def test_a_stream_is_counted_on_both_of_its_counters_or_on_neither_across_slots(cluster):
    # the counters live on different slots: each is counted apart, and taken back when the next
    # one is full
    from events.store import Store
    from service.redis_client import connect
    client = connect(cluster.url, cluster=True)
    store = Store(client)
    game, address = "tf:{counted}:streams", "tf:addr:counted:streams"
    assert client.keyslot(game) != client.keyslot(address)
    bounds = [(game, 3), (address, 2)]
    assert store.open_streams(bounds, 60) and store.open_streams(bounds, 60)
    assert not store.open_streams(bounds, 60)   # the address is full
    assert [int(client.get(k)) for k in (game, address)] == [2, 2]
    assert not store.open_streams([(game, 2), (address, 5)], 60)   # the game is full
    assert [int(client.get(k)) for k in (game, address)] == [2, 2]
    store.close_streams([game, address])
    assert [int(client.get(k)) for k in (game, address)] == [1, 1]
    client.close()


def test_a_workers_copy_keeps_up_by_what_the_cluster_pushes_and_moves_in_one_round_trip(cluster):
    """Two workers over the cluster: the follower's subscription is on one node (a random one),
    every node hears each PUBLISH, so the second worker's copy keeps up with the first's moves
    and its own next move is the append script alone."""
    from events.follow import Follower
    from events.games import Games
    from events.store import Store
    from service.redis_client import connect, subscriber
    from tests.support.tiny import tiny
    mover = Games(Store(connect(cluster.url, cluster=True)))
    client = connect(cluster.url, cluster=True)
    other = Games(Store(client))
    follower = Follower(other, subscriber(cluster.url, True, 10))
    sent = []
    send = client.execute_command
    client.execute_command = lambda *args, **kw: (sent.append(args[0]), send(*args, **kw))[1]
    for n in range(5):  # games on several slots, so on several masters
        game, _ = mover.create(tiny, tiny.load_options({"rounds": 3}), [{"kind": "human"}] * 2,
                               seed=f"s{n}")
        other.load(game.gid)
        deadline = time.monotonic() + 10
        while follower._confirmed.isdisjoint({game.gid}) and time.monotonic() < deadline:
            time.sleep(0.02)
        mover.submit(game, 0, {"type": "add"})
        mover.submit(game, 0, {"type": "end"})
        while other.cached(game.gid).version < 3 and time.monotonic() < deadline:
            time.sleep(0.02)
        del sent[:]
        record = other.submit(other.cached(game.gid), 1, {"type": "add"}, expected_version=3)
        assert record["v"] == 4 and len(sent) == 1, sent
        assert other.cached(game.gid).state == mover.load(game.gid).state


def test_a_master_failing_over_loses_no_move_acknowledged_before_it(cluster, nodes):
    api = Nodes(nodes, "failover")
    gid, tokens = table(api, "tic-tac-trek", 2)
    for _ in range(6):
        seat = api.get(f"/games/{gid}").json()["awaited"][0]
        view = api.get(f"/games/{gid}", tokens[seat]).json()
        assert api.post(f"/games/{gid}/moves", {"move": view["legal_moves"][0]["move"],
                                                "expected_version": view["version"]},
                        tokens[seat]).status_code == 200
    acknowledged = api.get(f"/games/{gid}").json()["version"]
    time.sleep(1)   # replication is asynchronous: the replica has what is a second old
    master = cluster.master_of(f"tf:{{{gid}}}:log")
    cluster.kill(master)
    deadline = time.monotonic() + 90   # Redis's 15 s node timeout, then the election
    while time.monotonic() < deadline:
        answer = requests.get(f"{nodes[0].base}/games/{gid}", timeout=20)
        if answer.status_code == 200 and cluster.master_of(f"tf:{{{gid}}}:log") != master:
            break
        assert answer.status_code in (200, 503), answer.text
        time.sleep(1)
    else:
        pytest.fail("the replica did not take over")
    assert answer.json()["version"] == acknowledged
    play_to_end(Nodes(nodes, "after failover"), gid, tokens, "after")


def test_killing_one_api_node_mid_game_the_other_goes_on(nodes):
    api = Nodes(nodes, "kill")
    gid, tokens = table(api, "no-loose-ends", 3)
    rng = derive_rng("kill", 0)
    for _ in range(10):
        public = api.get(f"/games/{gid}").json()
        seat = public["awaited"][0]
        view = api.get(f"/games/{gid}", tokens[seat]).json()
        api.post(f"/games/{gid}/moves", {"move": sample_move(view["legal_moves"], rng),
                                         "expected_version": view["version"]}, tokens[seat])
    nodes[0].stop()
    survivor = Nodes([nodes[1]], "survivor")
    version = play_to_end(survivor, gid, tokens, "survivor")
    records = survivor.get(f"/games/{gid}/log?limit=1000&as=all", "op").json()["records"]
    assert [r["v"] for r in records] == list(range(1, version + 1))
    assert survivor.get(f"/games/{gid}").json()["result"] is not None
