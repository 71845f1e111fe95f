"""Free action: Sell a share to the topmost Investor at or above the Share Value marker's row."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.imperial_steam import data as D


def options(s, seat):
    p = s["p"][seat]
    return [{"move": {"type": "sell_share"}}] if any(p["investors"][p["share"]:]) else []


def decide(t, seat, move):
    s = t.state
    p = s["p"][seat]
    if not options(s, seat):
        raise IllegalMove("no_buyer", "No Investor sits at or above your share value.")
    row = max(r for r in range(len(p["investors"])) if p["investors"][r] and r >= p["share"])
    t.emit(event("share_sold", {"seat": seat, "row": row, "value": D.SHARE_VALUES[p["share"]]}))


def _share_sold(s, ev):
    p = s["p"][ev["seat"]]
    p["investors"][ev["row"]] -= 1
    p["shareholders"] += 1
    p["money"] += ev["value"]


EVOLVE = {"share_sold": _share_sold}
