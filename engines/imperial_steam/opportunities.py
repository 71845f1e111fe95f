"""On connecting a new city (Build tracks, State Railway access): the topmost Business token of
the city's stack, its Influence hexagon and, at Trieste, 10 guldens per own track; the Business token is then spent before
anything else (Main actions, 1. Build tracks, "On connecting a new city")."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.imperial_steam import data as D
from engines.imperial_steam import rules as R
from engines.imperial_steam.moves import field, integer
from engines.imperial_steam.state import set_col


def connect(t, seat, city):
    s = t.state
    offer = R.city_offer(s, city)
    stack = s["stacks"].get(city, [])
    token = stack[0] if stack else None
    bonus = 0
    if city == D.GOAL_CITY:
        p = s["p"][seat]
        bonus = D.TRIESTE_PER_TRACK * len(p["tracks"] + p["rails"])
    t.emit(event("city_connected", {"seat": seat, "city": city, "token": token,
                                    "influence": offer["hex"], "trieste_bonus": bonus}))


# ---- Business tokens ------------------------------------------------------------------------------
def caps(p):
    """Most points each use can take: influence steps, share steps, freight cars to flip."""
    return [R.influence_room(p), len(D.SHARE_VALUES) - 1 - p["share"], R.flip_cap(p)]


def business(t, seat, move):
    s = t.state
    p = s["p"][seat]
    alloc = [integer(field(move, k), k) for k in ("influence", "share", "flip")]
    most = caps(p)
    value = min(s["pending"][0], sum(most))
    if any(a < 0 or a > c for a, c in zip(alloc, most)) or sum(alloc) != value:
        raise IllegalMove("bad_business", f"Spend {value} point(s): at most {most[0]} "
                                          f"influence, {most[1]} share, {most[2]} car flips.")
    t.emit(event("business_spent", {"seat": seat, "influence": alloc[0], "share": alloc[1],
                                    "flip": alloc[2], "lost": s["pending"][0] - value}))


def business_options(s, seat):
    p = s["p"][seat]
    most = caps(p)
    value = min(s["pending"][0], sum(most))
    out = []
    for a in range(min(most[0], value) + 1):
        for b in range(min(most[1], value - a) + 1):
            c = value - a - b
            if c <= most[2]:
                out.append({"move": {"type": "business", "influence": a, "share": b,
                                     "flip": c}})
    return out


def _city_connected(s, ev):
    seat = ev["seat"]
    p = s["p"][seat]
    if ev["token"] is not None:
        s["stacks"][ev["city"]].pop(0)
        s["pending"].append(ev["token"])
    set_col(s, seat, p["col"] + ev["influence"])
    p["money"] += ev["trieste_bonus"]
    if ev["city"] == D.GOAL_CITY:
        s["trieste"] = True


def _business_spent(s, ev):
    p = s["p"][ev["seat"]]
    s["pending"].pop(0)
    set_col(s, ev["seat"], p["col"] + ev["influence"])
    p["share"] += ev["share"]
    p["freight"] -= ev["flip"]
    p["passenger"] += ev["flip"]


EVOLVE = {"city_connected": _city_connected, "business_spent": _business_spent}
