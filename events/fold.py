"""Folding a log into state, skipping rescinded moves, and how far undo can reach."""
from __future__ import annotations

from typing import Any, Iterable

from engines.core import Engine
from events.records import Record, checkpoint_for


def rescinded(records: Iterable[Record]) -> set[int]:
    out: set[int] = set()
    for r in records:
        out.update(r.get("undo") or ())
    return out


def fold(engine: Engine, players: int, options: dict, records: list[Record],
         state: Any = None) -> Any:
    """Fold records onto `state` (or the empty table). Rescinded records are skipped."""
    if state is None:
        state = engine.initial(players, options)
    skip = rescinded(records)
    for r in records:
        if r["v"] in skip or r.get("undo") is not None:
            continue
        for ev in r["events"]:
            state = engine.evolve(state, ev)
    return state


def undo_reach(records_newest_first: Iterable[Record], seat: int) -> list[int]:
    """Versions of `seat`'s own moves that undo can rescind, newest first, back to the checkpoint.

    Takes records newest first (a lazy iterator is fine: it stops at the checkpoint).
    """
    skip: set[int] = set()
    reach: list[int] = []
    inside_step = False  # walked past another seat's secret choice in a simultaneous step
    for r in records_newest_first:
        if r.get("undo") is not None:
            skip.update(r["undo"])
            continue
        if r["v"] in skip:
            continue
        if checkpoint_for(r, seat):
            break
        if r.get("by") != seat:
            inside_step = True
        elif inside_step and not r.get("simultaneous"):
            break  # a move from before the step: the others' choices stand on it
        else:
            reach.append(r["v"])
    return reach
