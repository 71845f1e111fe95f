"""8. Philanthropize: any multiple of 10 guldens, 1 influence step per 10."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.imperial_steam import data as D
from engines.imperial_steam import rules as R
from engines.imperial_steam.moves import field, integer
from engines.imperial_steam.state import set_col


def philanthropize(t, seat, move):
    p = t.state["p"][seat]
    amount = integer(field(move, "amount"), "amount")
    steps = amount // D.PHILANTHROPY
    if amount <= 0 or amount % D.PHILANTHROPY or amount > p["money"] \
            or steps > R.influence_room(p):
        raise IllegalMove("bad_amount", "Pay a multiple of 10 guldens you have, at most the "
                                        "influence track's room.")
    t.emit(event("philanthropized", {"seat": seat, "amount": amount, "steps": steps}))


def options(s, seat):
    p = s["p"][seat]
    most = min(p["money"] // D.PHILANTHROPY, R.influence_room(p))
    if most < 1:
        return []
    return [{"move": {"type": "philanthropize"},
             "choose": {"amount": {"one_of": [D.PHILANTHROPY * k for k in range(1, most + 1)]}}}]


def _philanthropized(s, ev):
    p = s["p"][ev["seat"]]
    p["money"] -= ev["amount"]
    set_col(s, ev["seat"], p["col"] + ev["steps"])


DECIDE = {"philanthropize": philanthropize}
EVOLVE = {"philanthropized": _philanthropized}
