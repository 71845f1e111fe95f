"""7. Secure a contract: a card from the display (no refills), a Reserved token on one free
freight car per required factory (their goods go to the supply), its Investors onto the lowest
empty Share board spaces that fit. Contracts score only at game end (final_scoring.py)."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.imperial_steam import data as D
from engines.imperial_steam import rules as R
from engines.imperial_steam.moves import field, name_in, name_list


def contract(t, seat, move):
    s = t.state
    p = s["p"][seat]
    cid = name_in(field(move, "id"), D.CONTRACTS, "id")
    if cid not in s["display"]:
        raise IllegalMove("not_displayed", "That contract is not on display.")
    k = len(D.CONTRACTS[cid][0])
    if p["freight"] < k:
        raise IllegalMove("no_free_cars", f"You need {k} free freight car(s) for its Reserved "
                                          f"tokens.")
    discard = name_list(field(move, "discard", [], False), D.GOODS, "discard")
    if sorted(discard) not in R.discard_choices(p, p["goods"], p["freight"] - k):
        raise IllegalMove("bad_discard", f"Return exactly "
                                         f"{R.overflow(p, p['goods'], p['freight'] - k)} "
                                         f"good(s) from the reserved cars to the supply.")
    free = sum(D.INVESTOR_SPACES - x for x in p["investors"])
    t.emit(event("contract_taken", {"seat": seat, "id": cid, "reserved": k,
                                    "discard": sorted(discard), "investors": min(k, free)}))


def options(s, seat):
    p = s["p"][seat]
    out = []
    for cid in s["display"]:
        k = len(D.CONTRACTS[cid][0])
        if p["freight"] >= k:
            for d in R.discard_choices(p, p["goods"], p["freight"] - k):
                out.append({"move": {"type": "contract", "id": cid, "discard": d}})
    return out


def _contract_taken(s, ev):
    p = s["p"][ev["seat"]]
    s["display"].remove(ev["id"])
    p["contracts"].append(ev["id"])
    p["freight"] -= ev["reserved"]
    p["reserved"] += ev["reserved"]
    for g in ev["discard"]:
        p["goods"][g] -= 1
    left = ev["investors"]
    for row in range(len(p["investors"])):
        while left and p["investors"][row] < D.INVESTOR_SPACES:
            p["investors"][row] += 1
            left -= 1


DECIDE = {"contract": contract}
EVOLVE = {"contract_taken": _contract_taken}
