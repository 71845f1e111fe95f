"""Play a seat by following its live stream: no polling, one request per move.

    python docs/examples/play_by_stream.py http://127.0.0.1:8000

Creates a Tic Tac Trek table against the random bot, then moves whenever its stream says the
seat is awaited, picking at random among the legal moves (a template's free parts filled in).
Needs `httpx` and `httpx-sse`.
"""
import json
import random
import sys
import uuid

import httpx
from httpx_sse import connect_sse


def concrete(option):
    """A move from a legal-move option: a concrete move, or a template with its parts chosen."""
    move = dict(option["move"])
    for name, part in option.get("choose", {}).items():
        if "one_of" in part:
            move[name] = random.choice(part["one_of"])
        else:
            items = part["subset"]
            k = random.randint(part.get("min", 0), min(part.get("max", len(items)), len(items)))
            picked = sorted(random.sample(range(len(items)), k))
            move[name] = [items[i] for i in picked]
    return move


def play(base):
    with httpx.Client(base_url=base, timeout=httpx.Timeout(10, read=60)) as http:
        made = http.post("/games", json={"engine": "tic-tac-trek", "claim": 0, "seats": [
            {"kind": "human"}, {"kind": "bot", "bot": "random"}]}).json()
        game, me = made["id"], {"Authorization": f"Bearer {made['token']}"}
        ticket = http.post(f"/games/{game}/stream-ticket", headers=me).json()["ticket"]
        last = None
        while True:  # the server ends a stream now and then: reopen it where we left off
            resume = {"Last-Event-ID": last} if last else {}
            with connect_sse(http, "GET", f"/games/{game}/stream?ticket={ticket}",
                             headers=resume) as stream:
                for event in stream.iter_sse():
                    if event.event == "record":
                        last = event.id
                    if event.event != "view":
                        continue
                    view = json.loads(event.data)  # the seat's view after the records
                    if view["result"]:
                        return view["result"]
                    if 0 in view["awaited"] and view["legal_moves"]:
                        http.post(f"/games/{game}/moves", headers=me, json={
                            "move": concrete(random.choice(view["legal_moves"])),
                            "expected_version": view["version"], "move_id": uuid.uuid4().hex})


if __name__ == "__main__":
    print(play(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000"))
