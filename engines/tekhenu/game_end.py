"""Game end (page: "Game end"): after the second Scoring the Decrees are shown, D23 may be
played first for a free action, then Decrees score (up to 3, one per symbol, the best set),
turn order pays, and most VP wins (ties: most Scribes, then earlier in turn order)."""
from __future__ import annotations

from itertools import combinations

from engines.core import event
from engines.tekhenu import data as D
from engines.tekhenu.resources import grant
from engines.tekhenu.steps import push


def decree_amount(s: dict, seat: int, kind: str) -> int:
    """How much of what a Decree kind scores the seat has at the end."""
    p = s["p"][seat]
    return {
        "statues": p["statues"], "pillars": p["pillars"], "buildings": p["buildings"],
        "happiness": p["happiness"], "production": sum(p["production"].values()),
        "scribes": p["scribes"],
        "districts": sum(1 for d in range(4) if any(seat in row for row in s["districts"][d])),
        "cards": len(p["cards"]), "none": 0,
    }[kind]


def decree_value(s: dict, seat: int, card: str) -> int:
    """`per` VP for every `every` of the Decree's kind (data.py), capped where an erratum caps."""
    c = D.CARDS[card]
    vp = decree_amount(s, seat, c["scores"]) // c["every"] * c["per"]
    return min(vp, c["cap"]) if "cap" in c else vp


def best_decrees(s: dict, seat: int) -> list[str]:
    """Up to 3 Decrees, at most one per symbol, scoring the most (the "Best" button)."""
    held = [c for c in s["p"][seat]["decrees"] if D.CARDS.get(c, {}).get("kind") == "decree"]
    best, best_vp = [], -1
    for k in range(min(D.DECREES_SCORED, len(held)), -1, -1):
        for combo in combinations(sorted(held), k):
            if len({D.CARDS[c]["symbol"] for c in combo}) < k:
                continue
            vp = sum(decree_value(s, seat, c) for c in combo)
            if vp > best_vp:
                best, best_vp = list(combo), vp
    return best


def ranking(s: dict) -> list[int]:
    """Most VP wins; ties: most Scribes, then earlier in turn order."""
    return sorted(range(s["players"]), key=lambda seat: (-s["p"][seat]["vp"],
                                                         -s["p"][seat]["scribes"],
                                                         s["order"].index(seat)))


def reveal_decrees(t):
    """The Decrees are shown (a reveal), then each D23 holder in turn order owes its free
    action (an `extra` step)."""
    s = t.state
    t.emit(event("decrees_revealed", {"decrees": [list(p["decrees"]) for p in s["p"]]},
                 reveal=True))
    for seat in s["order"]:
        if "D23" in s["p"][seat]["decrees"]:
            push(t, {"seat": seat, "kind": "extra", "why": "D23"})


def finish(t):
    s = t.state
    n = s["players"]
    for seat in range(n):
        for card in best_decrees(s, seat):
            grant(t, seat, {"vp": decree_value(s, seat, card)}, f"decree {card}")
    for place, vp in enumerate(D.TURN_ORDER_VP[n]):
        grant(t, s["order"][place], {"vp": vp}, f"turn order {place + 1}")
    ranked = ranking(s)
    result = {
        "ranking": [{"seat": seat, "rank": i + 1, "points": s["p"][seat]["vp"],
                     "scribes": s["p"][seat]["scribes"]} for i, seat in enumerate(ranked)],
        "scores": [s["p"][seat]["vp"] for seat in range(n)],
        "tiebreak": "most Scribes, then earlier in turn order",
        "decrees": [best_decrees(s, seat) for seat in range(n)],
    }
    t.emit(event("game_over", {"result": result}))
