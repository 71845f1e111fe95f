"""The Fair (rules page, "Round structure", 4): everyone with a House or their Merchant in the
round's Fair Town scores its Fair tile, the board's value plus the tile's, once for each time they
meet its condition. The Cardinalbot scores it without being there ("Solo mode")."""
from __future__ import annotations

from engines.core import event
from engines.tiletum import data as D
from engines.tiletum.board import cathedrals_contributed, houses_on_map, pillars_on_map
from engines.tiletum.prospect import data as P
from engines.tiletum.prospect.technologies import tiers_reached
from engines.tiletum.state import challenge, everyone

FAIR_TILES = {**D.FAIR_TILES, **P.FAIR_TILES}  # the Technology Fair tile with the expansion


def fair_count(state, seat, per: str) -> int:
    b = state["boards"][seat]
    return {
        "houses": houses_on_map(state, seat),
        "pillars": pillars_on_map(state, seat),
        "characters": sum(r is not None for rooms in b["rooms"][:-1] for r in rooms),
        "crests": sum(c is not None for c in b["crests"]),
        "contracts": len(b["contracts"]),
        "completed": sum(b["completed"]),
        "cathedrals": cathedrals_contributed(state, seat),
        # the Technology tile: tiers reached; for the Cardinal of Silver its King's Surprise cards
        "technologies": len(b.get("surprises", [])) if seat == state["bot"] else tiers_reached(b),
    }[per]


def score(t) -> None:
    s = t.state
    fair = s["fairs"][s["round"] - 1]
    tile = FAIR_TILES[fair["tile"]]
    worth = D.FAIR_BOARD[s["round"] - 1] + tile["value"]
    vp = []
    for seat in everyone(s):
        there = seat in s["towns"][fair["town"]]["houses"] or s["boards"][seat]["merchant"] == fair["town"]
        if seat == s["bot"]:  # it scores without a House or Merchant there
            vp.append(worth * fair_count(s, seat, tile["per"]) + challenge(s, "fair_vp"))
        else:
            vp.append(worth * fair_count(s, seat, tile["per"]) if there else 0)
    t.emit(event("fair_scored", {"town": fair["town"], "tile": fair["tile"], "vp": vp}))


def on_fair_scored(s, ev):
    for seat, vp in enumerate(ev["vp"]):
        s["boards"][seat]["vp"] += vp
    if s["decrees"] is not None and s["round"] < D.ROUNDS:  # its leftmost Decree is set aside
        d = s["decrees"]
        d["cards"].pop(0)
        d["pawn"] = max(0, d["pawn"] - 1)


EVENTS = {"fair_scored": on_fair_scored}
