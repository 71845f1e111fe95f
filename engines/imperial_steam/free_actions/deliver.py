"""Free action, once per turn: Deliver a good. 1 coal from storage, a good from beside a map
worker to a matching empty Demand space in a connected city; paid off the Factory board, or a
City Key for coal to a hub; a hub's influence grows by its Growth tile."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.imperial_steam import data as D
from engines.imperial_steam import rules as R
from engines.imperial_steam.moves import field, name_in


def demand_slot(s, seat, city, good):
    """The empty matching demand space, or None. A hub's two coal spaces pay the gold then the
    silver key, and one player cannot meet both."""
    spaces = s["demands"][city]
    wanted = R.demand_goods(s, city)
    for i, g in enumerate(wanted):
        if g == good and spaces[i] is None:
            if city in s["hubs"] and good == "coal" and seat in spaces[3:5]:
                return None
            return i
    return None


def options(s, seat):
    p = s["p"][seat]
    if s["delivered"] or p["goods"]["coal"] < 1:
        return []
    net = R.network(p)
    out = []
    for f in p["factories"]:
        if f["goods"] < 1:
            continue
        for city in sorted(s["demands"]):
            if city in net and demand_slot(s, seat, city, f["good"]) is not None:
                out.append({"move": {"type": "deliver", "site": f["site"], "city": city}})
    return out


def decide(t, seat, move):
    s = t.state
    site = name_in(field(move, "site"), D.FACTORY_SITES, "site")
    city = name_in(field(move, "city"), D.CITIES, "city")
    if {"type": "deliver", "site": site, "city": city} not in \
            [o["move"] for o in options(s, seat)]:
        if s["delivered"]:
            raise IllegalMove("delivered", "You may deliver once per turn.")
        raise IllegalMove("cannot_deliver", "You need 1 coal, a good beside your worker at "
                                            "that site and a matching empty demand in a "
                                            "connected city.")
    good = D.FACTORY_SITES[site][1]
    slot = demand_slot(s, seat, city, good)
    hub = city in s["hubs"]
    key = None
    pay = D.delivery_pay(s["bought"][good])
    if hub and good == "coal":
        key, pay = ("gold" if slot == 3 else "silver"), 0
    growth = 0
    if hub:
        tile = s["hubs"][city]["growth"]
        nth = s["hubs"][city]["delivered"]
        growth = tile[nth] if nth < len(tile) else 0
    t.emit(event("delivered", {"seat": seat, "site": site, "city": city, "slot": slot,
                               "good": good, "pay": pay, "key": key, "growth": growth}))


def _delivered(s, ev):
    seat = ev["seat"]
    p = s["p"][seat]
    p["goods"]["coal"] -= 1
    for f in p["factories"]:
        if f["site"] == ev["site"]:
            f["goods"] -= 1
    s["demands"][ev["city"]][ev["slot"]] = seat
    p["money"] += ev["pay"]
    if ev["key"]:
        p["keys"].append({"hub": ev["city"], "kind": ev["key"]})
    if ev["city"] in s["hubs"]:
        hub = s["hubs"][ev["city"]]
        hub["delivered"] += 1
        hub["col"] = min(D.INFLUENCE_TRACK - 1, hub["col"] + ev["growth"])
    s["delivered"] = True


EVOLVE = {"delivered": _delivered}
