"""Turn clocks and seats a bot takes over: the clock runs while a seat is awaited, is part of the
log (so it survives restarts, on any node), and when it runs out the table's rule applies; a seat
can be handed to a bot and taken back, each a record everyone sees.

The table's clock is a table option (seconds of play), not a service timeout: short clocks here are
tables a player could make.
"""
from __future__ import annotations

import time

import requests

from service.worker import enforce_due
from tests.service.helpers import auth, create
from tests.support.server import UNLIMITED_ENV, Server

OP = {"Authorization": "Bearer operator-secret"}


def clocked(client, seconds=2, rule="lose", increment=0, seats=None):
    return create(client, engine="tic-tac-trek", seats=seats,
                  clock={"base_seconds": seconds, "increment_seconds": increment, "on_timeout": rule})


def join(client, made):
    return client.post(f"/games/{made['id']}/join", json={"code": made["join_codes"]["1"]}).json["token"]


def test_the_clock_runs_for_the_awaited_seat_and_the_increment_follows_its_move(client):
    made = clocked(client, seconds=60, increment=5)
    gid, tokens = made["id"], {0: made["token"], 1: join(client, made)}
    view = client.get(f"/games/{gid}").json
    first = view["awaited"][0]
    assert view["clock"]["running"] == [first] and view["clock"]["on_timeout"] == "lose"
    time.sleep(1.1)
    mine = client.get(f"/games/{gid}", headers=auth(tokens[first])).json
    assert mine["clock"]["left_ms"][first] <= 59_000 and mine["clock"]["left_ms"][1 - first] == 60_000
    moved = client.post(f"/games/{gid}/moves", headers=auth(tokens[first]),
                        json={"move": mine["legal_moves"][0]["move"]}).json
    left = moved["clock"]["left_ms"]
    assert 63_000 < left[first] < 64_000 and moved["clock"]["running"] == [1 - first]
    record = client.get(f"/games/{gid}/log?since={moved['version']}").json["records"][0]
    assert record["clock"]["left"][first] == left[first] or abs(record["clock"]["left"][first] - left[first]) < 50


def test_a_seat_out_of_time_loses_when_the_table_says_so(app, client):
    made = clocked(client, seconds=1, rule="lose")
    gid = made["id"]
    join(client, made)
    first = client.get(f"/games/{gid}").json["awaited"][0]
    assert enforce_due(app.extensions["tablefold"], time.time()) == 0   # not yet
    time.sleep(1.2)
    assert enforce_due(app.extensions["tablefold"], time.time()) == 1
    view = client.get(f"/games/{gid}").json
    assert view["result"]["ranking"][-1] == {"seat": first, "rank": 2, "forfeit": "out of time"}
    assert view["active"] == [] and view["clock"]["running"] == []
    table = client.get(f"/games/{gid}/log?since=2").json["records"][-1]["table"]
    assert table == {"seat": first, "to": "lost", "reason": "out of time"}
    refused = client.post(f"/games/{gid}/moves", headers=auth(made["token"]),
                          json={"move": {"type": "place", "cell": [0, -1]}})
    assert refused.status_code == 422 and refused.json["code"] == "game_over"


def test_the_operator_hands_a_seat_to_a_bot_and_its_player_takes_it_back(client):
    made = create(client, engine="tic-tac-trek")
    gid, tokens = made["id"], {0: made["token"], 1: join(client, made)}
    first = client.get(f"/games/{gid}").json["awaited"][0]
    handed = client.post(f"/games/{gid}/seats/{first}/bot", json={"bot": "random"}, headers=OP)
    assert handed.status_code == 200
    assert handed.json["seats"][first]["played_by"] == "bot"
    view = client.get(f"/games/{gid}").json   # the bot has played the seat's turn
    assert first not in view["awaited"] or view["result"] is not None
    log = client.get(f"/games/{gid}/log").json["records"]
    assert {"seat": first, "to": "bot", "bot": "random", "reason": "operator"} in \
        [r.get("table") for r in log]
    assert client.post(f"/games/{gid}/seats/{first}/bot", json={}, headers=auth(tokens[first])).status_code == 403
    wrong = client.post(f"/games/{gid}/seats/{first}/return", headers=auth(tokens[1 - first]))
    assert wrong.status_code == 401
    back = client.post(f"/games/{gid}/seats/{first}/return", headers=auth(tokens[first]))
    assert back.status_code == 200 and back.json["seats"][first]["played_by"] == "player"
    again = client.post(f"/games/{gid}/seats/{first}/return", headers=auth(tokens[first]))
    assert again.status_code == 409 and again.json["code"] == "not_handed_over"


def wait_for(predicate, seconds: float):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"not within {seconds} s")


def served_table(base: str, seconds: int, rule: str, bot: bool = True) -> tuple[str, str]:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"} if bot else {"kind": "human"}]
    made = requests.post(f"{base}/games", timeout=10, json={
        "engine": "tic-tac-trek", "seats": seats, "claim": 0,
        "clock": {"base_seconds": seconds, "on_timeout": rule}}).json()
    return made["id"], made["token"]


def test_a_clocked_game_whose_player_never_moves_finishes_by_itself(tmp_path):
    with Server(tmp_path, workers=1, env=UNLIMITED_ENV) as server:
        gid, _ = served_table(server.base, 2, "bot")
        view = wait_for(lambda: (v := requests.get(f"{server.base}/games/{gid}").json())["result"]
                        and v, 60)
        assert {r["seat"] for r in view["result"]["ranking"]} == {0, 1}
        tables = [r["table"] for r in requests.get(f"{server.base}/games/{gid}/log").json()["records"]
                  if "table" in r]
        assert tables == [{"seat": 0, "to": "bot", "bot": "random", "reason": "out of time"}]


def test_a_restart_keeps_the_deadline(tmp_path):
    env = UNLIMITED_ENV
    server = Server(tmp_path, workers=1, env=env).start()
    try:
        gid, token = served_table(server.base, 8, "lose", bot=False)
        started = time.time()
        seat = requests.get(f"{server.base}/games/{gid}").json()["awaited"][0]
    finally:
        server.stop()
    time.sleep(3)   # the clock runs while the service is down, as at a real table
    server = Server(tmp_path, workers=1, env=env).start()
    try:
        left = requests.get(f"{server.base}/games/{gid}").json()["clock"]["left_ms"][seat]
        assert left < 8000 - 2500, left
        view = wait_for(lambda: (v := requests.get(f"{server.base}/games/{gid}").json())["result"]
                        and v, 30)
        assert time.time() - started >= 7.9
        assert view["result"]["ranking"][-1]["seat"] == seat
    finally:
        server.stop()


def test_two_nodes_racing_on_expired_deadlines_record_one_change_each(tmp_path):
    with Server(tmp_path / "a", workers=1, env=UNLIMITED_ENV) as first:
        url = f"unix://{first.data / 'redis.sock'}"
        with Server(tmp_path / "b", workers=1, env=UNLIMITED_ENV, redis_url=url) as second:
            tables = [served_table(first.base, 2, "lose", bot=False)[0] for _ in range(8)]
            for gid in tables:
                wait_for(lambda: requests.get(f"{second.base}/games/{gid}").json()["result"], 30)
            time.sleep(1.5)   # let the slower worker try too
            for gid in tables:
                records = requests.get(f"{first.base}/games/{gid}/log").json()["records"]
                assert [r["table"]["to"] for r in records if "table" in r] == ["lost"], records


def test_a_seat_out_of_time_is_skipped_where_the_rules_let_it_pass(app, client):
    made = create(client, engine="no-loose-ends", seats=[{"kind": "human"}] * 3,
                  clock={"base_seconds": 1, "on_timeout": "skip"})
    gid = made["id"]
    for seat, code in made["join_codes"].items():
        client.post(f"/games/{gid}/join", json={"code": code})
    first = client.get(f"/games/{gid}").json["awaited"][0]
    time.sleep(1.2)
    assert enforce_due(app.extensions["tablefold"], time.time()) == 1
    passed = client.get(f"/games/{gid}/log?since=2").json["records"][0]
    assert passed["by"] == first and passed["bot"] == "clock" and passed["move"]["type"] == "pass"
    assert client.get(f"/games/{gid}").json["seats"][first]["played_by"] == "player"
