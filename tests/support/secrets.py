"""The three generic secrecy checks, through the HTTP API (DESIGN.md, "Checked by construction").

1. `play_and_check`: for every record and every viewer (each seat, a spectator), no value that
   an event's visibility hides from that viewer appears in what the log, the replay or the live
   stream give that viewer of the record.
2. Also in `play_and_check`: every move its seat can take back at once is undone and made again;
   the events must be the same (no re-roll, no re-draw).
3. `compare_twins`: two games with the same operator seed and the same public history, differing
   only in one seat's hidden choice; everything another seat or a spectator can obtain must be
   the same, byte for byte once the game ids and the clock's timestamps are set aside, until the
   rules reveal the choice.

The checks speak HTTP through tests.support.http, to a running server or to the app in-process.
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any

from engines.core import ALL, canonical, derive_rng, expand, sample_move
from engines.core.options import allows, count_moves
from events.records import is_reveal, move_record, redact_record
from tests.conformance.suite import record_leaks
from tests.support.http import Answer, Http


# --- a table over HTTP ----------------------------------------------------------------------------
@dataclass
class Table:
    http: Http
    gid: str
    tokens: dict[int, str]
    operator: str

    @property
    def players(self) -> int:
        return len(self.tokens)

    def token(self, viewer) -> str | None:
        return self.tokens[viewer] if isinstance(viewer, int) else None

    def view(self, viewer=None) -> dict:
        answer = self.http.get(f"/games/{self.gid}", self.token(viewer))
        assert answer.status == 200, answer.body
        return answer.json()

    def move(self, seat: int, move: dict, **extra) -> Answer:
        return self.http.post(f"/games/{self.gid}/moves", {"move": move, **extra}, self.tokens[seat])

    def records(self, viewer, since: int = 1) -> list[dict]:
        """The log from `since` on, as `viewer` (a seat, None, or ALL through the operator) gets it."""
        out = []
        while True:
            query = f"?since={since}&limit=1000" + ("&as=all" if viewer == ALL else "")
            token = self.operator if viewer == ALL else self.token(viewer)
            answer = self.http.get(f"/games/{self.gid}/log{query}", token)
            assert answer.status == 200, answer.body
            page = answer.json()["records"]
            out += page
            if len(page) < 1000:
                return out
            since = page[-1]["v"] + 1

    def stream(self, viewer, version: int) -> list:
        """The live stream's messages to `viewer` from version 1 on, until it has sent the
        record making `version` and the view after it."""
        path = f"/games/{self.gid}/stream?since=1"
        if isinstance(viewer, int):
            ticket = self.http.post(f"/games/{self.gid}/stream-ticket", token=self.token(viewer))
            assert ticket.status == 200, ticket.body
            path += f"&ticket={ticket.json()['ticket']}"

        def caught_up(messages):
            return bool(messages) and messages[-1].event == "view" and any(
                m.event == "record" and m.data["record"]["v"] >= version for m in messages)

        status, messages = self.http.stream(path, caught_up)
        assert status == 200
        return messages

    def stream_records(self, viewer, version: int) -> list[dict]:
        return [m.data["record"] for m in self.stream(viewer, version) if m.event == "record"]


def new_table(http: Http, engine: str, players: int, options: dict, seed: str,
              operator: str) -> Table:
    """A table of human seats with a fixed seed (the operator's right), every seat joined."""
    made = http.post("/games", {"engine": engine, "options": options, "seed": seed, "claim": 0,
                                "seats": [{"kind": "human"}] * players}, token=operator)
    assert made.status == 201, made.body
    body = made.json()
    tokens = {0: body["token"]}
    for seat, code in body["join_codes"].items():
        joined = http.post(f"/games/{body['id']}/join", {"code": code})
        assert joined.status == 200, joined.body
        tokens[int(seat)] = joined.json()["token"]
    return Table(http, body["id"], tokens, operator)


# --- checks 1 and 2: one game played through the API ----------------------------------------------
def assert_no_leaks(raw: dict[int, dict], seen: list[dict], viewer, where: str) -> None:
    for record in seen:
        leaks = record_leaks(raw[record["v"]], viewer, record)
        assert not leaks, f"{where}, record {record['v']}, viewer {viewer}: {leaks[0]}"


def play_and_check(http: Http, engine: str, players: int, options: dict, seed: str,
                   operator: str, every: int = 8) -> dict:
    """Play a random game to its end through the API, running checks 1 and 2 as it goes.
    Returns counts of what was checked."""
    table = new_table(http, engine, players, options, seed, operator)
    rng = derive_rng(seed, 0, "client")
    viewers = list(range(players)) + [None]
    counts = {"moves": 0, "redone": 0, "records_checked": 0}
    checked_to = 1

    def check_log(version: int) -> None:
        nonlocal checked_to
        raw = {r["v"]: r for r in table.records(ALL, checked_to + 1)}
        for viewer in viewers:
            assert_no_leaks(raw, table.records(viewer, checked_to + 1), viewer, "log")
            at = checked_to + 1 + rng.randbelow(version - checked_to)
            side = "" if viewer is None else f"&as={viewer}"
            replay = http.get(f"/games/{table.gid}/replay?at={at}{side}", table.token(viewer))
            assert replay.status == 200, replay.body
            assert_no_leaks(raw, [replay.json()["record"]], viewer, "replay")
        counts["records_checked"] += len(raw)
        checked_to = version

    while True:
        public = table.view()
        if public["result"] is not None:
            break
        seat = rng.choice(public["awaited"])
        view = table.view(seat)
        move = sample_move(view["legal_moves"], rng)
        answer = table.move(seat, move, expected_version=view["version"])
        assert answer.status == 200, (move, answer.body)
        made = answer.json()
        counts["moves"] += 1
        v = made["recorded_at"]
        if made["undo"]["versions"][:1] == [v]:   # the seat may take it back at once
            first = table.records(ALL, v)[0]
            undone = http.post(f"/games/{table.gid}/undo", {"to": "step"}, table.tokens[seat])
            assert undone.status == 200, undone.body
            again = table.move(seat, move)
            assert again.status == 200, again.body
            redo = table.records(ALL, v + 2)[0]
            assert canonical(redo["events"]) == canonical(first["events"]), \
                f"{engine}: seat {seat}'s {move} undone and made again gives other events"
            counts["redone"] += 1
        version = table.view()["version"]
        if counts["moves"] % every == 0:
            check_log(version)
    version = table.view()["version"]
    if version > checked_to:
        check_log(version)
    raw = {r["v"]: r for r in table.records(ALL)}
    for viewer in viewers:
        assert_no_leaks(raw, table.stream_records(viewer, version), viewer, "live stream")
    return counts


# --- check 3: twin games --------------------------------------------------------------------------
@dataclass
class HiddenChoice:
    history: list[tuple[int, dict]]   # the moves before it, in order
    seat: int
    moves: tuple[dict, dict]          # two moves the others cannot tell apart


def candidates(options: list[dict], rng, samples: int = 16) -> list[dict]:
    if count_moves(options) <= 64:
        return [m for o in options for m in expand(o)]
    out = []
    for _ in range(samples):
        m = sample_move(options, rng)
        if m not in out:
            out.append(m)
    return out


def find_hidden_choice(engine, players: int, options: dict, seed: str,
                       max_moves: int = 400) -> HiddenChoice | None:
    """The first position of a random game (dealt from `seed`, as the service deals it) where a
    seat has two moves whose records every other viewer sees alike, neither a reveal. Only the
    records decide (what the events and the public move body declare public): whether the views,
    answers and everything else agree too is what the twins then test. None when the game has no
    hidden choice."""
    options = engine.load_options(options)
    rng = derive_rng(seed, 0, "twins")
    state = engine.initial(players, options)
    for ev in engine.setup(players, options, derive_rng(seed, 1)):
        state = engine.evolve(state, ev)
    history: list[tuple[int, dict]] = []
    others_of = {s: [o for o in range(players) if o != s] + [None] for s in range(players)}
    while engine.result(state) is None and len(history) < max_moves:
        v = len(history) + 2
        for seat in engine.awaited(state):
            seen: dict[str, dict] = {}
            for move in candidates(engine.legal_moves(state, seat), rng):
                move_rng = derive_rng(seed, v)
                events = engine.decide(state, seat, move, move_rng)
                record = move_record(engine, state, v, seat, move, events, move_rng.drawn, "t")
                after = copy.deepcopy(state)
                for ev in events:
                    after = engine.evolve(after, ev)
                if is_reveal(record) or engine.result(after) is not None:
                    continue
                looks = canonical([redact_record(record, o) for o in others_of[seat]])
                if looks in seen and seen[looks] != move:
                    return HiddenChoice(history, seat, (seen[looks], move))
                seen.setdefault(looks, move)
        seat = rng.choice(engine.awaited(state))
        move = sample_move(engine.legal_moves(state, seat), rng)
        for ev in engine.decide(state, seat, move, derive_rng(seed, v)):
            state = engine.evolve(state, ev)
        history.append((seat, move))
    return None


STAMP = re.compile(rb'"(at|created)": ?"[^"]*"')
TICKET = re.compile(rb'"ticket": ?"[^"]*"')


def normalised(answer: Answer, gid: str) -> tuple:
    """An answer as comparable between twins: the game id and the clock's timestamps (each of a
    fixed length) replaced, the Date header, the request's own id and the rate limiter's headers
    (which count the caller's own requests to both twins) left out. The raw size stays in."""
    body = STAMP.sub(rb'"\1":"T"', answer.body.replace(gid.encode(), b"GAME"))
    body = TICKET.sub(b'"ticket":"T"', body)
    headers = {k: v.replace(gid, "GAME") for k, v in answer.headers.items()
               if k not in ("date", "retry-after", "x-request-id") and not k.startswith("x-ratelimit")}
    return answer.status, len(answer.body), headers, body


@dataclass
class Observer:
    """What one viewer (a seat, or None for a spectator) can obtain of one twin."""
    table: Table
    viewer: Any
    replayed_to: int = 0
    seen: list = field(default_factory=list)

    def get(self, label: str, path: str) -> None:
        answer = self.table.http.get(path.replace("G", self.table.gid, 1), self.table.token(self.viewer))
        self.seen.append((label, normalised(answer, self.table.gid)))

    def post(self, label: str, path: str, body) -> Answer:
        answer = self.table.http.post(path.replace("G", self.table.gid, 1), body,
                                      self.table.token(self.viewer))
        self.seen.append((label, normalised(answer, self.table.gid)))
        return answer

    def observe_stream(self, reveal: int | None) -> None:
        """The live stream from the start: its records and the view after them; only the records
        before it when the record `reveal` is where the twins part."""
        t = self.table
        messages = [(m.id, m.event, m.data) for m in t.stream(self.viewer, t.view()["version"])]
        if reveal is not None:
            messages = [m for m in messages if m[1] == "record" and m[2]["record"]["v"] < reveal]
        self.seen.append(("stream", STAMP.sub(rb'"\1":"T"', canonical(messages).replace(
            t.gid, "GAME").encode())))

    def observe(self, probes: list[dict]) -> None:
        """Everything this viewer can ask for now but the live stream, appended to `seen`."""
        t, me = self.table, self.viewer
        self.get("view", "/games/G")
        view = t.view(me)
        version = view["version"]
        self.get("log", "/games/G/log")
        self.get("log since", f"/games/G/log?since={max(1, version - 2)}")
        # every new step from the default side, and as the viewer's own, another seat's and the
        # open side (forbidden while the game runs)
        sides = sorted({me if me is not None else 0, (0 if me is None else me + 1) % t.players})
        for at in range(self.replayed_to + 1, version + 1):
            self.get(f"replay {at}", f"/games/G/replay?at={at}")
            for side in sides + ["all"]:
                self.get(f"replay {at} as {side}", f"/games/G/replay?at={at}&as={side}")
        self.replayed_to = version
        self.get("replay beyond", f"/games/G/replay?at={version + 1}")
        self.get("export", "/games/G/export")
        lobby = t.http.get("/games?limit=200")
        entry = [g for g in lobby.json()["games"] if g["id"] == t.gid]
        self.seen.append(("lobby entry", STAMP.sub(rb'"\1":"T"', canonical(entry).replace(
            t.gid, "GAME").encode())))
        if me is None:
            self.post("spectator move", "/games/G/moves", {"move": {"type": "x"}})
            return
        self.post("stream ticket", "/games/G/stream-ticket", None)
        self.post("stale move", "/games/G/moves", {"move": probes[0] if probes else {"type": "x"},
                                                   "expected_version": version - 1})
        if me not in view["active"]:
            for i, probe in enumerate(probes):
                self.post(f"probe {i}", "/games/G/moves", {"move": probe})
        if not view["undo"]["steps"]:
            self.post("undo", "/games/G/undo", {"to": "step"})
            self.post("restart turn", "/games/G/undo", {"to": "checkpoint"})


def first_difference(a: list, b: list) -> str | None:
    for (label, x), (_, y) in zip(a, b):
        if x != y:
            return f"{label}:\n  twin 1: {x!r:.600}\n  twin 2: {y!r:.600}"
    if len(a) != len(b):
        return f"one twin answered {len(a)} requests, the other {len(b)}"
    return None


def compare_twins(http: Http, engine, players: int, options: dict, seed: str, operator: str,
                  choice: HiddenChoice, steps: int = 30) -> dict:
    """Play the twin games and compare what every other viewer obtains of them after each step,
    until a record differs between them and reveals (the rules show the choice), the game ends,
    or `steps` steps; then the live streams of everything before that. Returns what was
    compared."""
    rng = derive_rng(seed, 0, "twin steps")
    twins = [new_table(http, engine.name, players, options, seed, operator) for _ in range(2)]
    for seat, move in choice.history:
        for t in twins:
            answer = t.move(seat, move)
            assert answer.status == 200, (move, answer.body)
    hidden = choice.seat
    for t, move in zip(twins, choice.moves):
        answer = t.move(hidden, move)
        assert answer.status == 200, (move, answer.body)
    viewers = [o for o in range(players) if o != hidden] + [None]
    observers = [[Observer(t, o) for o in viewers] for t in twins]
    probes = [{"type": "x"}] + [{"type": k} for k in engine.moves_schema]
    compared = {"steps": 0, "requests": 0, "stopped": "steps"}

    def compare(step: int, look) -> None:
        for pair in zip(*observers):
            for o in pair:
                look(o)
            diff = first_difference(pair[0].seen, pair[1].seen)
            assert diff is None, (f"{engine.name}: viewer {pair[0].viewer} tells the twins apart "
                                  f"after step {step} (seat {hidden} chose "
                                  f"{choice.moves[0]} or {choice.moves[1]}): {diff}")
            compared["requests"] += len(pair[0].seen)
            pair[0].seen.clear()
            pair[1].seen.clear()

    for step in range(steps):
        raw = [t.records(ALL, t.view()["version"])[0] for t in twins]
        if canonical(raw[0]["events"]) != canonical(raw[1]["events"]) and \
                (is_reveal(raw[0]) or is_reveal(raw[1])):
            compared["stopped"] = f"revealed at version {raw[0]['v']}"
            compare(step, lambda o: o.observe_stream(raw[0]["v"]))
            return compared
        compare(step, lambda o: o.observe(probes))
        compared["steps"] += 1
        public = twins[0].view()
        if public["result"] is not None:
            compared["stopped"] = "game over"
            break
        seat = rng.choice(public["awaited"])
        views = [t.view(seat) for t in twins]
        move = next((m for m in candidates(views[0]["legal_moves"], rng)
                     if allows(views[1]["legal_moves"], m)), None)
        if move is None:
            compared["stopped"] = f"seat {seat} has no move legal in both twins"
            break
        for t in twins:
            answer = t.move(seat, move)
            assert answer.status == 200, (move, answer.body)
        if seat != hidden:
            probes.append(move)  # other seats' moves, sent by a viewer whose turn it is not
    compare(compared["steps"], lambda o: o.observe_stream(None))
    return compared
