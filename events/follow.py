"""Each worker's one reader per game it follows.

A followed game has one blocking XREAD on its stream in this worker, however many live streams
of it the worker serves: each batch of new records is folded into the worker's cached state
(so the next move on it appends in one round trip) and handed to every listener of the game.
A game is followed only while it has listeners: a reader that serves no live stream would cost a
round trip per record on every worker, more than the one it saves the next move (a move on a
copy that is behind catches up through the append's own answer, events/games.py). The readers
are threads; under gevent's worker they are greenlets.
"""
from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Callable

import redis

from events.games import Games
from events.store import decode_entry, keys

log = logging.getLogger("tablefold.follow")

Listener = Callable[[list], None]


@dataclass
class _Followed:
    position: int                       # the newest version this reader has read
    listeners: set = field(default_factory=set)


class Handle:
    def __init__(self, follower: "Follower", gid: str, listener: Listener):
        self.follower, self.gid, self.listener = follower, gid, listener

    def close(self) -> None:
        self.follower._unlisten(self.gid, self.listener)


class Follower:
    def __init__(self, games: Games, reader: redis.Redis, block_seconds: float = 10):
        """`reader` is a client for blocking reads only: its socket timeout must exceed
        `block_seconds`, and its pool must allow one connection per followed game."""
        self.games, self.reader = games, reader
        self.block_ms = int(block_seconds * 1000)
        self._lock = threading.Lock()
        self._followed: dict[str, _Followed] = {}

    @property
    def followed(self) -> int:
        return len(self._followed)

    def listen(self, gid: str, after: int, listener: Listener) -> Handle:
        """Call `listener(records)` with every batch of records after version `after` (from the
        moment of this call; earlier ones are the caller's to read)."""
        start = False
        with self._lock:
            f = self._followed.get(gid)
            if f is None:
                f = self._followed[gid] = _Followed(after)
                start = True
            f.listeners.add(listener)
        if start:
            threading.Thread(target=self._read, args=(gid, f), name=f"follow-{gid}",
                             daemon=True).start()
        return Handle(self, gid, listener)

    def _unlisten(self, gid: str, listener: Listener) -> None:
        with self._lock:
            f = self._followed.get(gid)
            if f is not None:
                f.listeners.discard(listener)

    def _read(self, gid: str, f: _Followed) -> None:
        stream = keys(gid)[0]
        while True:
            with self._lock:
                if not f.listeners:
                    del self._followed[gid]
                    return
            try:
                reply = self.reader.xread({stream: f"0-{f.position}"}, block=self.block_ms,
                                          count=256)
            except redis.RedisError as e:
                log.warning("following %s: %s", gid, e)
                time.sleep(1)
                continue
            if not reply:
                continue
            records = [decode_entry(e) for _key, entries in reply for e in entries]
            f.position = records[-1]["v"]
            try:
                self.games.advance(gid, records)
            except Exception:  # a game this worker cannot fold: its listeners still hear it
                log.exception("folding %s", gid)
            with self._lock:
                listeners = list(f.listeners)
            for listener in listeners:
                listener(records)
