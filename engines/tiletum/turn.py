"""Your turn (rules page, "Your turn"): Tasks whenever you like; choose a die, turning it 2 Gold a
step (6 and 1 wrap round); take it, its Bonus tile if you want it and have room, its Resources;
then perform its Action with 7 - its value AP, plus your Bonus AP marker on that Action. Unspent
AP are lost when you end your turn."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.tiletum import data as D
from engines.tiletum import moves as mv
from engines.tiletum.actions import contract as contract_action
from engines.tiletum.actions.character import reveal_face_down
from engines.tiletum.actions.king import king_action
from engines.tiletum.board import can_hold


def action_of_value(state, value: int) -> str:
    return state["wheel"][value - 1]


def turn_steps(frm: int, to: int) -> int:
    """Steps round the wheel between two values: 6 and 1 are neighbours."""
    d = abs(frm - to) % 6
    return min(d, 6 - d)


# --- choosing and taking a die ------------------------------------------------------------------

def check_take_die(state, seat, move):
    turn = state["turn"]
    if turn["stage"] != "choose":
        raise IllegalMove("die_taken", "You have taken your die this turn.")
    if turn["helper"] is not None:
        raise IllegalMove("helper_open", "Finish the Helper in use before taking your die.")
    colour = mv.one_of(move, "colour", D.COLOUR_IDS, "a die colour")
    value = mv.integer(move, "value", 1, 6, "the die's value")
    to = mv.integer(move, "to", 1, 6, "the value to turn it to")
    bonus = mv.boolean(move, "bonus")
    joker = mv.optional(move, "action", D.CHARACTER_TYPES, "the Action the Joker performs")
    helper = None if move.get("helper") is None else mv.tile(move, "helper")
    recolour = mv.optional(move, "recolour", D.COLOUR_IDS, "the colour the die counts as")
    if {"colour": colour, "value": value} not in state["dice"]:
        raise IllegalMove("no_such_die", "There is no such die on the Action Wheel.")
    b = state["boards"][seat]
    if (helper is None) != (recolour is None):
        raise IllegalMove("colour_helper", "A colour Helper names the colour the die counts as, and only a colour Helper does.")
    if helper is not None:
        if helper not in b["store"] or D.TILES[helper]["kind"] != "colour_helper":
            raise IllegalMove("not_in_storehouse", "That colour Helper is not in your Storehouse.")
        if recolour == colour:
            raise IllegalMove("same_colour", "A colour Helper turns the die to another colour.")
        b = {**b, "store": [x for x in b["store"] if x != helper]}  # its space is free at once
    gold = D.GOLD_PER_STEP * turn_steps(value, to)
    if b["res"]["gold"] < gold:
        raise IllegalMove("not_enough_gold", f"Turning that die costs {gold} Gold.")
    action = action_of_value(state, to)
    if action == "joker" and joker is None:
        raise IllegalMove("joker_action", "A die on the Joker names the Action it performs.")
    if action != "joker" and joker is not None:
        raise IllegalMove("not_joker", "Only a die on the Joker names another Action.")
    tile = state["action_tiles"][action]
    if bonus:
        if tile is None:
            raise IllegalMove("no_bonus_tile", "That Action space has no Bonus tile.")
        if not can_hold(b, tile):
            raise IllegalMove("storehouse_full", "Your Storehouse has no room for that Bonus tile.")
    return {"colour": colour, "value": value, "to": to, "gold": gold, "action": action,
            "performs": joker or action, "tile": tile if bonus else None, "helper": helper,
            "counts_as": recolour or colour}


def do_take_die(t, seat, p, rng):
    b = t.state["boards"][seat]
    ap = 7 - p["to"] + b["markers"].get(p["performs"], 0)
    t.emit(event("die_taken", {"seat": seat, "colour": p["colour"], "value": p["value"],
                               "to": p["to"], "gold": p["gold"], "space": p["action"],
                               "action": p["performs"], "tile": p["tile"], "helper": p["helper"],
                               "resource": D.COLOURS[p["counts_as"]], "gain": p["to"], "ap": ap}))
    if p["performs"] == "king":
        king_action(t, seat)


# --- ending the turn ------------------------------------------------------------------------------

def check_end(state, seat, move):
    turn = state["turn"]
    if turn["stage"] != "action":
        raise IllegalMove("take_a_die", "Take a die before ending your turn.")
    if turn["helper"] is not None:
        raise IllegalMove("helper_open", "Finish the Helper in use first.")


def do_end(t, seat, p, rng):
    t.emit(event("turn_ended", {"seat": seat}))
    reveal_face_down(t, rng)  # the end of the turn turns the face-down Characters up anyway
    contract_action.refill(t, rng)


# --- evolve -----------------------------------------------------------------------------------------

def on_turn_started(s, ev):
    s["turn_pos"] += 1
    s["turn"] = {"seat": ev["seat"], "stage": "choose", "die": None, "action": None, "ap": 0,
                 "helper": None, "exchanged": False}


def on_die_taken(s, ev):
    b = s["boards"][ev["seat"]]
    s["dice"].remove({"colour": ev["colour"], "value": ev["value"]})
    b["res"]["gold"] -= ev["gold"]
    b["res"][ev["resource"]] += ev["gain"]
    b["dice"].append({"colour": ev["colour"], "value": ev["to"]})
    if ev.get("helper") is not None:  # the colour Helper leaves the game
        b["store"].remove(ev["helper"])
        s["out"].append(ev["helper"])
    if ev["tile"] is not None:
        s["action_tiles"][ev["space"]] = None
        b["store"].append(ev["tile"])
    if ev.get("removed") is not None:  # the Cardinalbot removes a non-Crest Bonus tile
        s["action_tiles"][ev["space"]] = None
        s["out"].append(ev["removed"])
    turn = s["turn"]
    turn.update(stage="action", die={"colour": ev["colour"], "value": ev["to"]},
                action=ev["action"], ap=ev["ap"])


def on_turn_ended(s, ev):
    s["turn"] = None


MOVES = {"take_die": (check_take_die, do_take_die), "end": (check_end, do_end)}
EVENTS = {"turn_started": on_turn_started, "die_taken": on_die_taken, "turn_ended": on_turn_ended}
