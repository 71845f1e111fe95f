"""The HTTP API on the tiny engine: seats and tokens, moves, undo, logs, and every error shape."""
from __future__ import annotations

import hashlib
import time

import pytest

from tests.service.helpers import auth, create, snapshot_of_redis


@pytest.fixture
def table(client):
    """A two-seat tiny game: seat 0 claimed by the creator, seat 1 joined with its code."""
    made = create(client)
    joined = client.post(f"/games/{made['id']}/join", json={"code": made["join_codes"]["1"]}).json
    return {"id": made["id"], "t0": made["token"], "t1": joined["token"]}


def move(client, table, seat, body):
    return client.post(f"/games/{table['id']}/moves", json=body, headers=auth(table[f"t{seat}"]))


def test_engines_lists_games_with_schemas(client):
    engines = {e["name"]: e for e in client.get("/engines").json["engines"]}
    assert {"tiny", "tic-tac-trek"} <= set(engines)
    assert set(engines["tiny"]["moves"]) == {"add", "draw", "end", "choose"}
    assert "rounds" in engines["tiny"]["options"]["properties"]


def test_openapi_describes_every_route_and_the_move_schemas(client):
    spec = client.get("/openapi.json").json
    assert {"/engines", "/games", "/games/{gid}", "/games/{gid}/moves", "/games/{gid}/undo",
            "/games/{gid}/join", "/games/{gid}/log"} <= set(spec["paths"])
    assert "tic-tac-trek.place" in spec["components"]["schemas"]
    assert "MoveBody" in spec["components"]["schemas"]


def test_join_codes_are_single_use_and_tokens_are_stored_only_as_hashes(client, fake_redis):
    made = create(client, claim=None)
    code = made["join_codes"]["1"]
    first = client.post(f"/games/{made['id']}/join", json={"code": code})
    assert first.status_code == 200 and first.json["seat"] == 1
    again = client.post(f"/games/{made['id']}/join", json={"code": code})
    assert again.status_code == 403 and again.json["code"] == "bad_join_code"
    token = first.json["token"]
    dump = repr(snapshot_of_redis(fake_redis))
    assert token not in dump and code not in dump
    assert hashlib.sha256(token.encode()).hexdigest() in dump


def test_a_seat_sees_its_own_hand_and_legal_moves_a_spectator_sees_neither(client, table):
    move(client, table, 0, {"move": {"type": "draw"}})
    mine = client.get(f"/games/{table['id']}", headers=auth(table["t0"])).json
    theirs = client.get(f"/games/{table['id']}", headers=auth(table["t1"])).json
    spectator = client.get(f"/games/{table['id']}").json
    assert isinstance(mine["state"]["hands"][0], list) and len(mine["state"]["hands"][0]) == 1
    assert theirs["state"]["hands"][0] == 1 and spectator["state"]["hands"][0] == 1
    assert mine["legal_moves"] and theirs["legal_moves"] == [] and spectator["legal_moves"] == []
    card = mine["state"]["hands"][0][0]
    log1 = client.get(f"/games/{table['id']}/log", headers=auth(table["t1"])).json
    assert "card" not in log1["records"][1]["events"][0]
    log0 = client.get(f"/games/{table['id']}/log", headers=auth(table["t0"])).json
    assert log0["records"][1]["events"][0]["card"] == card


def test_moves_and_undo_over_http(client, table):
    for _ in range(2):
        assert move(client, table, 0, {"move": {"type": "add"}}).status_code == 200
    view = client.get(f"/games/{table['id']}", headers=auth(table["t0"])).json
    assert view["undo"]["steps"] == 2 and view["state"]["counters"] == [2, 0]
    step = client.post(f"/games/{table['id']}/undo", json={"to": "step"}, headers=auth(table["t0"]))
    assert step.status_code == 200 and step.json["undone"] == [3]
    assert step.json["state"]["counters"] == [1, 0] and step.json["undo"]["steps"] == 1
    back = client.post(f"/games/{table['id']}/undo", json={"to": "checkpoint"}, headers=auth(table["t0"]))
    assert back.json["undone"] == [2] and back.json["state"]["counters"] == [0, 0]
    log = client.get(f"/games/{table['id']}/log").json["records"]
    assert [r.get("undo") for r in log] == [None, None, None, [3], [2]]


def test_retry_with_the_same_move_id_answers_as_the_first_did(client, table):
    first = move(client, table, 0, {"move": {"type": "add"}, "move_id": "a1", "expected_version": 1})
    retry = move(client, table, 0, {"move": {"type": "add"}, "move_id": "a1", "expected_version": 1})
    assert first.status_code == retry.status_code == 200
    assert first.json["recorded_at"] == retry.json["recorded_at"] == 2
    assert retry.json["version"] == 2 and retry.json["state"]["counters"] == [1, 0]
    other = move(client, table, 0, {"move": {"type": "end"}, "move_id": "a1"})
    assert other.status_code == 409 and other.json["code"] == "move_id_reused"


def test_bots_play_their_seats_until_a_human_is_awaited(client):
    made = create(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    gid, tok = made["id"], made["token"]
    assert move(client, {"id": gid, "t0": tok}, 0, {"move": {"type": "end"}}).status_code == 200
    view = client.get(f"/games/{gid}", headers=auth(tok)).json
    log = client.get(f"/games/{gid}/log").json["records"]
    assert any(r.get("bot") == "random" and r["by"] == 1 for r in log)
    assert view["awaited"] == [0] or view["result"] is not None


def test_an_all_bot_game_plays_to_the_end_and_reveals_its_seed(client):
    made = create(client, seats=[{"kind": "bot", "bot": "random"}] * 2, claim=None)
    view = client.get(f"/games/{made['id']}").json
    for _ in range(20):
        if view["result"]:
            break
        view = client.get(f"/games/{made['id']}").json
    assert view["result"] is not None
    assert hashlib.sha256(view["seed"].encode()).hexdigest() == made["commitment"]
    open_view = client.get(f"/games/{made['id']}?as=all").json
    assert open_view["state"]["hands"][0] == [] or isinstance(open_view["state"]["hands"][0], list)


# --- errors: each has its JSON shape and changes nothing ------------------------------------------
def rejected(client, fake_redis, request, status, code):
    before = snapshot_of_redis(fake_redis)
    resp = request()
    assert resp.status_code == status, resp.json
    assert resp.is_json and resp.json["code"] == code and resp.json["message"]
    assert snapshot_of_redis(fake_redis) == before
    return resp.json


def test_errors(client, fake_redis, table):
    gid, t0, t1 = table["id"], table["t0"], table["t1"]
    url = f"/games/{gid}/moves"
    post = client.post
    cases = [
        (lambda: post(url, data="{not json", headers={**auth(t0), "Content-Type": "application/json"}),
         400, "malformed_json"),
        (lambda: post(url, json={"mov": {}}, headers=auth(t0)), 400, "invalid_request"),
        (lambda: post(url, json={"move": {"type": "fly"}}, headers=auth(t0)), 400, "unknown_move_type"),
        (lambda: post(url, json={"move": {"type": "choose", "n": "x"}}, headers=auth(t0)), 400, "invalid_move"),
        (lambda: post(url, json={"move": {"type": "add"}}), 401, "token_required"),
        (lambda: post(url, json={"move": {"type": "add"}}, headers=auth("nope")), 401, "unknown_token"),
        (lambda: post(url, json={"move": {"type": "add"}}, headers={"Authorization": "Basic x"}), 401, "bad_token"),
        (lambda: post(url, json={"move": {"type": "add"}}, headers=auth(t1)), 422, "not_your_turn"),
        (lambda: post(url, json={"move": {"type": "choose", "n": 1}}, headers=auth(t0)), 422, "unknown_move"),
        (lambda: post(url, json={"move": {"type": "add"}, "expected_version": 0}, headers=auth(t0)), 409, "stale_version"),
        (lambda: post("/games/nope/moves", json={"move": {"type": "add"}}, headers=auth(t0)), 404, "no_such_game"),
        (lambda: post("/games", json={"engine": "chess", "seats": [{"kind": "human"}]}), 404, "unknown_engine"),
        (lambda: post("/games", json={"engine": "tiny", "seats": [{"kind": "human"}] * 5}), 400, "player_count"),
        (lambda: post("/games", json={"engine": "tiny", "seats": [{"kind": "human"}] * 2, "options": {"rounds": -1}}), 400, "invalid_options"),
        (lambda: post("/games", json={"engine": "tiny", "seats": [{"kind": "human"}] * 2, "seed": "x"}), 403, "seed_forbidden"),
        (lambda: post(f"/games/{gid}/undo", json={"to": "step"}, headers=auth(t1)), 422, "not_your_turn"),
        (lambda: post(f"/games/{gid}/undo", json={"to": "step"}, headers=auth(t0)), 422, "nothing_to_undo"),
        (lambda: post(f"/games/{gid}/undo", json={"to": "sideways"}, headers=auth(t0)), 400, "invalid_request"),
        (lambda: post(url, data="x" * 70_000, headers={**auth(t0), "Content-Type": "application/json"}), 413, "body_too_large"),
        (lambda: client.get(f"/games/{gid}?as=all"), 403, "open_view_forbidden"),
        (lambda: client.get(f"/games/{gid}/log?since=0"), 400, "invalid_request"),
        (lambda: client.delete(f"/games/{gid}"), 405, "method_not_allowed"),
        (lambda: client.get(f"/games/{gid}/log?since=99999999999999999999999"), 400, "invalid_request"),
        (lambda: post(url, json={"move": {"type": "add"}, "expected_version": 10**30}, headers=auth(t0)), 400, "invalid_request"),
        (lambda: post(url, json=[1, 2], headers=auth(t0)), 400, "invalid_request"),
        (lambda: post(url, json={"move": {"type": "add"}, "move_id": "x" * 500}, headers=auth(t0)), 400, "invalid_request"),
        (lambda: client.get("/games/%7Bx%7D%00"), 404, "no_such_game"),
    ]
    for request, status, code in cases:
        body = rejected(client, fake_redis, request, status, code)
        if status == 409:
            assert body["version"] == 1
        if status == 422 and code == "not_your_turn":
            assert "turn" in body["message"]


def test_a_token_of_another_game_is_forbidden(client, fake_redis, table):
    other = create(client)
    body = rejected(client, fake_redis,
                    lambda: client.post(f"/games/{table['id']}/moves", json={"move": {"type": "add"}},
                                        headers=auth(other["token"])), 403, "wrong_game")
    assert "another game" in body["message"]


def test_the_operator_may_fix_a_seed_and_see_the_open_view(client):
    headers = auth("operator-secret")
    a = client.post("/games", json={"engine": "tiny", "seats": [{"kind": "human"}] * 2, "seed": "s1"},
                    headers=headers).json
    b = client.post("/games", json={"engine": "tiny", "seats": [{"kind": "human"}] * 2, "seed": "s1"},
                    headers=headers).json
    la = client.get(f"/games/{a['id']}/log?as=all", headers=headers).json["records"][0]
    lb = client.get(f"/games/{b['id']}/log?as=all", headers=headers).json["records"][0]
    assert la["events"] == lb["events"] and "deck" in la["events"][0]
    assert client.get(f"/games/{a['id']}/log").json["records"][0]["events"][0].get("deck") is None


def test_a_log_of_another_engine_version_is_refused_plainly(client, fake_redis, table):
    fake_redis.hset(f"tf:{{{table['id']}}}:meta", "engine_version", "99")
    resp = client.get(f"/games/{table['id']}")
    assert resp.status_code == 409 and resp.json["code"] == "engine_version"
    assert "version 99" in resp.json["message"]


def test_a_repeated_read_is_current_after_a_join_a_move_and_on_a_running_clock(client):
    # reads of an unchanged game are answered from the worker's view cache: a seat taken (the
    # metadata, not the log), a move and a running clock must each show in the next read
    made = create(client, engine="tic-tac-trek", claim=0)
    gid, mine = made["id"], auth(made["token"])
    before = client.get(f"/games/{gid}", headers=mine).json
    assert client.get(f"/games/{gid}", headers=mine).json == before
    assert [s["claimed"] for s in before["seats"]] == [True, False]
    other = client.post(f"/games/{gid}/join", json={"code": made["join_codes"]["1"]}).json["token"]
    joined = client.get(f"/games/{gid}", headers=mine).json
    assert joined["version"] == before["version"]
    assert [s["claimed"] for s in joined["seats"]] == [True, True]
    first = joined["awaited"][0]
    token = made["token"] if first == 0 else other
    move = client.get(f"/games/{gid}", headers=auth(token)).json["legal_moves"][0]["move"]
    assert client.post(f"/games/{gid}/moves", headers=auth(token), json={"move": move}).status_code == 200
    assert client.get(f"/games/{gid}", headers=mine).json["version"] == joined["version"] + 1

    timed = create(client, engine="tic-tac-trek", claim=0,
                   clock={"base_seconds": 60, "increment_seconds": 0, "on_timeout": "lose"})
    client.post(f"/games/{timed['id']}/join", json={"code": timed["join_codes"]["1"]})
    seat = auth(timed["token"])
    running = client.get(f"/games/{timed['id']}", headers=seat).json["clock"]
    time.sleep(1.1)
    later = client.get(f"/games/{timed['id']}", headers=seat).json["clock"]
    awaited = running["running"][0]
    assert later["left_ms"][awaited] <= running["left_ms"][awaited] - 1000
