"""Ra — raise a Pillar (page: "Ra — raise a Pillar"): the die picks the tile on display, paid
with Limestone / Granite, placed on any empty Temple space in any rotation."""
from __future__ import annotations

from engines.core import event
from engines.tekhenu import data as D
from engines.tekhenu import temple
from engines.tekhenu.obelisk import light
from engines.tekhenu.resources import gain, grant, payment


def options(s, seat, value, colour):
    p = s["p"][seat]
    slot = D.ra_slot(value)
    tile = s["ra"][slot]
    empty = [i for i, c in enumerate(s["temple"]) if c is None]
    # an empty Pillar stack leaves its slot empty: no Ra with that die (implementation note)
    if tile is None or not empty or payment(p, D.PILLAR_TILES[tile]["cost"]) is None:
        return []
    return [({}, {"space": empty, "rotation": [0, 1, 2, 3]})]


def perform(t, seat, value, colour, params):
    s = t.state
    p = s["p"][seat]
    slot = D.ra_slot(value)
    tile = s["ra"][slot]
    info = D.PILLAR_TILES[tile]
    gain(t, seat, payment(p, info["cost"]), "pillar")
    vp = temple.pillar_vp(s, slot, tile, params["space"], params["rotation"])
    t.emit(event("pillar_raised", {"seat": seat, "slot": slot, "tile": tile,
                                   "space": params["space"], "rotation": params["rotation"],
                                   "score": vp}))
    grant(t, seat, {"vp": vp["total"], D.SPACE_SHOWS[params["space"]]: 1}, "pillar")
    if info["light"] == light(s, D.GODS.index("ra")):   # its light matches Ra's section now
        grant(t, seat, info["ability"], "pillar ability")
    draw_pillar(t, slot)


def draw_pillar(t, slot):
    """Refill a Ra slot from its stack, at random (a reveal)."""
    stack = t.state["stacks"][slot]
    if stack and t.state["ra"][slot] is None:
        tile = stack[t.rng.randbelow(len(stack))]
        t.emit(event("pillar_drawn", {"slot": slot, "tile": tile}, reveal=True))
