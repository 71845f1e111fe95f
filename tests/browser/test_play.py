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
import time

import pytest
import redis
import requests

from service import create_app
from tests.support.server import in_thread
from tests.browser.test_page import SHOTS

WAIT = 15_000          # ms for anything the page should show
HTTP_SECONDS = 30      # for any answer of the service to the test itself
OPERATOR = "op"
UNLIMITED = "100000/minute"
CONFIG = {"ADMIN_TOKEN": OPERATOR, "STREAM_SECONDS": 30, "STREAM_KEEPALIVE": 1,
          "RATE_CREATE": UNLIMITED, "RATE_IMPORT": UNLIMITED, "RATE_JOIN": UNLIMITED,
          "RATE_TICKET": UNLIMITED, "STREAMS_PER_GAME": 100_000, "STREAMS_PER_ADDRESS": 100_000}

# Each game with its smallest table and shortest options; seat 0 is played through the page, the
# others by the random bot. (Tiletum alone: its solo game has the automated Cardinal.)
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
# Other seeds than the committed ones (games and clicks), to look further: TABLEFOLD_PLAY_SEED=x.
SEED = os.environ.get("TABLEFOLD_PLAY_SEED", "")
# Where the seat may take back its own steps (several moves in one turn): there the test restarts
# a turn once and undoes a step once, by their buttons (with the committed seeds).
UNDO_GAMES = {"no-loose-ends", "barcelona", "tiletum", "imperial-steam"}
# The README's picture of play: this game, after this many moves, one part of a move chosen.
SCENE = ("barcelona", 9, "play.png")


@pytest.fixture(scope="module")
def base(real_redis_url):
    """The service on a loopback port, in this process, over a clean real Redis."""
    redis.Redis.from_url(real_redis_url).flushall()
    app = create_app(redis.Redis.from_url(real_redis_url), CONFIG)
    with in_thread(app) as url:
        yield url


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


def shot(page, name, **kw):
    """A screenshot beside the test run (or where TABLEFOLD_SCREENSHOTS says: the README's)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name), **kw)


# --- the API, read only (and the tables the tests start from) ---------------------------------------
def auth(token):
    return {"Authorization": f"Bearer {token}"}


def create(base, engine, seats, options=None, seed=None, **extra):
    body = {"engine": engine, "seats": seats, "options": options or {}, **extra}
    if seed:
        body["seed"] = seed
    resp = requests.post(f"{base}/games", json=body, headers=auth(OPERATOR), timeout=HTTP_SECONDS)
    assert resp.status_code == 201, resp.text
    return resp.json()


def view(base, gid, token=None):
    resp = requests.get(f"{base}/games/{gid}", headers=auth(token) if token else {}, timeout=HTTP_SECONDS)
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
# possible (tablefold.st.builder: which moves remain after a click; unchoosing a part is a way
# too), until a control sends exactly the move; then clear the choice. Answers the moves no way
# leads to.
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
      const ways = cs.filter((el) => el.hasAttribute("data-pick")).map((el) => {
        const t = el.tfTarget || (el.tfKey !== undefined ? { key: el.tfKey, el: 0 } : null);
        const effect = t && b.effectOf(t.key, t.el);
        const keeps = effect && effect.cands && effect.cands.some((r) => b.textOf(r) === want);
        return keeps ? { el, grows: effect.history.length > b.history.length, undo: !!effect.chosen } : null;
      }).filter(Boolean);
      // a pick that adds to the choice, else one that changes it, else unchoosing one
      const next = ways.find((w) => w.grows) || ways.find((w) => !w.undo) || ways[0];
      if (!next) break;
      click(next.el);
    }
    clear();
    if (!found) missing.push(target);
  }
  return missing;
}"""

def concrete(options: list[dict], most=64) -> list[dict]:
    """The concrete moves of the options without subsets (a one_of made concrete); a sample of
    `most` where there are more."""
    out = []
    for option in options:
        choose = option.get("choose") or {}
        if any("subset" in part for part in choose.values()):
            continue
        moves = [dict(option["move"])]
        for field, part in choose.items():
            moves = [{**m, field: v} for m in moves for v in part["one_of"]]
        out += moves
    return out if len(out) <= most else random.Random(len(out)).sample(out, most)


READY = """() => !document.body.dataset.busy && document.body.dataset.seat !== ""
  && ["you", "over"].includes(document.body.dataset.turn)"""

# Real clicks (Playwright's, which scroll the control into view and fail when anything covers it):
# mark one random control of those CLICK would choose among, for the test to click.
MARK = """([seed, chosen]) => {
  for (const el of document.querySelectorAll("[data-tf-next]")) el.removeAttribute("data-tf-next");
  const canon = (v) => Array.isArray(v) ? `[${v.map(canon).join(",")}]`
    : v && typeof v === "object" ? `{${Object.keys(v).sort().map((k) => `${k}:${canon(v[k])}`).join(",")}}`
    : JSON.stringify(v);
  const keeps = (move, chosen) => Object.entries(chosen).every(([k, v]) => k in move && (
    canon(move[k]) === canon(v)
    || (Array.isArray(v) && Array.isArray(move[k]) && v.every((x) => move[k].some((y) => canon(x) === canon(y))))));
  const all = [...document.querySelectorAll("#play [data-move], #board [data-move]")]
    .filter((el) => !el.disabled && el.getAttribute("aria-pressed") !== "true" && el.getClientRects().length > 0);
  const on = chosen ? all.filter((el) => keeps(JSON.parse(el.getAttribute("data-move")), chosen)) : all;
  const cs = on.length ? on : all;
  if (!cs.length) return null;
  const el = cs[Math.floor(seed * cs.length)];
  el.setAttribute("data-tf-next", "");
  return { move: JSON.parse(el.getAttribute("data-move")), pick: el.hasAttribute("data-pick") };
}"""


def wait_ready(page):
    page.wait_for_function(READY, timeout=WAIT, polling=20)


def turn(page) -> str:
    return page.evaluate("document.body.dataset.turn")


def record_line(page) -> str:
    return page.locator("#record .record-line").inner_text()


class Seat:
    """One seat played through its page: random clicks among the controls (seeded), every legal
    move checked to have its controls first. With `undo`, the first time the seat may take back
    two steps it restarts its turn, and the next time it may take back one it undoes it."""

    def __init__(self, page, base, gid, token, seed, check=True, undo=False, real=False):
        self.page, self.base, self.gid, self.token = page, base, gid, token
        self.rng = random.Random(seed)
        self.check, self.real = check, real
        self.undo = {"checkpoint": undo, "step": undo}
        self.moves = self.clicks = 0
        self.undone = []

    def take_back(self, body) -> bool:
        reach = body["undo"]["steps"] if body.get("undo") else 0
        page = self.page
        assert page.locator("#undo-box").get_attribute("data-steps") == str(reach)
        to = "checkpoint" if reach >= 2 and self.undo["checkpoint"] else \
            "step" if reach >= 1 and self.undo["step"] and not self.undo["checkpoint"] else None
        if to is None:
            return False
        self.undo[to] = False
        # the buttons say how far undo reaches
        assert f"({reach} step{'s' if reach > 1 else ''} back possible)" in page.locator("#undo-step").inner_text()
        if reach > 1:
            assert f"({reach} steps)" in page.locator("#undo-turn").inner_text()
        page.locator("#undo-turn" if to == "checkpoint" else "#undo-step").click()
        page.wait_for_function(f"Number(document.body.dataset.version) > {body['version']} && !document.body.dataset.busy",
                               timeout=WAIT, polling=20)
        assert "took back step" in record_line(page)
        self.undone.append((to, reach))
        return True

    def synced(self):
        """The seat's view from the service, once the page shows the same version (a read may
        let a bot move: the page hears of it by its stream)."""
        for _ in range(20):
            body = view(self.base, self.gid, self.token)
            self.page.wait_for_function(f"Number(document.body.dataset.version) >= {body['version']}",
                                        timeout=WAIT, polling=20)
            wait_ready(self.page)
            if self.page.evaluate("Number(document.body.dataset.version)") == body["version"]:
                return body
        raise AssertionError(f"{self.gid}: the page never settled on the service's version")

    def move(self):
        """Make one move (or one undo) by clicking; the page must be ready and the seat's turn."""
        page, body = self.page, self.synced()
        if body["result"] is not None:
            return
        if self.take_back(body):
            return
        if self.check:
            missing = page.evaluate(REACH, concrete(body["legal_moves"]))
            assert not missing, f"{self.gid} v{body['version']}: no way to {missing[:3]}"
        if self.real:
            done = self.click_really()
        else:
            done = page.evaluate(CLICK, [self.rng.randrange(2**32), 200])
        self.clicks += len(done["clicks"])
        if self.check and body["version"] == done["version"]:
            missing = uncovered(body["legal_moves"], done["first"])
            assert not missing, f"{self.gid} v{body['version']}: no control for {missing[:3]}"
        assert done["sent"], f"{self.gid} v{done['version']}: the clicks sent no move: {done['clicks'][-5:]}"
        page.wait_for_function("!document.body.dataset.busy", timeout=WAIT, polling=20)
        error = page.locator("#play-error")
        if error.is_visible():
            text = error.inner_text()
            assert "moved on" in text, f"{self.gid} v{done['version']}: {done['clicks'][-1]} refused: {text}"
        self.moves += 1

    def click_really(self):
        page = self.page
        first = page.evaluate("""() => [...document.querySelectorAll("#play [data-move], #board [data-move]")]
          .filter((el) => !el.disabled && el.getAttribute("aria-pressed") !== "true" && el.getClientRects().length > 0)
          .map((el) => ({ move: JSON.parse(el.getAttribute("data-move")), pick: el.hasAttribute("data-pick") }))""")
        out = {"version": int(page.evaluate("document.body.dataset.version")), "first": first,
               "clicks": [], "sent": False}
        chosen = None
        for _ in range(60):
            c = page.evaluate(MARK, [self.rng.random(), chosen])
            if c is None:
                break
            page.locator("[data-tf-next]").click(timeout=WAIT)
            out["clicks"].append(c)
            if not c["pick"]:
                out["sent"] = True
                break
            chosen = c["move"]
        return out


def play_to_the_end(base, gid, seats: dict, max_moves=MAX_MOVES, until=None):
    """Play the game's human seats ({seat: Seat}) through their pages until it ends (or `until()`
    holds): each time, a seat the game awaits, once its page shows it its turn."""
    while until is None or not until():
        body = view(base, gid)
        if body["result"] is not None:
            for seat in seats.values():
                seat.page.wait_for_function("document.body.dataset.turn === 'over'", timeout=WAIT)
            return
        awaited = [seats[s] for s in body["awaited"] if s in seats]
        assert awaited, f"{gid} v{body['version']}: waits for {body['awaited']}, no seat played here"
        total = sum(seat.moves for seat in seats.values())
        assert total < max_moves, f"{gid}: no end after {total} moves through the page"
        seat = awaited[0]
        wait_ready(seat.page)
        if turn(seat.page) == "you":
            seat.move()


def picture_a_choice(page, name):
    """The seat's page with the first part of a move chosen (a pick clicked), for the README;
    the choice is cleared again."""
    wait_ready(page)
    page.evaluate("""() => { for (const el of document.querySelectorAll("[data-tf-next]")) el.removeAttribute("data-tf-next");
      const el = document.querySelector("#board [data-pick]") || document.querySelector("#play [data-pick]");
      if (el) el.setAttribute("data-tf-next", ""); }""")
    if page.locator("[data-tf-next]").count():
        page.locator("[data-tf-next]").click()
        page.locator("#play .tf-chosen-line").wait_for(timeout=WAIT)
    shot(page, name, full_page=True)
    if page.locator("#play .tf-clear").count():
        page.click("#play .tf-clear")


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
    made = create(base, engine, seats, options, seed=f"play-{engine}{SEED}")
    gid = made["id"]
    page = contexts.page()
    join(page, base, gid, made["join_codes"]["0"])
    token = page.evaluate(f"localStorage.getItem('tablefold.token.{gid}')")
    assert token and token not in page.url
    started = time.monotonic()
    seat = Seat(page, base, gid, token, seed=f"{engine}{SEED}", undo=True)
    if engine == SCENE[0]:
        play_to_the_end(base, gid, {0: seat}, until=lambda: seat.moves >= SCENE[1])
        picture_a_choice(page, SCENE[2])
    play_to_the_end(base, gid, {0: seat})
    took = time.monotonic() - started
    print(f"\n{engine}: {seat.moves} moves, {seat.clicks} clicks in {took:.1f}s, undone {seat.undone}")
    if engine in UNDO_GAMES and not SEED:
        assert [to for to, _ in seat.undone] == ["checkpoint", "step"]
    final = view(base, gid, token)
    assert final["result"] is not None
    end = page.locator("#end")
    end.wait_for(state="visible", timeout=WAIT)
    assert "Game over" in end.inner_text()
    assert page.locator("#rematch").is_visible()
    assert page.locator("#turn").inner_text() == "Game over"


# --- tables made in the lobby, two players in two browsers ----------------------------------------------
def lobby_table(page, base, engine, names, options=(), open_table=False):
    """Fill the lobby's form: the game, one human seat per name (the creator sits at seat 0), the
    options named (checkboxes) ticked; create it. Answers the game's id."""
    page.goto(f"{base}/")
    page.wait_for_selector("#seat-rows .seat-row", timeout=WAIT)
    page.select_option("#engine", engine)
    page.select_option("#players", str(len(names)))
    for i, name in enumerate(names):
        row = page.locator(f'#seat-rows .seat-row[data-seat="{i}"]')
        row.locator(".seat-kind").select_option("human")
        row.locator(".seat-name").fill(name)
    page.locator('#seat-rows .seat-row[data-seat="0"] .seat-me').check()
    for option in options:
        page.locator(f'#options [data-option="{option}"]').check()
    if open_table:
        page.check("#open")
    page.click("#create-button")
    page.locator("#created").wait_for(timeout=WAIT)
    link = page.locator("#play-now")
    gid = link.get_attribute("href").rsplit("/", 1)[-1]
    assert page.locator("#created").inner_text().count(gid) >= 1
    return gid


def token_of(page, gid):
    token = page.evaluate(f"localStorage.getItem('tablefold.token.{gid}')")
    assert token and token not in page.url
    return token


def test_two_players_from_the_lobby_with_an_invite_link(base, contexts):
    """Tic Tac Trek: Ann makes the table in the lobby and sends Bob his invite link; each plays
    from their own browser; whose turn it is shows on both pages and in the tab's title; the
    end offers a rematch."""
    ann, bob = contexts.page(), contexts.page()
    gid = lobby_table(ann, base, "tic-tac-trek", ["Ann", "Bob"])
    invites = ann.locator("#created .invite-list li")
    assert invites.count() == 1 and invites.get_attribute("data-seat") == "1"  # Ann sits already
    link = invites.locator("input").input_value()
    assert link.startswith(f"{base}/join/{gid}/")
    shot(ann, "new-table.png")
    ann.click("#play-now")
    ann.wait_for_url(f"**/play/{gid}", timeout=WAIT)
    bob.goto(link)
    bob.wait_for_url(f"**/play/{gid}", timeout=WAIT)    # the code left the address
    pages = {0: ann, 1: bob}
    seats = {i: Seat(page, base, gid, token_of(page, gid), seed=f"lobby-{i}") for i, page in pages.items()}
    for page in pages.values():
        page.wait_for_function("document.body.dataset.seat !== '' && document.body.dataset.turn !== undefined",
                               timeout=WAIT)
    while (body := view(base, gid))["result"] is None:
        mover = body["awaited"][0]
        other = pages[1 - mover]
        page = pages[mover]
        # the mover's tab says so in its title, live: the other's move came by the stream
        page.wait_for_function("document.title.startsWith('● Your turn')", timeout=WAIT)
        wait_ready(page)
        other.wait_for_function(f"document.body.dataset.version === '{body['version']}'", timeout=WAIT)
        assert not other.title().startswith("●")
        name = "Ann" if mover == 0 else "Bob"
        assert other.locator("#turn").inner_text() == f"Waiting for Seat {mover} · {name}"
        assert page.locator("#turn").inner_text() == "Your turn"
        seats[mover].move()
    for page in pages.values():
        page.locator("#end").wait_for(timeout=WAIT)
        assert page.locator("#turn").inner_text() == "Game over"
        # every step listed, the last one too (whether it came by the stream or not)
        page.wait_for_function(f"document.querySelectorAll('#steps li').length === {body['version']}", timeout=WAIT)
    ranking = body["result"]["ranking"]
    first = [r["seat"] for r in ranking if r["rank"] == 1]
    text = ann.locator("#end .end-result").inner_text()
    assert ("share first place" in text) if len(first) > 1 else ("wins" in text)
    # the rematch: the same seats, Ann's seat kept, Bob's invite link to send
    ann.click("#rematch")
    ann.locator("#rematch-link").wait_for(timeout=WAIT)
    assert ann.locator("#end .invite-list li").get_attribute("data-seat") == "1"
    shot(ann, "game-over.png")
    # the lobby lists the game among each one's games, and among the games to watch
    for page in pages.values():
        page.goto(f"{base}/")
        mine = page.locator(f'#my-games li[data-game="{gid}"]')
        mine.wait_for(timeout=WAIT)
        assert "finished" in mine.inner_text()
        page.locator(f'#games tr[data-game="{gid}"]').wait_for(timeout=WAIT)


def test_an_open_table_and_a_simultaneous_step(base, contexts):
    """Tekhenu, an open table made in the lobby with an option ticked: Bob takes the free seat
    from the lobby's list. Its first step is simultaneous (each keeps one of two Decrees): one who
    has chosen waits for the other and may change the choice meanwhile."""
    ann, bob = contexts.page(), contexts.page()
    gid = lobby_table(ann, base, "tekhenu", ["Ann", "Bob"], options=["random_wheel"], open_table=True)
    assert view(base, gid)["options"]["random_wheel"] is True
    ann.click("#play-now")
    ann.wait_for_url(f"**/play/{gid}", timeout=WAIT)
    bob.goto(f"{base}/")
    listed = bob.locator(f'#open-tables li[data-game="{gid}"]')
    listed.wait_for(timeout=WAIT)
    listed.locator('button[data-seat="1"]').click()
    bob.wait_for_url(f"**/play/{gid}", timeout=WAIT)
    seats = {0: Seat(ann, base, gid, token_of(ann, gid), seed="open-0"),
             1: Seat(bob, base, gid, token_of(bob, gid), seed="open-1")}
    assert view(base, gid)["awaited"] == [0, 1]
    for page in (ann, bob):
        wait_ready(page)
        assert page.locator("#turn").inner_text() == "Your turn (also waiting for 1 other player)"
    seats[0].move()
    ann.wait_for_function("document.body.dataset.turn === 'chosen'", timeout=WAIT)
    assert ann.locator("#turn").inner_text().startswith("You have chosen. Waiting for 1 player")
    # Ann changes her mind while Bob thinks: her controls are still there
    before = view(base, gid)["version"]
    done = ann.evaluate(CLICK, [7, 50])
    assert done["sent"]
    ann.wait_for_function(f"Number(document.body.dataset.version) > {before} && !document.body.dataset.busy",
                          timeout=WAIT)
    assert ann.locator("#play-error").is_hidden()
    assert ann.evaluate("document.body.dataset.turn") == "chosen"
    bob.wait_for_function(f"Number(document.body.dataset.version) > {before}", timeout=WAIT)
    assert bob.locator("#turn").inner_text() == "Your turn"
    play_to_the_end(base, gid, seats)
    for page in (ann, bob):
        page.locator("#end").wait_for(timeout=WAIT)


# --- refusals, a stale view, the keyboard ---------------------------------------------------------------
KEY_TARGET = """() => { const el = document.activeElement;
  return !!el && el.matches("#play [data-move], #board [data-move]") && !el.disabled; }"""


def move_by_keyboard(page, presses=400) -> int:
    """Tab to a control, press Enter; again until a move is sent. Answers the Enter presses."""
    version = page.evaluate("document.body.dataset.version")
    enters = 0
    for _ in range(presses):
        page.keyboard.press("Tab")
        if not page.evaluate(KEY_TARGET):
            continue
        pick = page.evaluate("document.activeElement.hasAttribute('data-pick')")
        page.keyboard.press("Enter")
        enters += 1
        if not pick:
            page.wait_for_function(f"document.body.dataset.version !== '{version}' && !document.body.dataset.busy",
                                   timeout=WAIT, polling=20)
            return enters
    raise AssertionError(f"no move made with {presses} presses of Tab")


def test_refusals_a_stale_view_and_the_keyboard(base, contexts):
    """Tic Tac Trek against the random bot. A control whose move the service refuses (422): the
    reason is said in words beside the board. The same seat moving in another tab while this one
    hears nothing (its stream cut): this tab's move is stale (409), and the page shows the table
    as it stands and says so. Then moves by the keyboard alone, and the game to its end."""
    made = create(base, "tic-tac-trek", [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed="refusals")
    gid = made["id"]
    page = contexts.page()
    page.route("**/stream?**", lambda route: route.abort())     # this tab hears nothing live
    join(page, base, gid, made["join_codes"]["0"])
    token = token_of(page, gid)
    wait_ready(page)

    # 422: a control tampered with sends what it says; the service is the judge
    version = view(base, gid, token)["version"]
    page.evaluate("""() => { const el = document.querySelector("#board [data-move]:not([data-pick])");
      const move = JSON.parse(el.getAttribute("data-move")); move.cell = [40, 40];
      el.setAttribute("data-move", JSON.stringify(move)); }""")
    page.locator("#board [data-move]:not([data-pick])").first.click()
    error = page.locator("#play-error")
    error.wait_for(timeout=WAIT)
    assert error.inner_text().startswith("Not allowed: ")
    assert len(error.inner_text()) > len("Not allowed: ") + 10          # the reason, in words
    assert view(base, gid, token)["version"] == version
    assert page.locator("#board [data-move]").count() > 0               # still playable

    # 409: the same seat moves in a second tab (it hears the stream; this one does not)
    other = page.context.new_page()
    other.goto(f"{base}/play/{gid}")
    wait_ready(other)
    Seat(other, base, gid, token, seed="other tab").move()
    other.close()
    now = view(base, gid, token)["version"]
    assert now > version and page.evaluate("document.body.dataset.version") == str(version)
    done = page.evaluate(CLICK, [3, 50])
    assert done["sent"]
    page.wait_for_function(f"document.body.dataset.version === '{now}' && !document.body.dataset.busy",
                           timeout=WAIT, polling=20)
    assert "moved on before your move arrived" in error.inner_text()
    assert "shown as it stands now" in error.inner_text()
    assert view(base, gid, token)["version"] == now                    # nothing was played

    # the keyboard alone: Tab to a control, Enter
    wait_ready(page)
    move_by_keyboard(page)
    assert error.is_hidden()
    wait_ready(page)
    move_by_keyboard(page)
    play_to_the_end(base, gid, {0: Seat(page, base, gid, token, seed="refusals")})
    page.locator("#end").wait_for(timeout=WAIT)


# --- a phone's screen ------------------------------------------------------------------------------------
PHONE = {"width": 375, "height": 740}
# Every control brought into view (the page scrolls, and a board wider than the screen scrolls
# inside itself) is the element found at its centre: nothing covers it. Answers those that fail.
UNREACHABLE = """() => {
  const out = [];
  const all = [...document.querySelectorAll("[data-move], #create-button, #play-now, .invite-url, #rematch")]
    .filter((el) => !el.disabled && el.getClientRects().length > 0);
  for (const el of all) {
    el.scrollIntoView({ block: "center", inline: "center" });
    const r = el.getBoundingClientRect();
    const x = Math.min(Math.max(r.left + r.width / 2, 1), innerWidth - 1);
    const y = Math.min(Math.max(r.top + r.height / 2, 1), innerHeight - 1);
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(el === hit || el.contains(hit))) out.push(el.outerHTML.slice(0, 120));
  }
  window.scrollTo(0, 0);
  return out;
}"""
OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


def fits_a_phone(page, what):
    assert page.evaluate(OVERFLOW) <= 0, f"{what}: wider than the screen"
    missing = page.evaluate(UNREACHABLE)
    assert not missing, f"{what}: controls out of reach: {missing[:3]}"


def test_a_phone_screen(base, contexts):
    """375 px wide: the lobby (a new table made there) and three games; no page is wider than the
    screen, and every control can be brought into view and clicked. Tic Tac Trek is played to its
    end and the others for a few moves, by real clicks (Playwright's: scrolled to, nothing over
    them)."""
    page = contexts.page(**PHONE)
    page.goto(f"{base}/")
    page.wait_for_selector("#seat-rows .seat-row", timeout=WAIT)
    fits_a_phone(page, "the lobby")
    gid = lobby_table(page, base, "barcelona", ["Ann"] + [""], options=[])
    fits_a_phone(page, "the lobby with a new table")
    page.goto(f"{base}/")
    page.locator(f'#my-games li[data-game="{gid}"]').wait_for(timeout=WAIT)
    fits_a_phone(page, "the lobby with my games")

    for engine, players, moves in (("tic-tac-trek", 2, None), ("barcelona", 2, 6), ("tekhenu", 2, 6)):
        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
        made = create(base, engine, seats, seed=f"phone-{engine}")
        gid = made["id"]
        join(page, base, gid, made["join_codes"]["0"])
        seat = Seat(page, base, gid, token_of(page, gid), seed=engine, check=False, real=True)
        while moves is None or seat.moves < moves:
            wait_ready(page)
            if engine == "tekhenu" and seat.moves == 4:
                page.evaluate("window.scrollTo(0, 0)")
                shot(page, "phone.png")
            fits_a_phone(page, f"{engine} at step {page.evaluate('document.body.dataset.version')}")
            if turn(page) == "over":
                break
            seat.move()
        if moves is None:
            assert turn(page) == "over"
            page.locator("#end").wait_for(timeout=WAIT)
            fits_a_phone(page, f"{engine}'s end")
