"""What each viewer sees (DESIGN.md, "view"): the whole table is public but the order of the
Character, Contract and Bonus-tile piles, shown as their sizes; and which lists those are, for the
secrecy suite to redeal."""
from __future__ import annotations

import copy

from engines.core import ALL
from engines.core.secrecy import redeal
from engines.tiletum.actions.points import context


def view(state, viewer, active) -> dict:
    v = copy.deepcopy(state)
    if viewer != ALL:
        v["characters"]["pile"] = len(state["characters"]["pile"])
        v["contracts"]["pile"] = len(state["contracts"]["pile"])
        v["bonus_pile"] = len(state["bonus_pile"])
    v["active"] = active
    v["context"] = context(state)
    return v


def hidden_zones(state, viewer):
    if viewer == ALL:
        return []
    return [["characters", "pile"], ["contracts", "pile"], ["bonus_pile"]]


def resample(state, viewer, rng):
    for zone in hidden_zones(state, viewer):  # each pile on its own: kinds never mix
        redeal(state, [zone], rng)
    return state
