"""The search bot served: a table made with a seat `{"kind": "bot", "bot": "search", "level": 1}`
on a real `tablefold serve` (gunicorn workers, the embedded Redis, the bot worker process beside
them). No request thinks for it: the request queues the game, the worker process plays the seat,
its moves recorded through the same append as any move; a worker killed mid-game strands nothing
(the supervisor restarts it and the next read queues the game again)."""
from __future__ import annotations

import os
import signal

import pytest
import requests

from tests.support.server import UNLIMITED_ENV, Server

SEARCH = {"kind": "bot", "bot": "search", "level": 1}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with Server(tmp_path_factory.mktemp("search-bot"), workers=1, env=UNLIMITED_ENV) as s:
        yield s


def records(base: str, gid: str) -> list[dict]:
    out: list[dict] = []
    while True:
        page = requests.get(f"{base}/games/{gid}/log", params={"since": len(out) + 1},
                            timeout=10).json()["records"]
        if not page:
            return out
        out += page


def bot_moves(base: str, gid: str, seat: int) -> list[dict]:
    return [r for r in records(base, gid) if r.get("by") == seat and r.get("bot") == "search"]


def test_a_search_bot_seat_plays_through_the_worker_to_the_end(server):
    made = requests.post(f"{server.base}/games", timeout=10, json={
        "engine": "tic-tac-trek", "seats": [{"kind": "human"}, SEARCH], "claim": 0}).json()
    gid, token = made["id"], made["token"]
    me = {"Authorization": f"Bearer {token}"}
    seats = requests.get(f"{server.base}/games/{gid}", headers=me, timeout=10).json()["seats"]
    assert seats[1].get("bot") == "search" and seats[1].get("level") == 1, seats
    while True:
        view = server.wait_for(lambda: (v := requests.get(f"{server.base}/games/{gid}", headers=me,
                                                          timeout=10).json())
                               and (v["result"] or 0 in v["awaited"]) and v, 60,
                               "the search bot to answer")
        if view["result"]:
            break
        moved = requests.post(f"{server.base}/games/{gid}/moves", headers=me, timeout=10,
                              json={"move": view["legal_moves"][0]["move"]})
        assert moved.status_code == 200, moved.text
    log = records(server.base, gid)
    theirs = bot_moves(server.base, gid, 1)
    assert len(theirs) >= 10   # Tic Tac Trek: 12 tiles a seat
    versions = [r["v"] for r in log]
    assert versions == list(range(1, len(log) + 1))   # one append each, none lost or doubled
    assert {r["seat"] for r in view["result"]["ranking"]} == {0, 1}


def test_a_worker_killed_mid_game_strands_nothing(server):
    """Two bot seats, a long game: the worker is SIGKILLed while it plays; the supervisor starts
    another, a read queues the game again, and the game goes on to its end, every move once."""
    made = requests.post(f"{server.base}/games", timeout=10, json={
        "engine": "trok", "seats": [{"kind": "bot", "bot": "random"}, SEARCH]}).json()
    gid = made["id"]
    server.wait_for(lambda: len(bot_moves(server.base, gid, 1)) >= 3, 60, "three search-bot moves")
    first = server.bot_worker_pid()
    assert first is not None
    os.kill(first, signal.SIGKILL)
    server.wait_for(lambda: (p := server.bot_worker_pid()) is not None and p != first, 30,
                    "a new bot worker")

    def finished():
        view = requests.get(f"{server.base}/games/{gid}", timeout=10).json()   # queues it
        return view["result"] and view

    view = server.wait_for(finished, 120, "the game to finish")
    assert {r["seat"] for r in view["result"]["ranking"]} == {0, 1}
    log = records(server.base, gid)
    assert [r["v"] for r in log] == list(range(1, len(log) + 1))
    assert len(bot_moves(server.base, gid, 1)) >= 10
