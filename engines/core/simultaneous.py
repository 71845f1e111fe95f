"""A simultaneous secret step (DESIGN.md, "Simultaneous moves").

Every seat taking part chooses at once, in secret: a choice is a move whose content is private to
its seat and whose existence is public ("has chosen"). A seat that has chosen is no longer awaited
but stays active, and may choose again (the new choice replaces the old) while any other seat is
still awaited. The moment no seat is awaited, the step closes with one event (a reveal, unless
the choices stay secret even then).

An engine describes its step once, in its own words, so that its log keeps the events it has
always written: the move type, the event that records a choice and its private field, the event
that closes the step, when the step is open, and where its state keeps each seat's choice:

    OFFERS = Simultaneous(move="offer", chosen="offered", field="cards",
                          closed="offers_revealed", is_open=..., get=..., put=...)

decide calls `choose`; evolve folds the choice event with `fold` and clears the choices with
`clear` when it folds the closing event; active, awaited, public_move and the view read the step.
What the closing event carries (the offers and their totals, the bids and the reveal order) and
what follows it are the engine's rules. The platform derives "simultaneous" from `active` naming
several seats, and shows the other viewers only `public_move` of a choice: its type.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from engines.core.contract import IllegalMove
from engines.core.events import event


def every_seat(state: Any) -> range:
    """The seats of a state that counts them in `players` (the default: every seat takes part)."""
    return range(state["players"])


@dataclass(frozen=True)
class Simultaneous:
    move: str                                # the move type that makes a choice ("offer")
    chosen: str                              # the event recording one seat's choice ("offered")
    field: str                               # its field with the choice, private to the seat
    closed: str                              # the one event that closes the step
    is_open: Callable[[Any], bool]           # whether the step is under way in this state
    get: Callable[[Any, int], Any]           # the seat's choice so far; None: not chosen yet
    put: Callable[[Any, int, Any], None]     # store a seat's choice (None: no choice) in place
    seats: Callable[[Any], Iterable[int]] = every_seat   # the seats taking part
    reveal: bool = True                      # whether the closing event is a reveal

    # --- reading the state ---------------------------------------------------------------------
    def active(self, state) -> list[int]:
        """Every seat taking part, chosen or not, while the step is open."""
        return list(self.seats(state)) if self.is_open(state) else []

    def awaited(self, state) -> list[int]:
        """The seats that have not chosen yet, in seat order."""
        return [seat for seat in self.active(state) if self.get(state, seat) is None]

    def has_chosen(self, state, seat) -> bool:
        """What every viewer may know: whether the seat has chosen in the open step."""
        return seat in self.active(state) and self.get(state, seat) is not None

    def choices(self, state) -> list:
        """Each taking part seat's choice (None: not chosen), in seat order."""
        return [self.get(state, seat) for seat in self.seats(state)]

    def public_move(self, move: dict) -> dict:
        """What other viewers see of a choice move: that it was made, not what it chose."""
        return {"type": move["type"]}

    # --- decide --------------------------------------------------------------------------------
    def choose(self, t, seat: int, choice, closing: Callable[[Any], dict]) -> bool:
        """Record `seat`'s choice (already checked by the engine's rules) on decide's Table `t`,
        replacing any earlier one. If no seat is awaited after it, emit the closing event with
        the fields `closing(state)` computes from the state holding every choice, and answer
        True: the engine then plays what follows the step."""
        if seat not in self.active(t.state):
            raise IllegalMove("not_your_turn", "You take no part in this step.")
        if choice is None:
            raise ValueError("a choice cannot be None: None means not chosen yet")
        t.emit(event(self.chosen, {"seat": seat}, private={self.field: ([seat], choice)}))
        if self.awaited(t.state):
            return False
        t.emit(event(self.closed, closing(t.state), reveal=self.reveal))
        return True

    # --- evolve --------------------------------------------------------------------------------
    def fold(self, state, ev: dict) -> None:
        """Fold the choice event: the seat's choice replaces any earlier one."""
        self.put(state, ev["seat"], ev[self.field])

    def clear(self, state) -> None:
        """Forget every choice: the engine calls it when it folds the closing event."""
        for seat in self.seats(state):
            self.put(state, seat, None)
