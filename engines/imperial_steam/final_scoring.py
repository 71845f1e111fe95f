"""Game end and final scoring, steps 1-6: income (doubled by Semmering), goods, City Keys, hub
influence, contracts (only if somebody connected Trieste) with track usage, shareholders."""
from __future__ import annotations

from itertools import combinations

from engines.imperial_steam import data as D
from engines.imperial_steam import rules as R


def best_contract_fill(p) -> tuple[list[str], int]:
    """Factories may be rearranged at any time: the fill that scores best. Returns (filled, net)."""
    have = {g: 0 for g in D.GOODS}
    for f in p["factories"]:
        have[f["good"]] += 1
    ids = list(p["contracts"])
    best = (None, None)
    for k in range(len(ids) + 1):
        for chosen in combinations(ids, k):
            need = {g: 0 for g in D.GOODS}
            for cid in chosen:
                for g in D.CONTRACTS[cid][0]:
                    need[g] += 1
            if any(need[g] > have[g] for g in D.GOODS):
                continue
            net = sum(D.CONTRACTS[c][1] * (1 if c in chosen else -1) for c in ids)
            if best[1] is None or net > best[1]:
                best = (list(chosen), net)
    return best[0], best[1]


def track_usage(s, seat) -> tuple[list[str], list[int]]:
    """Shortest path from the seat's network to Trieste over other players' connections; each
    connection is paid to its highest-influence other owner. ([], []) when there is no such path."""
    order = R.turn_order(s)
    start = R.network(s["p"][seat])
    used = {}
    for conn in sorted(D.CONNECTIONS):
        others = [o for o in order if o != seat
                  and conn in s["p"][o]["tracks"] + s["p"][o]["rails"]]
        if others:
            used[conn] = others[0]
    frontier = sorted(start)
    came = {c: None for c in frontier}
    while frontier and D.GOAL_CITY not in came:
        nxt = []
        for city in frontier:
            for conn in sorted(used):
                a, b, _ = D.CONNECTIONS[conn]
                if city in (a, b):
                    other = b if city == a else a
                    if other not in came:
                        came[other] = (city, conn)
                        nxt.append(other)
        frontier = nxt
    if D.GOAL_CITY not in came:
        return [], []
    path, city = [], D.GOAL_CITY
    while came[city] is not None:
        city, conn = came[city]
        path.append(conn)
    path.reverse()
    return path, [used[c] for c in path]


def final_scoring(s) -> dict:
    """Steps 1-6 for every seat: {"money": final money per seat, "rows": breakdown per seat}."""
    n = s["players"]
    money = [p["money"] for p in s["p"]]
    rows = [dict(seat=i, start=money[i]) for i in range(n)]
    for i, p in enumerate(s["p"]):
        inc = R.income(p) * (2 if s["semmering"] == i else 1)
        goods = D.GOOD_SALE * sum(p["goods"].values())
        keys = 0
        for k in p["keys"]:
            col = s["hubs"][k["hub"]]["col"]
            keys += D.gold_key_value(col) if k["kind"] == "gold" else D.silver_key_value(col)
        hubs = len(R.eligible_hubs(s, i))
        hub_pay = D.HUB_INFLUENCE_PAY[hubs]
        money[i] += inc + goods + keys + hub_pay
        rows[i].update(income=inc, goods=goods, keys=keys, hub_influence=hub_pay)
    for i, p in enumerate(s["p"]):
        rows[i].update(contracts=0, filled=[], usage=0, usage_path=[])
        if not s["trieste"]:
            continue
        filled, net = best_contract_fill(p)
        money[i] += net
        rows[i].update(contracts=net, filled=filled)
        if p["contracts"] and D.GOAL_CITY not in R.network(p):
            path, payees = track_usage(s, i)
            for payee in payees:
                money[i] -= D.TRACK_USAGE
                money[payee] += D.TRACK_USAGE
            rows[i].update(usage=D.TRACK_USAGE * len(path), usage_path=path)
    for i, p in enumerate(s["p"]):
        k = min(10, p["shareholders"])
        cut = money[i] * k // 10 if money[i] > 0 else 0
        money[i] -= cut
        rows[i].update(shareholders=-cut)
    for i in range(n):
        rows[i]["final"] = money[i]
    return {"money": money, "rows": rows}


def result(s):
    """The player with the most money wins; tied players share the place."""
    if not s["over"]:
        return None
    money = s["final"]["money"]
    ranking = [{"seat": x, "rank": 1 + sum(1 for m in money if m > money[x]),
                "points": money[x]} for x in range(s["players"])]
    ranking.sort(key=lambda r: (r["rank"], r["seat"]))
    return {"ranking": ranking, "scores": list(money),
            "tiebreak": "none: tied players share the place (designer's ruling)",
            "breakdown": s["final"]["rows"], "trieste": s["trieste"]}
