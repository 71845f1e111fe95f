"""A game's life on the store: create, load (snapshot + tail), submit a move, undo.

The straight line of a move: load -> decide -> atomic append -> evolve the loaded state.
"""
from __future__ import annotations

import hashlib
import json
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from engines.core import Engine, canonical, derive_rng, get_engine, state_hash
from events.fold import fold, undo_reach
from events.records import Record, checkpoint_for, move_record
from events.store import Conflict, Duplicate, GameMeta, Store

SNAPSHOT_EVERY = 64   # records between snapshots of folded state
HASH_EVERY = 8        # records between state hashes written into the log
CACHE_SIZE = 512      # games whose folded state a worker keeps


class StateCache:
    """Each worker's newest folded state per game, as JSON (engines evolve states in place, so
    every load parses a fresh copy). Only an optimisation: the log stays the truth."""

    def __init__(self, size: int):
        self.size = size
        self._items: OrderedDict[str, tuple[int, str, Record | None]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, gid: str) -> tuple[int, str, Record | None] | None:
        with self._lock:
            item = self._items.get(gid)
            if item is not None:
                self._items.move_to_end(gid)
            return item

    def put(self, gid: str, version: int, state: Any, last: Record | None) -> None:
        text = json.dumps(state)
        with self._lock:
            current = self._items.get(gid)
            if current is None or current[0] <= version:
                self._items[gid] = (version, text, last)
                self._items.move_to_end(gid)
            while len(self._items) > self.size:
                self._items.popitem(last=False)


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def fingerprint(move: Any) -> str:
    return sha256(canonical(move))[:32]


def now() -> str:
    return stamp(time.time())


def stamp(seconds: float) -> str:
    """A moment as ISO 8601 in UTC, always to the millisecond (so always of the same length)."""
    return datetime.fromtimestamp(seconds, timezone.utc).isoformat(timespec="milliseconds")


class UnknownEngineVersion(Exception):
    """The log was recorded by an engine version this code cannot fold."""


class MoveIdReused(Exception):
    """The same move id was sent with a different move."""


class AlreadyRecorded(Exception):
    """A retry: the move with this id is already in the log, at `version`."""

    def __init__(self, version: int):
        self.version = version


class CannotUndo(Exception):
    def __init__(self, code: str, reason: str):
        super().__init__(reason)
        self.code, self.reason = code, reason


@dataclass
class Game:
    gid: str
    meta: GameMeta
    engine: Engine
    version: int
    state: Any
    last: Record | None = None  # the newest record, when this worker has it at hand

    @property
    def players(self) -> int:
        return self.meta["players"]

    @property
    def options(self) -> dict:
        return self.meta["options"]

    @property
    def seats(self) -> list[dict]:
        return self.meta["seats"]

    @property
    def read_only(self) -> bool:
        return bool(self.meta.get("read_only"))

    def over(self) -> bool:
        return self.engine.result(self.state) is not None


class Games:
    def __init__(self, store: Store, snapshot_every: int = SNAPSHOT_EVERY,
                 cache_size: int = CACHE_SIZE):
        self.store = store
        self.snapshot_every = snapshot_every
        self.cache = StateCache(cache_size)

    # --- creation -----------------------------------------------------------------------------
    def create(self, engine: Engine, options: dict, seats: list[dict], seed: str | None = None,
               read_only: bool = False) -> tuple[Game, dict[int, str]]:
        """A new table. Returns the game and one single-use join code per human seat."""
        gid = secrets.token_urlsafe(9)
        seed = seed if seed is not None else secrets.token_hex(32)
        codes = {i: secrets.token_urlsafe(12) for i, s in enumerate(seats) if s["kind"] == "human"}
        meta = {
            "engine": engine.name, "engine_version": engine.version, "players": len(seats),
            "options": options, "seats": seats, "seed": seed, "commitment": sha256(seed),
            "created": time.time(), "read_only": read_only,
        }
        self.store.create(gid, meta, {sha256(c): i for i, c in codes.items()}, meta["created"])
        events = engine.setup(len(seats), options, derive_rng(seed, 1))
        state = fold(engine, len(seats), options, [])
        for ev in events:
            state = engine.evolve(state, ev)
        record = {"v": 1, "by": "system", "move": None, "events": events, "at": now(),
                  "hash": state_hash(state)}
        self.store.append(gid, 0, record)
        return Game(gid, self.store.meta(gid), engine, 1, state), codes

    def import_log(self, engine: Engine, header: dict, records: list[Record], read_only: bool
                   ) -> tuple[Game, dict[int, str]]:
        """Host an exported log as a new game; read-only unless an operator imports it."""
        gid = secrets.token_urlsafe(9)
        seats = header["seats"]
        codes = {} if read_only else {i: secrets.token_urlsafe(12)
                                      for i, s in enumerate(seats) if s["kind"] == "human"}
        seed = header.get("seed") or secrets.token_hex(32)
        meta = {"engine": engine.name, "engine_version": header["engine_version"],
                "players": header["players"], "options": header["options"], "seats": seats,
                "seed": seed, "commitment": header["commitment"], "created": time.time(),
                "read_only": read_only, "imported_from": header.get("id", "")}
        self.store.create(gid, meta, {sha256(c): i for i, c in codes.items()}, meta["created"])
        for r in records:
            self.store.append(gid, r["v"] - 1, r)
        return self.load(gid), codes

    # --- loading ------------------------------------------------------------------------------
    def load(self, gid: str) -> Game | None:
        """The game as it stands: this worker's cached state (or the snapshot) plus the tail of
        the log after it. A tail undo that reaches behind the base means a fold from scratch."""
        cached = self.cache.get(gid)
        meta, tail = self.store.meta_and_tail(gid, cached[0] + 1 if cached else None)
        if meta is None:
            return None
        engine = get_engine(meta["engine"])
        if engine is None or not engine.can_fold(meta["engine_version"]):
            raise UnknownEngineVersion(
                f"this game was recorded by {meta['engine']} version {meta['engine_version']}, "
                f"which this server cannot replay")
        players, options = meta["players"], meta["options"]
        base = cached
        if base is None:
            snap = self.store.snapshot(gid)
            if snap and snap[1] == engine.version:
                base = (snap[0], snap[2])
                tail = self.store.records(gid, snap[0] + 1)
        if base is not None and not any(v <= base[0] for r in tail for v in r.get("undo") or ()):
            state = fold(engine, players, options, tail, json.loads(base[1]))
            version = tail[-1]["v"] if tail else base[0]
            last = tail[-1] if tail else (cached[2] if cached else None)
        else:
            records = self.store.records(gid)
            if not records:
                return None  # created but never set up: nothing to show
            state = fold(engine, players, options, records)
            version, last = records[-1]["v"], records[-1]
        if tail or cached is None:
            self.cache.put(gid, version, state, last)
        return Game(gid, meta, engine, version, state, last)

    def state_at(self, game: Game, version: int) -> Any:
        """The state after record `version`, as the log stood then (undo later does not count)."""
        return fold(game.engine, game.players, game.options, self.store.records(game.gid, 1, version))

    # --- moves --------------------------------------------------------------------------------
    def submit(self, game: Game, seat: int, move: dict, *, move_id: str | None = None,
               expected_version: int | None = None, bot: str | None = None) -> Record:
        """Decide and append one move; `game` is advanced in place.

        Raises AlreadyRecorded (a retry of a recorded move id), MoveIdReused, Conflict (the game
        is not at expected_version, or another writer won the race) or IllegalMove.
        """
        id_key = f"{seat}:{move_id}" if move_id else ""
        fp = fingerprint(move)
        if id_key:  # looked up before the version check, so a retry answers as the first did
            prior = self.store.move_id(game.gid, id_key)
            if prior:
                self._raise_duplicate(*prior, fp)
        if expected_version is not None and expected_version != game.version:
            raise Conflict(game.version)
        engine = game.engine
        rng = derive_rng(game.meta["seed"], game.version + 1)
        events = engine.decide(game.state, seat, move, rng)
        record = move_record(engine, game.state, game.version + 1, seat, move, events, rng.drawn, now())
        if bot:
            record["bot"] = bot
        if move_id:
            record["move_id"] = move_id
        state = game.state
        for ev in events:
            state = engine.evolve(state, ev)
        if engine.result(state) is not None or record["v"] % HASH_EVERY == 0:
            record["hash"] = state_hash(state)
        try:
            version = self.store.append(game.gid, game.version, record, id_key, fp)
        except (Duplicate, Conflict) as failure:
            self._reload(game)  # the state was evolved in place for a move that was not recorded
            if isinstance(failure, Duplicate):
                self._raise_duplicate(failure.version, failure.fingerprint, fp)
            raise
        game.state, game.version, game.last = state, version, record
        self.cache.put(game.gid, version, state, record)
        if "hash" in record and engine.result(state) is not None:
            self.store.set_meta(game.gid, finished=record["at"])  # for the lobby's list
        self._maybe_snapshot(game)
        return record

    @staticmethod
    def _raise_duplicate(version: int, recorded_fp: str, fp: str):
        if recorded_fp != fp:
            raise MoveIdReused()
        raise AlreadyRecorded(version)

    def _maybe_snapshot(self, game: Game) -> None:
        if game.version % self.snapshot_every == 0:
            self.store.save_snapshot(game.gid, game.version, game.engine.version, canonical(game.state))

    # --- undo ---------------------------------------------------------------------------------
    def undo_reach(self, game: Game, seat: Any) -> list[int]:
        """Versions the seat could rescind now, newest first (empty when it may not undo)."""
        if not isinstance(seat, int) or seat not in game.engine.active(game.state) or game.over():
            return []
        last = game.last
        if last is not None and last["v"] == game.version and checkpoint_for(last, seat):
            return []  # the newest record already stops the walk: no need to read the log
        return undo_reach(self.store.records_newest_first(game.gid), seat)

    def undo(self, game: Game, seat: int, to: str, expected_version: int | None = None) -> Record:
        """Rescind the seat's latest move ("step") or all back to the checkpoint ("checkpoint").
        Raises CannotUndo, or Conflict when the game is not at expected_version."""
        if expected_version is not None and expected_version != game.version:
            raise Conflict(game.version)
        if game.over():
            raise CannotUndo("game_over", "The game is over; nothing can be taken back.")
        if seat not in game.engine.active(game.state):
            raise CannotUndo("not_your_turn", "Only the player whose turn it is may take moves back.")
        reach = self.undo_reach(game, seat)
        if not reach:
            raise CannotUndo("nothing_to_undo",
                             "There is nothing of yours to take back since the last reveal or "
                             "another player's move.")
        rescind = reach[:1] if to == "step" else reach
        record = {"v": game.version + 1, "by": seat, "move": None, "undo": sorted(rescind),
                  "events": [], "at": now()}
        self.store.append(game.gid, game.version, record)
        self._reload(game)
        return record

    def _reload(self, game: Game) -> None:
        fresh = self.load(game.gid)
        game.meta, game.state = fresh.meta, fresh.state
        game.version, game.last = fresh.version, fresh.last

