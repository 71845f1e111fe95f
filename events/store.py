"""The Redis store: one stream per game, its metadata beside it, all under one hash tag.

Keys of game G (the `{G}` hash tag keeps them on one Redis Cluster slot):
    tf:{G}:log    stream, one entry per record, entry ID 0-N for version N, field r = record JSON
    tf:{G}:meta   hash: engine, versions, options, seats, token and join-code hashes, seed
    tf:{G}:ids    hash: "seat:move_id" -> "version:fingerprint" (idempotent retries)
    tf:{G}:snap   hash: v, engine_version, state (the newest snapshot of folded state)
    tf:games      sorted set of game ids by creation time (the lobby's list)
"""
from __future__ import annotations

import json
import secrets
from typing import Iterator

import redis

from engines.core import canonical

GAMES_INDEX = "tf:games"

# Atomic append: the version check, the XADD with its ID and the move id are one step. The nonce
# makes a repeated call (a client retrying after a lost reply) answer as the first one did.
APPEND = """
local n = redis.call('XLEN', KEYS[1])
local expected = tonumber(ARGV[1])
if n > expected then
  local entry = redis.call('XRANGE', KEYS[1], '0-' .. (expected + 1), '0-' .. (expected + 1))
  if entry[1] and entry[1][2][4] == ARGV[5] then return {'ok', tostring(expected + 1)} end
end
if ARGV[3] ~= '' then
  local prior = redis.call('HGET', KEYS[2], ARGV[3])
  if prior then return {'duplicate', prior} end
end
if n ~= expected then return {'conflict', tostring(n)} end
redis.call('XADD', KEYS[1], '0-' .. (n + 1), 'r', ARGV[2], 'n', ARGV[5])
if ARGV[3] ~= '' then redis.call('HSET', KEYS[2], ARGV[3], (n + 1) .. ':' .. ARGV[4]) end
return {'ok', tostring(n + 1)}
"""

# Redeem a single-use join code for a seat token (stored only as its hash).
REDEEM = """
local seat = redis.call('HGET', KEYS[1], 'code:' .. ARGV[1])
if not seat then return false end
redis.call('HDEL', KEYS[1], 'code:' .. ARGV[1])
redis.call('HSET', KEYS[1], 'token:' .. ARGV[2], seat)
return seat
"""

TOKENS_INDEX = "tf:tokens"  # token hash -> game id, to tell "another game's token" from "unknown"


class Conflict(Exception):
    """The game moved on since the expected version."""

    def __init__(self, current: int):
        super().__init__(f"the game is at version {current}")
        self.current = current


class Duplicate(Exception):
    """The move id was already recorded (at `version`, for the move with `fingerprint`)."""

    def __init__(self, version: int, fingerprint: str):
        super().__init__(f"move id already recorded at version {version}")
        self.version = version
        self.fingerprint = fingerprint


class GameMeta(dict):
    """The metadata hash, decoded: JSON fields parsed, token hashes kept as seat lookups."""

    JSON_FIELDS = ("options", "seats", "read_only", "engine_version", "players", "created")

    @classmethod
    def decode(cls, raw: dict) -> "GameMeta":
        meta = cls()
        tokens, codes = {}, {}
        for key, value in raw.items():
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


def _keys(gid: str) -> tuple[str, str, str, str]:
    tag = f"tf:{{{gid}}}"
    return f"{tag}:log", f"{tag}:meta", f"{tag}:ids", f"{tag}:snap"


def _decode_entry(entry) -> dict:
    _id, fields = entry
    raw = fields.get(b"r", fields.get("r"))
    return json.loads(raw)


class Store:
    def __init__(self, client: redis.Redis):
        self.r = client
        self._append = client.register_script(APPEND)
        self._redeem = client.register_script(REDEEM)

    # --- metadata -----------------------------------------------------------------------------
    def create(self, gid: str, meta: dict, code_hashes: dict[str, int], created: float) -> None:
        _, meta_key, _, _ = _keys(gid)
        mapping = {k: (json.dumps(v) if k in GameMeta.JSON_FIELDS else v) for k, v in meta.items()}
        mapping.update({f"code:{h}": seat for h, seat in code_hashes.items()})
        pipe = self.r.pipeline(transaction=True)
        pipe.hset(meta_key, mapping=mapping)
        pipe.zadd(GAMES_INDEX, {gid: created})
        pipe.execute()

    def meta(self, gid: str) -> GameMeta | None:
        raw = self.r.hgetall(_keys(gid)[1])
        return GameMeta.decode(raw) if raw else None

    def meta_and_tail(self, gid: str, since: int | None) -> tuple[GameMeta | None, list[dict]]:
        """The metadata and, when `since` is given, the records from it on: one round trip."""
        log, meta_key, _, _ = _keys(gid)
        pipe = self.r.pipeline(transaction=False)
        pipe.hgetall(meta_key)
        if since is not None:
            pipe.xrange(log, f"0-{since}", "+")
        replies = pipe.execute()
        meta = GameMeta.decode(replies[0]) if replies[0] else None
        tail = [_decode_entry(e) for e in replies[1]] if since is not None else []
        return meta, tail

    def set_meta(self, gid: str, **fields) -> None:
        self.r.hset(_keys(gid)[1], mapping={
            k: (json.dumps(v) if k in GameMeta.JSON_FIELDS else v) for k, v in fields.items()})

    def redeem(self, gid: str, code_hash: str, token_hash: str) -> int | None:
        seat = self._redeem(keys=[_keys(gid)[1]], args=[code_hash, token_hash])
        if seat is None:
            return None
        self.r.hset(TOKENS_INDEX, token_hash, gid)
        return int(seat)

    def token_game(self, token_hash: str) -> str | None:
        gid = self.r.hget(TOKENS_INDEX, token_hash)
        return gid.decode() if isinstance(gid, bytes) else gid

    def game_ids(self, limit: int = 100) -> list[str]:
        return [g.decode() if isinstance(g, bytes) else g
                for g in self.r.zrevrange(GAMES_INDEX, 0, limit - 1)]

    # --- the log ------------------------------------------------------------------------------
    def version(self, gid: str) -> int:
        return self.r.xlen(_keys(gid)[0])

    def append(self, gid: str, expected: int, record: dict, id_key: str = "",
               fingerprint: str = "") -> int:
        """Append `record` as version expected+1, or raise Conflict / Duplicate."""
        log, _, ids, _ = _keys(gid)
        status, value = self._append(keys=[log, ids], args=[expected, canonical(record), id_key,
                                                            fingerprint, secrets.token_hex(8)])
        status = status.decode() if isinstance(status, bytes) else status
        value = value.decode() if isinstance(value, bytes) else value
        if status == "conflict":
            raise Conflict(int(value))
        if status == "duplicate":
            version, fp = value.split(":", 1)
            raise Duplicate(int(version), fp)
        return int(value)

    def move_id(self, gid: str, id_key: str) -> tuple[int, str] | None:
        value = self.r.hget(_keys(gid)[2], id_key)
        if value is None:
            return None
        version, fp = (value.decode() if isinstance(value, bytes) else value).split(":", 1)
        return int(version), fp

    def records(self, gid: str, since: int = 1, until: int | None = None) -> list[dict]:
        """Records with since <= v <= until, oldest first."""
        end = f"0-{until}" if until is not None else "+"
        return [_decode_entry(e) for e in self.r.xrange(_keys(gid)[0], f"0-{max(since, 1)}", end)]

    def records_newest_first(self, gid: str, page: int = 4) -> Iterator[dict]:
        log = _keys(gid)[0]
        end = "+"
        while True:
            entries = self.r.xrevrange(log, end, "-", count=page)
            for e in entries:
                yield _decode_entry(e)
            if len(entries) < page:
                return
            last_v = _decode_entry(entries[-1])["v"]
            if last_v <= 1:
                return
            end = f"0-{last_v - 1}"

    # --- snapshots ----------------------------------------------------------------------------
    def snapshot(self, gid: str) -> tuple[int, int, str] | None:
        raw = self.r.hgetall(_keys(gid)[3])
        if not raw:
            return None
        raw = {k.decode() if isinstance(k, bytes) else k: v for k, v in raw.items()}
        return int(raw["v"]), int(raw["engine_version"]), raw["state"].decode() \
            if isinstance(raw["state"], bytes) else raw["state"]

    def save_snapshot(self, gid: str, version: int, engine_version: int, state_json: str) -> None:
        self.r.hset(_keys(gid)[3], mapping={"v": version, "engine_version": engine_version,
                                            "state": state_json})
