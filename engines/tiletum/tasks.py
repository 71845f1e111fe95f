"""Tasks (rules page, "Tasks"): free, at any time during your turn, before the die too, as often
as you can pay: 2 Gold for a Resource, fulfil a Contract, place a Crest, contribute to a
Cathedral, use a Helper."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.tiletum import data as D
from engines.tiletum import moves as mv
from engines.tiletum.actions import action_moves
from engines.tiletum.actions.king import king_action
from engines.tiletum.actions.points import context
from engines.tiletum.board import apply_bonus, check_buildings
from engines.tiletum.prospect import data as P
from engines.tiletum.prospect import technologies as tech
from engines.tiletum.prospect import underground


# --- 2 Gold -> 1 Food, Wool, Stone or Iron ---------------------------------------------------------

def check_buy(state, seat, move):
    r = mv.one_of(move, "resource", D.RESOURCES[1:], "Food, Wool, Stone or Iron")
    paid = tech.payment(state, seat, D.GOLD_PER_RESOURCE)
    if paid is None:
        raise IllegalMove("not_enough_gold", "Buying a Resource costs 2 Gold.")
    return r, paid


def do_buy(t, seat, p, rng):
    t.emit(event("bought", {"seat": seat, "resource": p[0], "paid": p[1]}))


def on_bought(s, ev):
    b = s["boards"][ev["seat"]]
    tech.pay(b, ev["paid"])
    b["res"][ev["resource"]] += 1


# --- fulfil a Contract: its VP plus the space's, the space's Pillar to your supply -----------------

def check_fulfil(state, seat, move):
    tile = mv.tile(move)
    b = state["boards"][seat]
    if tile not in b["store"] or D.TILES[tile]["kind"] != "contract":
        raise IllegalMove("not_in_storehouse", "That Contract is not in your Storehouse.")
    if len(b["contracts"]) >= len(D.CONTRACT_SPACE_VP):
        raise IllegalMove("no_contract_space", "Every Contract space on your board is covered.")
    for r, n in D.CONTRACTS[tile]["cost"].items():
        if b["res"][r] < n:
            raise IllegalMove("cannot_pay", f"That Contract needs {n} {r.capitalize()}.")
    return tile


def do_fulfil(t, seat, tile, rng):
    space = len(t.state["boards"][seat]["contracts"])
    t.emit(event("fulfilled", {"seat": seat, "tile": tile, "space": space,
                               "vp": D.CONTRACTS[tile]["vp"] + D.CONTRACT_SPACE_VP[space]}))


def on_fulfilled(s, ev):
    b = s["boards"][ev["seat"]]
    c = D.CONTRACTS[ev["tile"]]
    for r, n in c["cost"].items():
        b["res"][r] -= n
    b["store"].remove(ev["tile"])
    b["contracts"].append(ev["tile"])
    b["pillars"] += 1
    b["vp"] += ev["vp"]
    apply_bonus(s, ev["seat"], c["reward"])


# --- place a Crest under a Building, paying its Food, taking the bonus below it -------------------

def check_crest(state, seat, move):
    tile = mv.tile(move)
    bld = mv.integer(move, "building", 0, mv.BUILDINGS - 1, "a Building")
    b = state["boards"][seat]
    if tile not in b["store"] or D.TILES[tile]["kind"] != "crest":
        raise IllegalMove("not_in_storehouse", "That Crest is not in your Storehouse.")
    if b["crests"][bld] is not None:
        raise IllegalMove("crest_taken", "That Building already has a Crest under it.")
    if b["res"]["food"] < D.CREST_FOOD[bld]:
        raise IllegalMove("cannot_pay", f"A Crest there costs {D.CREST_FOOD[bld]} Food.")
    return tile, bld


def do_crest(t, seat, p, rng):
    t.emit(event("crest_placed", {"seat": seat, "tile": p[0], "building": p[1]}))


def on_crest_placed(s, ev):
    b = s["boards"][ev["seat"]]
    b["res"]["food"] -= D.CREST_FOOD[ev["building"]]
    b["store"].remove(ev["tile"])
    b["crests"][ev["building"]] = D.TILES[ev["tile"]]["family"]
    s["out"].append(ev["tile"])
    apply_bonus(s, ev["seat"], D.CREST_BONUS[ev["building"]])
    check_buildings(s, ev["seat"])


# --- contribute to a Cathedral where you have a Pillar, once each ---------------------------------

def cathedral_price(state, seat, town) -> tuple[dict, int]:
    """What a contribution pays ({"stone"|"silver": n}) and scores: on the main board the
    Construction Cost tile's Stone and VP plus the top Cathedral tile; Underground, the Silver or
    Stone and the VP the Cathedral prints. Architect Technology II (stand-in) takes 1 Stone off."""
    if town in state["towns"]:
        tw = state["towns"][town]
        cost = D.COST_TILES[tw["cost"]]
        price, vp = {"stone": cost["stone"]}, cost["vp"] + tw["cathedral_tiles"][0]
    else:
        printed = P.UNDERGROUND_TOWNS[town]["cathedral"]
        price, vp = dict(printed["cost"]), printed["vp"]
    if "stone" in price:
        price["stone"] = max(0, price["stone"] - tech.value(state, seat, "cathedral_discount"))
    return price, vp


def check_contribute(state, seat, move):
    town = mv.one_of(move, "town", D.TOWN_IDS + P.UNDERGROUND_TOWN_IDS, "a Town")
    if town not in state["towns"] and not underground.in_play(state, town):
        raise IllegalMove("not_in_play", "That Underground Town is not in play.")
    tw = state["towns"][town] if town in state["towns"] else state["underground"]["towns"][town]
    if seat not in tw["pillars"]:
        raise IllegalMove("no_pillar", "You contribute only to a Cathedral where you have a Pillar.")
    if seat in tw["contributed"]:
        raise IllegalMove("already_contributed", "You have contributed to that Cathedral already.")
    price, vp = cathedral_price(state, seat, town)
    b = state["boards"][seat]
    for what, n in price.items():
        if (b["silver"] if what == "silver" else b["res"][what]) < n:
            raise IllegalMove("cannot_pay", f"That Cathedral costs {n} {what.capitalize()}.")
    return town, price, vp


def do_contribute(t, seat, p, rng):
    town, price, vp = p
    t.emit(event("contributed", {"seat": seat, "town": town, "paid": price, "vp": vp}))


def on_contributed(s, ev):
    b = s["boards"][ev["seat"]]
    for what, n in ev["paid"].items():
        if what == "silver":
            b["silver"] -= n
        else:
            b["res"][what] -= n
    if ev["town"] in s["towns"]:
        tw = s["towns"][ev["town"]]
        tw["cathedral_tiles"].pop(0)
    else:
        tw = s["underground"]["towns"][ev["town"]]
    tw["contributed"].append(ev["seat"])
    b["vp"] += ev["vp"]


# --- use a Helper: finished before another is started, at least one of its AP spent --------------

def check_helper(state, seat, move):
    tile = mv.tile(move)
    turn = state["turn"]
    b = state["boards"][seat]
    if tile not in b["store"] or D.TILES[tile]["kind"] not in D.HELPER_KINDS:
        raise IllegalMove("not_in_storehouse", "That Helper is not in your Storehouse.")
    if D.TILES[tile]["kind"] == "colour_helper":
        raise IllegalMove("colour_helper", "A colour Helper is used while choosing your die: name it when you take the die.")
    if turn["helper"] is not None:
        raise IllegalMove("helper_open", "Finish the Helper in use before starting another.")
    h = D.TILES[tile]
    if h["kind"] == "plus_ap":
        if turn["stage"] != "action":
            raise IllegalMove("no_die_action", "A +AP Helper adds to your die's Action: take a die first.")
        return tile
    ctx = {"kind": "helper", "action": h["action"], "ap": h["ap"]}
    if h["action"] == "king":
        if state["king"]["pos"][seat] >= D.KING_TOP:
            raise IllegalMove("nothing_to_do", "Your King marker is at the top: the Helper's AP could not be spent.")
    elif not action_moves(state, seat, ctx):
        raise IllegalMove("nothing_to_do", "None of that Helper's AP could be spent now.")
    return tile


def do_helper(t, seat, tile, rng):
    h = D.TILES[tile]
    t.emit(event("helper_used", {"seat": seat, "tile": tile}))
    if h["kind"] == "helper" and h["action"] == "king":
        king_action(t, seat)
        t.emit(event("helper_finished", {"seat": seat}))
    elif h["kind"] == "plus_ap" and t.state["turn"]["action"] == "king":
        king_action(t, seat)


def check_finish_helper(state, seat, move):
    h = state["turn"]["helper"]
    if h is None:
        raise IllegalMove("no_helper", "No Helper is in use.")
    if h["spent"] == 0 and action_moves(state, seat, context(state)):
        raise IllegalMove("helper_unspent", "Spend at least one of the Helper's AP first.")
    return None


def do_finish_helper(t, seat, p, rng):
    t.emit(event("helper_finished", {"seat": seat}))


def on_helper_used(s, ev):
    b = s["boards"][ev["seat"]]
    b["store"].remove(ev["tile"])
    s["out"].append(ev["tile"])
    h = D.TILES[ev["tile"]]
    if h["kind"] == "plus_ap":
        s["turn"]["ap"] += h["ap"]
    else:
        s["turn"]["helper"] = {"tile": ev["tile"], "action": h["action"], "ap": h["ap"], "spent": 0}


def on_helper_finished(s, ev):
    s["turn"]["helper"] = None


MOVES = {"buy": (check_buy, do_buy), "fulfil": (check_fulfil, do_fulfil),
         "crest": (check_crest, do_crest), "contribute": (check_contribute, do_contribute),
         "helper": (check_helper, do_helper), "finish_helper": (check_finish_helper, do_finish_helper)}
EVENTS = {"bought": on_bought, "fulfilled": on_fulfilled, "crest_placed": on_crest_placed,
          "contributed": on_contributed, "helper_used": on_helper_used,
          "helper_finished": on_helper_finished}
