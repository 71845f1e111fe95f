"""Each worker's one subscription to the records of the games it holds.

The append script publishes every record it appends on the game's channel (events/store.py). A
worker subscribes, on one connection, to the channel of every game in its cache and of every
game it serves a live stream of: a record another worker appended is folded into this worker's
copy as it arrives, so the next move here appends in one round trip whichever worker the seat's
connection reached, and each live stream of the game hears it. Nothing is read per record: Redis
pushes, the worker reads its one socket. A record heard out of order (a gap, or after the
subscription came back) is read from the log, so a stream never misses one. The reader is a
thread; under gevent's worker the socket is read in the event loop itself (a watcher's callback,
as service/redis_mux.py reads its replies): a push then costs no greenlet switch and no timer,
and only what needs a read of Redis is left to the reader, a greenlet.
"""
from __future__ import annotations

import functools
import logging
import os
import socket
import threading
import time
from dataclasses import dataclass, field
from typing import Callable

try:
    import hiredis
except ImportError:  # redis-py's own parser then
    hiredis = None

from events.games import Games
from events.gathered import Gathered
from events.store import channel, channel_game

log = logging.getLogger("tablefold.follow")

Listener = Callable[[list], None]
WAIT_SECONDS = 0.1   # how long a move on a copy that is behind waits for a record already sent
# games this worker lets go are unsubscribed together, this long after the first of them: one
# UNSUBSCRIBE for the tables that ended meanwhile, not one each (their pushes meanwhile are
# ignored)
LEAVE_SECONDS = 0.25


@dataclass
class _Followed:
    position: int                       # the newest version its listeners have heard
    listeners: set = field(default_factory=set)
    checked: float = 0.0                # when the log was last read for what no push brought


class Handle:
    def __init__(self, follower: "Follower", gid: str, listener: Listener, complete: bool):
        self.follower, self.gid, self.listener = follower, gid, listener
        # every record after `after` reaches the listener, so a read made before listening (at
        # the mark given) needs no second read after it; see Follower.listen
        self.complete = complete

    def close(self) -> None:
        self.follower._unlisten(self.gid, self.listener)


class Follower:
    def __init__(self, games: Games, reader, keepalive_seconds: float = 10):
        """`reader`: the client whose server (any node of a cluster) the subscription connects
        to. The connection is pinged after `keepalive_seconds` of silence."""
        self.games, self.reader = games, reader
        self.keepalive = keepalive_seconds
        self._cond = threading.Condition()
        self._send = threading.Lock()
        # games whose records this worker asked for, each with when it was last asked for (a
        # serial: a mark names the subscription it was taken on)
        self._wanted: dict[str, int] = {}
        self._confirmed: set[str] = set()    # ... and whose subscription Redis confirmed
        self._heard: dict[str, int] = {}     # the newest version heard of each wanted game
        self._asked = 0
        self._epoch = 0                      # the subscription's connections so far
        self._followed: dict[str, _Followed] = {}
        self._waiting = 0                    # moves waiting for a push
        self._conn = None
        self.in_event_loop = False           # whether the subscription is read in gevent's loop
        self._pid = None                     # the process the reader runs in (not a forked copy)
        self._leaving = Gathered(self._unsubscribe, LEAVE_SECONDS)
        games.on_cached = self._cache_changed
        games.wait_for_record = self.wait_for

    @property
    def followed(self) -> int:
        """Games with a live stream listening in this worker."""
        return len(self._followed)

    @property
    def subscribed(self) -> int:
        return len(self._confirmed)

    # --- what the worker asks for ---------------------------------------------------------------
    def mark(self, gid: str, wait: float = 0.0):
        """Taken before a read of `gid`, for `listen`: None unless Redis has confirmed the game's
        subscription on the connection of now. With `wait`, the game is subscribed to if it was
        not, and the confirmation awaited that long: a read made after it is then complete with
        the mark, and the confirmation, come before any listener, reads nothing (late, it reads
        the log for the listener, as without the wait). Call `release` if no listener or cached
        copy follows."""
        if wait:
            self._want(gid)
        deadline = time.monotonic() + wait
        with self._cond:
            while gid not in self._confirmed or gid not in self._wanted:
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self._cond.wait(left)
            return self._epoch, self._wanted[gid]

    def release(self, gid: str) -> None:
        """Let the subscription to `gid` go unless a listener or the cache holds the game."""
        with self._cond:
            if gid in self._followed:
                return
        if self.games.cache.peek(gid) is None:
            self._unwant(gid)

    def listen(self, gid: str, after: int, listener: Listener, mark=None) -> Handle:
        """Call `listener(records)` with the records after version `after`, in order.

        Every one of them when the read that gave `after` was made after listening, and when the
        handle says it is `complete`, which it is when this listener takes records from no later
        than `after` and either
        - the game's subscription is not confirmed yet: its confirmation reads the log from
          there, so what came after the read is read then; or
        - `mark` was taken before the read, the same subscription holds (no reconnection, not
          unsubscribed meanwhile) and no record after `after` was pushed yet: every record
          appended after the read is pushed on it, and now reaches this listener.
        Otherwise records pushed between the read and now may be missed: read again."""
        with self._cond:
            f = self._followed.get(gid)
            if f is None:
                f = self._followed[gid] = _Followed(after)
            f.listeners.add(listener)
        self._want(gid)
        with self._cond:
            pending = gid in self._wanted and gid not in self._confirmed
            held = (mark is not None and gid in self._confirmed
                    and mark == (self._epoch, self._wanted.get(gid))
                    and self._heard.get(gid, 0) <= after)
            complete = f.position <= after and (pending or held)
        return Handle(self, gid, listener, complete)

    def recheck(self, gid: str) -> None:
        """Read the log for records of `gid` its listeners have not heard. A push Redis did not
        deliver (a Redis Cluster passes PUBLISH between its nodes and may drop one) shows at the
        next record's gap otherwise, and a game's last record has none: live streams call this
        at their keep-alive, and the log is read once per keep-alive and game, not per stream."""
        now = time.monotonic()
        with self._cond:
            f = self._followed.get(gid)
            if f is None or now - f.checked < self.keepalive / 2:
                return
            f.checked = now
        self._catch_up(gid, None)

    def _unlisten(self, gid: str, listener: Listener) -> None:
        with self._cond:
            f = self._followed.get(gid)
            if f is None:
                return
            f.listeners.discard(listener)
            if f.listeners:
                return
            del self._followed[gid]
        self.release(gid)

    def _cache_changed(self, gid: str, held: bool) -> None:
        if held:
            self._want(gid)
        elif gid not in self._followed:
            self._unwant(gid)

    def _want(self, gid: str) -> None:
        with self._cond:
            if gid in self._wanted:
                return
            self._asked += 1
            self._wanted[gid] = self._asked
            # a confirmation from before it was let go may be undone by an UNSUBSCRIBE still to
            # come: only this SUBSCRIBE's confirmation counts
            self._confirmed.discard(gid)
        self._start()
        self._command("SUBSCRIBE", channel(gid))

    def _unwant(self, gid: str) -> None:
        with self._cond:
            if gid not in self._wanted:
                return
            del self._wanted[gid]
            self._heard.pop(gid, None)
        self._leaving.add(gid)

    def _unsubscribe(self, gids: list[str]) -> None:
        """One UNSUBSCRIBE for the games let go meanwhile and not wanted again since."""
        with self._cond:
            gone = [channel(gid) for gid in dict.fromkeys(gids) if gid not in self._wanted]
        if gone:
            self._command("UNSUBSCRIBE", *gone)

    def _command(self, *args) -> None:
        """Sent on the subscription's connection; its answer comes to the reader. Without a
        connection the reader subscribes to everything wanted once it connects."""
        with self._send:
            if self._conn is not None:
                try:
                    self._conn.send_command(*args)
                except Exception:  # the reader notices too, and reconnects
                    pass

    def wait_for(self, gid: str, version: int) -> bool:
        """Wait, briefly, until this worker's copy of `gid` reaches `version` by what Redis
        pushes; False at once when no push can bring it (not subscribed, or the record was heard
        but could not be folded here)."""
        deadline = time.monotonic() + WAIT_SECONDS
        with self._cond:
            while True:
                entry = self.games.cache.peek(gid)
                if entry is not None and entry.version >= version:
                    return True
                if entry is None or gid not in self._confirmed or self._heard.get(gid, 0) >= version:
                    return False
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._waiting += 1
                try:
                    self._cond.wait(left)
                finally:
                    self._waiting -= 1

    # --- the reader ------------------------------------------------------------------------------
    def _start(self) -> None:
        with self._cond:
            if self._pid == os.getpid():
                return
            self._pid, self._conn, self._confirmed = os.getpid(), None, set()
        threading.Thread(target=self._run, name="follow", daemon=True).start()

    def _connection(self):
        """A connection of its own, speaking RESP2 (its pushes are plain arrays to any parser).
        Without redis-py's health check: the check pings from the greenlet that sends a command
        and reads the answer there, from the socket this reader reads, and then drops the
        connection when what it read was a push. The keep-alive ping here checks it instead."""
        client = self.reader
        if hasattr(client, "get_random_node"):  # a cluster: every node hears every PUBLISH
            client = client.get_redis_connection(client.get_random_node())
        pool = client.connection_pool
        conn = pool.connection_class(**{**pool.connection_kwargs, "protocol": 2,
                                        "health_check_interval": 0})
        conn.connect()
        return conn

    def _run(self) -> None:
        hub = _event_loop()
        pause, failures = 0.05, 0
        while True:
            try:
                conn = self._connection()
                with self._send:
                    self._conn = conn
                    with self._cond:
                        self._epoch += 1
                        wanted = list(self._wanted)
                    if wanted:
                        conn.send_command("SUBSCRIBE", *map(channel, wanted))
                if failures:
                    log.warning("the records' subscription is back after %d failures", failures)
                pause, failures = 0.05, 0
                sock = getattr(conn, "_sock", None)
                self.in_event_loop = (hub is not None and hiredis is not None
                                      and isinstance(sock, socket.socket))
                if self.in_event_loop:
                    self._serve_in_loop(hub, sock)
                else:
                    for message in self._messages(conn):
                        for later in self._handle(message):
                            later()
            except Exception as e:
                failures += 1
                if failures == 1:  # once, not at every retry while Redis is away
                    log.warning("the records' subscription failed: %s: %s", type(e).__name__, e)
                with self._send:
                    conn, self._conn = self._conn, None
                with self._cond:
                    self._confirmed = set()
                    self._cond.notify_all()
                if conn is not None:
                    conn.disconnect()
                time.sleep(pause)
                pause = min(pause * 2, 2.0)

    def _messages(self, conn):
        """What Redis sends the subscription, as it comes; a ping after `keepalive` of silence,
        and an error when that is not answered either. On a real socket it is read and parsed
        directly (hiredis), a push costing a few µs instead of a trip through redis-py's
        command machinery; other connections (fakeredis) through redis-py."""
        sock = getattr(conn, "_sock", None)
        if hiredis is None or not isinstance(sock, socket.socket):
            while True:
                if not conn.can_read(timeout=self.keepalive):
                    self._command("PING")
                    if not conn.can_read(timeout=self.keepalive):
                        raise TimeoutError("the subscription does not answer")
                yield conn.read_response()
        parser = hiredis.Reader()
        sock.settimeout(self.keepalive)
        pinged = False
        while True:
            try:
                data = sock.recv(65536)
            except socket.timeout:
                if pinged:
                    raise TimeoutError("the subscription does not answer") from None
                self._command("PING")
                pinged = True
                continue
            if not data:
                raise ConnectionError("Redis closed the subscription's connection")
            pinged = False
            parser.feed(data)
            while (message := parser.gets()) is not False:
                yield message

    def _serve_in_loop(self, hub, sock: socket.socket) -> None:
        """Read the subscription in gevent's event loop until it fails: each push is handled in
        the callback of the socket's watcher, and this greenlet makes the calls that read Redis
        (catching up), in order, and keeps the connection alive."""
        from gevent.queue import Empty, Queue
        raw = getattr(sock, "_sock", sock)   # the kernel's socket under gevent's wrapper
        parser, work, heard = hiredis.Reader(), Queue(), [time.monotonic()]
        watcher = hub.loop.io(raw.fileno(), 1)
        watcher.start(self._read_pushes, raw, parser, work, heard, watcher)
        try:
            pinged = None
            while True:
                now = time.monotonic()
                if pinged is not None and heard[0] >= pinged:
                    pinged = None
                if pinged is not None:
                    if now - pinged >= self.keepalive:
                        raise TimeoutError("the subscription does not answer")
                    wait = pinged + self.keepalive - now
                elif now - heard[0] >= self.keepalive:
                    self._command("PING")
                    pinged, wait = now, self.keepalive
                else:
                    wait = heard[0] + self.keepalive - now
                try:
                    later = work.get(timeout=wait)
                except Empty:
                    continue
                if isinstance(later, Exception):
                    raise later
                later()
        finally:
            watcher.close()

    def _read_pushes(self, raw: socket.socket, parser, work, heard: list, watcher) -> None:
        """In the event loop, when the subscription's socket is readable: what came, handled;
        what needs a read of Redis, or the connection's failure, queued for the reader."""
        try:
            data = raw.recv(65536)
            if not data:
                raise ConnectionError("Redis closed the subscription's connection")
            heard[0] = time.monotonic()
            parser.feed(data)
            while (message := parser.gets()) is not False:
                for later in self._handle(message):
                    work.put(later)
        except BlockingIOError:
            return
        except Exception as e:   # the reader raises it and connects again
            watcher.stop()
            work.put(e)

    def _handle(self, message) -> list[Callable[[], None]]:
        """Take one message of the subscription in. What needs a read of Redis is not done but
        given back, as calls for the reader to make in turn: under gevent this runs in the event
        loop, which must never wait."""
        if not isinstance(message, list):
            return []  # PING's answer
        kind = message[0]
        if kind == b"message":
            return self._arrived(channel_game(message[1]), message[2])
        if kind == b"subscribe":
            gid = channel_game(message[1])
            with self._cond:
                if gid in self._wanted:
                    self._confirmed.add(gid)
                    self._cond.notify_all()   # a read waiting for it (mark)
            # records made before the subscription took hold
            return [functools.partial(self._catch_up, gid, None)]
        if kind == b"unsubscribe":
            gid = channel_game(message[1])
            with self._cond:
                if gid not in self._wanted:
                    self._confirmed.discard(gid)
        return []

    def _arrived(self, gid: str, data: bytes) -> list[Callable[[], None]]:
        # every record of a held game comes here, this worker's own too: kept short
        version, gen, raw = data.split(b" ", 2)
        version = int(version)
        later = []
        try:
            record = self.games.pushed(gid, version, gen.decode(), raw)
        except Exception:  # a record this worker cannot fold: its copy is dropped, not the subscription
            log.exception("folding a pushed record of %s", gid)
            record = None
            # by the reader: letting a game go may start a thread, which waits for it to start
            later.append(functools.partial(self.games.cache.drop, gid))
        if version > self._heard.get(gid, 0) and gid in self._wanted:
            self._heard[gid] = version
        if self._waiting:
            with self._cond:
                self._cond.notify_all()
        pushed = (version, record, raw)
        if gid in self._followed and not self._catch_up(gid, pushed, read=False):
            later.append(functools.partial(self._catch_up, gid, pushed))
        return later

    def _catch_up(self, gid: str, pushed, read: bool = True) -> bool:
        """Hand the game's listeners what they have not heard: the pushed record, after any
        records between (read from the log). Without `read`, False when that needs the log
        (nothing was done)."""
        with self._cond:
            f = self._followed.get(gid)
            if f is None:
                return True
            position = f.position
        if pushed is not None and pushed[0] <= position:
            return True
        if pushed is not None and pushed[0] == position + 1:
            records = [pushed[1] if pushed[1] is not None else self.games.decode(pushed[2])]
        elif not read:
            return False
        else:
            try:
                records = self.games.store.records(gid, position + 1,
                                                   pushed[0] if pushed is not None else None)
                self.games.advance(gid, records)
            except Exception as e:  # the next record, or the next subscription, tries again
                log.warning("catching up on %s: %s", gid, e)
                return True
        if not records:
            return True
        # listeners only queue what they hear: handed it in order, under the lock, and to every
        # listener there now (one that came while the log was read must not lose these records;
        # a listener skips what it already has)
        with self._cond:
            if f.position >= records[-1]["v"]:
                return True
            records = [r for r in records if r["v"] > f.position]
            f.position = records[-1]["v"]
            for listener in list(f.listeners):
                listener(records)
        return True


def _event_loop():
    """gevent's hub when this process is gevent's (its sockets patched), else None."""
    try:
        from gevent import get_hub, monkey
    except ImportError:
        return None
    return get_hub() if monkey.is_module_patched("socket") else None
