"""Silver in the King phase (rules page, "Prospect for Silver"): every Mine on a map pays 1 Silver;
a King marker at 0 or better unlocks one of your locked Mines; the blue ribbons pay 1 Silver from
+3 and 2 from +7. Read from the markers as they stand when the track scores, before the red part
goes back to 0 (so a marker below 0 unlocks nothing)."""
from __future__ import annotations

from engines.core import event
from engines.tiletum import data as D
from engines.tiletum.board import mines_on_map
from engines.tiletum.prospect import data as P
from engines.tiletum.state import challenge, everyone


def ribbon(track_value: int) -> int:
    return next((silver for at, silver in P.RIBBONS if track_value >= at), 0)


def pay(t) -> None:
    s = t.state
    mines, ribbons, unlocked, extra = [], [], [], []
    for seat in everyone(s):
        value = D.KING_TRACK[s["king"]["pos"][seat]]
        bot = seat == s["bot"]
        mines.append(mines_on_map(s, seat) * (P.MINE_SILVER + (challenge(s, "mine_silver") if bot else 0)))
        ribbons.append(ribbon(value))
        unlocked.append(1 if value >= P.UNLOCK_AT and s["boards"][seat]["locked"] else 0)
        extra.append(challenge(s, "king_silver") if bot else 0)
    t.emit(event("silver_paid", {"mines": mines, "ribbons": ribbons, "extra": extra,
                                 "unlocked": unlocked}))


def on_silver_paid(s, ev):
    for seat, b in enumerate(s["boards"]):
        b["silver"] += ev["mines"][seat] + ev["ribbons"][seat] + ev["extra"][seat]
        b["locked"] -= ev["unlocked"][seat]
        b["mines"] += ev["unlocked"][seat]


EVENTS = {"silver_paid": on_silver_paid}
