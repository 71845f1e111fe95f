"""Play a seat on its live stream as a WebSocket: the stream and the moves on one connection.

    python docs/examples/play_by_socket.py http://127.0.0.1:8000

Creates a Tic Tac Trek table against the random bot, then, whenever its stream's view says the
seat is awaited, sends a random legal move (a template's free parts filled in) on the same
socket. Needs `httpx` and `websockets`.
"""
import json
import random
import sys
import uuid

import httpx
from websockets.exceptions import ConnectionClosedOK
from websockets.sync.client import connect


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
    made = httpx.post(f"{base}/games", json={"engine": "tic-tac-trek", "claim": 0, "seats": [
        {"kind": "human"}, {"kind": "bot", "bot": "random"}]}).json()
    game, me = made["id"], {"Authorization": f"Bearer {made['token']}"}
    url = base.replace("http", "ws", 1) + f"/games/{game}/stream"
    last = None
    while True:  # the server closes a socket now and then ("reopen"): resume where we left off
        with connect(url + (f"?since={last}" if last else ""), additional_headers=me) as socket:
            try:
                for text in socket:
                    message = json.loads(text)
                    if message["type"] == "record":
                        last = message["record"]["v"]
                    elif message["type"] == "error":  # our move was refused: the view says why not
                        print("refused:", message["code"], message["message"], file=sys.stderr)
                    elif message["type"] == "view":
                        view = message["view"]  # the seat's view after the records
                        if view["result"]:
                            return view["result"]
                        if 0 in view["awaited"] and view["legal_moves"]:
                            socket.send(json.dumps({
                                "type": "move", "move": concrete(random.choice(view["legal_moves"])),
                                "expected_version": view["version"], "move_id": uuid.uuid4().hex}))
            except ConnectionClosedOK:
                pass


if __name__ == "__main__":
    print(play(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000"))
