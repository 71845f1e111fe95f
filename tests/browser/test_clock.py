"""Turn clocks and seats a bot takes over, on the page in Chromium: a table made with a clock in
the lobby; each seat's time shown and counted down while it is to move; a seat whose time runs out
is taken over by its bot (the service's worker enforces the deadline, run here beside the app), the
page says so, and the player takes the seat back with one click.
"""
from __future__ import annotations

import re
import threading
import time

import pytest
import requests

from engines.core import derive_rng, sample_move
from events.games import Games
from events.store import Store
from service import worker
from service.redis_client import connect
from tests.browser.test_play import (HTTP_SECONDS, WAIT, auth, base, contexts,  # noqa: F401
                                     create, join, view)

CLOCK = re.compile(r"⏱ (\d+):(\d\d)")


def seconds_shown(page, seat: int) -> int:
    text = page.locator(f'#seats [data-clock-seat="{seat}"]').inner_text()
    m = CLOCK.search(text)
    assert m, text
    return int(m.group(1)) * 60 + int(m.group(2))


@pytest.fixture
def clocks_enforced(real_redis_url):
    """The service's worker (bots and clocks), as `tablefold serve` runs it beside the API."""
    stopping = threading.Event()
    games = Games(Store(connect(real_redis_url, socket_timeout=15)))  # as worker.main connects
    thread = threading.Thread(target=worker.run, args=(games, stopping), daemon=True)
    thread.start()
    yield
    stopping.set()
    thread.join(5)


def test_a_table_made_with_a_clock_in_the_lobby_shows_it_running(base, contexts):
    page = contexts.page()
    page.goto(f"{base}/")
    page.wait_for_selector("#seat-rows .seat-row", timeout=WAIT)
    page.select_option("#engine", "tic-tac-trek")
    page.select_option("#players", "2")
    page.locator('#seat-rows .seat-row[data-seat="0"] .seat-kind').select_option("human")
    page.locator('#seat-rows .seat-row[data-seat="0"] .seat-me').check()
    page.locator('#seat-rows .seat-row[data-seat="1"] .seat-kind').select_option("human")
    page.select_option("#clock-base", "300")
    page.select_option("#clock-increment", "5")
    page.select_option("#clock-timeout", "lose")
    page.click("#create-button")
    page.locator("#created").wait_for(timeout=WAIT)
    gid = page.locator("#play-now").get_attribute("href").rsplit("/", 1)[-1]
    clock = view(base, gid)["clock"]
    assert (clock["base_seconds"], clock["increment_seconds"], clock["on_timeout"]) == (300, 5, "lose")

    page.click("#play-now")
    page.wait_for_selector('#seats [data-clock-seat="1"]', timeout=WAIT)
    mover = view(base, gid)["awaited"][0]
    other = 1 - mover
    assert "running" in page.locator(f'#seats [data-clock-seat="{mover}"]').get_attribute("class")
    assert "running" not in page.locator(f'#seats [data-clock-seat="{other}"]').get_attribute("class")
    assert seconds_shown(page, other) == 300
    first = seconds_shown(page, mover)
    assert 290 <= first <= 300
    page.wait_for_function(f"""() => {{
        const el = document.querySelector('#seats [data-clock-seat="{mover}"]');
        return el && !el.textContent.includes("{first // 60}:{first % 60:02d}");
    }}""", timeout=WAIT)
    assert seconds_shown(page, mover) < first   # counted down between views
    assert "lose" in page.locator("#seats").get_attribute("title")


def move_when_awaited(base, gid, token, seat, seconds=10.0) -> dict:
    """Post the seat's first legal move as soon as it is awaited (its clock is short)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        body = view(base, gid, token)
        if body["awaited"] == [seat]:
            resp = requests.post(f"{base}/games/{gid}/moves", headers=auth(token),
                                 timeout=HTTP_SECONDS,
                                 json={"move": sample_move(body["legal_moves"], derive_rng("t", 1)),
                                       "expected_version": body["version"]})
            assert resp.status_code == 200, resp.text
            return resp.json()
        time.sleep(0.05)
    raise AssertionError(f"seat {seat} was never awaited")


def test_a_seat_out_of_time_is_played_by_its_bot_and_taken_back(base, contexts, clocks_enforced):
    """Two seconds each and thirty more a move: the first seat never moves, so its bot takes
    over when its two seconds are spent; the other seat (played here through the API) moves at
    once each time and keeps its time."""
    made = create(base, "tic-tac-trek", [{"kind": "human"}, {"kind": "human"}],
                  clock={"base_seconds": 2, "increment_seconds": 30, "on_timeout": "bot"})
    gid, codes = made["id"], made["join_codes"]
    first = view(base, gid)["awaited"][0]
    second = 1 - first
    other = requests.post(f"{base}/games/{gid}/join", json={"code": codes[str(second)]},
                          timeout=HTTP_SECONDS).json()["token"]
    page = contexts.page()
    join(page, base, gid, codes[str(first)])
    # the seat's two seconds may be spent before a loaded machine shows the page: wait for its
    # clock to be shown, running or not (the running count-down is the lobby test's to check)
    page.wait_for_selector(f'#seats [data-clock-seat="{first}"]', timeout=WAIT)

    # the time runs out: the worker hands the seat to its bot, which moves for it
    move_when_awaited(base, gid, other, second)
    taken = page.locator(f'#seats li[data-seat="{first}"] .bot-playing')
    taken.wait_for(timeout=WAIT)
    assert "bot plays this seat" in taken.inner_text()
    state = view(base, gid)
    assert state["seats"][first]["played_by"] == "bot" and state["result"] is None
    assert seconds_shown(page, first) == 0
    log = requests.get(f"{base}/games/{gid}/log", timeout=HTTP_SECONDS).json()["records"]
    assert any((r.get("table") or {}).get("reason") == "out of time" for r in log)

    # the player comes back (the other seat is to move: the bot answered at once)
    page.click(f'#seats li[data-seat="{first}"] .take-back')
    page.locator(f'#seats li[data-seat="{first}"] .bot-playing').wait_for(state="detached",
                                                                          timeout=WAIT)
    assert view(base, gid)["seats"][first]["played_by"] == "player"
    log = requests.get(f"{base}/games/{gid}/log", timeout=HTTP_SECONDS).json()["records"]
    assert (log[-1].get("table") or {}).get("reason") == "returned"
    # and has at least 30 s to move once the other seat has moved
    move_when_awaited(base, gid, other, second)
    page.wait_for_selector(f'#seats [data-clock-seat="{first}"].running', timeout=WAIT)
    assert 25 <= seconds_shown(page, first) <= 30
    assert page.locator(f'#seats li[data-seat="{first}"] .bot-playing').count() == 0
