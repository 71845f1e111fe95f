"""One Redis connection a worker for its script calls, the commands of every greenlet written to
it together, as StackExchange.Redis's multiplexer and ioredis's auto-pipelining do.

Under gevent a worker serves hundreds of requests at once, and nearly every one is one script
call (a move's append, a read's load). Each on a pooled connection of its own costs a write and
a read system call in the worker and as many in Redis, per command. Here the commands of all the
greenlets that ask within one turn of the event loop go out in one write, and Redis answers them
in one: their replies come back in order on the one connection and are handed to each waiting
greenlet straight from the event loop. The store's script calls of one turn go as one command,
its batch script (events/store.py's `Batch`), whose reply carries each call's: one command for
the turn's moves and reads, not one each. Nothing waits to be batched: a command is written at
the end of the loop turn in which it was asked for.

Only for the greenlets of the thread that made it (the gevent worker's), and only script calls
(events/store.py's `Script`): pipelines, blocking reads and the subscription keep connections of
their own. A failed or silent connection fails every command on it with redis-py's own errors
(ConnectionError, TimeoutError), which the callers' retries know; the next command connects
again. A forked child makes its own connection.
"""
from __future__ import annotations

import collections
import time
from os import getpid

import hiredis
import redis
from gevent import get_hub
from gevent.hub import Waiter
from gevent.lock import Semaphore
from gevent.monkey import get_original
from redis._parsers.base import BaseParser   # how redis-py's own reader makes its errors

_real_thread_id = get_original("_thread", "get_ident")
NOT_ENOUGH = object()    # what the reader gives while a reply is incomplete
CHECK_SECONDS = 0.5      # how often the silence of a connection with commands out is checked
MOST_TOGETHER = 128      # script calls in one batch call (Redis runs one call in one go)


class Multiplexer:
    """Script calls of one process's greenlets over one connection made from `pool`'s settings
    (its connection class and arguments: address, password, database, timeouts)."""

    def __init__(self, pool):
        self.pool = pool
        self.timeout = pool.connection_kwargs.get("socket_timeout") or 5.0
        self.sock = self.readable = self.check = self.writable = None
        self._reset()

    def _reset(self) -> None:
        for watcher in self._watchers():
            watcher.close()   # a forked child's copies of the parent's
        if self.sock is not None:
            self.sock.close()   # this process's copy only: no shutdown, the parent's is untouched
        self.pid, self.thread = getpid(), _real_thread_id()
        self._connecting = Semaphore()
        self.conn = self.sock = self.reader = self.hub = None
        self.unsent: list = []                 # (packed command, waiter, part): this turn's
        self.waiting = collections.deque()     # waiters of the commands written, in order
        self.written_at = collections.deque()  # when each of those was written
        self.out = b""                         # written data the kernel has not taken yet
        self.flush_due = False
        self.readable = self.check = None      # the reply watcher, the silence check
        self.writable = None                   # watching for room in the kernel's buffer

    def _watchers(self) -> list:
        return [w for w in (self.readable, self.check, self.writable) if w is not None]

    def usable(self) -> bool:
        """Whether the caller may use it: the thread it was made in (its event loop's)."""
        return _real_thread_id() == self.thread or getpid() != self.pid

    def call(self, packed: bytes | None, part=None):
        """Send one packed command and return its reply (a top-level error reply is raised).
        Or, instead of `packed`, `part`: a call of a batch script, (batch, place, keys, args) (a
        Batch of events/store.py), packed here with the turn's other calls of that batch."""
        if getpid() != self.pid:
            self._reset()   # the parent's connection is the parent's: never touched here
        if self.sock is None:
            self._connect()
        waiter = Waiter()
        self.unsent.append((packed, waiter, part))
        if not self.flush_due:
            self.flush_due = True
            self.hub.loop.run_callback(self._flush)
        reply = waiter.get()
        if isinstance(reply, redis.ResponseError):
            raise reply
        return reply

    # --- the connection ---------------------------------------------------------------------
    def _connect(self) -> None:
        with self._connecting:
            if self.sock is not None:
                return
            pool = self.pool
            conn = pool.connection_class(**pool.connection_kwargs)
            conn.connect()   # redis-py's own handshake (AUTH, SELECT, CLIENT SETINFO)
            gevent_socket = conn._sock
            # the kernel's socket under gevent's wrapper, non-blocking
            self.sock = getattr(gevent_socket, "_sock", gevent_socket)
            self.sock.setblocking(False)
            encoder = conn.encoder
            self.reader = hiredis.Reader(
                protocolError=redis.exceptions.InvalidResponse,
                replyError=BaseParser.parse_error, notEnoughData=NOT_ENOUGH,
                errors=encoder.encoding_errors,
                **({"encoding": encoder.encoding} if encoder.decode_responses else {}))
            self.conn, self.hub = conn, get_hub()
            loop = self.hub.loop
            self.readable = loop.io(self.sock.fileno(), 1)
            self.readable.start(self._read)
            self.check = loop.timer(CHECK_SECONDS, CHECK_SECONDS)
            self.check.start(self._check)

    def _flush(self) -> None:
        self.flush_due = False
        batch, self.unsent = self.unsent, []
        if not batch:
            return
        if self.sock is None:   # it failed since these were asked for
            return self._fail_all(redis.ConnectionError("Connection closed by server."), batch)
        batch = together(batch)
        self.out += b"".join(packed for packed, _ in batch)
        now = time.monotonic()
        for _, waiter in batch:
            self.waiting.append(waiter)
            self.written_at.append(now)
        self._write()

    def _write(self) -> None:
        try:
            sent = self.sock.send(self.out)
        except BlockingIOError:
            sent = 0
        except OSError as e:
            return self._fail(redis.ConnectionError(f"Error {e.errno} while writing to socket. "
                                                    f"{e.strerror}."))
        self.out = self.out[sent:]
        if self.out and self.writable is None:   # the kernel's buffer is full: wait for room
            self.writable = self.hub.loop.io(self.sock.fileno(), 2)
            self.writable.start(self._write)
        elif not self.out and self.writable is not None:
            self.writable.close()
            self.writable = None

    def _read(self) -> None:
        try:
            data = self.sock.recv(1 << 18)
        except BlockingIOError:
            return
        except OSError as e:
            return self._fail(redis.ConnectionError(f"Error while reading from socket: {e}"))
        if not data:
            return self._fail(redis.ConnectionError("Connection closed by server."))
        self.reader.feed(data)
        while True:
            try:
                reply = self.reader.gets()
            except redis.exceptions.InvalidResponse as e:
                return self._fail(redis.ConnectionError(f"Protocol error: {e}"))
            if reply is NOT_ENOUGH:
                return
            if not self.waiting:   # a reply nobody asked for: the connection is out of step
                return self._fail(redis.ConnectionError("Redis answered a command not sent."))
            self.written_at.popleft()
            self.waiting.popleft().switch(reply)   # a greenlet gone meanwhile leaves it unread

    def _check(self) -> None:
        if self.written_at and time.monotonic() - self.written_at[0] > self.timeout:
            self._fail(redis.TimeoutError("Timeout reading from socket"))

    def _fail(self, error: Exception) -> None:
        """Every command out or about to go fails with `error`; the next one connects again."""
        waiting, self.waiting = list(self.waiting), collections.deque()
        unsent, self.unsent = self.unsent, []
        for watcher in self._watchers():
            watcher.close()
        conn = self.conn
        self.conn = self.sock = self.reader = None
        self.readable = self.check = self.writable = None
        self.written_at, self.out = collections.deque(), b""
        if conn is not None:
            conn.disconnect()
        for waiter in waiting:
            waiter.throw(error)
        self._fail_all(error, unsent)

    @staticmethod
    def _fail_all(error: Exception, batch) -> None:
        for _, waiter, *_part in batch:
            waiter.throw(error)


def together(turn: list) -> list:
    """A turn's commands as written: the calls of a batch script as one command, when there are
    several (one script call for the turn's moves and reads, not one each)."""
    out, parts = [], {}
    for packed, waiter, part in turn:
        if part is None:
            out.append((packed, waiter))
        else:
            parts.setdefault(part[0], []).append((waiter, part[1:]))
    for batch, calls in parts.items():
        for at in range(0, len(calls), MOST_TOGETHER):
            some = calls[at:at + MOST_TOGETHER]
            if len(some) == 1:
                waiter, call = some[0]
                out.append((batch.pack_one(*call), waiter))
            else:
                out.append((batch.pack([call for _, call in some]),
                            Together(batch, [waiter for waiter, _ in some])))
    return out


class Together:
    """The waiters of the calls sent as one batch script call: each is handed its own reply."""

    def __init__(self, batch, waiters: list):
        self.batch, self.waiters = batch, waiters

    def switch(self, reply) -> None:
        if isinstance(reply, redis.ResponseError):   # none ran: each caller's own retry decides
            if isinstance(reply, redis.exceptions.NoScriptError):
                self.batch.loaded = False   # the next batch goes with its source, loading it
            replies = [reply] * len(self.waiters)
        else:
            self.batch.loaded = True
            try:
                replies = self.batch.replies(reply, len(self.waiters))
            except redis.exceptions.InvalidResponse as e:
                return self.throw(redis.ConnectionError(f"Protocol error: {e}"))
        for waiter, one in zip(self.waiters, replies):
            waiter.switch(one)

    def throw(self, error: Exception) -> None:
        for waiter in self.waiters:
            waiter.throw(error)


def for_client(client) -> Multiplexer | None:
    """A multiplexer for a plain client's script calls, or None where it does not apply: a
    cluster (routed by key), a single-connection client, RESP3 (pushes on the same connection),
    TLS (its bytes are the TLS layer's to write, not the socket's)."""
    pool = getattr(client, "connection_pool", None)
    if not isinstance(client, redis.Redis) or client.connection is not None or pool is None \
            or pool.connection_kwargs.get("protocol") not in (None, 2, "2"):
        return None
    plain = (redis.Connection, redis.UnixDomainSocketConnection)
    if not issubclass(pool.connection_class, plain) \
            or issubclass(pool.connection_class, redis.SSLConnection):
        return None
    return Multiplexer(pool)
