"""The round (rules page, "Round structure"): 1. Preparation, dice drawn from the bag, rolled and
sorted onto the Action Wheel; 2. Actions, three passes, each opened by a Corruption token that
moves every King marker down, then one turn each in Turn Order (the Cardinalbot plays its own);
3. the King phase (king_phase.py); 4. the Fair (fair.py); 5. Cleanup. After round 4's Fair comes
final scoring (final_scoring.py)."""
from __future__ import annotations

from engines.core import event
from engines.tiletum import cardinalbot, fair, king_phase
from engines.tiletum import data as D
from engines.tiletum.final_scoring import final
from engines.tiletum.king_track import land
from engines.tiletum.prospect.wheel import turned


def start_round(t, rng) -> None:
    """Preparation: dice from the bag, rolled and sorted onto the wheel; then pass 1."""
    players = t.state["players"]
    bag_size, rolled = D.DICE[players]
    bag = [c for c in D.COLOUR_IDS for _ in range(bag_size // len(D.COLOUR_IDS))]
    drawn = rng.sample(bag, rolled)
    dice = sorted(({"colour": c, "value": rng.randint(1, 6)} for c in drawn),
                  key=lambda d: (d["value"], D.COLOUR_IDS.index(d["colour"])))
    t.emit(event("dice_rolled", {"round": t.state["round"] + 1, "dice": dice}, reveal=True))
    proceed(t, rng)


def proceed(t, rng) -> None:
    """After every move: while no seat has a choice to make, play on. The next turn (the
    Cardinalbot plays its own), the next pass with its Corruption token, or the King phase and
    the rest of the round."""
    s = t.state
    if s["phase"] != "turn" or s["turn"] is not None:
        return  # a turn or the King Bonus choice is under way, or the game is over
    while True:
        s = t.state
        if s["turn_pos"] + 1 < len(s["order"]):
            seat = s["order"][s["turn_pos"] + 1]
            t.emit(event("turn_started", {"seat": seat}))
            if seat != s["bot"]:
                return
            cardinalbot.play_turn(t, rng)
            continue
        if s["pass"] < D.PASSES:
            token = rng.choice(s["corruption"]["pool"])
            t.emit(event("corruption", {"pass": s["pass"] + 1, "value": token}, reveal=True))
            continue
        break
    if not king_phase.king_bonus(t):  # (a no-op once the King Bonus choice has been made)
        end_of_round(t, rng)


def end_of_round(t, rng) -> None:
    """The King phase's scoring, the Fair, then Cleanup and the next round, or final scoring."""
    king_phase.score(t, rng)
    fair.score(t)
    s = t.state
    if s["round"] < D.ROUNDS:
        cleanup(t, rng)
        start_round(t, rng)
    else:
        t.emit(event("final_scored", {"scores": final(t.state)}))


def cleanup(t, rng) -> None:
    """Bonus tiles taken from the Action spaces are replaced, and the King Bonus except after
    round 3; the Corruption tokens are reshuffled and the wheel turns one step (on_cleanup)."""
    s = t.state
    pile = sorted(s["bonus_pile"])
    fills = {}
    for a in D.ACTIONS:
        if s["action_tiles"][a] is None and pile:
            fills[a] = pile.pop(rng.randbelow(len(pile)))
    king = None
    if s["round"] != 3 and s["king_bonus"] is None and pile:
        king = pile.pop(rng.randbelow(len(pile)))
    extra = {}
    if s["prospect"]:  # the Prospector Wheel turns too, its Bonus tile replaced
        extra["wheel_tile"] = pile.pop(rng.randbelow(len(pile))) \
            if s["underground"]["wheel_tile"] is None and pile else None
    t.emit(event("cleanup", {"action_tiles": fills, "king_bonus": king, **extra}, reveal=True))


def on_dice_rolled(s, ev):
    s["round"] = ev["round"]
    s["pass"] = 0
    s["turn_pos"] = len(s["order"])  # the next step is pass 1's Corruption
    s["dice"] = [dict(d) for d in ev["dice"]]
    s["corruption"] = {"pool": list(D.CORRUPTION_TOKENS), "revealed": []}
    for b in s["boards"]:
        b["dice"] = []


def on_corruption(s, ev):
    s["pass"] = ev["pass"]
    s["turn_pos"] = -1
    s["corruption"]["pool"].remove(ev["value"])
    s["corruption"]["revealed"].append(ev["value"])
    if ev["value"]:
        for seat in s["order"]:  # moved in Turn Order: a later one lands on top
            new = max(0, s["king"]["pos"][seat] - ev["value"])
            if new != s["king"]["pos"][seat]:
                land(s, seat, new)


def on_cleanup(s, ev):
    for a, tile in ev["action_tiles"].items():
        s["action_tiles"][a] = tile
        s["bonus_pile"].remove(tile)
    if ev["king_bonus"] is not None:
        s["king_bonus"] = ev["king_bonus"]
        s["bonus_pile"].remove(ev["king_bonus"])
    s["wheel"] = s["wheel"][-1:] + s["wheel"][:-1]  # the wheel turns one step
    if s["prospect"]:
        u = s["underground"]
        u["wheel"] = turned(u["wheel"])
        if ev["wheel_tile"] is not None:
            u["wheel_tile"] = ev["wheel_tile"]
            s["bonus_pile"].remove(ev["wheel_tile"])
    s["dice"] = []


EVENTS = {"dice_rolled": on_dice_rolled, "corruption": on_corruption, "cleanup": on_cleanup}
