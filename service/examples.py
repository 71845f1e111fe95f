"""Examples for the OpenAPI description, taken from a real game: a table of Tic Tac Trek played
in-process on fakeredis, every request and answer kept as the service gave it.

    .venv/bin/python -m service.examples      # rewrites service/examples.json

The description shows them beside each operation; a test checks that each still validates against
its operation's schemas.
"""
from __future__ import annotations

import json
from pathlib import Path

PATH = Path(__file__).with_name("examples.json")


def record() -> dict:
    import fakeredis

    from service.app import create_app
    app = create_app(fakeredis.FakeRedis(), {"ADMIN_TOKEN": "operator-token", "FOLLOW_SECONDS": 0})
    http = app.test_client()
    out: dict = {}

    def keep(op, answer, request=None, status=None):
        entry = out.setdefault(op, {"responses": {}})
        if request is not None:
            entry["request"] = request
        entry["responses"][str(status or answer.status_code)] = answer.get_json()
        return answer.get_json()

    create = {"engine": "tic-tac-trek", "seats": [{"kind": "human", "name": "Ada"},
                                                  {"kind": "human", "name": "Brook"}], "claim": 0}
    made = keep("createGame", http.post("/games", json=create), create)
    gid, t0 = made["id"], made["token"]
    join = {"code": made["join_codes"]["1"]}
    t1 = keep("joinGame", http.post(f"/games/{gid}/join", json=join), join)["token"]
    tokens = {0: t0, 1: t1}
    seat = http.get(f"/games/{gid}").get_json()["awaited"][0]
    view = keep("getGame", http.get(f"/games/{gid}", headers={"Authorization": f"Bearer {tokens[seat]}"}))
    body = {"move": view["legal_moves"][0]["move"], "expected_version": view["version"],
            "move_id": "3b1f2c9e"}
    keep("postMove", http.post(f"/games/{gid}/moves", json=body,
                               headers={"Authorization": f"Bearer {tokens[seat]}"}), body)
    keep("postMove", http.post(f"/games/{gid}/moves", json={**body, "move_id": "other"},
                               headers={"Authorization": f"Bearer {tokens[seat]}"}))
    other = 1 - seat
    occupied = {"move": body["move"]}
    keep("postMove", http.post(f"/games/{gid}/moves", json=occupied,
                               headers={"Authorization": f"Bearer {tokens[other]}"}))
    keep("getLog", http.get(f"/games/{gid}/log?since=2"))
    keep("getReplayStep", http.get(f"/games/{gid}/replay?at=2"))
    keep("listGames", http.get("/games?limit=1"))
    keep("createStreamTicket", http.post(f"/games/{gid}/stream-ticket",
                                         headers={"Authorization": f"Bearer {tokens[other]}"}))
    keep("undoMove", http.post(f"/games/{gid}/undo", json={"to": "step"},
                               headers={"Authorization": f"Bearer {tokens[other]}"}),
         {"to": "step"})
    keep("getReadiness", http.get("/readyz"))
    return out


def load() -> dict:
    return json.loads(PATH.read_text()) if PATH.exists() else {}


if __name__ == "__main__":
    PATH.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {PATH}")
