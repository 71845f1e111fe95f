"""Tic Tac Trek through the API: illegal placements are refused with the engine's reason."""
from __future__ import annotations

from tests.service.helpers import auth, create, snapshot_of_redis


def test_an_illegal_placement_gets_422_and_changes_nothing(client, fake_redis):
    made = create(client, engine="tic-tac-trek", seats=[{"kind": "human"}, {"kind": "human"}],
                  claim=None)
    gid = made["id"]
    tokens = {int(s): client.post(f"/games/{gid}/join", json={"code": c}).json["token"]
              for s, c in made["join_codes"].items()}
    view = client.get(f"/games/{gid}").json
    seat = view["active"][0]
    legal = client.get(f"/games/{gid}", headers=auth(tokens[seat])).json["legal_moves"]
    free = legal[0]["move"]["cell"]  # a legal space: the refusal below is about the campfire
    before = snapshot_of_redis(fake_redis)
    cases = [
        ({"type": "place", "cell": [0, 0]}, tokens[seat], 422, "cell_occupied"),
        ({"type": "place", "cell": [5, 5]}, tokens[seat], 422, "not_adjacent"),
        ({"type": "place", "cell": [0, -1]}, tokens[1 - seat], 422, "not_your_turn"),
        ({"type": "place", "cell": [0]}, tokens[seat], 400, "invalid_move"),
        ({"type": "place", "cell": free, "campfire_from": [0, 0]}, tokens[seat], 422,
         "campfire_choice_not_allowed"),
    ]
    for move, token, status, code in cases:
        resp = client.post(f"/games/{gid}/moves", json={"move": move}, headers=auth(token))
        assert (resp.status_code, resp.json["code"]) == (status, code), resp.json
        assert resp.json["message"]
    assert snapshot_of_redis(fake_redis) == before
    resp = client.post(f"/games/{gid}/moves", json={"move": legal[0]["move"]}, headers=auth(tokens[seat]))
    assert resp.status_code == 200 and resp.json["version"] == 2
