"""The Maat phase after rounds 4, 8, 12 and 16 (page: "Maat phase"): balance, Faith, the penalty,
the new turn order; then (after Scoring, when there is one) dice, excess and Faith leave the
boards."""
from __future__ import annotations

from engines.core import event
from engines.tekhenu import data as D
from engines.tekhenu.resources import grant


def balance(p: dict) -> int:
    """Pure dice − Tainted dice − 1 per excess resource; Anubis dice do not count."""
    sc = p["scales"]
    return (sum(d["value"] for d in sc["pure"]) - sum(d["value"] for d in sc["tainted"])
            - sum(p["excess"].values()))


def with_faith(bal: int, faith: int) -> tuple[int, int]:
    """Faith moves the balance toward zero, ±1 each (never worse to use it so)."""
    used = min(faith, abs(bal))
    return (bal - used if bal > 0 else bal + used), used


def new_order(s: dict, finals: list[int]) -> list[int]:
    """Closest to zero first (+1 and −1 tie); ties to the higher Ankh on the Destiny card."""
    def ankh(seat):
        card = s["p"][seat]["destiny"]
        return D.DESTINY[card]["ankh"] if card else 0
    return sorted(range(s["players"]), key=lambda seat: (abs(finals[seat]), -ankh(seat)))


def judge(t):
    """Steps 1-4: balance, Faith, penalty, new turn order."""
    s = t.state
    rows, finals = [], []
    for seat in range(s["players"]):
        p = s["p"][seat]
        bal = balance(p)
        final, used = with_faith(bal, p["faith"])
        rows.append({"seat": seat, "balance": bal, "faith": used, "final": final,
                     "penalty": D.maat_penalty(final)})
        finals.append(final)
    order = new_order(s, finals)
    t.emit(event("maat", {"round": s["round"], "seats": rows, "order": order}))
    for row in rows:
        if row["penalty"]:
            grant(t, row["seat"], {"vp": -row["penalty"]}, "maat penalty")


def clear(t):
    """Step 6: dice, excess and Faith leave your board (the Destiny pick follows)."""
    t.emit(event("maat_cleared", {"round": t.state["round"]}))
