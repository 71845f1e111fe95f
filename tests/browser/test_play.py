"""Playing through the page, in headless Chromium: every hosted game played to its end by clicking
the controls the page offers (random among them, seeded), the other seats random bots; tables made
in the lobby and joined through invite links in a second browser; undo, a refusal said in words, a
stale view reloaded, keyboard play and a phone-sized screen.

Every control that makes or completes a move carries `data-move` (the move's JSON; with
`data-pick`, the move as it stands after a click that only chooses a part): the driver clicks those
alone, and before each move checks that the controls cover every legal move of the seat.
Screenshots go beside the test run unless TABLEFOLD_SCREENSHOTS names a folder (the README's
pictures: TABLEFOLD_SCREENSHOTS=docs/screenshots).
"""
from __future__ import annotations

import json
import os
import random
import threading
import time

import pytest
import redis
import requests
from werkzeug.serving import make_server

from service import create_app
from tests.browser.test_page import CHROMIUM, CHROMIUM_ARGS, SHOTS, unavailable

WAIT = 15_000          # ms for anything the page should show
OPERATOR = "op"
UNLIMITED = "100000/minute"
CONFIG = {"ADMIN_TOKEN": OPERATOR, "STREAM_SECONDS": 30, "STREAM_KEEPALIVE": 1,
          "RATE_CREATE": UNLIMITED, "RATE_IMPORT": UNLIMITED, "RATE_JOIN": UNLIMITED,
          "RATE_TICKET": UNLIMITED, "STREAMS_PER_GAME": 100_000, "STREAMS_PER_ADDRESS": 100_000}

# Each game with its smallest table and shortest options; seat 0 is played through the page.
GAMES = [
    ("tic-tac-trek", 2, {}),
    ("trinket-trove", 2, {}),
    ("trok", 2, {}),
    ("no-loose-ends", 2, {}),
    ("iberian-gauge", 3, {}),
    ("trickdraw", 2, {"target": 1}),
    ("barcelona", 2, {}),
    ("tekhenu", 2, {}),
    ("tiletum", 1, {}),
    ("imperial-steam", 2, {}),
]
MAX_MOVES = 400        # moves by the seat under test before the test gives up


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        unavailable(f"{CHROMIUM} is missing (Debian: apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("Playwright for Python is not installed (pip install playwright)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def base(real_redis_url):
    """The service on a loopback port, in this process, over a clean real Redis."""
    redis.Redis.from_url(real_redis_url).flushall()
    app = create_app(redis.Redis.from_url(real_redis_url), CONFIG)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(5)


class Contexts:
    """Browser contexts (each its own localStorage: one per player), closed after the test; no
    page may throw."""

    def __init__(self, browser):
        self.browser = browser
        self.contexts = []
        self.errors = []

    def page(self, width=1280, height=860):
        context = self.browser.new_context(viewport={"width": width, "height": height})
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        return page

    def close(self):
        for context in self.contexts:
            context.close()


@pytest.fixture
def contexts(browser):
    made = Contexts(browser)
    yield made
    made.close()
    assert not made.errors, made.errors


# --- the API, read only (and the tables the tests start from) ---------------------------------------
def auth(token):
    return {"Authorization": f"Bearer {token}"}


def create(base, engine, seats, options=None, seed=None, **extra):
    body = {"engine": engine, "seats": seats, "options": options or {}, **extra}
    if seed:
        body["seed"] = seed
    resp = requests.post(f"{base}/games", json=body, headers=auth(OPERATOR))
    assert resp.status_code == 201, resp.text
    return resp.json()


def view(base, gid, token=None):
    resp = requests.get(f"{base}/games/{gid}", headers=auth(token) if token else {})
    assert resp.status_code == 200, resp.text
    return resp.json()


# --- the legal moves against the controls ----------------------------------------------------------
def canon(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def fits(partial: dict, option: dict) -> bool:
    """Whether a (partial) move agrees with an option: its fixed fields equal, a one_of value
    among those listed, a subset's items among the subset's."""
    choose = option.get("choose", {})
    for field, value in partial.items():
        if field in option["move"] and canon(option["move"][field]) == canon(value):
            continue
        part = choose.get(field)
        if part is None:
            return False
        if "one_of" in part:
            if not any(canon(v) == canon(value) for v in part["one_of"]):
                return False
        else:
            items = [canon(v) for v in part["subset"]]
            if not isinstance(value, list) or not all(canon(v) in items for v in value):
                return False
    return True


def uncovered(options: list[dict], controls: list[dict]) -> list[dict]:
    """The options no control leads to: a concrete move needs a control sending exactly it, or
    a pick on the way to it; a template a control on the way to one of its moves."""
    sends = {canon(c["move"]) for c in controls if not c["pick"]}
    picks = [c["move"] for c in controls if c["pick"]]
    missing = []
    for option in options:
        concrete = not option.get("choose")
        if concrete and canon(option["move"]) in sends:
            continue
        on_the_way = [p for p in picks if fits(p, option)]
        if not concrete:
            on_the_way += [c["move"] for c in controls if not c["pick"] and fits(c["move"], option)]
        if not on_the_way:
            missing.append(option)
    return missing


# --- the driver ------------------------------------------------------------------------------------------
# One call: note the controls, then click random ones until a click sends a move. After a pick,
# the driver goes on with that move as a player would: it clicks among the controls that keep what
# is chosen (never one already chosen), and among all only when none does. The random numbers are
# the test's, seeded.
CLICK = """([seed, limit]) => {
  let a = seed >>> 0;
  const rnd = () => { a = (a + 0x6D2B79F5) | 0; let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
  const canon = (v) => Array.isArray(v) ? `[${v.map(canon).join(",")}]`
    : v && typeof v === "object" ? `{${Object.keys(v).sort().map((k) => `${k}:${canon(v[k])}`).join(",")}}`
    : JSON.stringify(v);
  const keeps = (move, chosen) => Object.entries(chosen).every(([k, v]) => k in move && (
    canon(move[k]) === canon(v)
    || (Array.isArray(v) && Array.isArray(move[k]) && v.every((x) => move[k].some((y) => canon(x) === canon(y))))));
  const controls = () => [...document.querySelectorAll("#play [data-move], #board [data-move]")]
    .filter((el) => !el.disabled && el.getAttribute("aria-pressed") !== "true"
                    && el.getClientRects().length > 0);
  const read = (el) => ({ move: JSON.parse(el.getAttribute("data-move")), pick: el.hasAttribute("data-pick") });
  const first = controls().map(read);
  const out = { version: Number(document.body.dataset.version), first, clicks: [], sent: false };
  let chosen = null;
  for (let i = 0; i < limit; i++) {
    const all = controls();
    const on = chosen ? all.filter((el) => keeps(read(el).move, chosen)) : all;
    const cs = on.length ? on : all;
    if (!cs.length) break;
    const el = cs[Math.floor(rnd() * cs.length)];
    const c = read(el);
    out.clicks.push(c);
    el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
    if (!c.pick) { out.sent = true; break; }
    chosen = c.move;
  }
  return out;
}"""

# One call: for each of the given moves, click the way to it through the page's own controls, as
# a player who knows the move would: at each step a pick the move builder says keeps that move
# possible (tablefold.st.builder: which moves remain after a click), until a control sends
# exactly the move; then clear the choice. Answers the moves no way leads to.
REACH = """(targets) => {
  const canon = (v) => Array.isArray(v) ? `[${v.map(canon).join(",")}]`
    : v && typeof v === "object" ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canon(v[k])}`).join(",")}}`
    : JSON.stringify(v === undefined ? null : v);
  const builder = () => window.tablefold.st.builder;
  const controls = () => [...document.querySelectorAll("#play [data-move], #board [data-move]")]
    .filter((el) => !el.disabled && el.getClientRects().length > 0);
  const click = (el) => el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
  const clear = () => { const b = document.querySelector("#play .tf-clear"); if (b) b.click(); };
  const missing = [];
  for (const target of targets) {
    const want = canon(target);
    let found = false;
    for (let depth = 0; depth < 12; depth++) {
      const b = builder();
      const cs = controls();
      if (cs.some((el) => !el.hasAttribute("data-pick") && canon(JSON.parse(el.getAttribute("data-move"))) === want)) {
        found = true;
        break;
      }
      const ways = cs.filter((el) => el.hasAttribute("data-pick") && el.getAttribute("aria-pressed") !== "true").map((el) => {
        const t = el.tfTarget || (el.tfKey !== undefined ? { key: el.tfKey, el: 0 } : null);
        const effect = t && b.effectOf(t.key, t.el);
        const keeps = effect && effect.cands && effect.cands.some((r) => b.textOf(r) === want);
        return keeps ? { el, grows: effect.history.length > b.history.length } : null;
      }).filter(Boolean);
      const next = ways.find((w) => w.grows) || ways[0];
      if (!next) break;
      click(next.el);
    }
    clear();
    if (!found) missing.push(target);
  }
  return missing;
}"""

READY = """() => !document.body.dataset.busy && document.body.dataset.seat !== ""
  && ["you", "over"].includes(document.body.dataset.turn)"""


def wait_ready(page):
    page.wait_for_function(READY, timeout=WAIT, polling=20)


def turn(page) -> str:
    return page.evaluate("document.body.dataset.turn")


def concrete(options: list[dict], most=64) -> list[dict]:
    """The concrete moves of the options without subsets (a one_of made concrete)."""
    out = []
    for option in options:
        choose = option.get("choose") or {}
        if any("subset" in part for part in choose.values()):
            continue
        moves = [dict(option["move"])]
        for field, part in choose.items():
            moves = [{**m, field: v} for m in moves for v in part["one_of"]]
        out += moves
    return out[:most] if len(out) <= most else random.Random(len(out)).sample(out, most)


def play_to_the_end(page, base, gid, token, seed: str, max_moves=MAX_MOVES, check=True, on_turn=None):
    """Click the page's controls until the game ends; returns (moves sent, clicks)."""
    rng = random.Random(seed)
    moves = clicks = 0
    while True:
        wait_ready(page)
        if turn(page) == "over":
            return moves, clicks
        assert moves < max_moves, f"{gid}: no end after {moves} moves through the page"
        if on_turn is not None and on_turn(page, moves):
            continue
        body = view(base, gid, token) if check else None
        if check:
            missing = page.evaluate(REACH, concrete(body["legal_moves"]))
            assert not missing, f"{gid} v{body['version']}: no way to {missing[:3]}"
        done = page.evaluate(CLICK, [rng.randrange(2**32), 200])
        clicks += len(done["clicks"])
        if check and body["version"] == done["version"]:
            missing = uncovered(body["legal_moves"], done["first"])
            assert not missing, f"{gid} v{body['version']}: no control for {missing[:3]}"
        if not done["sent"] and os.environ.get("TABLEFOLD_PLAY_DEBUG"):
            with open(os.environ["TABLEFOLD_PLAY_DEBUG"], "w") as f:
                json.dump({"body": body, "done": done}, f)
        assert done["sent"], f"{gid} v{done['version']}: the clicks sent no move: {done['clicks'][-5:]}"
        page.wait_for_function("!document.body.dataset.busy", timeout=WAIT, polling=20)
        error = page.locator("#play-error")
        if error.is_visible():
            text = error.inner_text()
            assert "moved on" in text, f"{gid} v{done['version']}: {done['clicks'][-1]} refused: {text}"
        moves += 1


def join(page, base, gid, code):
    """Open an invite link: the page redeems it and lands on the game as that seat."""
    page.goto(f"{base}/join/{gid}/{code}")
    page.wait_for_url(f"**/play/{gid}", timeout=WAIT)
    page.wait_for_function("document.body.dataset.seat !== undefined && document.body.dataset.seat !== ''",
                           timeout=WAIT)


# --- every game, to its end ------------------------------------------------------------------------------
@pytest.mark.parametrize("engine, players, options", GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_through_the_page(base, contexts, engine, players, options):
    seats = [{"kind": "human", "name": "Tester"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    made = create(base, engine, seats, options, seed=f"play-{engine}")
    gid = made["id"]
    page = contexts.page()
    join(page, base, gid, made["join_codes"]["0"])
    token = page.evaluate(f"localStorage.getItem('tablefold.token.{gid}')")
    assert token and token not in page.url
    started = time.monotonic()
    moves, clicks = play_to_the_end(page, base, gid, token, seed=engine)
    took = time.monotonic() - started
    print(f"\n{engine}: {moves} moves, {clicks} clicks in {took:.1f}s")
    final = view(base, gid, token)
    assert final["result"] is not None
    end = page.locator("#end")
    end.wait_for(state="visible", timeout=WAIT)
    assert "Game over" in end.inner_text()
    assert page.locator("#rematch").is_visible()
    assert page.locator("#turn").inner_text() == "Game over"
