"""Main actions: one Main Action hand per turn on one of the 11 tiles, paying the repeat penalty
first (1 influence per own hand already there; Pass is always available when nothing else is).

Each action is a module named after its tile, holding its checks (decide), its legal moves
(options) and how its events fold (EVOLVE).
"""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.imperial_steam import data as D
from engines.imperial_steam.main_actions import (build_building, build_tracks, buy_goods,
                                                 contract, fundraise, hire, passing,
                                                 philanthropize, produce_goods, share_value,
                                                 train)
from engines.imperial_steam.moves import TILE_OF
from engines.imperial_steam.state import set_col

# in the page's order: 1. Build tracks ... 11. Pass
ACTIONS = [build_tracks, hire, build_building, produce_goods, buy_goods, train, contract,
           philanthropize, share_value, fundraise, passing]
DECIDE = {kind: fn for a in ACTIONS for kind, fn in a.DECIDE.items()}


def options(s, seat):
    """Every main move whose action (not counting the repeat penalty) is possible now."""
    return [o for a in ACTIONS for o in a.options(s, seat)]


def placeable(s, seat):
    """Main moves possible once the repeat penalty of their tile is paid."""
    p = s["p"][seat]
    out = []
    for k in sorted(set(s["placed"][tile][seat] for tile in D.ACTIONS)):
        if k > p["col"]:
            continue
        after = dict(s)
        after["p"] = list(s["p"])
        after["p"][seat] = dict(p, col=p["col"] - k)
        out += [o for o in options(after, seat)
                if s["placed"][TILE_OF[o["move"]["type"]]][seat] == k]
    return out


def other_tiles(s, seat) -> bool:
    """Whether any tile but Pass is available, the repeat penalty included."""
    return any(o["move"]["type"] != "pass" for o in placeable(s, seat))


def take(t, seat, kind, move):
    """Place a hand on the move's tile, paying the repeat penalty, then take the action."""
    s = t.state
    tile = TILE_OF[kind]
    penalty = s["placed"][tile][seat]
    col = s["p"][seat]["col"]
    if penalty > col:
        if not (tile == "pass" and not other_tiles(s, seat)):
            raise IllegalMove("repeat_penalty", f"You already have {penalty} hand(s) there and "
                                                 f"cannot pay {penalty} influence.")
        penalty = col
    # the penalty is paid first; the action is then judged on what is left (a refused
    # action throws the whole scratch table away)
    t.emit(event("hand_placed", {"seat": seat, "tile": tile, "penalty": penalty}))
    DECIDE[kind](t, seat, move)


def legal(s, seat):
    """The main moves to list: placeable ones, and Pass whenever nothing else is."""
    allowed = placeable(s, seat)
    if not any(o["move"]["type"] != "pass" for o in allowed):
        allowed = [o for o in allowed if o["move"]["type"] != "pass"] + \
                  [{"move": {"type": "pass"}}]
    return allowed


def _hand_placed(s, ev):
    seat = ev["seat"]
    s["placed"][ev["tile"]][seat] += 1
    s["hands"][seat] -= 1
    s["main_done"] = True
    set_col(s, seat, s["p"][seat]["col"] - ev["penalty"])


EVOLVE = {"hand_placed": _hand_placed}
for _a in ACTIONS:
    EVOLVE.update(_a.EVOLVE)
