"""4. Produce goods: each map worker with goods beside it may move 1 to storage; a full store
never blocks production, the player chooses what goes back to the supply."""
from __future__ import annotations

from itertools import combinations

from engines.core import IllegalMove, event
from engines.imperial_steam import data as D
from engines.imperial_steam import rules as R
from engines.imperial_steam.moves import field, name_list


def after_produce(p, sites):
    goods = dict(p["goods"])
    for f in p["factories"]:
        if f["site"] in sites:
            goods[f["good"]] += 1
    return goods


def produce(t, seat, move):
    s = t.state
    p = s["p"][seat]
    ready = [f["site"] for f in p["factories"] if f["goods"] > 0]
    sites = name_list(field(move, "sites"), D.FACTORY_SITES, "sites")
    if not sites or len(set(sites)) != len(sites) or any(x not in ready for x in sites):
        raise IllegalMove("bad_sites", "Name one or more of your factory sites that still "
                                       "hold goods.")
    discard = name_list(field(move, "discard", [], False), D.GOODS, "discard")
    goods = after_produce(p, sites)
    if sorted(discard) not in R.discard_choices(p, goods):
        raise IllegalMove("bad_discard", f"Return exactly {R.overflow(p, goods)} good(s) to "
                                         f"the supply, leaving a store that holds the rest.")
    t.emit(event("produced", {"seat": seat, "sites": sites, "discard": sorted(discard)}))


def options(s, seat):
    p = s["p"][seat]
    out = []
    ready = [f["site"] for f in p["factories"] if f["goods"] > 0]
    for k in range(1, len(ready) + 1):
        for sites in (list(c) for c in combinations(ready, k)):
            goods = after_produce(p, sites)
            for d in R.discard_choices(p, goods):
                out.append({"move": {"type": "produce", "sites": sites, "discard": d}})
    return out


def _produced(s, ev):
    p = s["p"][ev["seat"]]
    for f in p["factories"]:
        if f["site"] in ev["sites"]:
            f["goods"] -= 1
            p["goods"][f["good"]] += 1
    for g in ev["discard"]:
        p["goods"][g] -= 1


DECIDE = {"produce": produce}
EVOLVE = {"produced": _produced}
