"""Turn clocks (Fischer time): each seat has a time budget that runs while the seat is awaited and
grows by an increment each time the seat hands the turn on.

The clock is part of the log: every record of a clocked game carries `clock`, the seats' time left
(milliseconds) at the moment it was recorded (`at`) and which seats' clocks run from then on. So
the time left is known after any restart, on any node; the earliest moment a running clock reaches
zero is the game's deadline, kept in a sorted set that every node watches.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any


def moment(at: str) -> float:
    """Seconds since the epoch of a record's `at`."""
    return datetime.fromisoformat(at).timestamp()


def started(settings: dict, players: int, running: list[int]) -> dict:
    return {"left": [int(settings["base_seconds"] * 1000)] * players, "running": running}


def after(settings: dict, previous: dict, previous_at: str, at: str, mover: Any,
          running: list[int]) -> dict:
    """The clock once a record made at `at` by `mover` follows a record that left `previous`:
    the seats that were running spent the time between; a seat that handed the turn on gains
    the increment."""
    elapsed = max(0, int(round((moment(at) - moment(previous_at)) * 1000)))
    left = list(previous["left"])
    for seat in previous["running"]:
        left[seat] -= elapsed
    if isinstance(mover, int) and mover in previous["running"] and mover not in running:
        left[mover] += int(settings["increment_seconds"] * 1000)
    return {"left": left, "running": sorted(running)}


def left_now(clock: dict, at: str, now: float) -> list[int]:
    """Each seat's time left at `now`, in milliseconds (below zero: its time ran out)."""
    spent = int(round((now - moment(at)) * 1000))
    return [ms - spent if seat in clock["running"] else ms for seat, ms in enumerate(clock["left"])]


def deadline(clock: dict, at: str) -> float | None:
    """When the first running clock reaches zero (seconds since the epoch), or None."""
    if not clock["running"]:
        return None
    return moment(at) + min(clock["left"][s] for s in clock["running"]) / 1000


def out_of_time(clock: dict, at: str, now: float) -> list[int]:
    """The running seats whose time has run out at `now`."""
    left = left_now(clock, at, now)
    return [s for s in clock["running"] if left[s] <= 0]
