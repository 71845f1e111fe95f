"""A game's life on the store: create, load, submit a move, undo.

The straight line of a move: the worker's cached state -> decide -> one atomic append (one round
trip; a worker whose copy was behind gets the missing records in the same answer, catches up and
decides again) -> the new state cached. Each worker keeps every game it serves as an immutable
entry (metadata, version, state, and what undo needs); what other workers append reaches it as
Redis pushes it (the follower, events/follow.py), and a read brings it up to date in one round
trip.
"""
from __future__ import annotations

import hashlib
import math
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Iterable

import orjson
import redis

from engines.core import Engine, IllegalMove, canonical_bytes, derive_rng, get_engine, state_hash
from events import clock as clocks
from events.fold import fold, undo_reach
from events.records import Record, checkpoint_for, move_record
from events.store import Conflict, Duplicate, GameMeta, Store

SNAPSHOT_EVERY = 64   # records between snapshots of folded state
HASH_EVERY = 8        # records between state hashes written into the log
CACHE_SIZE = 512      # games whose folded state a worker keeps
IDLE_DAYS = 30        # an unfinished game without a move for this long expires


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def fingerprint(move: Any) -> str:
    """What tells a retry from another move sent under the same move id: a hash of the move as
    canonical JSON (the bytes earlier releases hashed, so move ids they recorded still match)."""
    return hashlib.sha256(canonical_bytes(move)).hexdigest()[:32]


def now() -> str:
    return stamp(time.time())


_last_second = (None, "")   # the last whole second stamped, and its text up to the seconds


def stamp(seconds: float) -> str:
    """A moment as ISO 8601 in UTC, always to the millisecond (so always of the same length).
    As datetime writes it (microseconds rounded half to even, then cut to milliseconds), the
    date and time of day made once a second: every move is stamped."""
    global _last_second
    frac, whole = math.modf(seconds)
    micros = round(frac * 1e6)
    if frac < 0 or micros >= 1_000_000:   # before 1970, or rounded up to the next second
        return datetime.fromtimestamp(seconds, timezone.utc).isoformat(timespec="milliseconds")
    second, text = _last_second
    if second != whole:
        text = datetime.fromtimestamp(whole, timezone.utc).isoformat(timespec="seconds")[:-6]
        _last_second = (whole, text)
    return f"{text}.{micros // 1000:03d}+00:00"


class UnknownEngineVersion(Exception):
    """The log was recorded by an engine version this code cannot fold."""


class MoveIdReused(Exception):
    """The same move id was sent with a different move."""


class AlreadyRecorded(Exception):
    """A retry: the move with this id is already in the log, at `version`."""

    def __init__(self, version: int):
        self.version = version


class OutcomeUnknown(Exception):
    """The store failed while a move was being appended: it may or may not be recorded."""


class CannotUndo(Exception):
    def __init__(self, code: str, reason: str):
        super().__init__(reason)
        self.code, self.reason = code, reason


@dataclass(frozen=True)
class Entry:
    """One game as a worker caches it. Never changed: a new version is a new entry.

    The base is the newest record that no undo can take back, nor anything before it (a reveal,
    or the move before another seat's); `turn` holds the records after it that are not taken
    back. Undo walks only `turn`, and refolds from the base state."""
    meta: GameMeta
    gen: str
    version: int
    state: Any
    base_version: int = 0
    base_state: Any = None    # None: the empty table
    turn: tuple = ()
    snap_version: int = 0     # the store's newest snapshot (always a base)
    clock: dict | None = None  # a clocked game's clock as the newest record left it
    at: str = ""              # when the newest record was made

    def but(self, **changes) -> "Entry":
        """A copy with `changes`: dataclasses.replace without its per-call inspection of the
        fields (a move makes several entries)."""
        new = object.__new__(Entry)
        new.__dict__.update(self.__dict__, **changes)
        return new


def ended(entry: Entry, gen: str, finished: str) -> GameMeta | None:
    """The metadata after the append that ended the game (at `finished`), when that append is
    all that changed it since `entry`: the append script then writes `finished` and moves the
    generation one step (events/store.py), so the new metadata is known without a read."""
    if not finished or not entry.gen.isdigit() or gen != str(int(entry.gen) + 1):
        return None
    meta = GameMeta(entry.meta)
    meta["finished"] = finished
    if "gen" in meta:
        meta["gen"] = gen
    return meta


def is_undo(record: Record) -> bool:
    return record.get("undo") is not None


def rebased(entry: Entry, record: Record) -> str:
    """Where the base goes once `record` (not an undo) follows the entry: "after" it (no undo can
    take it back), "before" it (the last mover can no longer take anything back, nor can this
    one before its move), or "" (it joins the turn)."""
    if record["by"] == "system" or checkpoint_for(record, record["by"]):
        return "after"
    last = entry.turn[-1] if entry.turn else None
    if last is not None and last["by"] != record["by"] and not last.get("simultaneous"):
        return "before"
    return ""


def applied(engine: Engine, entry: Entry, records: list[Record]) -> Entry:
    """The entry with `records` (the next ones in the log, undo records too) folded in."""
    if not records:
        return entry
    players, options = entry.meta["players"], entry.meta["options"]
    # `state` is this fold's own copy, except while `shared` (with entry.state, or with the base
    # just set): copied only before an evolve changes it, so a record folded last shares its
    # state with the base it sets
    state, shared = entry.state, True
    for record in records:
        clock = record.get("clock", entry.clock)
        if is_undo(record):
            taken = set(record["undo"])
            turn = tuple(r for r in entry.turn if r["v"] not in taken)
            base = None if entry.base_state is None else engine.copy_state(entry.base_state)
            state, shared = fold(engine, players, options, list(turn), base), False
            entry = entry.but(version=record["v"], turn=turn, clock=clock, at=record["at"])
            continue
        where = rebased(entry, record)
        if where == "before":
            entry = entry.but(base_version=record["v"] - 1, turn=(), base_state=state)
            shared = True
        if shared:
            state, shared = engine.copy_state(state), False
        for ev in record["events"]:
            state = engine.evolve(state, ev)
        if where == "after":
            entry = entry.but(base_version=record["v"], base_state=state, turn=(),
                              version=record["v"], clock=clock, at=record["at"])
            shared = True
        else:
            entry = entry.but(turn=entry.turn + (record,), version=record["v"], clock=clock,
                              at=record["at"])
    return entry.but(state=state)


def moved_on(entry: Entry, record: Record, after: Any) -> Entry:
    """The entry once `record` (not an undo), which took entry.state to `after`, follows."""
    moved = {"version": record["v"], "state": after, "clock": record.get("clock", entry.clock),
             "at": record["at"]}
    where = rebased(entry, record)
    if where == "after":
        return entry.but(base_version=record["v"], base_state=after, turn=(), **moved)
    if where == "before":
        return entry.but(base_version=record["v"] - 1, base_state=entry.state, turn=(record,),
                         **moved)
    return entry.but(turn=entry.turn + (record,), **moved)


def bot_seats(meta: dict) -> dict[int, str]:
    """Seat -> the bot that plays it now ("random", or "search:<level>"): the table's bot seats
    and the seats handed to a bot. Worked out once per decoded metadata (never changed once
    decoded: a change is a new GameMeta), as every request asks."""
    known = getattr(meta, "bot_seats", None)
    if known is not None:
        return known
    out = {i: bot_name(s["bot"], s.get("level")) for i, s in enumerate(meta["seats"])
           if s["kind"] == "bot"}
    out.update({int(k): v for k, v in (meta.get("bots") or {}).items()})
    if isinstance(meta, GameMeta):
        meta.bot_seats = out
    return out


def bot_name(bot: str, level: int | None = None) -> str:
    return f"search:{level or 2}" if bot == "search" else bot


@dataclass
class Game:
    """One request's handle on a game; `submit` and `undo` move it on."""
    gid: str
    engine: Engine
    entry: Entry
    fresh: bool = False   # brought up to date with the store during this request

    meta = property(lambda self: self.entry.meta)
    version = property(lambda self: self.entry.version)
    state = property(lambda self: self.entry.state)
    players = property(lambda self: self.entry.meta["players"])
    options = property(lambda self: self.entry.meta["options"])
    seats = property(lambda self: self.entry.meta["seats"])
    read_only = property(lambda self: bool(self.entry.meta.get("read_only")))

    # --- the table around the rules: seats handed to bots, a seat that lost on time ------------
    @property
    def forfeit(self) -> int | None:
        """The seat that lost the game on time, if one did."""
        return self.entry.meta.get("forfeit")

    @property
    def bots(self) -> dict[int, str]:
        """The seats a bot plays now: bot seats, and seats handed to a bot."""
        return bot_seats(self.entry.meta)

    def result(self) -> dict | None:
        if self.forfeit is not None:
            others = [s for s in range(self.players) if s != self.forfeit]
            return {"ranking": [{"seat": s, "rank": 1} for s in others]
                    + [{"seat": self.forfeit, "rank": len(others) + 1, "forfeit": "out of time"}],
                    "reason": f"seat {self.forfeit} ran out of time"}
        return self.engine.result(self.state)

    def over(self) -> bool:
        return self.result() is not None

    def active(self) -> list[int]:
        return [] if self.forfeit is not None else self.engine.active(self.state)

    def awaited(self) -> list[int]:
        return [] if self.forfeit is not None else self.engine.awaited(self.state)

    def clock_now(self, now: float) -> dict | None:
        """The clock as it stands at `now`: settings, time left per seat, whose clocks run."""
        settings, clock = self.meta.get("clock"), self.entry.clock
        if not settings or clock is None:
            return None
        running = [] if self.over() else clock["running"]
        return {**settings, "left_ms": clocks.left_now({**clock, "running": running}, self.entry.at, now),
                "running": running}


class StateCache:
    """Each worker's newest entry per game, least recently used first out. `on_change(gid, held)`
    hears a game come in (True) and go out (False)."""

    def __init__(self, size: int, on_change=None):
        self.size = size
        self.on_change = on_change
        self._items: OrderedDict[str, Entry] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, gid: str) -> Entry | None:
        with self._lock:
            entry = self._items.get(gid)
            if entry is not None:
                self._items.move_to_end(gid)
            return entry

    def peek(self, gid: str) -> Entry | None:
        """The entry, without counting it as used."""
        return self._items.get(gid)

    def put(self, gid: str, entry: Entry) -> None:
        out = []
        with self._lock:
            current = self._items.get(gid)
            if current is None or (current.version, int(current.gen)) <= (entry.version, int(entry.gen)):
                self._items[gid] = entry
                self._items.move_to_end(gid)
            while len(self._items) > self.size:
                out.append(self._items.popitem(last=False)[0])
        if self.on_change is not None:
            if current is None:
                self.on_change(gid, True)
            for gone in out:
                self.on_change(gone, False)

    def drop(self, gid: str) -> None:
        with self._lock:
            gone = self._items.pop(gid, None)
        if gone is not None and self.on_change is not None:
            self.on_change(gid, False)


def rescinds_before(records: Iterable[Record], version: int) -> bool:
    """Whether an undo among `records` takes back a record at or before `version`."""
    return any(v <= version for r in records for v in r.get("undo") or ())


class Games:
    def __init__(self, store: Store, snapshot_every: int = SNAPSHOT_EVERY,
                 cache_size: int = CACHE_SIZE, idle_seconds: float = IDLE_DAYS * 86400):
        self.store = store
        self.snapshot_every = snapshot_every
        self.idle_seconds = idle_seconds
        self.cache = StateCache(cache_size, lambda gid, held: self.on_cached and self.on_cached(gid, held))
        self._appending: set[tuple[str, int]] = set()  # (game, version) this worker is appending
        self.on_cached = None        # (gid, held): the follower subscribes to what the cache holds
        self.wait_for_record = None  # (gid, version) -> bool: the follower's wait for a pushed record

    # --- creation -----------------------------------------------------------------------------
    def create(self, engine: Engine, options: dict, seats: list[dict], seed: str | None = None,
               read_only: bool = False, **extra) -> tuple[Game, dict[int, str]]:
        """A new table. Returns the game and one single-use join code per human seat."""
        gid = secrets.token_urlsafe(9)
        seed = seed if seed is not None else secrets.token_hex(32)
        codes = {i: secrets.token_urlsafe(12) for i, s in enumerate(seats) if s["kind"] == "human"}
        meta = {
            "engine": engine.name, "engine_version": engine.version, "players": len(seats),
            "options": options, "seats": seats, "seed": seed, "commitment": sha256(seed),
            "created": time.time(), "read_only": read_only, "idle": self.idle_seconds, **extra,
        }
        self.store.create(gid, meta, {sha256(c): i for i, c in codes.items()}, meta["created"],
                          expire_seconds=self.idle_seconds)
        events = engine.setup(len(seats), options, derive_rng(seed, 1))
        state = fold(engine, len(seats), options, [])
        for ev in events:
            state = engine.evolve(state, ev)
        record = {"v": 1, "by": "system", "move": None, "events": events, "at": now(),
                  "hash": state_hash(state)}
        if meta.get("clock"):  # the clocks start with the game
            bots = bot_seats(meta)
            record["clock"] = clocks.started(meta["clock"], len(seats),
                                             [s for s in engine.awaited(state) if s not in bots])
        self.store.append(gid, 0, record, idle_seconds=self.idle_seconds)
        game = self.load(gid)
        self.keep_deadline(game)
        return game, codes

    def import_log(self, engine: Engine, header: dict, records: list[Record], read_only: bool,
                   keep_seconds: float = 0) -> tuple[Game, dict[int, str]]:
        """Host an exported log as a new game; read-only unless an operator imports it. A
        read-only import's keys expire after `keep_seconds` (0: kept)."""
        gid = secrets.token_urlsafe(9)
        seats = header["seats"]
        codes = {} if read_only else {i: secrets.token_urlsafe(12)
                                      for i, s in enumerate(seats) if s["kind"] == "human"}
        seed = header.get("seed") or secrets.token_hex(32)
        expire = keep_seconds if read_only else 0  # an operator's import is kept
        meta = {"engine": engine.name, "engine_version": header["engine_version"],
                "players": header["players"], "options": header["options"], "seats": seats,
                "seed": seed, "commitment": header["commitment"], "created": time.time(),
                "read_only": read_only, "imported_from": header.get("id", ""), "idle": expire}
        if engine.result(fold(engine, header["players"], header["options"], records)) is not None:
            meta["finished"] = records[-1]["at"]
        self.store.create(gid, meta, {sha256(c): i for i, c in codes.items()}, meta["created"],
                          expire_seconds=expire)
        for r in records:
            self.store.append(gid, r["v"] - 1, r, idle_seconds=expire)
        return self.load(gid), codes

    # --- loading ------------------------------------------------------------------------------
    def cached(self, gid: str) -> Game | None:
        """The game as this worker last knew it, without asking the store."""
        entry = self.cache.get(gid)
        if entry is None:
            return None
        return Game(gid, self._engine(entry.meta), entry)

    def load(self, gid: str) -> Game | None:
        """The game as it stands, in one round trip: this worker's entry brought up to date, or
        the snapshot and the records after it."""
        return self.load_for_stream(gid, None)[0]

    def load_for_stream(self, gid: str, stream: tuple[list[tuple[str, int]], int] | None
                        ) -> tuple[Game | None, bool | None]:
        """`load`, and for a live stream's first read (`stream`: its counters' bounds and
        expiry, see Store.load) whether the same round trip counted the stream in: None when
        it could not (a cluster) or there is no such game."""
        entry = self.cache.get(gid)
        loaded = self.store.load(gid, entry.version if entry else None, entry.gen if entry else None,
                                 stream)
        if loaded is None:
            self.cache.drop(gid)
            return None, None
        try:
            game = self._brought_up(gid, entry, loaded)
        except Exception:
            self._uncount(loaded, stream)
            raise
        if game is None:
            self._uncount(loaded, stream)
            return None, None
        return game, loaded.opened

    def _uncount(self, loaded, stream) -> None:
        """A stream counted in for a game that cannot be shown is counted out again."""
        if loaded.opened:
            self.store.close_streams([counter for counter, _ in stream[0]])

    def _brought_up(self, gid: str, entry: Entry | None, loaded) -> Game | None:
        meta = loaded.meta or entry.meta
        engine = self._engine(meta)
        if entry is not None:
            fresh = applied(engine, entry.but(meta=meta, gen=loaded.gen), loaded.records)
        else:
            fresh = self._cold(gid, engine, meta, loaded)
            if fresh is None:
                return None
        self.cache.put(gid, fresh)
        return Game(gid, engine, fresh, fresh=True)

    def _cold(self, gid: str, engine: Engine, meta: GameMeta, loaded) -> Entry | None:
        """The entry from the snapshot and the records after it, or from the whole log when the
        snapshot is of another engine version."""
        snap, records = loaded.snapshot, loaded.records
        base = Entry(meta, loaded.gen, 0, None)
        if snap is not None and snap[1] == engine.version and not rescinds_before(records, snap[0]):
            state = orjson.loads(snap[2])
            base = Entry(meta, loaded.gen, snap[0], state, snap[0], state, (), snap[0])
        elif snap is not None:
            records = self.store.records(gid)  # the records came after a snapshot of no use
        if not records and base.version == 0:
            return None  # created but never set up: nothing to show
        if base.state is None:
            base = base.but(state=engine.initial(meta["players"], meta["options"]))
        newest = loaded.newest
        if newest is not None:  # the clock as the newest record left it, whatever came after the snapshot
            base = base.but(clock=newest.get("clock"), at=newest["at"])
        return applied(engine, base, records)

    @staticmethod
    def _engine(meta: GameMeta) -> Engine:
        engine = get_engine(meta["engine"])
        if engine is None or not engine.can_fold(meta["engine_version"]):
            raise UnknownEngineVersion(
                f"this game was recorded by {meta['engine']} version {meta['engine_version']}, "
                f"which this server cannot replay")
        return engine

    def pushed(self, gid: str, version: int, gen: str, raw: bytes) -> Record | None:
        """Fold a record Redis pushed (record `version` as JSON, made when the metadata was at
        `gen`) into this worker's entry when it follows on from it; the record, if it was decoded."""
        entry = self.cache.peek(gid)
        if entry is None or entry.version != version - 1 or (gid, version) in self._appending:
            return None  # nothing held, already held or our own, or behind (the next request loads it)
        engine, record = self._engine(entry.meta), self.decode(raw)
        after = applied(engine, entry, [record])
        if entry.gen != gen:   # the metadata changed: known here only if the record ended the game
            meta = ended(entry, gen, record["at"]) if engine.result(after.state) is not None else None
            if meta is None:
                return record
            after = after.but(meta=meta, gen=gen)
        self.cache.put(gid, after)
        return record

    def advance(self, gid: str, records: list[Record]) -> None:
        """Fold records read from the log into this worker's entry, when they follow on from it."""
        entry = self.cache.peek(gid)
        if entry is None or not records:
            return
        records = [r for r in records if r["v"] > entry.version]
        if records and records[0]["v"] == entry.version + 1:
            self.cache.put(gid, applied(self._engine(entry.meta), entry, records))

    @staticmethod
    def decode(raw: bytes) -> Record:
        return orjson.loads(raw)

    def state_at(self, game: Game, version: int) -> Any:
        """The state after record `version`, as the log stood then (undo later does not count)."""
        return fold(game.engine, game.players, game.options, self.store.records(game.gid, 1, version))

    # --- moves --------------------------------------------------------------------------------
    def submit(self, game: Game, seat: int, move: dict, *, move_id: str | None = None,
               expected_version: int | None = None, bot: str | None = None) -> Record:
        """Decide and append one move; `game` is moved on.

        Raises AlreadyRecorded (a retry of a recorded move id), MoveIdReused, Conflict (the game
        is not at expected_version), IllegalMove, or OutcomeUnknown (the store failed during the
        append: the move may have been recorded)."""
        id_key = f"{seat}:{move_id}" if move_id else ""
        fp = fingerprint(move)
        for _attempt in range(5):
            if game.forfeit is not None:
                self._answer_retry(game, id_key, fp)
                raise IllegalMove("game_over", "The game is over: a seat ran out of time.")
            if expected_version is not None and expected_version != game.version:
                if expected_version > game.version and not game.fresh:
                    # the client has seen a version this worker has not: Redis has pushed it
                    # already, or it is loaded (the append checks the move id itself)
                    if self.wait_for_record and self.wait_for_record(game.gid, expected_version):
                        game.entry = self.cache.peek(game.gid) or game.entry
                    else:
                        self.refresh(game)
                    continue
                self._answer_retry(game, id_key, fp)
                raise Conflict(game.version)
            rng = derive_rng(game.meta["seed"], game.version + 1)
            try:
                events = game.engine.decide(game.state, seat, move, rng)
            except IllegalMove:
                self._answer_retry(game, id_key, fp)
                if not game.fresh:  # refused on an old copy: judge it on the current one
                    self.refresh(game)
                    continue
                raise
            record, state = self._record(game, seat, move, events, rng.drawn, bot, move_id)
            entry = moved_on(game.entry, record, state)
            snapshot = None
            if entry.base_version - entry.snap_version >= self.snapshot_every:
                snapshot = (game.engine.version, entry.base_version,
                            orjson.dumps(entry.base_state).decode())
                entry = entry.but(snap_version=entry.base_version)
            finished = record["at"] if game.engine.result(state) is not None else ""
            try:
                _, gen = self._append(game, record, id_key, fp, idle_seconds=self.idle(game),
                                      finished=finished, snapshot=snapshot)
            except Duplicate as dup:
                self._raise_duplicate(dup.version, dup.fingerprint, fp)
            except Conflict as conflict:
                self._catch_up(game, conflict)
                if expected_version is not None:
                    raise Conflict(conflict.current)
                continue  # no version was named: the move is meant for the game as it is now
            except (redis.ConnectionError, redis.TimeoutError) as e:
                self.cache.drop(game.gid)
                raise OutcomeUnknown() from e
            self._settle(game, entry, gen, finished)
            return record
        raise Conflict(game.version)

    def _record(self, game: Game, seat, move, events, drew: bool, bot, move_id):
        record = move_record(game.engine, game.state, game.version + 1, seat, move, events, drew,
                             now())
        if bot:
            record["bot"] = bot
        if move_id:
            record["move_id"] = move_id
        state = game.engine.copy_state(game.state)
        for ev in events:
            state = game.engine.evolve(state, ev)
        if game.engine.result(state) is not None or record["v"] % HASH_EVERY == 0:
            record["hash"] = state_hash(state)
        self._clock(game, record, state)
        return record, state

    @staticmethod
    def _clock(game: Game, record: Record, state: Any, meta: dict | None = None) -> None:
        """A clocked game's record carries the clock as it leaves it (events/clock.py)."""
        meta = meta or game.meta
        settings = meta.get("clock")
        if not settings:
            return
        over = game.engine.result(state) is not None or meta.get("forfeit") is not None
        bots = bot_seats(meta)
        running = [] if over else [s for s in game.engine.awaited(state) if s not in bots]
        if game.entry.clock is None:
            record["clock"] = clocks.started(settings, game.players, running)
        else:
            record["clock"] = clocks.after(settings, game.entry.clock, game.entry.at,
                                           record["at"], record["by"], running)

    def _append(self, game: Game, record: Record, *args, **kwargs) -> tuple[int, str]:
        """store.append for `game`, the record marked as this worker's own while it is written,
        so that its echo from Redis is not folded a second time (see `pushed`)."""
        mine = (game.gid, record["v"])
        self._appending.add(mine)
        try:
            return self.store.append(game.gid, game.version, record, *args, **kwargs)
        finally:
            self._appending.discard(mine)

    def at_least(self, gid: str, version: int) -> Game | None:
        """The game at `version` or later: this worker's copy when it holds it, once this
        worker's own append of it settles when that is under way, else loaded."""
        held = self.cached(gid)
        if held is not None and held.version < version:
            held = self.settled(gid, version)
        return held if held is not None else self.load(gid)

    def settled(self, gid: str, version: int, seconds: float = 0.1) -> Game | None:
        """This worker's copy once it holds `version`, when this worker is appending that
        record itself (Redis pushes it to the subscription before the append's answer is read:
        a live stream hears it first), waiting `seconds` at most; None otherwise."""
        deadline = time.monotonic() + seconds
        while (gid, version) in self._appending and time.monotonic() < deadline:
            time.sleep(0.0005)   # under gevent: lets the appending request read its answer
        held = self.cached(gid)
        return held if held is not None and held.version >= version else None

    def _settle(self, game: Game, entry: Entry, gen: str, finished: str = "") -> None:
        """`game` is at `entry` now; the metadata is read again if it changed meanwhile (a
        join), unless all that changed is what this append wrote: the game's end (`finished`)."""
        if gen != entry.gen:
            meta = ended(entry, gen, finished)
            entry = entry.but(meta=meta or self.store.meta(game.gid) or entry.meta, gen=gen)
        game.entry, game.fresh = entry, True
        self.cache.put(game.gid, entry)
        self.keep_deadline(game)

    def keep_deadline(self, game: Game) -> None:
        """Keep the moment a clocked game's first running clock runs out where every node looks
        (written apart from the append: a global key; any read writes it again)."""
        if game.meta.get("clock") and game.entry.clock is not None:
            due = None if game.over() else clocks.deadline(game.entry.clock, game.entry.at)
            self.store.set_deadline(game.gid, due)

    def _catch_up(self, game: Game, conflict: Conflict) -> None:
        """Bring `game` up to date from the records a conflict answered, or reload it."""
        tail = conflict.tail or []
        if tail and tail[0]["v"] == game.version + 1 and tail[-1]["v"] == conflict.current \
                and conflict.gen == game.entry.gen:
            game.entry, game.fresh = applied(game.engine, game.entry, tail), True
            self.cache.put(game.gid, game.entry)
        else:
            self.refresh(game)

    def refresh(self, game: Game) -> None:
        fresh = self.load(game.gid)
        if fresh is None:
            raise Conflict(game.version)
        game.entry, game.engine, game.fresh = fresh.entry, fresh.engine, True

    def _answer_retry(self, game: Game, id_key: str, fp: str) -> None:
        """A move id already recorded answers as the first did, whatever the game is now (asked
        of the store only when the move would otherwise be refused)."""
        if id_key:
            prior = self.store.move_id(game.gid, id_key)
            if prior:
                self._raise_duplicate(*prior, fp)

    def idle(self, game: Game) -> float:
        """How long the game's keys live without a move (0: kept)."""
        return game.meta.get("idle", self.idle_seconds)

    @staticmethod
    def _raise_duplicate(version: int, recorded_fp: str, fp: str):
        if recorded_fp != fp:
            raise MoveIdReused()
        raise AlreadyRecorded(version)

    # --- undo ---------------------------------------------------------------------------------
    def undo_reach(self, game: Game, seat: Any) -> list[int]:
        """Versions the seat could rescind now, newest first (empty when it may not undo): a walk
        of the turn since the base, never of the log."""
        if not isinstance(seat, int) or seat not in game.engine.active(game.state) or game.over():
            return []
        return undo_reach(reversed(game.entry.turn), seat)

    def undo(self, game: Game, seat: int, to: str, expected_version: int | None = None) -> Record:
        """Rescind the seat's latest move ("step") or all back to the checkpoint ("checkpoint").
        Raises CannotUndo, or Conflict when the game is not at expected_version."""
        for _attempt in range(5):
            if expected_version is not None and expected_version != game.version:
                if expected_version < game.version or game.fresh:
                    raise Conflict(game.version)
                self.refresh(game)
                continue
            if game.over():
                raise CannotUndo("game_over", "The game is over; nothing can be taken back.")
            if seat not in game.engine.active(game.state):
                raise CannotUndo("not_your_turn",
                                 "Only the player whose turn it is may take moves back.")
            reach = self.undo_reach(game, seat)
            if not reach:
                if not game.fresh:
                    self.refresh(game)
                    continue
                raise CannotUndo("nothing_to_undo",
                                 "There is nothing of yours to take back since the last reveal or "
                                 "another player's move.")
            rescind = reach[:1] if to == "step" else reach
            record = {"v": game.version + 1, "by": seat, "move": None, "undo": sorted(rescind),
                      "events": [], "at": now()}
            after = applied(game.engine, game.entry, [record])
            self._clock(game, record, after.state)
            try:
                _, gen = self._append(game, record, idle_seconds=self.idle(game))
            except Conflict as conflict:
                self._catch_up(game, conflict)
                if expected_version is not None:
                    raise Conflict(conflict.current)
                continue
            except (redis.ConnectionError, redis.TimeoutError) as e:
                self.cache.drop(game.gid)
                raise OutcomeUnknown() from e
            self._settle(game, after.but(clock=record.get("clock", after.clock)), gen)
            return record
        raise Conflict(game.version)

    # --- the table around the rules -------------------------------------------------------------
    def table_record(self, game: Game, fields: dict, meta_changes: dict,
                     least_ms: dict[int, int] | None = None) -> Record:
        """A record of the table rather than the rules (a seat handed to a bot or taken back, a
        seat out of time), made by "system": no events, and a checkpoint for undo.
        `meta_changes` are written with it, in the same step; `least_ms` gives seats at least that
        much time left. Raises Conflict when another node made a record first."""
        meta = GameMeta({**game.meta, **meta_changes})
        by = "system"
        record = {"v": game.version + 1, "by": by, "move": None, "events": [], "at": now(), **fields}
        self._clock(game, record, game.state, meta)
        for seat, ms in (least_ms or {}).items():
            if "clock" in record:
                record["clock"]["left"][seat] = max(record["clock"]["left"][seat], ms)
        try:
            _, gen = self._append(game, record, idle_seconds=self.idle(game),
                                  meta_changes=meta_changes,
                                       finished=record["at"] if meta.get("forfeit") is not None else "")
        except (redis.ConnectionError, redis.TimeoutError) as e:
            self.cache.drop(game.gid)
            raise OutcomeUnknown() from e
        # no undo reaches behind the table's own record
        entry = game.entry.but(version=record["v"], clock=record.get("clock", game.entry.clock),
                               at=record["at"], meta=meta, base_version=record["v"],
                               base_state=game.entry.state, turn=())
        self._settle(game, entry, gen)
        return record
