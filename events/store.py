"""The Redis store: one stream per game, its metadata beside it, all under one hash tag.

Keys of game G (the `{G}` hash tag keeps them on one Redis Cluster slot):
    tf:{G}:log      stream, one entry per record, entry ID 0-N for version N, field r = record JSON
    tf:{G}:meta     hash: engine, versions, options, seats, token and join-code hashes, seed, `gen`
                    (bumped by every change, so a worker knows when its copy is old)
    tf:{G}:ids      hash: "seat:move_id" -> "version:fingerprint" (idempotent retries)
    tf:{G}:snap     hash: v, engine_version, state (the newest snapshot of folded state)
    tf:{G}:ticket:H stream tickets (hash H), each with its own expiry
    tf:{G}:streams  how many live streams of the game are open (a bound, with an expiry)
    tf:{G}:records  the pub/sub channel every appended record is published on
Global keys, written apart from any game's own (docs/deploy.md says what they cost):
    tf:games        sorted set of game ids by creation time (the lobby's list)
    tf:addr:A:streams  live streams open from client address A
    tf:deadlines    sorted set of clocked games by the moment their first running clock runs out

Every command that writes a game is one script on that game's keys: no transaction or script
ever spans two hash tags. An unfinished game's keys expire after a while without a move (`idle`);
a finished game's are kept (it is a replay).
"""
from __future__ import annotations

import hashlib
import itertools
import json
import os
from dataclasses import dataclass
from typing import Iterator

import orjson
import redis
from redis.backoff import NoBackoff
from redis.connection import Connection, UnixDomainSocketConnection
from redis.exceptions import InvalidResponse, NoScriptError
from redis.retry import Retry

try:
    from hiredis import pack_command
except ImportError:   # hiredis is a dependency; without it redis-py's own packer serves
    pack_command = None

GAMES_INDEX = "tf:games"
DEADLINES = "tf:deadlines"

# Atomic append. The version check, the XADD with its ID and the move id are one step; the nonce
# makes a repeated call (a client retrying after a lost reply) answer as the first one did. On a
# conflict it answers the records after the caller's version, so a worker catches up in the same
# round trip; it also answers the metadata's generation, so a worker knows its copy is current.
# The record is published on the game's channel ("version gen JSON") to the workers holding the
# game (events/follow.py).
APPEND = """
local log, ids, meta, snap = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local expected = tonumber(ARGV[1])
local gen = redis.call('HGET', meta, 'gen') or '0'
local n = redis.call('XLEN', log)
if n > expected then
  local entry = redis.call('XRANGE', log, '0-' .. (expected + 1), '0-' .. (expected + 1))
  if entry[1] and entry[1][2][4] == ARGV[5] then return {'ok', expected + 1, gen} end
end
if ARGV[3] ~= '' then
  local prior = redis.call('HGET', ids, ARGV[3])
  if prior then return {'duplicate', prior} end
end
if n ~= expected then
  return {'conflict', n, gen, redis.call('XRANGE', log, '0-' .. (expected + 1), '+', 'COUNT', 64)}
end
redis.call('XADD', log, '0-' .. (n + 1), 'r', ARGV[2], 'n', ARGV[5])
if ARGV[3] ~= '' then redis.call('HSET', ids, ARGV[3], (n + 1) .. ':' .. ARGV[4]) end
if ARGV[11] ~= '' then
  local changes = cjson.decode(ARGV[11])
  for field, value in pairs(changes) do redis.call('HSET', meta, field, value) end
  gen = tostring(redis.call('HINCRBY', meta, 'gen', 1))
end
if ARGV[7] ~= '' then
  redis.call('HSET', meta, 'finished', ARGV[7])
  gen = tostring(redis.call('HINCRBY', meta, 'gen', 1))
end
if ARGV[8] ~= '' then redis.call('HSET', snap, 'v', ARGV[10], 'engine_version', ARGV[9], 'state', ARGV[8]) end
local idle = tonumber(ARGV[6])
if idle > 0 and ARGV[7] == '' then
  -- the idle expiry is set again once it has run down by a hundredth (an hour at most), or on a
  -- key this append made (the log, the move ids, a snapshot): not with four PEXPIREs every move
  local left = redis.call('PTTL', ARGV[3] ~= '' and ids or meta)
  if n == 0 or ARGV[8] ~= '' or left < 0 or left > idle or idle - left > math.min(idle / 100, 3600000) then
    for _, key in ipairs({log, ids, meta, snap}) do redis.call('PEXPIRE', key, idle) end
  end
else
  for _, key in ipairs({log, ids, meta, snap}) do redis.call('PERSIST', key) end
end
redis.call('PUBLISH', ARGV[12], (n + 1) .. ' ' .. gen .. ' ' .. ARGV[2])
return {'ok', n + 1, gen}
"""

# A load in one round trip: the metadata (unless the caller's copy is of the current generation),
# the snapshot (when the caller has no state), and the records after the caller's version.
# Count a live stream in on the counters KEYS[k]..KEYS[#KEYS], or on none when one has reached
# its bound: the bounds are ARGV[a].. in the same order, then the counters' expiry. 1 or 0.
COUNT_IN = """
local function count_in(k, a)
  for i = k, #KEYS do
    if tonumber(redis.call('GET', KEYS[i]) or '0') >= tonumber(ARGV[a + i - k]) then return 0 end
  end
  for i = k, #KEYS do
    redis.call('INCR', KEYS[i])
    redis.call('EXPIRE', KEYS[i], ARGV[a + #KEYS - k + 1])
  end
  return 1
end
"""

# The game as the worker needs it (Store.load); with counters after the game's three keys (their
# bounds and expiry after ARGV[2]), a live stream's first read, which counts the stream in too.
LOAD = COUNT_IN + """
local log, meta, snap = KEYS[1], KEYS[2], KEYS[3]
local gen = redis.call('HGET', meta, 'gen')
if not gen then return false end
local opened = count_in(4, 3)
local fields = false
if gen ~= ARGV[2] then fields = redis.call('HGETALL', meta) end
local since = tonumber(ARGV[1])
local snapshot, newest = false, false
if since < 0 then
  snapshot = redis.call('HMGET', snap, 'v', 'engine_version', 'state')
  since = tonumber(snapshot[1]) or 0
  newest = redis.call('XREVRANGE', log, '+', '-', 'COUNT', 1)
end
return {gen, fields, snapshot, redis.call('XRANGE', log, '0-' .. (since + 1), '+'), newest, opened}
"""

# Redeem a single-use join code for a seat token (stored only as its hash).
REDEEM = """
local seat = redis.call('HGET', KEYS[1], 'code:' .. ARGV[1])
if not seat then return redis.call('HGET', KEYS[1], 'token:' .. ARGV[2]) end  -- a repeated call
redis.call('HDEL', KEYS[1], 'code:' .. ARGV[1])
redis.call('HSET', KEYS[1], 'token:' .. ARGV[2], seat)
redis.call('HINCRBY', KEYS[1], 'gen', 1)
return seat
"""

# Change metadata fields and bump the generation.
SET_META = """
for i = 1, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
return redis.call('HINCRBY', KEYS[1], 'gen', 1)
"""

# Set a metadata field only if it is not set yet (KEYS: meta; ARGV: field, value).
CLAIM = """
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return 0 end
redis.call('HINCRBY', KEYS[1], 'gen', 1)
return 1
"""

# Count a live stream in on every counter (KEYS), or on none when one has reached its bound
# (ARGV: the bounds, in the order of KEYS, then the counters' expiry). A cluster, whose counters
# live on different slots, calls it once per counter.
OPEN_STREAMS = COUNT_IN + """
return count_in(1, 1)
"""

# A live stream fewer on every counter (KEYS).
CLOSE_STREAMS = """
for _, key in ipairs(KEYS) do redis.call('DECR', key) end
return 1
"""
SCRIPTS = (APPEND, LOAD, REDEEM, SET_META, OPEN_STREAMS, CLOSE_STREAMS, CLAIM)

# Several script calls as one, for the calls a worker makes within one turn of its event loop
# (service/redis_mux.py): each script is a function of its own keys and arguments, run in turn
# under pcall, so that one that fails fails alone, as it would have on its own. KEYS: every
# call's keys in order; ARGV: the number of calls, then for each the script's place in the
# list, how many keys and arguments it has, and its arguments. The reply: each call's, in order
# (nil as false, an error in its place).
BATCH_CALLS = """
local replies, k, a = {}, 0, 2
for i = 1, tonumber(ARGV[1]) do
  local script = scripts[tonumber(ARGV[a])]
  local nkeys, nargs = tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2])
  local keys, args = {unpack(KEYS, k + 1, k + nkeys)}, {unpack(ARGV, a + 3, a + 2 + nargs)}
  k, a = k + nkeys, a + 3 + nargs
  local ok, reply = pcall(script, keys, args)
  if not ok then  -- Redis 7 raises a table, 6 its text
    reply = redis.error_reply(type(reply) == 'table' and reply.err or tostring(reply))
  elseif reply == nil then  -- kept in its place (a nil would end the array)
    reply = false
  end
  replies[i] = reply
end
return replies
"""


def sha1(source: str) -> str:
    """A script's SHA1, as EVALSHA names it."""
    return hashlib.sha1(source.encode()).hexdigest()


def batch_source(sources) -> str:
    """One script running any of `sources` (by their place, from 1) as BATCH_CALLS says."""
    functions = "".join(f"function(KEYS, ARGV)\n{source}\nend,\n" for source in sources)
    return f"local scripts = {{\n{functions}}}\n{BATCH_CALLS}"


class Conflict(Exception):
    """The game moved on since the expected version. `tail` holds the records after it when the
    store sent them along."""

    def __init__(self, current: int, tail: list[dict] | None = None, gen: str | None = None):
        super().__init__(f"the game is at version {current}")
        self.current, self.tail, self.gen = current, tail, gen


class Duplicate(Exception):
    """The move id was already recorded (at `version`, for the move with `fingerprint`)."""

    def __init__(self, version: int, fingerprint: str):
        super().__init__(f"move id already recorded at version {version}")
        self.version = version
        self.fingerprint = fingerprint


class GameMeta(dict):
    """The metadata hash, decoded: JSON fields parsed, token hashes kept as seat lookups."""

    JSON_FIELDS = ("options", "seats", "read_only", "engine_version", "players", "created", "idle",
                   "open", "clock", "bots", "forfeit")

    @classmethod
    def decode(cls, raw) -> "GameMeta":
        meta = cls()
        tokens, codes = {}, {}
        pairs = raw.items() if isinstance(raw, dict) else zip(raw[::2], raw[1::2])
        for key, value in pairs:
            key = key.decode() if isinstance(key, bytes) else key
            value = value.decode() if isinstance(value, bytes) else value
            if key.startswith("token:"):
                tokens[key[6:]] = int(value)
            elif key.startswith("code:"):
                codes[key[5:]] = int(value)
            elif key in cls.JSON_FIELDS:
                meta[key] = json.loads(value)
            else:
                meta[key] = value
        meta["tokens"], meta["codes"] = tokens, codes
        return meta


def encode_meta(fields: dict) -> dict:
    return {k: (json.dumps(v) if k in GameMeta.JSON_FIELDS else v) for k, v in fields.items()}


class UniqueIds:
    """Ids unique to this process's life, without a system call each: a random prefix, drawn
    again in a forked child, and a count (in hex, padded to `width` digits)."""

    def __init__(self, width: int = 0):
        self.width = width
        self.restart()
        os.register_at_fork(after_in_child=self.restart)

    def restart(self) -> None:
        self.prefix, self.count = os.urandom(8).hex(), itertools.count(1)

    def next(self) -> str:
        return f"{self.prefix}{next(self.count):0{self.width}x}"


NONCES = UniqueIds()   # the append's: they tell a retried append from another worker's record


def keys(gid: str) -> tuple[str, str, str, str]:
    tag = f"tf:{{{gid}}}"
    return f"{tag}:log", f"{tag}:meta", f"{tag}:ids", f"{tag}:snap"


def channel(gid: str) -> str:
    """The channel the game's records are published on."""
    return f"tf:{{{gid}}}:records"


def channel_game(name: bytes) -> str:
    name = text(name)
    return name[name.index("{") + 1:name.rindex("}")]


def decode_entry(entry) -> dict:
    _id, fields = entry
    if isinstance(fields, list):  # a script's reply: [field, value, ...]
        fields = dict(zip(fields[::2], fields[1::2]))
    raw = fields.get(b"r", fields.get("r"))
    return orjson.loads(raw)


def text(value) -> str:
    return value.decode() if isinstance(value, bytes) else value


@dataclass
class Loaded:
    """One load's answer: the metadata's generation, the metadata when it changed (or was asked
    for), the snapshot when asked for, and the records after the given version."""
    gen: str
    meta: GameMeta | None
    snapshot: tuple[int, int, str] | None
    records: list[dict]
    newest: dict | None = None     # the newest record (asked for with the snapshot)
    opened: bool | None = None     # the live stream asked for was counted in (None: not asked)


class Batch:
    """The store's scripts as one (BATCH_CALLS), as which a multiplexer sends the script calls
    of one turn of its event loop: one call to Redis for all of them. With EVAL the first time,
    which loads it, and after Redis answers NOSCRIPT (a restart, a SCRIPT FLUSH); else EVALSHA."""

    def __init__(self, sources):
        self.sources = tuple(sources)
        self.source = batch_source(self.sources)
        self.sha = sha1(self.source)
        self.shas = [sha1(source) for source in self.sources]
        self.loaded = False

    def place(self, source: str) -> int:
        return self.sources.index(source) + 1

    def pack_one(self, place: int, call_keys: list, args: list) -> bytes:
        """One call alone, as its own script's EVALSHA."""
        return pack_command(("EVALSHA", self.shas[place - 1], len(call_keys), *call_keys, *args))

    def pack(self, calls) -> bytes:
        """One command for `calls`, each (place, keys, args)."""
        all_keys, argv = [], [len(calls)]
        for place, call_keys, args in calls:
            all_keys.extend(call_keys)
            argv.extend((place, len(call_keys), len(args)))
            argv.extend(args)
        head = ("EVALSHA", self.sha) if self.loaded else ("EVAL", self.source)
        return pack_command((*head, len(all_keys), *all_keys, *argv))

    @staticmethod
    def replies(reply, n: int) -> list:
        """Each call's reply, in order; a call that failed has its error in its place."""
        if not isinstance(reply, list) or len(reply) != n:
            raise InvalidResponse(f"a batch of {n} calls answered {reply!r:.100}")
        return reply


class Script:
    """A Lua script, called as redis-py's registered Script is (EVALSHA; on NOSCRIPT, loaded and
    called again), but on a plain Redis sent straight on a pooled connection: redis-py's command
    path (its retry wrapper, metrics hooks, the command name parsed from the packed arguments)
    costs about 20 µs a call, a third of a script's round trip, and every move and read is one.
    The retries and disconnects are the connection's own (its `retry`), as redis-py makes them.
    With a multiplexer (`mux`, under gevent) the call goes on the connection the process's
    script calls share, with the same retries. A cluster client (routing by key), a fake, a
    single-connection client, one whose command path is wrapped (a counter, a tracer) or whose
    connections send commands their own way: redis-py's Script, through that path."""

    def __init__(self, client, source: str, mux=None, batch: Batch | None = None):
        self.script = client.register_script(source)
        pool = getattr(client, "connection_pool", None)
        direct = (isinstance(client, redis.Redis) and client.connection is None
                  and type(client).execute_command is redis.Redis.execute_command
                  and pool is not None
                  and issubclass(pool.connection_class, (Connection, UnixDomainSocketConnection))
                  and pool.connection_class.send_command is Connection.send_command)
        self.pool = pool if direct else None
        self.mux = mux if direct and pack_command and mux is not None and mux.pool is pool else None
        # a call the multiplexer may send with others of its turn, as one
        self.part = (batch, batch.place(source)) if self.mux is not None and batch else None
        retry = pool.connection_kwargs.get("retry") if direct else None
        self.retry = retry or Retry(NoBackoff(), 0)   # the multiplexed call's, as the pool's

    @property
    def sha(self) -> str:
        return self.script.sha

    def __call__(self, keys: list, args: list):
        pool = self.pool
        if pool is None:
            return self.script(keys=keys, args=args)
        mux = self.mux
        if mux is not None and mux.usable():
            packed = part = None
            if self.part:   # packed by the multiplexer, alone or with others
                part = (*self.part, keys, args)
            else:
                packed = pack_command(("EVALSHA", self.script.sha, len(keys), *keys, *args))
            try:
                return self.retry.call_with_retry(lambda: mux.call(packed, part),
                                                  lambda _error: None)
            except NoScriptError:   # the server restarted (or flushed its scripts)
                return self.script(keys=keys, args=args)
        conn = pool.get_connection()
        try:
            words = ("EVALSHA", self.script.sha, len(keys), *keys, *args)
            packed = [pack_command(words)] if pack_command else conn.pack_command(*words)

            def send():
                conn.send_packed_command(packed)
                return conn.read_response()

            try:
                return conn.retry.call_with_retry(send, lambda _error: conn.disconnect())
            except NoScriptError:   # the server restarted (or flushed its scripts)
                pass
        finally:
            pool.release(conn)
        return self.script(keys=keys, args=args)


class Store:
    """The game's keys in Redis. `mux` (service/redis_mux.py, under gevent): the one connection
    the process's script calls share."""

    def __init__(self, client: redis.Redis, mux=None):
        self.r = client
        self.one_redis = isinstance(client, redis.Redis)   # not a cluster: every key on one server
        self.batch = batch = Batch(SCRIPTS) if mux is not None else None
        self._append = Script(client, APPEND, mux, batch)
        self._load = Script(client, LOAD, mux, batch)
        self._redeem = Script(client, REDEEM, mux, batch)
        self._set_meta = Script(client, SET_META, mux, batch)
        self._open_streams = Script(client, OPEN_STREAMS, mux, batch)
        self._close_streams = Script(client, CLOSE_STREAMS, mux, batch)
        self._claim = Script(client, CLAIM, mux, batch)

    def scripts_loaded(self) -> bool:
        found = self.r.script_exists(*(sha1(source) for source in self._sources()))
        if isinstance(found, dict):  # a cluster answers per node
            found = [all(v) for v in zip(*found.values())]
        return all(found)

    def load_scripts(self) -> None:
        for source in self._sources():
            self.r.script_load(source)
        if self.batch is not None:
            self.batch.loaded = True

    def _sources(self) -> tuple[str, ...]:
        return SCRIPTS + ((self.batch.source,) if self.batch is not None else ())

    # --- metadata -----------------------------------------------------------------------------
    def create(self, gid: str, meta: dict, code_hashes: dict[str, int], created: float,
               expire_seconds: float = 0) -> None:
        """A new game's metadata, then its entry in the lobby's index (a global key, written
        apart: on a cluster it lives on another node)."""
        meta_key = keys(gid)[1]
        mapping = encode_meta(meta)
        mapping.update({f"code:{h}": seat for h, seat in code_hashes.items()})
        mapping["gen"] = 1
        pipe = self.r.pipeline(transaction=False)
        pipe.hset(meta_key, mapping=mapping)
        if expire_seconds:
            pipe.pexpire(meta_key, int(expire_seconds * 1000))
        pipe.execute()
        self.r.zadd(GAMES_INDEX, {gid: created})

    def meta(self, gid: str) -> GameMeta | None:
        raw = self.r.hgetall(keys(gid)[1])
        return GameMeta.decode(raw) if raw else None

    def raw_metas(self, gids: list[str]) -> list[dict]:
        """Many games' metadata hashes in one round trip, undecoded (empty: no such game)."""
        pipe = self.r.pipeline(transaction=False)
        for gid in gids:
            pipe.hgetall(keys(gid)[1])
        return pipe.execute()

    def set_meta(self, gid: str, **fields) -> None:
        args = [x for k, v in encode_meta(fields).items() for x in (k, v)]
        self._set_meta(keys=[keys(gid)[1]], args=args)

    def load(self, gid: str, since: int | None, gen: str | None,
             stream: tuple[list[tuple[str, int]], int] | None = None) -> Loaded | None:
        """In one round trip: the generation, the metadata unless `gen` is current, the snapshot
        when `since` is None, and the records after `since` (or after the snapshot).

        stream: (bounds, expiry) as `open_streams` takes them, for a live stream's first read: on
        one Redis the stream is counted in by the same call (`opened`); on a cluster, whose
        counters live on other slots, `opened` stays None and `open_streams` counts it."""
        log, meta, _, snap = keys(gid)
        counted = stream is not None and self.one_redis
        bounds, expiry = stream if counted else ((), 0)
        reply = self._load(keys=[log, meta, snap, *(c for c, _ in bounds)],
                           args=[-1 if since is None else since, gen or "",
                                 *(b for _, b in bounds), *([expiry] if counted else [])])
        if not reply:
            return None
        gen_, fields, snapshot, entries, newest, opened = reply
        snap_out = None
        if snapshot and snapshot[0] is not None:
            snap_out = (int(snapshot[0]), int(snapshot[1]), text(snapshot[2]))
        return Loaded(text(gen_), GameMeta.decode(fields) if fields else None, snap_out,
                      [decode_entry(e) for e in entries],
                      decode_entry(newest[0]) if newest else None,
                      bool(opened) if counted else None)

    def claim_rematch(self, gid: str, new_gid: str) -> bool:
        """Name `new_gid` the rematch of `gid`, unless one is named already."""
        return bool(self._claim(keys=[keys(gid)[1]], args=["rematch", new_gid]))

    def redeem(self, gid: str, code_hash: str, token_hash: str) -> int | None:
        seat = self._redeem(keys=[keys(gid)[1]], args=[code_hash, token_hash])
        return None if seat is None else int(seat)

    def game_ids(self, limit: int = 100) -> list[str]:
        return [text(g) for g in self.r.zrevrange(GAMES_INDEX, 0, limit - 1)]

    def forget(self, gids: list[str]) -> None:
        """Take games whose keys have expired out of the lobby's index."""
        if gids:
            self.r.zrem(GAMES_INDEX, *gids)

    # --- the log ------------------------------------------------------------------------------
    def version(self, gid: str) -> int:
        return self.r.xlen(keys(gid)[0])

    def versions(self, gids: list[str]) -> list[int]:
        """Many games' versions in one round trip."""
        pipe = self.r.pipeline(transaction=False)
        for gid in gids:
            pipe.xlen(keys(gid)[0])
        return pipe.execute()

    def append(self, gid: str, expected: int, record: dict, id_key: str = "",
               fingerprint: str = "", *, idle_seconds: float = 0, finished: str = "",
               snapshot: tuple[int, int, str] | None = None,
               meta_changes: dict | None = None) -> tuple[int, str]:
        """Append `record` as version expected+1; answers (version, metadata generation).
        Raises Conflict (with the records after `expected`) or Duplicate.

        idle_seconds: the game's keys expire after this long without another append (0: never),
                      to within a hundredth of it or an hour, whichever is less;
        finished:     the moment the game ended (its keys are then kept);
        snapshot:     (engine version, version, state JSON) to keep as the snapshot: a state no
                      undo can take back, at or before this record;
        meta_changes: metadata fields written with the record (the table's own records)."""
        log, meta, ids, snap = keys(gid)
        engine_version, snap_version, state_json = snapshot if snapshot else ("", "", "")
        status, *rest = self._append(
            keys=[log, ids, meta, snap],
            args=[expected, orjson.dumps(record), id_key, fingerprint, NONCES.next(),
                  int(idle_seconds * 1000), finished, state_json, engine_version, snap_version,
                  json.dumps(encode_meta(meta_changes)) if meta_changes else "", channel(gid)])
        status = text(status)
        if status == "conflict":
            current, gen, entries = rest
            raise Conflict(int(current), [decode_entry(e) for e in entries], text(gen))
        if status == "duplicate":
            version, fp = text(rest[0]).split(":", 1)
            raise Duplicate(int(version), fp)
        return int(rest[0]), text(rest[1])

    def move_id(self, gid: str, id_key: str) -> tuple[int, str] | None:
        value = self.r.hget(keys(gid)[2], id_key)
        if value is None:
            return None
        version, fp = text(value).split(":", 1)
        return int(version), fp

    def records(self, gid: str, since: int = 1, until: int | None = None) -> list[dict]:
        """Records with since <= v <= until, oldest first."""
        end = f"0-{until}" if until is not None else "+"
        return [decode_entry(e) for e in self.r.xrange(keys(gid)[0], f"0-{max(since, 1)}", end)]

    def records_newest_first(self, gid: str, page: int = 4, end: int | None = None
                             ) -> Iterator[dict]:
        """Records from the newest (or from version `end`) back, a page per round trip."""
        log = keys(gid)[0]
        end = "+" if end is None else f"0-{end}"
        while True:
            entries = self.r.xrevrange(log, end, "-", count=page)
            for e in entries:
                yield decode_entry(e)
            if len(entries) < page:
                return
            last_v = decode_entry(entries[-1])["v"]
            if last_v <= 1:
                return
            end = f"0-{last_v - 1}"

    # --- snapshots ----------------------------------------------------------------------------
    def snapshot(self, gid: str) -> tuple[int, int, str] | None:
        raw = self.r.hgetall(keys(gid)[3])
        if not raw:
            return None
        raw = {text(k): v for k, v in raw.items()}
        return int(raw["v"]), int(raw["engine_version"]), text(raw["state"])

    def save_snapshot(self, gid: str, version: int, engine_version: int, state_json: str) -> None:
        self.r.hset(keys(gid)[3], mapping={"v": version, "engine_version": engine_version,
                                           "state": state_json})

    # --- clocks -------------------------------------------------------------------------------
    def set_deadline(self, gid: str, due: float | None) -> None:
        if due is None:
            self.r.zrem(DEADLINES, gid)
        else:
            self.r.zadd(DEADLINES, {gid: due})

    def due(self, now: float, count: int = 50) -> list[str]:
        """Clocked games whose deadline has passed."""
        return [text(g) for g in self.r.zrangebyscore(DEADLINES, "-inf", now, start=0, num=count)]

    # --- live streams -------------------------------------------------------------------------
    def ticket_key(self, gid: str, ticket_hash: str) -> str:
        return f"tf:{{{gid}}}:ticket:{ticket_hash}"

    def open_streams(self, bounds: list[tuple[str, int]], expire_seconds: int) -> bool:
        """Count one more open stream on each (counter, bound), unless one of the counters has
        its bound reached already: then none is counted. On one Redis that is one script call
        (through the worker's shared connection, where it has one); on a cluster, whose counters
        live on different slots, one per counter, and what was counted is taken back when a
        later counter is full or fails."""
        if self.one_redis:
            return bool(self._open_streams(keys=[c for c, _ in bounds],
                                           args=[*(b for _, b in bounds), expire_seconds]))
        counted = []
        try:
            for counter, bound in bounds:
                if not self._open_streams(keys=[counter], args=[bound, expire_seconds]):
                    self.close_streams(counted)
                    return False
                counted.append(counter)
        except Exception:
            self.close_streams(counted)
            raise
        return True

    def close_streams(self, counters: list[str]) -> None:
        """One stream fewer on each counter, in one round trip (on a cluster, a pipeline: one
        per node)."""
        if not counters:
            return
        if self.one_redis:
            self._close_streams(keys=counters, args=[])
            return
        pipe = self.r.pipeline(transaction=False)
        for counter in counters:
            pipe.decr(counter)
        pipe.execute()


def stream_counters(gid: str, address: str) -> tuple[str, str]:
    """The per-game and per-client-address counters of open live streams."""
    return f"tf:{{{gid}}}:streams", f"tf:addr:{address}:streams"

