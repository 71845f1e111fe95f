"""Your turn (rules page, "Your turn"): Tasks whenever you like; choose a die, turning it 2 Gold a
step (6 and 1 wrap round); take it, its Bonus tile if you want it and have room, its Resources;
then perform its Action with 7 - its value AP, plus your Bonus AP marker on that Action. Unspent
AP are lost when you end your turn. With Prospect for Silver a die over the Prospector wedge may
take the Prospector Action instead, a die over the movement wedge gives a free Prospector move,
and Technologies change the Gold, AP and Resources of a die (prospect/)."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.tiletum import data as D
from engines.tiletum import moves as mv
from engines.tiletum.actions import contract as contract_action
from engines.tiletum.actions.character import reveal_face_down
from engines.tiletum.actions.king import king_action
from engines.tiletum.board import can_hold
from engines.tiletum.king_track import free_king_action
from engines.tiletum.prospect import technologies as tech
from engines.tiletum.prospect.wheel import PROSPECTOR, wedge


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
    chosen = mv.optional(move, "action", D.CHARACTER_TYPES + [PROSPECTOR],
                         "the Action the Joker performs, or the Prospector Action")
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
    gold = tech.turning_gold(state, seat, turn_steps(value, to))
    paid = tech.payment(state, seat, gold)
    if paid is None:
        raise IllegalMove("not_enough_gold", f"Turning that die costs {gold} Gold.")
    action = action_of_value(state, to)
    if chosen == PROSPECTOR:  # instead of the printed Action, with the wedge's own Bonus tile
        if wedge(state, to) != PROSPECTOR:
            raise IllegalMove("no_prospector_wedge", "The Prospector Action is taken only by a die over the Prospector wedge.")
        space, tile = PROSPECTOR, state["underground"]["wheel_tile"]
    else:
        if action == "joker" and chosen is None:
            raise IllegalMove("joker_action", "A die on the Joker names the Action it performs.")
        if action != "joker" and chosen is not None:
            raise IllegalMove("not_joker", "Only a die on the Joker names another Action.")
        space, tile = action, state["action_tiles"][action]
    if bonus:
        if tile is None:
            raise IllegalMove("no_bonus_tile", "That Action space has no Bonus tile.")
        if not can_hold(b, tile):
            raise IllegalMove("storehouse_full", "Your Storehouse has no room for that Bonus tile.")
    return {"colour": colour, "value": value, "to": to, "paid": paid, "space": space,
            "performs": chosen or action, "tile": tile if bonus else None, "helper": helper,
            "counts_as": recolour or colour}


def die_ap(state, seat, to, space, performs) -> int:
    """7 - the value, plus the Bonus AP marker on the Action (Character Technology II: +1 on a
    marker you have), and the Technology tiers that add to that Action or to the Joker."""
    b = state["boards"][seat]
    ap = 7 - to
    if b["markers"].get(performs):
        ap += b["markers"][performs] + tech.value(state, seat, "marker_plus")
    ap += tech.action_ap(state, seat, performs)
    if space == "joker":
        ap += tech.value(state, seat, "joker_ap")
    return ap


def do_take_die(t, seat, p, rng):
    s = t.state
    joker = p["space"] == "joker"
    t.emit(event("die_taken", {"seat": seat, "colour": p["colour"], "value": p["value"],
                               "to": p["to"], "paid": p["paid"], "space": p["space"],
                               "action": p["performs"], "tile": p["tile"], "helper": p["helper"],
                               "resource": D.COLOURS[p["counts_as"]],
                               "gain": p["to"] + tech.value(s, seat, "die_extra"),
                               "ap": die_ap(s, seat, p["to"], p["space"], p["performs"]),
                               "vp": tech.value(s, seat, "joker_vp") if joker else 0,
                               "free_move": 1 if wedge(s, p["to"]) == "move" else 0}))
    if p["performs"] == "king":
        king_action(t, seat)
    if joker and tech.value(t.state, seat, "joker_king"):  # Joker Technology II
        free_king_action(t, seat, tech.value(t.state, seat, "joker_king"))


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
                 "helper": None, "exchanged": False, "space": None, "free_move": 0}


def on_die_taken(s, ev):
    b = s["boards"][ev["seat"]]
    s["dice"].remove({"colour": ev["colour"], "value": ev["value"]})
    tech.pay(b, ev["paid"])
    b["res"][ev["resource"]] += ev["gain"]
    b["vp"] += ev.get("vp", 0)
    b["dice"].append({"colour": ev["colour"], "value": ev["to"]})
    if ev.get("helper") is not None:  # the colour Helper leaves the game
        b["store"].remove(ev["helper"])
        s["out"].append(ev["helper"])
    taken = ev["tile"] if ev["tile"] is not None else ev.get("removed")
    if taken is not None:
        if ev["space"] == PROSPECTOR:
            s["underground"]["wheel_tile"] = None
        else:
            s["action_tiles"][ev["space"]] = None
    if ev["tile"] is not None:
        b["store"].append(ev["tile"])
    if ev.get("removed") is not None:  # the Cardinalbot removes a non-Crest Bonus tile
        s["out"].append(ev["removed"])
    turn = s["turn"]
    turn.update(stage="action", die={"colour": ev["colour"], "value": ev["to"]},
                action=ev["action"], ap=ev["ap"], space=ev["space"], free_move=ev.get("free_move", 0))


def on_turn_ended(s, ev):
    s["turn"] = None


MOVES = {"take_die": (check_take_die, do_take_die), "end": (check_end, do_end)}
EVENTS = {"turn_started": on_turn_started, "die_taken": on_die_taken, "turn_ended": on_turn_ended}
