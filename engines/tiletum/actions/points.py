"""Action Points (rules page, "Your turn"): the Action in progress is the open Helper's, else the
die's; each step of an Action costs AP from it, and a step it cannot pay is refused."""
from __future__ import annotations

from engines.core import IllegalMove


def context(state):
    """The Action being performed now: the open Helper's, else the die's (None before the die)."""
    turn = state["turn"]
    if turn is None:
        return None
    if turn["helper"] is not None:
        h = turn["helper"]
        return {"kind": "helper", "action": h["action"], "ap": h["ap"]}
    if turn["stage"] == "action":
        return {"kind": "die", "action": turn["action"], "ap": turn["ap"]}
    return None


def spend(state, ap) -> None:
    """AP come out of the Action in progress: the open Helper's, else the die's (evolve only)."""
    turn = state["turn"]
    if turn["helper"] is not None:
        turn["helper"]["ap"] -= ap
        turn["helper"]["spent"] += ap
    else:
        turn["ap"] -= ap


def in_action(state, action_names, cost=1, ctx=None):
    """The Action in progress (or the hypothetical ctx), if it is one of these and has the AP."""
    ctx = context(state) if ctx is None else ctx
    if ctx is None:
        raise IllegalMove("no_action", "Take a die (or use a Helper) to perform an Action.")
    if ctx["action"] not in action_names:
        raise IllegalMove("wrong_action", f"You are performing the {ctx['action'].capitalize()} Action.")
    if ctx["ap"] < cost:
        raise IllegalMove("not_enough_ap", f"That costs {cost} AP; you have {ctx['ap']}.")
    return ctx


def allowed(check, state, seat, move, ctx) -> bool:
    """Run an Action check against a (possibly hypothetical) context."""
    try:
        check(state, seat, move, ctx)
        return True
    except IllegalMove:
        return False
