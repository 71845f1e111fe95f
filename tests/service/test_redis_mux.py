"""The worker's one connection for script calls (service/redis_mux.py), on a real Redis, with
greenlets as a gevent worker runs them (gevent's hub, without patching the test process)."""
from __future__ import annotations

import hashlib
import os
import time

import gevent
import pytest
import redis
from hiredis import pack_command

from events.games import AlreadyRecorded, Games
from events.store import Script, Store
from service.redis_client import connect
from service.redis_mux import Multiplexer, for_client
from tests.support.tiny import tiny

HUMANS = [{"kind": "human"}, {"kind": "human"}]

ECHO = "return ARGV[1]"
ECHO_SHA = hashlib.sha1(ECHO.encode()).hexdigest()


@pytest.fixture
def client(real_redis_url, real_redis):
    real_redis.script_load(ECHO)
    return connect(real_redis_url)


def echo(mux, client, value: str):
    """ECHO's reply through the multiplexer (the script loaded beforehand: `client` is not
    gevent's, and would block the test's one thread while Redis is paused)."""
    return mux.call(pack_command(("EVALSHA", ECHO_SHA, 0, value)))


class CountingSocket:
    """The multiplexer's socket, counting the sends that carry its commands."""

    def __init__(self, sock):
        self.sock, self.sends = sock, 0

    def send(self, data):
        self.sends += 1
        return self.sock.send(data)

    def __getattr__(self, name):
        return getattr(self.sock, name)


def connections_made(r: redis.Redis) -> int:
    return r.info("stats")["total_connections_received"]


def test_many_greenlets_at_once_each_get_their_own_reply_over_one_connection(client, real_redis):
    mux = for_client(client)
    assert echo(mux, client, "first") == b"first"
    mux.sock = counting = CountingSocket(mux.sock)
    before = connections_made(real_redis)
    jobs = [gevent.spawn(echo, mux, client, f"value-{i}") for i in range(300)]
    gevent.joinall(jobs, raise_error=True)
    assert [job.value for job in jobs] == [f"value-{i}".encode() for i in range(300)]
    assert connections_made(real_redis) == before   # no connection per command
    assert counting.sends < 10                      # asked within one turn: written together


def test_an_error_reply_is_raised_for_its_own_command_alone(client):
    mux = for_client(client)
    boom = client.script_load("return redis.error_reply('BOOM went the script')")

    def fails():
        return mux.call(pack_command(("EVALSHA", boom, 0)))

    jobs = [gevent.spawn(echo, mux, client, "a"), gevent.spawn(fails),
            gevent.spawn(echo, mux, client, "b")]
    gevent.joinall(jobs)
    assert jobs[0].value == b"a" and jobs[2].value == b"b"
    assert isinstance(jobs[1].exception, redis.ResponseError)
    assert "BOOM went the script" in str(jobs[1].exception)
    assert echo(mux, client, "after") == b"after"


def test_scripts_flushed_from_redis_are_loaded_again(client, real_redis):
    mux = for_client(client)
    script = Script(client, "return 'ran'", mux)
    assert script.mux is mux
    assert script([], []) == b"ran"
    real_redis.script_flush()
    assert script([], []) == b"ran"


def test_a_store_on_the_multiplexer_plays_a_game(client):
    games = Games(Store(client, for_client(client)))
    game, _ = games.create(tiny, tiny.load_options({"rounds": 2}), HUMANS, seed="s")
    assert games._appending == set() and games.store._append.mux is not None
    record = games.submit(game, 0, {"type": "add"}, move_id="m1", expected_version=game.version)
    assert games.load(game.gid).version == record["v"]
    with pytest.raises(AlreadyRecorded):   # the move id check, answered on the shared connection
        games.submit(games.load(game.gid), 0, {"type": "add"}, move_id="m1",
                     expected_version=record["v"] - 1)


def script_calls(r: redis.Redis) -> dict[str, int]:
    stats = r.info("commandstats")
    return {name: stats.get(f"cmdstat_{name}", {}).get("calls", 0) for name in ("evalsha", "eval")}


def sent_since(before: dict, r: redis.Redis) -> dict[str, int]:
    return {name: calls - before[name] for name, calls in script_calls(r).items()}


def test_the_store_calls_of_one_turn_reach_redis_as_one_call(client, real_redis):
    games = Games(Store(client, for_client(client)))
    tables = [games.create(tiny, tiny.load_options({"rounds": 2}), HUMANS, seed=f"s{i}")[0]
              for i in range(20)]
    assert games.load(tables[0].gid).version == tables[0].version   # connected
    versions, before = [game.version for game in tables], script_calls(real_redis)
    moves = [gevent.spawn(games.submit, game, 0, {"type": "add"}, move_id=f"m{i}",
                          expected_version=game.version) for i, game in enumerate(tables)]
    gevent.joinall(moves, raise_error=True)
    assert sent_since(before, real_redis) == {"evalsha": 0, "eval": 1}   # the first: its source
    # each move recorded, as its own call would have recorded it
    fresh = Games(Store(client))
    for game, version, move in zip(tables, versions, moves):
        assert move.value["v"] == version + 1
        assert fresh.store.records(game.gid)[-1] == move.value
    with pytest.raises(AlreadyRecorded):   # the move id kept, as by a call of its own
        games.submit(fresh.load(tables[3].gid), 0, {"type": "add"}, move_id="m3",
                     expected_version=versions[3])


def test_a_call_that_fails_in_a_batch_fails_alone_and_an_empty_answer_stays_empty(
        client, real_redis):
    store = Store(client, for_client(client))
    games = Games(store)
    game, _ = games.create(tiny, tiny.load_options({"rounds": 2}), HUMANS, seed="s")
    real_redis.set("tf:{broken}:meta", "not a hash")   # its load's HGET: WRONGTYPE
    assert store.load(game.gid, 0, None) is not None   # connected
    before = script_calls(real_redis)
    loads = [gevent.spawn(store.load, gid, 0, None) for gid in (game.gid, "broken", "missing")]
    gevent.joinall(loads)
    assert sent_since(before, real_redis) == {"evalsha": 0, "eval": 1}   # the first: its source
    assert loads[0].value.gen == "1" and loads[0].value.records[0]["v"] == 1
    assert isinstance(loads[1].exception, redis.ResponseError)
    assert "WRONGTYPE" in str(loads[1].exception)
    assert loads[2].successful() and loads[2].value is None   # no such game, as on its own


def test_a_turn_with_more_calls_than_a_batch_call_holds_sends_several(client, real_redis):
    store = Store(client, for_client(client))
    game, _ = Games(store).create(tiny, tiny.load_options({"rounds": 2}), HUMANS, seed="s")
    assert store.load(game.gid, 0, None) is not None   # connected
    before = script_calls(real_redis)
    loads = [gevent.spawn(store.load, game.gid, 0, None) for _ in range(300)]
    gevent.joinall(loads, raise_error=True)
    assert all(load.value.records[0]["v"] == 1 for load in loads)
    assert sum(sent_since(before, real_redis).values()) == 3   # 128, 128 and 44 calls


def test_a_batch_flushed_from_redis_is_sent_with_its_source_once_then_by_its_sha(
        client, real_redis):
    store = Store(client, for_client(client))
    game, _ = Games(store).create(tiny, tiny.load_options({"rounds": 2}), HUMANS, seed="s")

    def turn():
        loads = [gevent.spawn(store.load, game.gid, 0, None) for _ in range(5)]
        gevent.joinall(loads, raise_error=True)
        assert all(load.value.records[0]["v"] == 1 for load in loads)

    before = script_calls(real_redis)
    turn()
    assert sent_since(before, real_redis) == {"evalsha": 0, "eval": 1}   # the first: its source
    before = script_calls(real_redis)
    turn()
    assert sent_since(before, real_redis) == {"evalsha": 1, "eval": 0}   # then by its sha
    real_redis.script_flush()
    turn()   # NOSCRIPT: each call again on its own, which loads its own script
    before = script_calls(real_redis)
    turn()
    assert sent_since(before, real_redis) == {"evalsha": 0, "eval": 1}   # its source again
    assert real_redis.script_exists(store.batch.sha) == [True]


def test_a_connection_lost_with_commands_out_fails_them_and_the_next_connects_again(
        client, real_redis):
    mux = for_client(client)
    assert echo(mux, client, "up") == b"up"
    real_redis.client_pause(3000, all=True)   # the commands below get no answer meanwhile
    try:
        jobs = [gevent.spawn(echo, mux, client, str(i)) for i in range(5)]
        gevent.sleep(0.2)
        mux.sock.shutdown(2)   # the connection drops under them
        gevent.joinall(jobs, timeout=2)
    finally:
        real_redis.client_unpause()
    assert all(isinstance(job.exception, redis.ConnectionError) for job in jobs)
    assert echo(mux, client, "again") == b"again"


def test_a_silent_redis_times_out_the_commands_out(real_redis_url, real_redis):
    real_redis.script_load(ECHO)
    mux = for_client(connect(real_redis_url, socket_timeout=0.5))
    client = None
    assert echo(mux, client, "up") == b"up"
    real_redis.client_pause(2500, all=True)
    started = time.monotonic()
    try:
        with pytest.raises(redis.TimeoutError):
            echo(mux, client, "late")
        waited = time.monotonic() - started
    finally:
        real_redis.client_unpause()
    assert 0.5 <= waited < 2.3   # timed out, not answered when the pause ended (2.5 s)
    assert echo(mux, client, "again") == b"again"


def test_at_the_production_timeout_a_slow_answer_still_arrives(client, real_redis):
    mux = for_client(client)   # the service's 5 s
    assert echo(mux, client, "up") == b"up"
    real_redis.client_pause(1500, all=True)
    started = time.monotonic()
    assert echo(mux, client, "slow") == b"slow"
    assert time.monotonic() - started >= 1.0


def test_commands_and_replies_larger_than_the_socket_buffers_arrive_whole(client):
    mux = for_client(client)
    big = "".join(chr(65 + i % 26) for i in range(8 << 20))
    jobs = [gevent.spawn(echo, mux, client, big), gevent.spawn(echo, mux, client, "small")]
    gevent.joinall(jobs, raise_error=True)
    assert jobs[0].value == big.encode() and jobs[1].value == b"small"


def test_a_forked_child_makes_a_connection_of_its_own(client, real_redis):
    mux = for_client(client)
    assert echo(mux, client, "parent") == b"parent"
    before = connections_made(real_redis)
    read, write = os.pipe()
    pid = gevent.fork()
    if pid == 0:   # the child: its commands on its own connection, then gone
        try:
            os.write(write, echo(mux, client, "child"))
        finally:
            os._exit(0)
    os.waitpid(pid, 0)
    assert os.read(read, 16) == b"child"
    assert connections_made(real_redis) == before + 1
    # the parent's connection was neither used nor shut down by the child
    assert [echo(mux, client, f"p{i}") for i in range(3)] == [b"p0", b"p1", b"p2"]


def test_only_plain_clients_on_resp2_are_multiplexed(real_redis_url):
    assert isinstance(for_client(connect(real_redis_url)), Multiplexer)
    assert for_client(redis.Redis.from_url(real_redis_url, single_connection_client=True)) is None
    assert for_client(redis.Redis.from_url(real_redis_url, protocol=3)) is None
    assert for_client(connect("rediss://localhost:6380/0")) is None   # TLS writes its own bytes
    assert for_client(connect("redis://localhost:6379/0")) is not None


def test_a_served_worker_holds_a_few_redis_connections_and_sends_overlapping_calls_as_one(
        tmp_path):
    # under `tablefold serve` (gevent workers) every request in flight used to take a pooled
    # connection of its own; their script calls now share the worker's one, those of a loop
    # turn in one batch call
    import threading

    import requests

    from tests.support.server import Server
    with Server(tmp_path, workers=2) as server:
        tables = [requests.post(server.url("/games"), json={
            "engine": "tic-tac-trek", "claim": 0,
            "seats": [{"kind": "human"}, {"kind": "human"}]}).json() for _ in range(20)]
        start, failures = threading.Barrier(60), []
        before = script_calls(server.redis())

        def read(i):
            table, session = tables[i % len(tables)], requests.Session()
            start.wait()
            for _ in range(15):
                answer = session.get(server.url(f"/games/{table['id']}"),
                                     headers={"Authorization": f"Bearer {table['token']}"})
                if answer.status_code != 200 or answer.json()["id"] != table["id"]:
                    failures.append(answer.text)

        readers = [threading.Thread(target=read, args=(i,)) for i in range(60)]
        for t in readers:
            t.start()
        for t in readers:
            t.join()
        assert failures == []
        sent = sum(sent_since(before, server.redis()).values())
        connections = server.redis().client_list()
    # each of the 900 reads is one script call (its load); overlapping ones shared a command
    assert 0 < sent < 900
    # per worker: the shared one, the subscription, a few pooled for the lobby and readiness;
    # and the bot worker's
    assert len(connections) <= 16, [c.get("cmd") for c in connections]
