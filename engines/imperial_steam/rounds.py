"""Round structure: phases 1-6 at the start of a round (folded in `round_started`), Phase 7's
turns in turn order until every hand is placed, and Phase 8's game end check."""
from __future__ import annotations

from engines.core import event
from engines.imperial_steam import data as D
from engines.imperial_steam import free_actions
from engines.imperial_steam.main_actions import build_tracks
from engines.imperial_steam import rules as R
from engines.imperial_steam.final_scoring import final_scoring


def start_round(t, rnd: int) -> None:
    t.emit(event("round_started", {"round": rnd}))


def end_turn(t) -> None:
    """7. Perform actions: the next seat in turn order with a hand left; when none has, 8. Game
    end check."""
    s = t.state
    seat = s["turn"]
    order = s["order"]
    i = order.index(seat)
    for k in range(1, len(order) + 1):
        nxt = order[(i + k) % len(order)]
        if s["hands"][nxt] > 0:
            t.emit(event("turn_ended", {"seat": seat, "next": nxt}))
            return
    t.emit(event("turn_ended", {"seat": seat, "next": None}))
    if s["round"] >= D.ROUNDS or s["trieste"]:
        t.emit(event("game_scored", final_scoring(s)))
    else:
        start_round(t, s["round"] + 1)


def settle(t) -> None:
    """After a step of the turn: the turn ends by itself once the main action is placed, no Business
    token waits, and neither a free action nor a Build tracks' second track is left to take."""
    s = t.state
    if s["phase"] != "actions" or s["pending"] or not s["main_done"]:
        return
    if not free_actions.available(s, s["turn"]) and not build_tracks.second_options(s, s["turn"]):
        end_turn(t)


def _round_started(s, ev):
    r = ev["round"]
    s["round"] = r
    n = s["players"]
    if r > 1:
        # 1. Retrieve hands (and the extra hand in rounds 2-4)
        s["placed"] = {a: [0] * n for a in D.ACTIONS}
        # 2. Shipment arrives: each good above the round drops into its column; overflow
        # returns to the supply
        for g in s["shipments"].get(str(r), []):
            s["market"][g] = min(len(D.MARKET_PRICES), s["market"][g] + 1)
        for p in s["p"]:
            # 3. Take ordered goods: store what fits, the rest is discarded
            for g in D.GOODS:
                for _ in range(p["landing"][g]):
                    p["goods"][g] += 1
                    if not R.storage_ok(p):
                        p["goods"][g] -= 1
                p["landing"][g] = 0
            p["ordered"] = 0
            # 4. Collect income
            p["money"] += R.income(p)
            # 5. Train workers: Training advances, then last round's workers return unadvanced
            tr, wk = p["training"], p["working"]
            p["training"] = [wk[0], tr[0] + wk[1], tr[1] + tr[2] + wk[2]]
            p["working"] = [0, 0, 0]
    s["hands"] = [D.HANDS[r]] * n
    # 6. Determine turn order
    s["order"] = R.turn_order(s)
    s.update(phase="actions", turn=s["order"][0], main_done=False, delivered=False, pending=[])


def _turn_ended(s, ev):
    s.update(turn=ev["next"], main_done=False, delivered=False, action=None)


def _game_scored(s, ev):
    for i, m in enumerate(ev["money"]):
        s["p"][i]["money"] = m
    s.update(final={"money": list(ev["money"]), "rows": ev["rows"]}, over=True, phase="over",
             turn=None)


EVOLVE = {"round_started": _round_started, "turn_ended": _turn_ended,
          "game_scored": _game_scored}
