"""Free action: Buy access to a State Railway connection (crowned) that your network touches;
the connection joins your network and you take the new city's opportunities."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.imperial_steam import data as D
from engines.imperial_steam import opportunities
from engines.imperial_steam import rules as R
from engines.imperial_steam.moves import field, name_in


def cost(s, seat, conn):
    """(total, {payee: amount}): alone, the higher endpoint station price; otherwise each
    player with track there is paid the lower one."""
    a, b, _ = D.CONNECTIONS[conn]
    prices = [D.CITIES[a]["station"] or 0, D.CITIES[b]["station"] or 0]
    others = [o for o in range(s["players"]) if o != seat and conn in s["p"][o]["rails"]]
    if not others:
        return max(prices), {}
    return min(prices) * len(others), {str(o): min(prices) for o in others}


def options(s, seat):
    p = s["p"][seat]
    net = R.network(p)
    out = []
    for conn in s["state_rails"]:
        a, b, _ = D.CONNECTIONS[conn]
        if conn in p["rails"] or not (a in net or b in net):
            continue
        if cost(s, seat, conn)[0] <= p["money"]:
            out.append({"move": {"type": "state_railway", "conn": conn}})
    return out


def decide(t, seat, move):
    s = t.state
    conn = name_in(field(move, "conn"), D.CONNECTIONS, "conn")
    if {"type": "state_railway", "conn": conn} not in [o["move"] for o in options(s, seat)]:
        raise IllegalMove("no_access", "Your network must touch that crowned connection, "
                                       "which you do not use yet, and you must afford it.")
    total, payees = cost(s, seat, conn)
    net = R.network(s["p"][seat])
    a, b, _ = D.CONNECTIONS[conn]
    t.emit(event("rail_access", {"seat": seat, "conn": conn, "cost": total, "paid": payees}))
    for city in (a, b):
        if city not in net:
            opportunities.connect(t, seat, city)


def _rail_access(s, ev):
    p = s["p"][ev["seat"]]
    p["rails"].append(ev["conn"])
    p["money"] -= ev["cost"]
    for o, amount in ev["paid"].items():
        s["p"][int(o)]["money"] += amount


EVOLVE = {"rail_access": _rail_access}
