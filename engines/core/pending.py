"""Choices owed mid-turn: a queue of items, each owed by one seat, often not the mover.

A move's consequences may need a choice before play goes on: an Intersection's owner takes its
benefits on another player's turn (Barcelona); a card offered to its owner when it applies, a
question of upkeep (Tekhenu). Each such choice is an item, a dict with at least "seat", pushed
onto the queue kept in `state[key]`. While the queue is not empty, the seat of its first item is
the only active seat: the engine answers `active` with `Pending.active` first, and a move of that
seat answers the item, which is then `done`.

The queue's events are the engine's own names and fields, so a log keeps the bytes it has always
had:

    Pending(pushed="step_pushed", item="step", done="step_done", done_fields=("seat", "kind"))

Items join at the end (first in, first out), or, with `at` naming a position field, ahead of the
items already waiting, in the order one move pushes them: then what a move asks for is settled
before older items, as nested effects are. `restart` begins a new run of such pushes (the rest
of an effect, run later, pushes ahead of everything again). The count lives on decide's Table,
so every decide starts from zero.

What an item holds beyond "seat", what answers it and what it leads to are the engine's rules.
"""
from __future__ import annotations

import copy
from typing import Any

from engines.core.events import event


class Pending:
    def __init__(self, *, key: str = "pending", pushed: str = "pending_pushed",
                 item: str = "item", done: str = "pending_done", done_fields: tuple = (),
                 at: str | None = None):
        self.key = key                  # where the state keeps the queue (a list)
        self.pushed = pushed            # the event that adds an item, carrying it in `item`
        self.item = item
        self.done_event = done          # the event that takes the first item off
        self.done_fields = tuple(done_fields)   # fields of the first item it repeats
        self.at = at                    # the position field, or None: items join at the end
        self.events = (pushed, done)    # the event types `fold` folds

    # --- reading the state ---------------------------------------------------------------------
    def items(self, state) -> list[dict]:
        return state[self.key]

    def top(self, state) -> dict | None:
        """The item owed now, or None."""
        queue = state[self.key]
        return queue[0] if queue else None

    def owner(self, state) -> int | None:
        top = self.top(state)
        return None if top is None else top["seat"]

    def active(self, state) -> list[int]:
        """[the seat owing the first item], or [] when nothing is owed."""
        top = self.top(state)
        return [] if top is None else [top["seat"]]

    # --- decide --------------------------------------------------------------------------------
    def push(self, t, item: dict) -> None:
        """Owe `item` (a dict with "seat"), emitting the push event on decide's Table `t`."""
        if not isinstance(item.get("seat"), int):
            raise ValueError("a pending item names the seat that owes it")
        fields: dict = {}
        if self.at is not None:
            n = self.pushes(t)
            fields[self.at] = n
            setattr(t, self._count, n + 1)
        fields[self.item] = item
        t.emit(event(self.pushed, fields))

    def pushes(self, t) -> int:
        """How many items this run has pushed (with `at`: where the next one goes)."""
        return getattr(t, self._count, 0)

    def restart(self, t) -> None:
        """Begin a new run: the next push goes ahead of every item waiting."""
        setattr(t, self._count, 0)

    def done(self, t) -> None:
        """The first item is answered (or, for an item that is no choice, run): emit the event
        that takes it off. The engine emits it where its log has it, before or after the
        answer's consequences."""
        top = self.top(t.state)
        if top is None:
            raise ValueError("nothing is pending")
        t.emit(event(self.done_event, {f: top[f] for f in self.done_fields}))

    @property
    def _count(self) -> str:
        return f"_pending_pushes_{self.key}"

    # --- evolve --------------------------------------------------------------------------------
    def fold(self, state, ev: dict) -> None:
        """Fold one of `self.events`."""
        queue = state[self.key]
        if ev["type"] == self.pushed:
            item = copy.deepcopy(ev[self.item])
            if self.at is None:
                queue.append(item)
            else:
                queue.insert(ev[self.at], item)
        elif ev["type"] == self.done_event:
            queue.pop(0)
        else:
            raise ValueError(f"not a pending event: {ev['type']!r}")
