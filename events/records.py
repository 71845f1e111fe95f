"""One record per move: who moved, the move, the events it caused, and what each viewer sees.

A record is a plain dict:
    v             the version it makes (the setup record is 1)
    by            a seat (int) or "system"
    bot           the seat bot that chose the move, if any
    move          the move as submitted (None for setup and undo); only its author sees it
    public        what the engine declares public of the move (Engine.public_move); the others
                  see this as the record's `move`
    simultaneous  the move was a choice in a simultaneous step (several seats were active)
    reveal        decide drew from the rng: a reveal for undo, whatever the events say
    events        the events it caused (see engines.core.events)
    undo          for an undo record: the versions it rescinds
    clock         a clocked game's clock after it (events/clock.py): public, as at the table
    table         a record of the table, not the rules (by "system"): a seat handed to a bot or
                  taken back, a seat out of time
    move_id       the client's idempotency key, if any
    at            when it was recorded (ISO 8601, UTC)
    hash          the state hash after it (every few records and at the end; secret)

Secret by default (DESIGN.md): a viewer other than the author sees only the fields known to be
public, the public part of the move and the events redacted for it. A field added to records
later stays hidden from the others until it is named here.
"""
from __future__ import annotations

from typing import Any

from engines.core import ALL, Engine, redact_event

Record = dict

PUBLIC_FIELDS = ("v", "by", "bot", "simultaneous", "undo", "at", "clock", "table")
AUTHOR_FIELDS = PUBLIC_FIELDS + ("move", "move_id", "reveal")


def move_record(engine: Engine, state: Any, version: int, seat: int, move: dict,
                events: list[dict], drew: bool, at: str) -> Record:
    """The record of `seat`'s move made on `state` (the state before it)."""
    record = {"v": version, "by": seat, "move": move, "public": engine.public_move(state, seat, move),
              "events": events, "at": at}
    if len(engine.active(state)) > 1:
        record["simultaneous"] = True
    if drew:
        record["reveal"] = True
    return record


def is_reveal(record: Record) -> bool:
    return bool(record.get("reveal")) or any(ev.get("reveal") for ev in record.get("events", ()))


def mark(record: Record) -> dict:
    """What undo reads of a record, and no more: a worker keeps these for its newest records."""
    out = {"v": record["v"], "by": record.get("by"),
           "events": [{"by": ev["by"]} for ev in record.get("events", ()) if "by" in ev]}
    if record.get("undo") is not None:
        out["undo"] = record["undo"]
    if record.get("simultaneous"):
        out["simultaneous"] = True
    if is_reveal(record):
        out["reveal"] = True
    return out


def checkpoint_for(record: Record, seat: int) -> bool:
    """Whether undo by `seat` must stop at this record (DESIGN.md, "Undo")."""
    if record.get("undo") is not None:
        return False  # undo records are walked through; their rescinds are applied
    if is_reveal(record):
        return True
    if record.get("by") != seat:
        # within a simultaneous step a seat's undo ignores the other seats' secret choices
        return not record.get("simultaneous")
    return any(ev.get("by") not in (None, seat) for ev in record.get("events", ()))


def redact_record(record: Record, viewer: Any) -> Record:
    """The record as `viewer` may see it. The one place every response redacts a record."""
    if viewer == ALL:
        # the open view exists only for a finished game or an operator: nothing left to hide
        return dict(record)
    author = isinstance(viewer, int) and viewer == record.get("by")
    out = {k: record[k] for k in (AUTHOR_FIELDS if author else PUBLIC_FIELDS) if k in record}
    if not author:
        out["move"] = record.get("public")
    out["events"] = [redact_event(ev, viewer) for ev in record.get("events", ())]
    return out
