"""The Architect Action (rules page, "The Actions: Architect"): 1 AP to walk a road or take a
Bonus tile in its Town (actions/pawns.py), or 1 AP to raise a Pillar from your supply at the
Cathedral in its Town: not an Unavailable one, and one Pillar of yours at each Cathedral."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.tiletum import data as D
from engines.tiletum.actions import pawns
from engines.tiletum.actions.points import allowed, in_action, spend
from engines.tiletum.prospect import technologies as tech
from engines.tiletum.towns import pillar_spaces


def check_pillar(state, seat, move, ctx=None):
    in_action(state, ["architect"], 1, ctx)
    town = state["boards"][seat]["architect"]
    tw = state["towns"][town]
    if not D.TOWNS[town]["cathedral"]:
        raise IllegalMove("no_cathedral", "There is no Cathedral in your Architect's Town.")
    if D.COST_TILES[tw["cost"]].get("unavailable"):
        raise IllegalMove("unavailable", "That Cathedral is Unavailable at this table.")
    if seat in tw["pillars"]:
        raise IllegalMove("pillar_there", "You have a Pillar at that Cathedral already.")
    if len(tw["pillars"]) >= pillar_spaces(state, town):
        raise IllegalMove("cathedral_full", "Every Pillar space of that Cathedral is taken.")
    if state["boards"][seat]["pillars"] < 1:
        raise IllegalMove("no_pillar_in_supply", "You have no Pillar in your supply.")
    return town


def do_pillar(t, seat, town, rng):
    t.emit(event("pillar_raised", {"seat": seat, "town": town,
                                   "vp": tech.value(t.state, seat, "pillar_vp")}))


def options(state, seat, ctx):
    out = pawns.options(state, seat, "architect")
    if allowed(check_pillar, state, seat, {"type": "pillar"}, ctx):
        out.append({"type": "pillar"})
    return out


def on_pillar_raised(s, ev):
    s["boards"][ev["seat"]]["pillars"] -= 1
    s["boards"][ev["seat"]]["vp"] += ev.get("vp", 0)
    s["towns"][ev["town"]]["pillars"].append(ev["seat"])
    spend(s, 1)


MOVES = {"pillar": (check_pillar, do_pillar)}
EVENTS = {"pillar_raised": on_pillar_raised}
