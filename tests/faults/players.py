"""Players that keep moving while a test breaks the service under them, and the checks after.

Each player drives its own games one move at a time, every move with its own move_id and the
expected_version it read. When an answer does not come (connection cut, timeout) or is a 5xx, it
sends the very same body again until the service answers: a retry with the same move_id must be
answered 200 at the version where the move was recorded, never recorded twice. Every 200 is an
acknowledged move, kept with its version to check the log afterwards.
"""
from __future__ import annotations

import collections
import random
import threading
import time
import uuid
from dataclasses import dataclass, field

import requests

from tests.support.server import auth, log_entries, new_table

TIMEOUT = 30        # an answer slower than this counts as a hang
PAUSE = 0.05        # between retries of one request
GRACE = 10          # how long a player keeps retrying one request once the test is over


@dataclass
class Tally:
    """What the players saw, shared between them."""
    lock: threading.Lock = field(default_factory=threading.Lock)
    acked: dict = field(default_factory=dict)            # gid -> {version: (move_id, move)}
    answers: collections.Counter = field(default_factory=collections.Counter)  # (status, code)
    cut: int = 0                     # requests that got no answer (connection refused or reset)
    hangs: list = field(default_factory=list)            # requests that timed out
    unclean: list = field(default_factory=list)          # errors that were not {"code", "message"}
    anomalies: list = field(default_factory=list)        # answers a correct service never gives
    in_flight: int = 0
    slowest: float = 0.0
    moves: int = 0

    def note(self, **kw):
        with self.lock:
            for k, v in kw.items():
                setattr(self, k, getattr(self, k) + v)


class Player(threading.Thread):
    def __init__(self, base: str, tally: Tally, stop: threading.Event, seed: int):
        super().__init__(name=f"player-{seed}", daemon=True)
        self.base, self.tally, self.stop_event = base, tally, stop
        self.rng = random.Random(seed)
        self.games: list[str] = []
        self.crash: BaseException | None = None

    def request(self, method: str, path: str, **kw) -> requests.Response:
        """One request, repeated until an answer that is not a 5xx (or the test is over)."""
        give_up = None
        while True:
            t0 = time.monotonic()
            self.tally.note(in_flight=1)
            try:
                resp = requests.request(method, self.base + path, timeout=TIMEOUT, **kw)
            except requests.Timeout:
                self.tally.hangs.append((method, path))
                resp = None
            except requests.RequestException:  # refused, reset, or an answer cut off mid-way
                self.tally.note(cut=1)
                resp = None
            finally:
                self.tally.note(in_flight=-1)
                with self.tally.lock:
                    self.tally.slowest = max(self.tally.slowest, time.monotonic() - t0)
            if resp is not None:
                body = self.json_of(resp)
                with self.tally.lock:
                    self.tally.answers[(resp.status_code, body.get("code"))] += 1
                if resp.status_code >= 400 and not (isinstance(body.get("code"), str)
                                                    and isinstance(body.get("message"), str)):
                    self.tally.unclean.append((method, path, resp.status_code, resp.text[:200]))
                if resp.status_code < 500:
                    return resp
            if self.stop_event.is_set():
                give_up = give_up or time.monotonic() + GRACE
                if time.monotonic() > give_up:
                    raise Stopped()
            time.sleep(PAUSE)

    @staticmethod
    def json_of(resp) -> dict:
        try:
            body = resp.json()
        except ValueError:
            return {}
        return body if isinstance(body, dict) else {}

    def table(self) -> tuple[str, dict[int, str]]:
        while True:
            try:
                gid, tokens = new_table(self.base, timeout=TIMEOUT)
            except (requests.RequestException, AssertionError, ValueError, KeyError):
                if self.stop_event.is_set():
                    raise Stopped()
                time.sleep(PAUSE)
                continue
            with self.tally.lock:
                self.tally.acked[gid] = {}
            self.games.append(gid)
            return gid, tokens

    def run(self) -> None:
        try:
            while not self.stop_event.is_set():
                self.play_one()
        except Stopped:
            pass
        except BaseException as e:  # noqa: BLE001 - reported by the test
            self.crash = e

    def play_one(self) -> None:
        gid, tokens = self.table()
        while not self.stop_event.is_set():
            view = self.request("GET", f"/games/{gid}").json()
            if view["result"] is not None:
                return
            seat = view["active"][0]
            mine = self.request("GET", f"/games/{gid}", headers=auth(tokens[seat])).json()
            body = {"move": self.rng.choice(mine["legal_moves"])["move"],
                    "expected_version": mine["version"], "move_id": uuid.uuid4().hex}
            resp = self.request("POST", f"/games/{gid}/moves", json=body, headers=auth(tokens[seat]))
            answer = self.json_of(resp)
            if resp.status_code != 200 or answer.get("recorded_at") != mine["version"] + 1:
                self.tally.anomalies.append((gid, body, resp.status_code, answer.get("code"),
                                             answer.get("recorded_at")))
                return
            with self.tally.lock:
                self.tally.acked[gid][answer["recorded_at"]] = (body["move_id"], body["move"])
                self.tally.moves += 1


class Stopped(Exception):
    pass


def run_players(base: str, count: int, seed: int = 0):
    tally, stop = Tally(), threading.Event()
    players = [Player(base, tally, stop, seed * 1000 + i) for i in range(count)]
    for p in players:
        p.start()
    return tally, stop, players


def wait_moves(tally: Tally, more: int, timeout: float) -> bool:
    """Wait until the players have had `more` further moves acknowledged."""
    goal = tally.moves + more
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if tally.moves >= goal:
            return True
        time.sleep(0.02)
    return False


def finish(players, stop: threading.Event) -> None:
    stop.set()
    for p in players:
        p.join(2 * TIMEOUT)
    stuck = [p.name for p in players if p.is_alive()]
    assert not stuck, f"players still waiting for an answer: {stuck}"
    crashes = [(p.name, p.crash) for p in players if p.crash]
    assert not crashes, crashes


def check_log(r, tally: Tally) -> None:
    """Every acknowledged move is in the log at its version; the log is 1..N, each move once, and
    nothing in it that was not acknowledged (every player retried until it had an answer)."""
    assert not tally.anomalies, tally.anomalies
    for gid, acked in tally.acked.items():
        entries = log_entries(r, gid)
        assert entries, f"game {gid} lost its log"
        assert [eid for eid, _ in entries] == [f"0-{v}" for v in range(1, len(entries) + 1)]
        assert [rec["v"] for _, rec in entries] == list(range(1, len(entries) + 1))
        records = {rec["v"]: rec for _, rec in entries}
        for version, (move_id, move) in acked.items():
            assert version in records, f"acknowledged move {move_id} at {version} of {gid} lost"
            assert records[version].get("move_id") == move_id and records[version]["move"] == move, \
                f"{gid} at {version}: acknowledged {move_id}, the log holds {records[version]}"
        ids = [rec.get("move_id") for _, rec in entries[1:]]
        assert len(ids) == len(set(ids)), f"{gid}: a move recorded twice"
        unacked = sorted(set(records) - set(acked) - {1})
        # the last move of a game may be in flight when the players stop: at most that one
        assert len(unacked) <= 1 and all(v == len(entries) for v in unacked), \
            f"{gid}: records nobody was told about: {unacked}"
