"""What a worker sends Redis together, a moment after the first of it: one command for many.

A worker's live streams end in bursts (a table's two seats leave as it ends, spectators reopen
every minute); counting each out used to cost a command of its own.
"""
from __future__ import annotations

import atexit
import logging
import os
import threading
import time
from typing import Callable

log = logging.getLogger("tablefold.gathered")


class Gathered:
    """Items handed to `send(items)` together, `every` seconds after the first of them came.

    The sender is a thread of the process that gathered them (a greenlet under gevent's
    worker), started with its first item; what still waits at the process's exit is sent then.
    `send` that fails loses its items: the caller chooses items whose loss costs nothing lasting
    (counters that expire by themselves)."""

    def __init__(self, send: Callable[[list], None], every: float):
        self.send, self.every = send, every
        self._items: list = []
        self._cond = threading.Condition()
        self._pid = None

    def add(self, *items) -> None:
        with self._cond:
            started = self._pid == os.getpid()
            if not started:   # in a forked copy, what the parent gathered is the parent's to send
                self._items, self._pid = [], os.getpid()
            self._items += items
            self._cond.notify()
        if not started:
            threading.Thread(target=self._run, name="gathered", daemon=True).start()
            atexit.register(self.flush)

    def flush(self) -> bool:
        """Send what waits now; whether anything did."""
        with self._cond:
            items, self._items = self._items, []
        if not items:
            return False
        try:
            self.send(items)
        except Exception as e:
            log.warning("sending %d gathered items: %s: %s", len(items), type(e).__name__, e)
        return True

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._items:
                    self._cond.wait()
            time.sleep(self.every)
            self.flush()
