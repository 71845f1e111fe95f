"""What a viewer sees: everything but the other seats' open bids (money is public in this
implementation), plus each seat's network and income, the turn order, the map's connections and each city's
offer (from its tile) for the renderer, and the result."""
from __future__ import annotations

import copy

from engines.core import ALL
from engines.imperial_steam import data as D
from engines.imperial_steam import rules as R
from engines.imperial_steam.blind_bid import BIDS


def view(engine, s, viewer):
    everything = viewer == ALL
    out = {k: v for k, v in s.items() if k not in ("bids", "p")}
    out["active"], out["awaited"] = engine.active(s), engine.awaited(s)
    out["seats"] = []
    for x, p in enumerate(s["p"]):
        seat = dict(p)
        seat["seat"] = x
        seat["network"] = sorted(R.network(p))
        seat["income"] = R.income(p)
        seat["has_bid"] = BIDS.has_chosen(s, x)
        own = everything or (type(viewer) is int and viewer == x)
        seat["bid"] = (s["bids"][x][0] if s["bids"][x] else None) if own else None
        out["seats"].append(seat)
    out["turn_order"] = R.turn_order(s)
    out["connections"] = {c: list(v) for c, v in D.CONNECTIONS.items()}
    # what the tiles laid at setup offer in each city, and the Business tokens left there
    out["offers"] = {c: dict(R.city_offer(s, c), tile=s["tiles"].get(c),
                             stack=list(s["stacks"].get(c, []))) for c in D.CITIES}
    out["result"] = engine.result(s)
    return copy.deepcopy(out)
