"""A simple heuristic player: build toward Trieste, and get what the next tracks need.

`choose(engine, state, seat, rng) -> move` picks one of the seat's legal moves (a later search
bot uses it for rollouts). It reads only what the seat may see (the view's public state and its
own board) and never calls decide. Its plan, each turn:

  free actions  State Railway access on the way to Trieste; deliver goods the next tracks do not
                need (money, or a City Key for coal to a hub); sell a share when broke
  main action   the build that brings Trieste closer (or takes Semmering); else what the next two
                tracks lack (goods produced, an engineer, a factory, a cheap station for income,
                workers, the influence to hire them, goods bought), else money
"""
from __future__ import annotations

import heapq

from engines.core import expand
from engines.imperial_steam import data as D
from engines.imperial_steam import rules as R
from engines.imperial_steam.free_actions import deliver

NONCOAL = ("wood", "stone", "iron")
# the search bot's simulated moves per level, scaled (engines/core/search.py): a move here costs
# about twice one of most games (its state is large, and decide copies it)
SEARCH_SCALE = 0.6


def choose(engine, state, seat, rng) -> dict:
    moves = [m for o in engine.legal_moves(state, seat) for m in expand(o)]
    if not moves:
        raise ValueError("the seat has no legal move")
    s = state
    if s["phase"] == "bid":
        return _bid(s, seat, moves)
    by = {}
    for m in moves:
        by.setdefault(m["type"], []).append(m)
    if "business" in by:       # passenger cars (income) while 4 freight cars still store goods
        room = s["p"][seat]["freight"] - 4
        return max(by["business"], key=lambda m: (m["flip"] if m["flip"] <= room else -m["flip"],
                                                  m["influence"], m["share"]))
    p = s["p"][seat]
    path = way_to_trieste(s, seat)
    for m in by.get("state_railway", []):
        if m["conn"] in path:
            return m
    for m in by.get("second_track", []):
        if m["track"] in path:
            return m
    # deliver goods the next tracks do not need (or any, when money is short)
    goods, _, _ = _needs(s, p, path)
    spare = [m for m in by.get("deliver", [])
             if p["money"] < 30 or p["goods"][D.FACTORY_SITES[m["site"]][1]]
             >= goods[D.FACTORY_SITES[m["site"]][1]] or D.FACTORY_SITES[m["site"]][1] == "coal"]
    if spare:
        return max(spare, key=lambda m: _delivery_value(s, seat, m))
    if "sell_share" in by and p["money"] < 30 and p["shareholders"] < 2:
        return by["sell_share"][0]
    if s["main_done"]:
        return by["end_turn"][0] if "end_turn" in by else rng.choice(moves)
    return _main(s, seat, p, by, path, rng) or rng.choice(moves)


def _bid(s, seat, moves):
    """Enough influence for the lowest hub's workers, if it is affordable."""
    lowest = min(h["col"] for h in s["hubs"].values())
    want = lowest * D.BID_STEP
    amounts = sorted(m["amount"] for m in moves)
    fit = [a for a in amounts if a <= want and a <= s["p"][seat]["money"] - 60]
    amount = max(fit) if fit else amounts[0]
    return next(m for m in moves if m["amount"] == amount)


def _delivery_value(s, seat, m):
    """Guldens now, or what a City Key will pay at the end (coal to a hub)."""
    good = D.FACTORY_SITES[m["site"]][1]
    hub = s["hubs"].get(m["city"])
    if hub and good == "coal":
        slot = deliver.demand_slot(s, seat, m["city"], good)
        col = hub["col"]
        return D.gold_key_value(col) if slot == 3 else D.silver_key_value(col)
    return D.delivery_pay(s["bought"][good])


# ---- the way to Trieste ---------------------------------------------------------------------------
def way_to_trieste(s, seat) -> list[str]:
    """The cheapest run of connections from the seat's network to Trieste: plain 1, a bridge or
    tunnel without its engineer 3, a State Railway 1 (bought, not built)."""
    p = s["p"][seat]
    net = R.network(p)
    own = set(p["tracks"]) | set(p["rails"])
    if D.GOAL_CITY in net:
        return []
    dist = {c: 0 for c in net}
    came = {}
    heap = [(0, c) for c in sorted(net)]
    while heap:
        d, city = heapq.heappop(heap)
        if d > dist.get(city, 1e9):
            continue
        if city == D.GOAL_CITY:
            break
        for conn, (a, b, kind) in sorted(D.CONNECTIONS.items()):
            if city not in (a, b) or conn in own:
                continue
            other = b if city == a else a
            step = 1
            if kind in ("bridge", "tunnel") and not p[kind] and conn not in s["state_rails"]:
                step = 3
            if d + step < dist.get(other, 1e9):
                dist[other] = d + step
                came[other] = (city, conn)
                heapq.heappush(heap, (d + step, other))
    if D.GOAL_CITY not in came:
        return []
    out, city = [], D.GOAL_CITY
    while city in came:
        city, conn = came[city]
        out.append(conn)
    return out[::-1]


def _needs(s, p, path):
    """Materials, engineers and Effort of the next two buildable tracks on the way."""
    nxt = [c for c in path if c not in s["state_rails"]][:2]
    goods = {"wood": 1, "stone": 1, "iron": 1, "coal": 0}
    engineers, effort = set(), 0
    for conn in nxt:
        a, b, kind = D.CONNECTIONS[conn]
        if kind == "bridge":
            goods["stone"] += 1
        if kind == "tunnel":
            goods["iron"] += 1
        if kind != "plain" and not p[kind]:
            engineers.add(kind)
        effort += max(D.CITIES[a]["effort"], D.CITIES[b]["effort"])
    return goods, engineers, effort


def _main(s, seat, p, by, path, rng):
    builds = by.get("build_tracks", [])
    if builds and path:
        best = max(builds, key=lambda m: _build_score(s, p, m, path))
        if _build_score(s, p, best, path)[0] > 0:
            return best
    goods, engineers, effort = _needs(s, p, path)
    short = [g for g in NONCOAL if p["goods"][g] < goods[g]]
    ready = [f for f in p["factories"] if f["goods"] > 0]
    # goods for the next tracks: produce what the factories hold
    produce = [m for m in by.get("produce", []) if not set(m["discard"]) & set(short)]
    if short and any(f["good"] in short for f in ready) and produce:
        return max(produce, key=lambda m: (len(m["sites"]), -len(m["discard"])))
    hires = by.get("hire", [])
    if engineers:
        want = [m for m in hires if all(m[k] for k in engineers) and m["workers"] <= 1]
        if want:
            return min(want, key=lambda m: (m["workers"], m["bridge"] + m["tunnel"]))
    if not p["tunnel"] and p["money"] >= 120:
        # a Tunnel Engineer while money allows: shorter ways through the mountains, Semmering
        want = [m for m in hires if m["tunnel"] and not m["bridge"] and m["workers"] <= 1]
        if want:
            return max(want, key=lambda m: m["workers"])
    levels = p["training"][0] + 2 * p["training"][1] + 3 * p["training"][2]
    spare = [w for w in ("training-1", "training-2", "training-3", "working-1", "working-2",
                         "working-3") if p[w.split("-")[0]][int(w[-1]) - 1] > 0]
    # a factory: goods for tracks, and goods to deliver for money
    factories = by.get("factory", [])
    if factories and len(p["factories"]) < 6 and p["money"] >= 30:
        def worth(m):
            good = D.FACTORY_SITES[m["site"]][1]
            return (good in short, good != "coal" or p["goods"]["coal"] == 0,
                    m["worker"].startswith("working"), int(m["worker"][-1]))
        best = max(factories, key=worth)
        if best["worker"].startswith("working") or levels - int(best["worker"][-1]) >= effort:
            return best
    # a cheap station pays 10 guldens every round after
    stations = [m for m in by.get("station", [])
                if D.CITIES[m["city"]]["station"] <= 20 and s["round"] <= D.ROUNDS - 2]
    if stations and p["money"] >= 40:
        return min(stations, key=lambda m: D.CITIES[m["city"]]["station"])
    if levels < effort and R.workers_total(p) < 10:
        want = [m for m in hires if 1 <= m["workers"] <= 2 and not m["bridge"] and not m["tunnel"]]
        if want:
            return max(want, key=lambda m: (m["workers"], -s["hiring"][m["column"]]))
        if not hires and p["money"] >= 40:
            return _influence(by)
    if engineers and not hires and p["money"] >= 50:
        return _influence(by)
    if short:
        # buy now what is cheap, or anything once the game is late; else order the shortfall
        late = s["round"] >= D.ROUNDS - 2
        for m in sorted(by.get("buy", []), key=lambda m: R.market_price(s["market"][m["good"]])):
            if m["good"] in short and (late or R.market_price(s["market"][m["good"]]) <= 30):
                return m
        lack = sorted(g for g in short for _ in range(goods[g] - p["goods"][g]))
        for m in by.get("order", []):
            if sorted(m["goods"]) == lack:
                return m
    if p["goods"]["coal"] < 1 and ready:
        for m in by.get("buy", []):
            if m["good"] == "coal" and R.market_price(s["market"]["coal"]) <= 30:
                return m
    if "produce" in by and len(ready) > 1:
        return by["produce"][0]
    for kind in ("fundraise", "pass", "produce", "share_down"):
        if kind in by:
            return by[kind][0]
    return None


def _semmering_open(s, p):
    """Semmering is untaken, the Tunnel Engineer is on staff, the network one or two tracks off."""
    return s["semmering"] is None and p["tunnel"] and \
        bool({"wr_neustadt", "gloggnitz"} & R.network(p))


def _build_score(s, p, m, path):
    wanted = set(path)
    if _semmering_open(s, p):
        # Semmering doubles the endgame income: worth a detour for the first to get there
        wanted |= {"wr_neustadt-gloggnitz", D.SEMMERING}
    on_way = sum(1 for c in m["tracks"] if c in wanted)
    levels = m["workers"][0] + 2 * m["workers"][1] + 3 * m["workers"][2]
    return (on_way, -levels, -len(s["tracks"].get(m["tracks"][0], [])))


def _influence(by):
    amounts = [m for m in by.get("philanthropize", [])]
    if amounts:
        return min(amounts, key=lambda m: abs(m["amount"] - 20))
    return (by.get("fundraise") or by.get("pass") or [None])[0]
