"""One record per move: who moved, the move, the events it caused, and what each viewer sees.

A record is a plain dict:
    v         the version it makes (the setup record is 1)
    by        a seat (int) or "system"
    bot       the seat bot that chose the move, if any
    move      the move as submitted (None for setup and undo)
    private   true when the move's content is secret from the other seats
    events    the events it caused (see engines.core.events)
    undo      for an undo record: the versions it rescinds
    move_id   the client's idempotency key, if any
    at        when it was recorded (ISO 8601, UTC)
    hash      the state hash after it (every few records and at the end; secret)
"""
from __future__ import annotations

from typing import Any

from engines.core import ALL, redact_event

Record = dict


def is_reveal(record: Record) -> bool:
    return any(ev.get("reveal") for ev in record.get("events", ()))


def checkpoint_for(record: Record, seat: int) -> bool:
    """Whether undo by `seat` must stop at this record (DESIGN.md, "Undo")."""
    if record.get("undo") is not None:
        return False  # undo records are walked through; their rescinds are applied
    if is_reveal(record):
        return True
    if record.get("by") != seat:
        # within a simultaneous step a seat's undo ignores the other seats' secret choices
        return not record.get("private")
    return any(ev.get("by") not in (None, seat) for ev in record.get("events", ()))


def redact_record(record: Record, viewer: Any) -> Record:
    """The record as `viewer` may see it. The one place every response redacts a record."""
    if viewer == ALL:
        # the open view exists only for a finished game or an operator: nothing left to hide
        return dict(record)
    out = dict(record)
    out.pop("hash", None)  # a hash of a nearly empty bag could be brute-forced
    if viewer != out.get("by"):
        out.pop("move_id", None)
        if out.get("private"):
            out["move"] = None
    out["events"] = [redact_event(ev, viewer) for ev in record.get("events", ())]
    return out
