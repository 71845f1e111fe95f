"""The Merchant Action (rules page, "The Actions: Merchant"): 1 AP to walk a road or take a Bonus
tile in its Town (actions/pawns.py), or 1 AP to build a House from your supply in its Town, one
House of yours in each Town, taking the Building Bonus printed beside the space: VP, or the bonus
of every Character in one of your Buildings ("The map")."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.tiletum import data as D
from engines.tiletum import moves as mv
from engines.tiletum.actions import pawns
from engines.tiletum.actions.points import allowed, in_action, spend
from engines.tiletum.board import apply_bonus
from engines.tiletum.prospect import technologies as tech
from engines.tiletum.towns import house_spaces


def check_house(state, seat, move, ctx=None):
    in_action(state, ["merchant"], 1, ctx)
    bld = mv.optional_integer(move, "building", 0, mv.BUILDINGS - 1, "a Building")
    b = state["boards"][seat]
    town = b["merchant"]
    tw = state["towns"][town]
    if seat in tw["houses"]:
        raise IllegalMove("house_there", "You have a House in that Town already.")
    if len(tw["houses"]) >= house_spaces(state, town):
        raise IllegalMove("town_full", "Every House space of that Town is taken.")
    if b["houses"] < 1:
        raise IllegalMove("no_house_in_supply", "You have no House in your supply.")
    bonus = D.TOWNS[town]["bonus"] or {}
    if bonus.get("building"):
        if bld is None:
            raise IllegalMove("choose_building", "That space's Building Bonus needs a building (0-5).")
    elif bld is not None:
        raise IllegalMove("no_building_bonus", "That space has no Building Bonus.")
    return town, bld


def do_house(t, seat, p, rng):
    town, bld = p
    b = t.state["boards"][seat]
    paid = []
    if bld is not None:
        paid = [D.CHARACTERS[c]["bonus"] for c in b["rooms"][bld] if c is not None and c in D.CHARACTERS]
    vp = (D.TOWNS[town]["bonus"] or {}).get("vp", 0)
    s = t.state
    if tech.value(s, seat, "house_vp") or tech.value(s, seat, "house_gold"):  # Merchant Technology
        paid = paid + [{"vp": tech.value(s, seat, "house_vp"),
                        "res": {"gold": tech.value(s, seat, "house_gold")}}]
    t.emit(event("house_built", {"seat": seat, "town": town, "vp": vp, "building": bld,
                                 "bonuses": paid}))


def options(state, seat, ctx):
    out = pawns.options(state, seat, "merchant")
    bonus = D.TOWNS[state["boards"][seat]["merchant"]]["bonus"] or {}
    for bld in (range(mv.BUILDINGS) if bonus.get("building") else [None]):
        m = {"type": "house", "building": bld}
        if allowed(check_house, state, seat, m, ctx):
            out.append(m)
    return out


def on_house_built(s, ev):
    b = s["boards"][ev["seat"]]
    b["houses"] -= 1
    s["towns"][ev["town"]]["houses"].append(ev["seat"])
    b["vp"] += ev["vp"]
    for bonus in ev["bonuses"]:
        apply_bonus(s, ev["seat"], bonus)
    spend(s, 1)


MOVES = {"house": (check_house, do_house)}
EVENTS = {"house_built": on_house_built}
