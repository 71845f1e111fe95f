"""Hathor — build around the Temple (page: "Hathor — build around the Temple"): any empty building
space, paid with its Bread; each space of its row or column pays; Population rises by the die."""
from __future__ import annotations

from engines.core import event
from engines.tekhenu import data as D
from engines.tekhenu import temple
from engines.tekhenu.resources import gain, grant, payment, raise_population


def options(s, seat, value, colour):
    p = s["p"][seat]
    if p["buildings"] >= D.BUILDINGS_PER_PLAYER:
        return []
    ok = [i for i, owner in enumerate(s["spaces"]) if owner is None
          and payment(p, {"bread": D.BUILDING_SPACES[i]["bread"]}) is not None]
    return [({}, {"space": ok})] if ok else []


def perform(t, seat, value, colour, params):
    s = t.state
    p = s["p"][seat]
    space = params["space"]
    gain(t, seat, payment(p, {"bread": D.BUILDING_SPACES[space]["bread"]}), "building")
    t.emit(event("building_built", {"seat": seat, "space": space}))
    reward = {}
    for cell in temple.line_cells(D.BUILDING_SPACES[space]["line"]):
        c = s["temple"][cell]
        if c is None:                        # an empty space: 1 of what it shows
            res = D.SPACE_SHOWS[cell]
            reward[res] = reward.get(res, 0) + 1
        elif c["seat"] == seat:              # your own Pillar: 3 VP; another's: nothing
            reward["vp"] = reward.get("vp", 0) + 3
    grant(t, seat, reward, "building around the Temple")
    raise_population(t, seat, value, "hathor")
