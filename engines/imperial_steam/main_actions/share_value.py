"""9. Manipulate share value: up exactly 1 step for the influence printed at the new row, or down
any number of steps for free."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.imperial_steam import data as D
from engines.imperial_steam.moves import field, integer
from engines.imperial_steam.state import set_col


def share_up(t, seat, move):
    p = t.state["p"][seat]
    row = p["share"] + 1
    if row >= len(D.SHARE_VALUES):
        raise IllegalMove("share_at_top", "Your share value is at the top.")
    cost = D.SHARE_UP_COST[row]
    if cost > p["col"]:
        raise IllegalMove("no_influence", f"Moving up to {D.SHARE_VALUES[row]} costs {cost} "
                                          f"influence.")
    t.emit(event("share_moved", {"seat": seat, "row": row, "influence": cost}))


def share_down(t, seat, move):
    p = t.state["p"][seat]
    steps = integer(field(move, "steps"), "steps")
    if not 1 <= steps <= p["share"]:
        raise IllegalMove("bad_steps", f"Lower your share value by 1 to {p['share']} steps.")
    t.emit(event("share_moved", {"seat": seat, "row": p["share"] - steps, "influence": 0}))


def options(s, seat):
    p = s["p"][seat]
    out = []
    row = p["share"] + 1
    if row < len(D.SHARE_VALUES) and D.SHARE_UP_COST[row] <= p["col"]:
        out.append({"move": {"type": "share_up"}})
    if p["share"] > 0:
        out.append({"move": {"type": "share_down"},
                    "choose": {"steps": {"one_of": list(range(1, p["share"] + 1))}}})
    return out


def _share_moved(s, ev):
    p = s["p"][ev["seat"]]
    p["share"] = ev["row"]
    set_col(s, ev["seat"], p["col"] - ev["influence"])


DECIDE = {"share_up": share_up, "share_down": share_down}
EVOLVE = {"share_moved": _share_moved}
