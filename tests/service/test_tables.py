"""Tables as players make them: open tables anyone may sit at, invitations by join code, and a
rematch of a finished game for the same seats."""
from __future__ import annotations

from tests.service.helpers import auth, create


def finish(client, gid, tokens):
    for body in ({"type": "end"}, {"type": "end"}, {"type": "choose", "n": 1}, {"type": "choose", "n": 2}):
        seat = client.get(f"/games/{gid}").json["awaited"][0]
        assert client.post(f"/games/{gid}/moves", json={"move": body},
                           headers=auth(tokens[seat])).status_code == 200


def test_an_open_table_is_listed_with_its_free_seats_and_anyone_may_sit(client):
    made = create(client, options={"rounds": 1}, open=True)
    gid = made["id"]
    entry = next(g for g in client.get("/games").json["games"] if g["id"] == gid)
    assert entry["open"] and entry["free_seats"] == [1]
    sat = client.post(f"/games/{gid}/join", json={"seat": 1})
    assert sat.status_code == 200 and sat.json["seat"] == 1
    again = client.post(f"/games/{gid}/join", json={"seat": 1})
    assert again.status_code == 409 and again.json["code"] == "seat_taken"
    entry = next(g for g in client.get("/games").json["games"] if g["id"] == gid)
    assert entry["free_seats"] == []


def test_a_closed_table_takes_only_join_codes(client):
    made = create(client)
    gid = made["id"]
    refused = client.post(f"/games/{gid}/join", json={"seat": 1})
    assert refused.status_code == 403 and refused.json["code"] == "bad_join_code"
    assert client.post(f"/games/{gid}/join", json={"code": made["join_codes"]["1"]}).status_code == 200


def test_a_rematch_has_the_same_game_and_seats_and_is_made_once(client):
    made = create(client, options={"rounds": 1},
                  seats=[{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Brook"}])
    gid = made["id"]
    t1 = client.post(f"/games/{gid}/join", json={"code": made["join_codes"]["1"]}).json["token"]
    tokens = {0: made["token"], 1: t1}
    early = client.post(f"/games/{gid}/rematch", headers=auth(t1))
    assert early.status_code == 409 and early.json["code"] == "not_over"
    finish(client, gid, tokens)
    spectator = client.post(f"/games/{gid}/rematch")
    assert spectator.status_code == 401
    again = client.post(f"/games/{gid}/rematch", headers=auth(t1))
    assert again.status_code == 201 and again.json["seat"] == 1 and set(again.json["join_codes"]) == {"0"}
    new = again.json["id"]
    view = client.get(f"/games/{new}", headers=auth(again.json["token"])).json
    assert view["seat"] == 1 and view["options"] == {"rounds": 1}
    assert [s["name"] for s in view["seats"]] == ["Ada", "Brook"]
    assert client.get(f"/games/{gid}").json["rematch"] == new   # everyone watching finds it
    twice = client.post(f"/games/{gid}/rematch", headers=auth(tokens[0]))
    assert twice.status_code == 409 and twice.json["rematch"] == new
