"""Final scoring with Prospect for Silver (rules page): the Scoring overlay's face replaces
Houses x Pillars with Houses x (Pillars or Mines) or Pillars x (Houses or Mines), counting Mines
only where you have more of them than the piece they stand in for; plus 1 VP per 2 Silver (the
Cardinal of Silver: 1 per Silver) and each Technology tier reached at its cost. Resource
Technology III (stand-in) scores leftovers 1 VP per 3; the Cardinal of Silver's King's Surprise
cards (stand-in) score their VP."""
from __future__ import annotations

from engines.tiletum import data as D
from engines.tiletum.board import mines_on_map
from engines.tiletum.prospect import data as P
from engines.tiletum.prospect import technologies as tech


def overlay_product(face: str, houses: int, pillars: int, mines: int) -> int:
    if face == "houses":
        return houses * max(pillars, mines)
    return pillars * max(houses, mines)


def lines(s, seat, houses, pillars) -> dict:
    b = s["boards"][seat]
    bot = seat == s["bot"]
    mines = mines_on_map(s, seat)
    face = s["underground"]["overlay"]
    left = sum(b["res"].values())
    out = {"mines": mines, "overlay": face, "overlay_vp": overlay_product(face, houses, pillars, mines),
           "resources": left,
           "resources_vp": left // tech.value(s, seat, "leftover_per_vp", D.LEFTOVER_PER_VP),
           "silver": b["silver"],
           "silver_vp": b["silver"] // (P.BOT_SILVER_PER_VP if bot else P.SILVER_PER_VP),
           "technologies_vp": tech.tier_vp(b)}
    if bot:
        out.update(surprises=len(b["surprises"]),
                   surprise_vp=sum(P.KING_SURPRISES[c]["vp"] for c in b["surprises"]))
    return out
