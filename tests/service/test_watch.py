"""Replays from every permitted side, undone moves shown as taken back, the lobby list, export
and import."""
from __future__ import annotations

import json

import pytest

from tests.service.helpers import auth, create

OP = auth("operator-secret")


@pytest.fixture
def table(client):
    made = create(client, options={"rounds": 1})
    joined = client.post(f"/games/{made['id']}/join", json={"code": made["join_codes"]["1"]}).json
    return {"id": made["id"], "t0": made["token"], "t1": joined["token"]}


def move(client, table, seat, body):
    resp = client.post(f"/games/{table['id']}/moves", json={"move": body}, headers=auth(table[f"t{seat}"]))
    assert resp.status_code == 200, resp.json
    return resp.json


def replay(client, table, at, side=None, token=None):
    url = f"/games/{table['id']}/replay?at={at}" + (f"&as={side}" if side is not None else "")
    return client.get(url, headers=auth(token) if token else {})


def finish(client, table):
    """Play the one-round tiny game to its end: both end, both choose."""
    move(client, table, 0, {"type": "end"})
    move(client, table, 1, {"type": "end"})
    move(client, table, 0, {"type": "choose", "n": 4})
    return move(client, table, 1, {"type": "choose", "n": 2})


def test_replay_shows_each_side_as_of_that_step(client, table):
    move(client, table, 0, {"type": "draw"})            # v2: seat 0 draws a private card
    move(client, table, 0, {"type": "draw"})            # v3
    mine = replay(client, table, 2, token=table["t0"]).json
    assert mine["viewer"] == 0 and len(mine["state"]["hands"][0]) == 1  # as of step 2, not 3
    card = mine["record"]["events"][0]["card"]
    assert mine["state"]["hands"][0] == [card]
    theirs = replay(client, table, 2, token=table["t1"]).json
    assert theirs["state"]["hands"][0] == 1 and "card" not in theirs["record"]["events"][0]
    public = replay(client, table, 2).json
    assert public["viewer"] is None and "card" not in public["record"]["events"][0]


def test_while_running_no_one_takes_another_side(client, table):
    for side, token in ((1, table["t0"]), (0, None), ("all", table["t0"]), ("all", None)):
        resp = replay(client, table, 1, side, token)
        assert resp.status_code == 403 and resp.json["code"] in ("side_forbidden", "open_view_forbidden")
    assert replay(client, table, 1, 0, table["t0"]).status_code == 200
    assert replay(client, table, 1, 7).json["code"] == "bad_side"
    assert replay(client, table, 1, "²").json["code"] == "bad_side"  # a digit, but not 0-9
    assert replay(client, table, 99).json["code"] == "no_such_step"
    assert replay(client, table, 1, "all", "operator-secret").status_code == 200


def test_once_over_anyone_may_take_any_side_or_the_open_view(client, table):
    move(client, table, 0, {"type": "draw"})
    finish(client, table)
    spectator_as_0 = replay(client, table, 2, 0).json
    assert isinstance(spectator_as_0["state"]["hands"][0], list)
    open_view = replay(client, table, 1, "all").json
    assert open_view["record"]["events"][0]["deck"]  # the shuffled deck, shown at last
    assert "hash" in open_view["record"]


def test_undone_moves_appear_as_taken_back(client, table):
    move(client, table, 0, {"type": "add"})                                     # v2
    client.post(f"/games/{table['id']}/undo", json={"to": "step"}, headers=auth(table["t0"]))  # v3
    step2 = replay(client, table, 2).json
    assert step2["undone_by"] == 3 and step2["record"]["move"] == {"type": "add"}
    assert step2["state"]["counters"] == [1, 0]  # the replay shows the move as it was made
    step3 = replay(client, table, 3).json
    assert step3["record"]["undo"] == [2] and step3["state"]["counters"] == [0, 0]


def test_the_lobby_lists_games_newest_first(client, table):
    other = create(client)
    listed = client.get("/games").json["games"]
    assert [g["id"] for g in listed[:2]] == [other["id"], table["id"]]
    assert listed[1]["engine"] == "tiny" and listed[1]["finished"] is False
    finish(client, table)
    assert client.get("/games").json["games"][1]["finished"] is True


def test_export_is_refused_while_running_except_to_the_operator(client, table):
    resp = client.get(f"/games/{table['id']}/export", headers=auth(table["t0"]))
    assert resp.status_code == 403 and resp.json["code"] == "export_forbidden"
    assert client.get(f"/games/{table['id']}/export", headers=OP).status_code == 200


def test_export_import_round_trip_replays_identically(client, table):
    move(client, table, 0, {"type": "draw"})
    move(client, table, 0, {"type": "add"})
    client.post(f"/games/{table['id']}/undo", json={"to": "step"}, headers=auth(table["t0"]))
    finish(client, table)
    text = client.get(f"/games/{table['id']}/export").get_data(as_text=True)
    assert table["t0"] not in text and table["t1"] not in text
    header = json.loads(text.splitlines()[0])
    assert header["engine"] == "tiny" and header["seed"]
    imported = client.post("/games/import", data=text, content_type="application/x-ndjson")
    assert imported.status_code == 201 and imported.json["read_only"] is True
    new = imported.json["id"]
    version = client.get(f"/games/{table['id']}").json["version"]
    for at in range(1, version + 1):
        for side in (None, "0", "1", "all"):
            q = f"?at={at}" + (f"&as={side}" if side else "")
            a = client.get(f"/games/{table['id']}/replay{q}").json
            b = client.get(f"/games/{new}/replay{q}").json
            assert {k: v for k, v in a.items() if k != "id"} == {k: v for k, v in b.items() if k != "id"}


def test_an_imported_game_is_read_only_unless_the_operator_imports_it(client, table):
    finish(client, table)
    text = client.get(f"/games/{table['id']}/export", headers=OP).get_data(as_text=True)
    # an unfinished game's log, exported by the operator, imported by someone else: watch only
    text_running = "\n".join(text.splitlines()[:3]) + "\n"
    ro = client.post("/games/import", data=text_running).json
    made = client.post(f"/games/{ro['id']}/join", json={"code": "anything"})
    assert made.status_code == 403
    playable = client.post("/games/import", data=text_running, headers=OP).json
    assert playable["read_only"] is False and set(playable["join_codes"]) == {"0", "1"}
    token = client.post(f"/games/{playable['id']}/join", json={"code": playable["join_codes"]["1"]}).json["token"]
    resp = client.post(f"/games/{playable['id']}/moves", json={"move": {"type": "end"}}, headers=auth(token))
    assert resp.status_code == 200


def test_import_refuses_bad_logs_plainly(client, table):
    finish(client, table)
    text = client.get(f"/games/{table['id']}/export").get_data(as_text=True)
    lines = text.splitlines()
    cases = {
        "not json": ("{", 400, "bad_log"),
        "empty": ("", 400, "bad_log"),
        "gap": ("\n".join(lines[:2] + lines[3:]), 400, "bad_log"),
        "other version": ("\n".join([lines[0].replace('"engine_version": 1', '"engine_version": 7')]
                                    + lines[1:]), 422, "log_engine_version"),
        "forged deal": ("\n".join(lines[:1] + [lines[1].replace('"deck": [', '"deck": [11, ', 1)]
                                  + lines[2:]), 422, "log_diverges"),
    }
    for name, (body, status, code) in cases.items():
        resp = client.post("/games/import", data=body)
        assert (resp.status_code, resp.json["code"]) == (status, code), name
