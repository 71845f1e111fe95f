"""What the Architect and the Merchant Actions share (rules page, "The Actions"): for 1 AP, walk
the pawn along one road, or take a Bonus tile from its Town."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.tiletum import data as D
from engines.tiletum import moves as mv
from engines.tiletum.actions.points import in_action, spend
from engines.tiletum.board import can_hold

PAWNS = ["architect", "merchant"]


def check_move(state, seat, move, ctx=None):
    pawn = mv.one_of(move, "pawn", PAWNS, "your Architect or Merchant")
    town = mv.one_of(move, "town", D.TOWN_IDS, "a Town")
    in_action(state, [pawn], 1, ctx)
    if town not in D.NEIGHBOURS[state["boards"][seat][pawn]]:
        raise IllegalMove("no_road", "No road joins those Towns: a pawn walks one road per AP.")
    return pawn, town


def do_move(t, seat, p, rng):
    t.emit(event("pawn_moved", {"seat": seat, "pawn": p[0], "town": p[1]}))


def check_take_bonus(state, seat, move, ctx=None):
    pawn = mv.one_of(move, "pawn", PAWNS, "your Architect or Merchant")
    tile = mv.tile(move)
    in_action(state, [pawn], 1, ctx)
    town = state["boards"][seat][pawn]
    if tile not in state["towns"][town]["bonus_tiles"]:
        raise IllegalMove("not_there", "That Bonus tile is not in your pawn's Town.")
    if not can_hold(state["boards"][seat], tile):
        raise IllegalMove("storehouse_full", "Your Storehouse has no room for that tile.")
    return town, tile


def do_take_bonus(t, seat, p, rng):
    t.emit(event("bonus_taken", {"seat": seat, "town": p[0], "tile": p[1]}))


def options(state, seat, a):
    """The walks and Bonus tiles open to pawn `a`."""
    b = state["boards"][seat]
    out = [{"type": "move", "pawn": a, "town": n} for n in D.NEIGHBOURS[b[a]]]
    out += [{"type": "take_bonus", "pawn": a, "tile": x}
            for x in state["towns"][b[a]]["bonus_tiles"] if can_hold(b, x)]
    return out


def on_pawn_moved(s, ev):
    s["boards"][ev["seat"]][ev["pawn"]] = ev["town"]
    spend(s, 1)


def on_bonus_taken(s, ev):
    s["towns"][ev["town"]]["bonus_tiles"].remove(ev["tile"])
    s["boards"][ev["seat"]]["store"].append(ev["tile"])
    spend(s, 1)


MOVES = {"move": (check_move, do_move), "take_bonus": (check_take_bonus, do_take_bonus)}
EVENTS = {"pawn_moved": on_pawn_moved, "bonus_taken": on_bonus_taken}
