"""The web page in headless Chromium (Debian's package, driven by Playwright): the lobby, a game of
Tic Tac Trek watched live while moves are posted through the API, its replay stepped back and
forth, the sides the service allows, undone steps shown as taken back, and screenshots for the
README (docs/screenshots/, refreshed with TABLEFOLD_SCREENSHOTS=docs/screenshots).

The app runs in this process on a loopback port over a real Redis: the live stream blocks on XREAD.
Without /usr/bin/chromium (or Playwright) the test is skipped, except in CI, where it must run.
"""
from __future__ import annotations

import importlib
import os
import tempfile
import time
from pathlib import Path

import pytest
import redis
import requests

from engines.core import derive_rng, get_engine, register, sample_move
from service import create_app
from tests.support.server import in_thread

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# The README's screenshots are refreshed with TABLEFOLD_SCREENSHOTS=docs/screenshots; an ordinary
# run saves them beside the test run, so running the tests leaves the work tree clean.
SHOTS = Path(os.environ.get("TABLEFOLD_SCREENSHOTS")
             or Path(tempfile.gettempdir()) / "tablefold-screenshots")
STREAM_SECONDS = 3   # short streams: the page must reconnect during the test
WAIT = 10_000        # ms for anything the page should show

# The other hosted games: (package, seats, a moment worth a screenshot, the screenshot). Each is
# shown only if its package imports and ships a renderer.js.
OTHER_GAMES = [
    ("trinket_trove", 3, lambda v: v["phase"] == "drafting" and v["round"] >= 2, "trinket-trove.png"),
    ("no_loose_ends", 3, lambda v: v["tricks"]["played"] >= 3, "no-loose-ends.png"),
    ("trok", 3, lambda v: v["round"] >= 2 and v["phase"] in ("trading", "combination"), "trok.png"),
    ("iberian_gauge", 3, lambda v: v["round"] >= 4, "iberian-gauge.png"),
    ("trickdraw", 3, lambda v: sum(len(b) for b in v["boards"]) >= 6, "trickdraw.png"),
    ("barcelona", 3, lambda v: v.get("scored", 0) >= 1, "barcelona.png"),
    ("tekhenu", 3, lambda v: v.get("round", 0) >= 3, "tekhenu.png"),
    ("tiletum", 3, lambda v: v.get("round", 0) >= 2, "tiletum.png"),
]


def unavailable(reason: str):
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the browser test: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def base(real_redis_url):
    """The service on a loopback port, in this process, over a clean real Redis."""
    redis.Redis.from_url(real_redis_url).flushall()
    app = create_app(redis.Redis.from_url(real_redis_url),
                     {"STREAM_SECONDS": STREAM_SECONDS, "STREAM_KEEPALIVE": 0.5, "ADMIN_TOKEN": "op"})
    with in_thread(app) as url:
        yield url


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, errors


# --- driving the API ---------------------------------------------------------------------------------
def create(base, engine, seats, claim=0):
    resp = requests.post(f"{base}/games", json={"engine": engine, "seats": seats, "claim": claim})
    assert resp.status_code == 201, resp.text
    return resp.json()


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def view(base, gid, token=None):
    return requests.get(f"{base}/games/{gid}", headers=auth(token) if token else {}).json()


def play(base, gid, token, moves=1, seed="browser", strict=True, until=None):
    """Post up to `moves` legal moves for the token's seat (the bots answer within each request),
    or fewer once `until(state)` holds. Not `strict`: stop at a refused move (another game's
    engine is not under test here)."""
    for _ in range(moves):
        body = view(base, gid, token)
        if body["result"] is not None or not body["legal_moves"]:
            return body
        if until is not None and until(body["state"]):
            return body
        move = sample_move(body["legal_moves"], derive_rng(seed, body["version"]))
        resp = requests.post(f"{base}/games/{gid}/moves", headers=auth(token),
                             json={"move": move, "expected_version": body["version"]})
        if not strict and resp.status_code != 200:
            break
        assert resp.status_code == 200, resp.text
    return view(base, gid, token)


def tiles(page) -> int:
    return page.locator(".ttt-board .ttt-tile").count()


def wait_tiles(page, n: int):
    page.wait_for_function(f"document.querySelectorAll('.ttt-board .ttt-tile').length === {n}",
                           timeout=WAIT)


def side_options(page) -> list[str]:
    return page.locator("#perspective option").evaluate_all("os => os.map(o => o.value)")


def at(page, step: int):
    """Wait until the replay shows `step` (its board drawn, its label and slider set)."""
    page.wait_for_selector(f'#board[data-at="{step}"]', timeout=WAIT)
    assert page.locator("#step-label").inner_text().startswith(f"step {step} of ")
    assert page.locator("#slider").input_value() == str(step)


# --- the routes (no browser needed) --------------------------------------------------------------------
def test_the_page_routes(client):
    for path in ("/", "/watch/some-game"):
        resp = client.get(path)
        assert resp.status_code == 200 and resp.mimetype == "text/html"
    assert client.get("/assets/watch.js").status_code == 200
    resp = client.get("/renderers/tic-tac-trek.js")
    assert resp.status_code == 200 and "javascript" in resp.mimetype
    assert b"export function render(container, view, context)" in resp.data
    assert client.get("/renderers/tiny.js").json["code"] == "no_renderer"
    assert client.get("/renderers/chess.js").json["code"] == "unknown_engine"


# --- the browser ----------------------------------------------------------------------------------------
def test_lobby_live_game_and_replay(base, page):
    SHOTS.mkdir(parents=True, exist_ok=True)
    made = create(base, "tic-tac-trek", [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    gid, token = made["id"], made["token"]

    # the lobby lists the game and links to its page
    streams = []
    page.on("request", lambda r: streams.append(r.url) if "/stream?" in r.url else None)
    page.goto(f"{base}/")
    row = page.locator(f'tr[data-game="{gid}"]')
    row.wait_for(timeout=WAIT)
    assert "Tic Tac Trek" in row.inner_text() and "random bot" in row.inner_text()
    row.locator("a").click()
    page.wait_for_url(f"**/watch/{gid}")

    # live, as a spectator: the opening pair (and the bot's first tile if it began)
    start = view(base, gid)["version"]
    wait_tiles(page, start + 1)
    page.wait_for_selector('#status[data-state="live"]', timeout=WAIT)
    assert side_options(page) == ["spectator"]  # no other side while the game runs

    # paste the seat token: the page now watches from seat 0 (kept in this browser)
    page.click("#token-summary")
    page.fill("#token", token)
    page.click("#token-form button[type=submit]")
    page.wait_for_function("document.getElementById('perspective').value === '0'", timeout=WAIT)
    assert side_options(page) == ["spectator", "0"]
    assert page.evaluate(f"localStorage.getItem('tablefold.token.{gid}')") == token
    page.wait_for_selector('#board[data-viewer="0"]', timeout=WAIT)

    # moves posted through the API appear by themselves: the human's tile and the bot's answer
    for _ in range(3):
        body = play(base, gid, token)
        wait_tiles(page, body["version"] + 1)
    # outlive the stream (it ends after STREAM_SECONDS): the page reconnects (the same ticket serves
    # while it is used) and resumes from the last version it saw, with no step lost or repeated
    opened = len(streams)
    time.sleep(STREAM_SECONDS + 1)
    body = play(base, gid, token, moves=2)
    wait_tiles(page, body["version"] + 1)
    steps = page.locator("#steps li").evaluate_all("ls => ls.map(l => Number(l.dataset.v))")
    assert steps == list(range(1, body["version"] + 1))
    assert len(streams) > opened  # the stream was reopened
    assert page.locator(".ttt-legal").count() == len(body["state"]["legal_cells"])
    page.screenshot(path=str(SHOTS / "live.png"))

    # the replay: jump to the end, step back and forth with the buttons, the slider, the keys
    version = body["version"]
    page.click("#mode-replay")
    at(page, version)
    page.click("#step-back")
    at(page, version - 1)
    assert tiles(page) == version  # one tile fewer than at the end
    page.click("#step-first")
    at(page, 1)
    assert tiles(page) == 2 and page.locator("#step-first").is_disabled()
    page.click("#step-forward")
    at(page, 2)
    assert tiles(page) == 3
    page.locator("#slider").fill("6")
    at(page, 6)
    assert tiles(page) == 7
    page.keyboard.press("ArrowLeft")
    at(page, 5)
    page.click("#step-last")
    at(page, version)
    assert page.locator("#step-forward").is_disabled()

    # a side is offered only where allowed: the public side is always, the own seat with its token
    page.select_option("#perspective", "spectator")
    page.wait_for_selector('#board[data-viewer="spectator"]', timeout=WAIT)
    page.select_option("#perspective", "0")
    page.wait_for_selector('#board[data-viewer="0"]', timeout=WAIT)

    # finish the game; live, the page sees the end, and every side opens
    page.click("#mode-live")
    body = play(base, gid, token, moves=20)
    assert body["result"] is not None
    page.wait_for_selector('#status[data-state="over"]', timeout=WAIT)
    assert side_options(page) == ["spectator", "0", "1", "all"]
    page.select_option("#perspective", "all")
    page.wait_for_selector('#board[data-viewer="all"]', timeout=WAIT)
    assert page.locator(".ttt-over").inner_text().endswith("wins")
    page.select_option("#perspective", "1")
    page.wait_for_selector('#board[data-viewer="1"]', timeout=WAIT)
    page.click("#mode-replay")
    page.locator("#slider").fill(str(body["version"] - 6))
    at(page, body["version"] - 6)
    page.screenshot(path=str(SHOTS / "replay.png"))


def test_a_side_not_allowed_is_refused_gracefully(base, page):
    made = create(base, "tic-tac-trek", [{"kind": "human"}, {"kind": "human"}])
    # an address asking for seat 1's side of a running game, without its token
    page.goto(f"{base}/watch/{made['id']}#at=1&as=1")
    notice = page.locator("#notice")
    notice.wait_for(state="visible", timeout=WAIT)
    assert "once the game is over" in notice.inner_text()
    page.wait_for_selector('#board[data-viewer="spectator"]', timeout=WAIT)
    assert page.locator("#perspective").input_value() == "spectator"
    # the operator's token (accepted, but no seat) opens every side of a running game
    page.click("#token-summary")
    page.fill("#token", "op")
    page.click("#token-form button[type=submit]")
    page.wait_for_function("document.getElementById('perspective').options.length === 4", timeout=WAIT)
    assert side_options(page) == ["spectator", "0", "1", "all"]
    page.select_option("#perspective", "all")
    page.wait_for_selector('#board[data-viewer="all"]', timeout=WAIT)


def test_undone_steps_are_shown_as_taken_back(base, page):
    """The platform's tiny engine: undo is possible there, and it has no renderer of its own."""
    made = create(base, "tiny", [{"kind": "human"}, {"kind": "human"}])
    gid, token = made["id"], made["token"]
    requests.post(f"{base}/games/{gid}/moves", json={"move": {"type": "add"}}, headers=auth(token))
    undo = requests.post(f"{base}/games/{gid}/undo", json={"to": "step"}, headers=auth(token))
    assert undo.status_code == 200, undo.text
    assert requests.get(f"{base}/renderers/tiny.js").json()["code"] == "no_renderer"
    page.goto(f"{base}/watch/{gid}#at=2")
    page.wait_for_selector('#board[data-at="2"]', timeout=WAIT)
    assert page.locator("#undone-banner").is_visible()
    assert "taken back by step 3" in page.locator("#undone-banner").inner_text()
    assert "undone" in page.locator('#steps li[data-v="2"]').get_attribute("class")
    assert "took back step 2" in page.locator('#steps li[data-v="3"]').inner_text()
    assert page.locator("#board .tf-json").is_visible()  # the generic renderer: the view as JSON


def other_engine(package: str):
    """The engine of a package with a renderer.js, registered if the registry lacks it."""
    folder = Path(__file__).resolve().parents[2] / "engines" / package
    if not (folder / "renderer.js").is_file():
        return None
    try:
        engine = importlib.import_module(f"engines.{package}").engine
    except Exception:  # still being written
        return None
    if get_engine(engine.name) is None:
        register(engine)
    return engine


@pytest.mark.parametrize("package, players, moment, shot", OTHER_GAMES,
                         ids=[game[0] for game in OTHER_GAMES])
def test_other_games_are_drawn(base, page, package, players, moment, shot):
    engine = other_engine(package)
    if engine is None:
        pytest.skip(f"engines/{package} has no renderer yet")
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    made = create(base, engine.name, seats)
    gid, token = made["id"], made["token"]
    play(base, gid, token, moves=60, seed=package, strict=False, until=moment)
    page.goto(f"{base}/watch/{gid}")
    page.click("#token-summary")
    page.fill("#token", token)
    page.click("#token-form button[type=submit]")
    page.wait_for_selector('#board[data-viewer="0"]', timeout=WAIT)
    assert page.locator("#board .tf-json").count() == 0  # drawn, not dumped
    page.screenshot(path=str(SHOTS / shot), full_page=True)


def test_the_lobby_lists_every_game_newest_first(base, page):
    """Last: by now the lobby holds the games of the tests above (its screenshot for the README)."""
    listed = requests.get(f"{base}/games").json()["games"]
    page.goto(f"{base}/")
    newest = listed[0]["id"]
    page.wait_for_selector(f'tr[data-game="{newest}"]', timeout=WAIT)
    rows = page.locator("#games tbody tr").evaluate_all("rs => rs.map(r => r.dataset.game)")
    assert rows == [g["id"] for g in listed]
    assert page.locator("tr.finished").count() == sum(g["finished"] for g in listed) >= 1
    page.screenshot(path=str(SHOTS / "lobby.png"))
