"""The King phase (rules page, "Round structure", 3): the highest King marker takes or discards
the King Bonus tile (in round 4 it scores 4 VP instead); everyone scores the VP of their space;
Turn Order is reset from the track, and markers in the red part go back to 0."""
from __future__ import annotations

from engines.core import event
from engines.tiletum import data as D
from engines.tiletum import moves as mv
from engines.tiletum.board import can_hold
from engines.tiletum.king_track import king_order, land
from engines.tiletum.prospect import cardinal
from engines.tiletum.prospect import king_phase as silver
from engines.tiletum.state import challenge


def king_bonus(t) -> bool:
    """Settle the King Bonus tile; True when the highest marker's seat must choose."""
    s = t.state
    top = king_order(s)[0]
    if s["round"] == D.ROUNDS:
        t.emit(event("king_bonus_scored", {"seat": top, "vp": D.KING_BONUS_ROUND_4_VP},
                     by=D.BOT if top == s["bot"] else None))
    elif s["king_bonus"] is not None:
        if top == s["bot"]:  # it keeps Crests only
            take = D.TILES[s["king_bonus"]]["kind"] == "crest"
            t.emit(event("king_bonus_resolved", {"seat": top, "take": take}, by=D.BOT))
        elif can_hold(s["boards"][top], s["king_bonus"]):
            t.emit(event("king_bonus_offered", {"seat": top}))
            return True
        else:
            t.emit(event("king_bonus_resolved", {"seat": top, "take": False, "reason": "no_room"}))
    return False


def check_king_bonus(state, seat, move):
    return mv.boolean(move, "take")


def do_king_bonus(t, seat, take, rng):
    t.emit(event("king_bonus_resolved", {"seat": seat, "take": take}))


def score(t, rng) -> None:
    """Everyone scores their space (the Cardinalbot never below its floor); with Prospect for
    Silver the Mines and ribbons pay Silver and Mines unlock, and the Cardinal of Silver buys
    King's Surprise cards; then Turn Order is reset."""
    s = t.state
    vp = [D.KING_TRACK[p] for p in s["king"]["pos"]]
    if s["bot"] is not None:
        vp[s["bot"]] = max(vp[s["bot"]], challenge(s, "king_floor", D.BOT_KING_FLOOR))
    t.emit(event("king_scored", {"vp": vp}))
    if s["prospect"]:
        silver.pay(t)
        if s["bot"] is not None:
            cardinal.buy_surprises(t, rng)
    t.emit(event("turn_order", {"order": king_order(t.state)}))


def on_king_bonus_offered(s, ev):
    s["phase"] = "king_bonus"
    s["turn"] = {"seat": ev["seat"], "stage": "king_bonus", "die": None, "action": None,
                 "ap": 0, "helper": None, "exchanged": False, "space": None, "free_move": 0}


def on_king_bonus_resolved(s, ev):
    if ev["take"]:
        s["boards"][ev["seat"]]["store"].append(s["king_bonus"])
    else:
        s["out"].append(s["king_bonus"])
    s["king_bonus"] = None
    s["phase"] = "turn"
    s["turn"] = None


def on_king_bonus_scored(s, ev):
    s["boards"][ev["seat"]]["vp"] += ev["vp"]


def on_king_scored(s, ev):
    for seat, vp in enumerate(ev["vp"]):
        s["boards"][seat]["vp"] += vp


def on_turn_order(s, ev):
    s["order"] = list(ev["order"])
    for seat in s["order"]:  # markers in the red part go back to 0, in the new Turn Order
        if s["king"]["pos"][seat] < D.KING_ZERO:
            land(s, seat, D.KING_ZERO)


MOVES = {"king_bonus": (check_king_bonus, do_king_bonus)}
EVENTS = {"king_bonus_offered": on_king_bonus_offered, "king_bonus_resolved": on_king_bonus_resolved,
          "king_bonus_scored": on_king_bonus_scored, "king_scored": on_king_scored,
          "turn_order": on_turn_order}
