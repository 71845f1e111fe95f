"""The King track (rules page, "The Actions: King" and "Reference tables: King track"): each step
moves a marker one space; a marker landing on an occupied space goes on top."""
from __future__ import annotations

from engines.core import event
from engines.tiletum import data as D
from engines.tiletum.state import everyone


def king_up(state, seat, steps) -> None:
    k = state["king"]
    new = min(D.KING_TOP, k["pos"][seat] + steps)
    if new != k["pos"][seat]:
        land(state, seat, new)


def land(state, seat, pos) -> None:
    state["stamp"] += 1
    state["king"]["pos"][seat] = pos
    state["king"]["stamp"][seat] = state["stamp"]


def king_order(state) -> list[int]:
    """Highest marker first; on one space the marker on top; the Cardinalbot first on a tie."""
    k = state["king"]
    return sorted(everyone(state), key=lambda s: (-k["pos"][s], s != state["bot"], -k["stamp"][s]))


def free_king_action(t, seat, ap):
    """A King Action that spends none of the AP of the Action in progress (Joker Technology II):
    a `king_moved` event with no AP to spend (actions/king.py folds it)."""
    steps = min(ap, D.KING_TOP - t.state["king"]["pos"][seat])
    t.emit(event("king_moved", {"seat": seat, "steps": steps, "ap": 0, "free": ap}))
