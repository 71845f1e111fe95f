"""2. Hire: workers from one eligible hub column at escalating Hiring Prices, and engineers from
any eligible hub city; new workers arrive in Training Level 1; at most 15 workers."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.imperial_steam import data as D
from engines.imperial_steam import rules as R
from engines.imperial_steam.moves import boolean, field, integer, name_in


def hire(t, seat, move):
    s = t.state
    p = s["p"][seat]
    column = name_in(field(move, "column"), D.CITIES, "column")
    if column not in s["hubs"]:
        raise IllegalMove("bad_field", "'column' names a hub city: the Worker board's columns.")
    n = integer(field(move, "workers"), "workers")
    bridge = boolean(field(move, "bridge", False, False), "bridge")
    tunnel = boolean(field(move, "tunnel", False, False), "tunnel")
    if column not in R.eligible_hubs(s, seat):
        raise IllegalMove("hub_above_you", "That hub city's influence is above yours.")
    if n < 0 or (n == 0 and not bridge and not tunnel):
        raise IllegalMove("hire_nothing", "Hire at least one worker or engineer.")
    if R.workers_total(p) + n > D.MAX_WORKERS:
        raise IllegalMove("too_many_workers", f"You may have at most {D.MAX_WORKERS} workers.")
    for kind, wanted in (("bridge", bridge), ("tunnel", tunnel)):
        if wanted and (p[kind] or s["engineers"][kind] < 1):
            raise IllegalMove("no_engineer", f"You cannot hire a {kind} engineer.")
    cost = R.hire_cost(s["hiring"][column], n) + D.ENGINEER_PRICE * (bridge + tunnel)
    if cost > p["money"]:
        raise IllegalMove("cannot_afford", f"That costs {cost} guldens.")
    t.emit(event("hired", {"seat": seat, "column": column, "workers": n, "bridge": bridge,
                           "tunnel": tunnel, "cost": cost}))


def options(s, seat):
    p = s["p"][seat]
    out = []
    for col in R.eligible_hubs(s, seat):
        for n in range(0, D.MAX_WORKERS - R.workers_total(p) + 1):
            for br in ([False, True] if not p["bridge"] and s["engineers"]["bridge"] else
                       [False]):
                for tu in ([False, True] if not p["tunnel"] and s["engineers"]["tunnel"]
                           else [False]):
                    if n == 0 and not br and not tu:
                        continue
                    cost = R.hire_cost(s["hiring"][col], n) + D.ENGINEER_PRICE * (br + tu)
                    if cost <= p["money"]:
                        out.append({"move": {"type": "hire", "column": col, "workers": n,
                                             "bridge": br, "tunnel": tu}})
    return out


def _hired(s, ev):
    p = s["p"][ev["seat"]]
    p["training"][0] += ev["workers"]
    s["hiring"][ev["column"]] = min(len(D.HIRE_PRICES) - 1,
                                    s["hiring"][ev["column"]] + ev["workers"])
    p["money"] -= ev["cost"]
    for kind in ("bridge", "tunnel"):
        if ev[kind]:
            p[kind] = True
            s["engineers"][kind] -= 1


DECIDE = {"hire": hire}
EVOLVE = {"hired": _hired}
