"""What each viewer sees (DESIGN.md, "view"): the whole table is public but the Character,
Contract and Bonus-tile piles (and, with Prospect for Silver, the King's Surprise pile), shown as
their sizes; and which lists those are, for the secrecy suite to redeal. With the expansion the
view also carries the printed Underground map sides in play."""
from __future__ import annotations

import copy

from engines.core import ALL
from engines.core.secrecy import redeal
from engines.tiletum.actions.points import context
from engines.tiletum.prospect import data as P


def view(state, viewer, active) -> dict:
    v = copy.deepcopy(state)
    if viewer != ALL:
        v["characters"]["pile"] = len(state["characters"]["pile"])
        v["contracts"]["pile"] = len(state["contracts"]["pile"])
        v["bonus_pile"] = len(state["bonus_pile"])
        if state["prospect"]:
            v["underground"]["surprises"] = len(state["underground"]["surprises"])
    if state["prospect"]:  # the printed map sides in play, for the page to draw
        v["underground_maps"] = [underground_map(m, side)
                                 for m, side in zip(P.MAPS, state["underground"]["sides"])]
    v["active"] = active
    v["context"] = context(state)
    return v


def underground_map(m, side) -> dict:
    printed = P.UNDERGROUND[m][side]
    return {"map": m, "side": side, "start_cost": P.START_COST[m],
            "towns": {tid: {"houses": t["houses"], "mines": t["mines"], "cathedral": t["cathedral"]}
                      for tid, t in printed["towns"].items()},
            "roads": [list(r) for r in printed["roads"]]}


def hidden_zones(state, viewer):
    if viewer == ALL:
        return []
    zones = [["characters", "pile"], ["contracts", "pile"], ["bonus_pile"]]
    if state["prospect"]:
        zones.append(["underground", "surprises"])  # the King's Surprise pile (solo)
    return zones


def resample(state, viewer, rng):
    for zone in hidden_zones(state, viewer):  # each pile on its own: kinds never mix
        redeal(state, [zone], rng)
    return state
