"""3. Build a building: either a train station on an empty station site in a connected city, or
a factory on a connected site valid for the player count, staffed by one worker who is given
goods by level (2/3/4) and stays there."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.imperial_steam import data as D
from engines.imperial_steam import rules as R
from engines.imperial_steam.moves import field, name_in

WORKER_SLOTS = [f"{a}-{lvl}" for a in ("training", "working") for lvl in (1, 2, 3)]


def station(t, seat, move):
    s = t.state
    p = s["p"][seat]
    city = name_in(field(move, "city"), D.CITIES, "city")
    cost = D.CITIES[city]["station"]
    if cost is None or city in s["stations"]:
        raise IllegalMove("no_station_site", "There is no empty station site there.")
    if city not in R.network(p):
        raise IllegalMove("not_connected", "The city must be connected to your network.")
    if len(p["stations"]) >= D.STATIONS_PER_PLAYER:
        raise IllegalMove("no_station_left", "You have no train station left to build.")
    if cost > p["money"]:
        raise IllegalMove("cannot_afford", f"That station costs {cost} guldens.")
    t.emit(event("station_built", {"seat": seat, "city": city, "cost": cost}))


def factory(t, seat, move):
    s = t.state
    p = s["p"][seat]
    site = name_in(field(move, "site"), D.FACTORY_SITES, "site")
    worker = field(move, "worker")
    if worker not in WORKER_SLOTS:
        raise IllegalMove("bad_field", "'worker' is 'training-L' or 'working-L' (L 1 to 3).")
    area, lvl = worker.split("-")
    lvl = int(lvl)
    city, good, least, _ = D.FACTORY_SITES[site]
    if site in s["sites"] or least > s["players"]:
        raise IllegalMove("no_factory_site", "That factory site is not available.")
    if city not in R.network(p):
        raise IllegalMove("not_connected", "The site must be connected to your network.")
    if s["bought"][good] >= D.FACTORIES_PER_ROW[s["players"]]:
        raise IllegalMove("no_factory_left", f"No {good} factory is left on the board.")
    if p[area][lvl - 1] < 1:
        raise IllegalMove("no_such_workers", f"You have no level {lvl} worker in your "
                                             f"{area} area.")
    cost = R.factory_site_cost(s, site)
    if cost > p["money"]:
        raise IllegalMove("cannot_afford", f"That factory costs {cost} guldens.")
    t.emit(event("factory_built", {"seat": seat, "site": site, "good": good, "cost": cost,
                                   "area": area, "level": lvl, "goods": D.PRODUCTION[lvl]}))


def options(s, seat):
    p = s["p"][seat]
    out = []
    net = R.network(p)
    if len(p["stations"]) < D.STATIONS_PER_PLAYER:
        for city in sorted(net):
            cost = D.CITIES[city]["station"]
            if cost is not None and city not in s["stations"] and cost <= p["money"]:
                out.append({"move": {"type": "station", "city": city}})
    for site, (city, good, least, _) in sorted(D.FACTORY_SITES.items()):
        if site in s["sites"] or least > s["players"] or city not in net or \
                s["bought"][good] >= D.FACTORIES_PER_ROW[s["players"]] or \
                R.factory_site_cost(s, site) > p["money"]:
            continue
        workers = [w for w in WORKER_SLOTS
                   if p[w.split("-")[0]][int(w.split("-")[1]) - 1] > 0]
        for w in workers:
            out.append({"move": {"type": "factory", "site": site, "worker": w}})
    return out


def _station_built(s, ev):
    p = s["p"][ev["seat"]]
    p["stations"].append(ev["city"])
    s["stations"][ev["city"]] = ev["seat"]
    p["money"] -= ev["cost"]


def _factory_built(s, ev):
    p = s["p"][ev["seat"]]
    p["money"] -= ev["cost"]
    p[ev["area"]][ev["level"] - 1] -= 1
    s["bought"][ev["good"]] += 1
    s["sites"][ev["site"]] = ev["seat"]
    p["factories"].append({"site": ev["site"], "good": ev["good"], "level": ev["level"],
                           "goods": ev["goods"]})


DECIDE = {"station": station, "factory": factory}
EVOLVE = {"station_built": _station_built, "factory_built": _factory_built}
