"""Imperial Steam's rules read off the state: networks, storage, influence order, costs.

Pure functions of the state (never mutating), shared by decide, legal_moves and evolve; final
scoring is in final_scoring.py.
"""
from __future__ import annotations

from itertools import combinations

from engines.imperial_steam import data as D

NONCOAL = ("wood", "stone", "iron")


# ---- influence -----------------------------------------------------------------------------------
def turn_order(s) -> list[int]:
    """Highest influence first; in one column the marker that arrived first sits on top."""
    return sorted(range(s["players"]), key=lambda x: (-s["p"][x]["col"], s["p"][x]["seq"]))


def influence_room(p) -> int:
    return D.INFLUENCE_TRACK - 1 - p["col"]


def hub_cities(s) -> list[str]:
    """The hub cities this game, in the map's region order."""
    return sorted(s["hubs"], key=lambda c: (D.REGIONS.index(D.CITIES[c]["region"]), c))


def eligible_hubs(s, seat) -> list[str]:
    return [h for h in hub_cities(s) if s["hubs"][h]["col"] <= s["p"][seat]["col"]]


# ---- what the tiles laid at setup give each city -----------------------------------------------------
def city_offer(s, city) -> dict:
    """A city's Business tokens (circled number), Influence hexagon and demands, from the tile on
    it (Wien and Trieste print their own; a city without a tile offers nothing)."""
    if city in D.PRINTED:
        return D.PRINTED[city]
    if city in s["hubs"]:
        return {"business": 0, "hex": D.HUB_TILE[s["hubs"][city]["tile"]]["hex"],
                "demands": D.HUB_DEMANDS}
    tile = s["tiles"].get(city)
    return D.CITY_TILES[tile] if tile else {"business": 0, "hex": 0, "demands": []}


def demand_goods(s, city) -> list[str]:
    return list(city_offer(s, city)["demands"])


# ---- network ---------------------------------------------------------------------------------------
def network(p) -> set:
    cities = {D.START_CITY}
    for c in p["tracks"] + p["rails"]:
        a, b, _ = D.CONNECTIONS[c]
        cities.update((a, b))
    return cities


def has_station(p, city) -> bool:
    return city == D.START_CITY or city in p["stations"]


def tracks_touching(p, city) -> int:
    return sum(1 for c in p["tracks"] + p["rails"] if city in D.CONNECTIONS[c][:2])


def owners(s, conn) -> list[int]:
    return list(s["tracks"].get(conn, []))


# ---- storage -----------------------------------------------------------------------------------------
def storage_ok(p, goods=None, freight=None) -> bool:
    """Freight cars and warehouse spaces hold any good; each engine holds one coal."""
    goods = p["goods"] if goods is None else goods
    freight = p["freight"] if freight is None else freight
    spaces = freight + len(p["stations"])
    noncoal = sum(goods[g] for g in NONCOAL)
    return noncoal <= spaces and noncoal + goods["coal"] <= spaces + len(p["trains"])


def overflow(p, goods, freight=None) -> int:
    """How many goods must go back to the supply for the store to hold the rest."""
    freight = p["freight"] if freight is None else freight
    spaces = freight + len(p["stations"])
    noncoal = sum(goods[g] for g in NONCOAL)
    total = noncoal + goods["coal"]
    return max(0, noncoal - spaces, total - spaces - len(p["trains"]))


def discard_choices(p, goods, freight=None) -> list[list[str]]:
    """Every multiset of exactly `overflow` goods whose return leaves a storable store."""
    need = overflow(p, goods, freight)
    if need == 0:
        return [[]]
    pool = [g for g in D.GOODS for _ in range(min(goods[g], need))]
    out = set()
    for combo in combinations(pool, need):
        rest = dict(goods)
        for g in combo:
            rest[g] -= 1
        if storage_ok(p, rest, freight):
            out.add(tuple(sorted(combo)))
    return [list(c) for c in sorted(out)]


def flip_cap(p) -> int:
    """Freight cars that can become passenger cars with the goods still fitting."""
    f = 0
    while f < p["freight"] and storage_ok(p, freight=p["freight"] - f - 1):
        f += 1
    return f


def workers_total(p) -> int:
    return sum(p["training"]) + sum(p["working"]) + len(p["factories"])


def income(p) -> int:
    return D.INCOME_PER * (p["passenger"] + len(p["stations"]))


# ---- costs -----------------------------------------------------------------------------------------
def market_price(count: int) -> int:
    return D.MARKET_PRICES[count - 1] if count > 0 else D.MARKET_EMPTY_PRICE


def goods_prices(market, goods) -> list[int]:
    """Prices of taking these goods in order, each the topmost cube of its column."""
    left = dict(market)
    prices = []
    for g in goods:
        prices.append(market_price(left[g]))
        left[g] = max(0, left[g] - 1)
    return prices


def hire_cost(marker: int, n: int) -> int:
    cost = 0
    for _ in range(n):
        cost += D.HIRE_PRICES[marker]
        marker = min(marker + 1, len(D.HIRE_PRICES) - 1)
    return cost


def factory_site_cost(s, site) -> int:
    city, good, _, rule = D.FACTORY_SITES[site]
    if rule == "station":
        return D.CITIES[city]["station"]
    if isinstance(rule, int):
        return rule
    return D.factory_cost(s["bought"][good])


def available_engines(s) -> list[int]:
    return sorted({lvl["level"] for r, lvl in s["round_track"].items()
                   if int(r) <= s["round"] and lvl["count"] > 0})


def min_worker_sets(training, effort) -> list[list[int]]:
    """Workers [L1, L2, L3] from Training whose levels reach the effort, none of them spare."""
    if effort <= 0:
        return [[0, 0, 0]]
    out = []
    for a in range(training[0] + 1):
        for b in range(training[1] + 1):
            for c in range(training[2] + 1):
                total = a + 2 * b + 3 * c
                if total < effort:
                    continue
                spare = any(n and total - lvl >= effort for n, lvl in ((a, 1), (b, 2), (c, 3)))
                if not spare:
                    out.append([a, b, c])
    return out
