"""Connections spread evenly over the workers of one `tablefold serve`.

Every worker accepts from the one listening socket, and the kernel wakes them all for each new
connection: the first to call accept() takes it. Left at that, which worker holds a connection is
chance, and a connection stays where it landed for its whole life (keep-alive, and live streams
for minutes): with 20 clients, one worker of two held 13 and ran at its limit while the other
idled (docs/performance.md). So each worker says in memory shared with the others how many
connections it holds, and one that holds more than the least loaded worker lets the others take
the next connection: the least-connections rule of a load balancer, inside one machine.

A worker waits only for live workers: one whose count has not been refreshed for FRESH_SECONDS
(stuck in a long request, or dead) is not waited for, and no worker waits longer than
MAX_WAIT_SECONDS for a connection before it takes it anyway.
"""
from __future__ import annotations

import contextlib
import mmap
import multiprocessing
import os
import struct
import time

SLOT = struct.Struct("qqd")   # pid, open connections, when they were last written (monotonic)
SLOTS = 64                    # workers alive at once under one arbiter (a dead one's slot is reused)
FRESH_SECONDS = 2.0
MAX_WAIT_SECONDS = 0.02
RECHECK_SECONDS = 0.002       # how soon a worker that let a connection go looks again


class Spread:
    """Made by the arbiter before it forks its workers, so that every worker shares its memory.
    Each worker `join`s once (taking a free slot), then `opened` and `closed` its connections;
    `should_wait` answers whether it should let the next connection go to another worker."""

    def __init__(self):
        self.mem = mmap.mmap(-1, SLOT.size * SLOTS)
        self.lock = multiprocessing.Lock()   # only while a worker takes its slot
        self.slot: int | None = None
        self.count = 0
        self.waiting_since: float | None = None   # for the connection at hand
        self.asked = 0.0   # when should_wait was last asked: a long pause means a new connection

    def _read(self, i: int) -> tuple[int, int, float]:
        return SLOT.unpack_from(self.mem, i * SLOT.size)

    def _write(self) -> None:
        SLOT.pack_into(self.mem, self.slot * SLOT.size, os.getpid(), self.count, time.monotonic())

    def join(self) -> None:
        """Take a slot no live worker holds (a worker that died leaves its slot behind)."""
        with self.lock:
            for i in range(SLOTS):
                pid = self._read(i)[0]
                if pid == 0 or pid == os.getpid() or not _alive(pid):
                    self.slot = i
                    self._write()
                    return

    def leave(self) -> None:
        if self.slot is not None:
            SLOT.pack_into(self.mem, self.slot * SLOT.size, 0, 0, 0.0)
            self.slot = None

    def opened(self) -> None:
        self.count += 1
        if self.slot is not None:
            self._write()

    def closed(self) -> None:
        self.count -= 1
        if self.slot is not None:
            self._write()

    @contextlib.contextmanager
    def holding(self):
        """Counts one connection while it is open."""
        self.opened()
        try:
            yield
        finally:
            self.closed()

    def refresh(self) -> None:
        """Say this worker is alive (called every second or so, busy or not)."""
        if self.slot is not None:
            self._write()

    def should_wait(self) -> bool:
        """Whether another live worker holds fewer connections than this one, and it has not
        waited MAX_WAIT_SECONDS already for the connection at hand."""
        if self.slot is None:
            return False
        now = time.monotonic()
        least = None
        for i in range(SLOTS):
            pid, count, stamp = self._read(i)
            if i == self.slot or pid == 0:
                continue
            if now - stamp < FRESH_SECONDS and (least is None or count < least):
                least = count
        if least is None or self.count <= least:
            self.waiting_since = None
            return False
        if self.waiting_since is None or now - self.asked > 5 * RECHECK_SECONDS:
            self.waiting_since = now   # (the last one it let go was taken by another worker)
        self.asked = now
        if now - self.waiting_since >= MAX_WAIT_SECONDS:
            self.waiting_since = None
            return False
        return True


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
