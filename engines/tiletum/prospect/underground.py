"""The Underground maps (rules page, "Prospect for Silver"): hiring a Prospector (a Task, the map's
printed start cost in Silver, one Prospector of yours on each map), and the Prospector Action: for
each AP, move a Prospector one road, take an Underground Bonus tile in its Town, or place a Mine,
a Pillar or a House there. A Mine pays 1 Silver and any Gold printed on its space; Underground
Houses and Pillars count for everything a main-board one does. The first Prospector to cross a
Stone Tablet gets its effect and covers it. The Prospector Wheel's movement wedge gives a free
move, lost at the end of the turn.

Readings (docs/games/tiletum.md): one House, one Pillar and one Mine of yours in each Underground
Town, as on the main board; a Mine or a Pillar goes on the topmost free space of its kind, House
spaces are chosen one by one (page, implementation notes); Underground Bonus tiles are used at
once and leave the game, and their spaces are never refilled."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.tiletum import moves as mv
from engines.tiletum.actions.points import allowed, in_action, spend
from engines.tiletum.board import apply_bonus
from engines.tiletum.prospect import data as P
from engines.tiletum.prospect import technologies as tech


def in_play(state, town) -> bool:
    return state.get("prospect") and town in state["underground"]["towns"]


def where(state, seat, m: int):
    return state["boards"][seat]["prospectors"][m - 1]


def town_arg(state, move, name="town"):
    town = mv.one_of(move, name, P.UNDERGROUND_TOWN_IDS, "an Underground Town")
    if not in_play(state, town):
        raise IllegalMove("not_in_play", "That Underground Town is on a map side not in play.")
    return town


def at(state, seat, move, ctx):
    """The Town named, where your Prospector must stand, in a Prospector Action with 1 AP."""
    in_action(state, ["prospector"], 1, ctx)
    town = town_arg(state, move)
    if where(state, seat, P.UNDERGROUND_TOWNS[town]["map"]) != town:
        raise IllegalMove("no_prospector", "Your Prospector is not in that Town.")
    return town


# --- hiring a Prospector (a Task) ------------------------------------------------------------------

def check_hire(state, seat, move):
    if not state["prospect"]:
        raise IllegalMove("no_expansion", "Prospectors come with the Prospect for Silver expansion.")
    m = mv.integer(move, "map", P.MAPS[0], P.MAPS[-1], "an Underground map")
    if where(state, seat, m) is not None:
        raise IllegalMove("already_there", "You have a Prospector on that map already.")
    cost = P.START_COST[m]
    if state["boards"][seat]["silver"] < cost:
        raise IllegalMove("not_enough_silver", f"Hiring a Prospector on map {m} costs {cost} Silver.")
    return m


def do_hire(t, seat, m, rng, by=None):
    side = t.state["underground"]["sides"][m - 1]
    t.emit(event("prospector_hired", {"seat": seat, "map": m, "town": P.entrance(m, side),
                                      "silver": P.START_COST[m]}, by=by))


def on_prospector_hired(s, ev):
    b = s["boards"][ev["seat"]]
    b["silver"] -= ev["silver"]
    b["prospectors"][ev["map"] - 1] = ev["town"]


# --- moving: 1 AP, or the free movement point -----------------------------------------------------

def _walk(state, seat, move):
    town = town_arg(state, move)
    here = where(state, seat, P.UNDERGROUND_TOWNS[town]["map"])
    if here is None:
        raise IllegalMove("no_prospector", "You have no Prospector on that map: hire one first.")
    if town not in P.NEIGHBOURS[here]:
        raise IllegalMove("no_road", "No road joins those Towns: a Prospector walks one road at a time.")
    return here, town


def check_underground_move(state, seat, move, ctx=None):
    in_action(state, ["prospector"], 1, ctx)
    return _walk(state, seat, move)


def check_free_move(state, seat, move):
    if not state["prospect"] or not state["turn"].get("free_move"):
        raise IllegalMove("no_free_move", "You have no free Prospector move this turn.")
    return _walk(state, seat, move)


def moved(t, seat, p, free, by=None):
    here, town = p
    road = P.road_key(here, town)
    tablet = t.state["underground"]["tablets"].get(road)
    t.emit(event("prospector_moved", {"seat": seat, "map": P.UNDERGROUND_TOWNS[town]["map"],
                                      "town": town, "road": road, "free": free,
                                      "tablet": tablet if tablet not in (None, P.CROSSED) else None},
                 by=by))


def do_underground_move(t, seat, p, rng):
    moved(t, seat, p, False)


def do_free_move(t, seat, p, rng):
    moved(t, seat, p, True)


def on_prospector_moved(s, ev):
    s["boards"][ev["seat"]]["prospectors"][ev["map"] - 1] = ev["town"]
    if ev["tablet"] is not None:
        s["underground"]["tablets"][ev["road"]] = P.CROSSED
        apply_bonus(s, ev["seat"], P.STONE_TABLETS[ev["tablet"]])
    if ev["free"]:
        s["turn"]["free_move"] -= 1
    else:
        spend(s, 1)


# --- an Underground Bonus tile ----------------------------------------------------------------------

def check_underground_bonus(state, seat, move, ctx=None):
    town = at(state, seat, move, ctx)
    tile = mv.one_of(move, "tile", sorted(P.UNDERGROUND_BONUS), "an Underground Bonus tile")
    if tile not in state["underground"]["towns"][town]["bonus_tiles"]:
        raise IllegalMove("not_there", "That Underground Bonus tile is not in that Town.")
    return town, tile


def do_underground_bonus(t, seat, p, rng):
    t.emit(event("underground_bonus_taken", {"seat": seat, "town": p[0], "tile": p[1]}))


def on_underground_bonus_taken(s, ev):
    s["underground"]["towns"][ev["town"]]["bonus_tiles"].remove(ev["tile"])
    s["underground"]["used"].append(ev["tile"])
    apply_bonus(s, ev["seat"], P.UNDERGROUND_BONUS[ev["tile"]])
    spend(s, 1)


# --- a Mine: 1 Silver and the Gold printed on its space ---------------------------------------------

def check_mine(state, seat, move, ctx=None):
    town = at(state, seat, move, ctx)
    spaces = state["underground"]["towns"][town]["mines"]
    if seat in spaces:
        raise IllegalMove("mine_there", "You have a Mine in that Town already.")
    if None not in spaces:
        raise IllegalMove("town_full", "Every Mine space of that Town is taken.")
    if state["boards"][seat]["mines"] < 1:
        raise IllegalMove("no_mine_in_supply", "You have no unlocked Mine in your supply.")
    return town, spaces.index(None)  # the topmost free space


def do_mine(t, seat, p, rng, by=None):
    town, space = p
    t.emit(event("mine_placed", {"seat": seat, "town": town, "space": space,
                                 "silver": P.MINE_SILVER,
                                 "gold": P.UNDERGROUND_TOWNS[town]["mines"][space]}, by=by))


def on_mine_placed(s, ev):
    b = s["boards"][ev["seat"]]
    b["mines"] -= 1
    s["underground"]["towns"][ev["town"]]["mines"][ev["space"]] = ev["seat"]
    b["silver"] += ev["silver"]
    b["res"]["gold"] += ev["gold"]
    spend(s, 1)


# --- a House: the VP its space prints; some spaces cost Gold -----------------------------------------

def check_underground_house(state, seat, move, ctx=None):
    town = at(state, seat, move, ctx)
    spaces = state["underground"]["towns"][town]["houses"]
    space = mv.integer(move, "space", 0, len(spaces) - 1, "a House space of that Town")
    if seat in spaces:
        raise IllegalMove("house_there", "You have a House in that Town already.")
    if spaces[space] is not None:
        raise IllegalMove("space_taken", "That House space is taken.")
    if state["boards"][seat]["houses"] < 1:
        raise IllegalMove("no_house_in_supply", "You have no House in your supply.")
    vp, gold = P.UNDERGROUND_TOWNS[town]["houses"][space]
    paid = tech.payment(state, seat, gold)
    if paid is None:
        raise IllegalMove("not_enough_gold", f"That House space costs {gold} Gold.")
    return town, space, vp, paid


def do_underground_house(t, seat, p, rng):
    town, space, vp, paid = p
    s = t.state
    t.emit(event("underground_house_built", {
        "seat": seat, "town": town, "space": space, "paid": paid,
        "vp": vp + tech.value(s, seat, "house_vp"),
        "gain": {"gold": tech.value(s, seat, "house_gold")}}))


def on_underground_house_built(s, ev):
    b = s["boards"][ev["seat"]]
    b["houses"] -= 1
    s["underground"]["towns"][ev["town"]]["houses"][ev["space"]] = ev["seat"]
    tech.pay(b, ev["paid"])
    b["vp"] += ev["vp"]
    for r, n in ev["gain"].items():
        b["res"][r] += n
    spend(s, 1)


# --- a Pillar at an Underground Cathedral ----------------------------------------------------------

def check_underground_pillar(state, seat, move, ctx=None):
    town = at(state, seat, move, ctx)
    cathedral = P.UNDERGROUND_TOWNS[town]["cathedral"]
    tw = state["underground"]["towns"][town]
    if cathedral is None:
        raise IllegalMove("no_cathedral", "There is no Cathedral in that Underground Town.")
    if seat in tw["pillars"]:
        raise IllegalMove("pillar_there", "You have a Pillar at that Cathedral already.")
    if len(tw["pillars"]) >= cathedral["pillars"]:
        raise IllegalMove("cathedral_full", "Every Pillar space of that Cathedral is taken.")
    if state["boards"][seat]["pillars"] < 1:
        raise IllegalMove("no_pillar_in_supply", "You have no Pillar in your supply.")
    return town


def do_underground_pillar(t, seat, town, rng):
    t.emit(event("underground_pillar_raised", {"seat": seat, "town": town,
                                               "vp": tech.value(t.state, seat, "pillar_vp")}))


def on_underground_pillar_raised(s, ev):
    s["boards"][ev["seat"]]["pillars"] -= 1
    s["boards"][ev["seat"]]["vp"] += ev["vp"]
    s["underground"]["towns"][ev["town"]]["pillars"].append(ev["seat"])
    spend(s, 1)


# --- legal moves -------------------------------------------------------------------------------------

def options(state, seat, ctx) -> list[dict]:
    """The Prospector Action's steps open now (ctx may be hypothetical)."""
    out = []
    for here in state["boards"][seat]["prospectors"]:
        if here is None:
            continue
        tw = state["underground"]["towns"][here]
        out += [{"type": "underground_move", "town": n} for n in P.NEIGHBOURS[here]]
        out += [{"type": "underground_bonus", "town": here, "tile": x} for x in tw["bonus_tiles"]]
        for m in [{"type": "mine", "town": here}, {"type": "underground_pillar", "town": here}] + \
                [{"type": "underground_house", "town": here, "space": i} for i in range(len(tw["houses"]))]:
            check = {"mine": check_mine, "underground_pillar": check_underground_pillar,
                     "underground_house": check_underground_house}[m["type"]]
            if allowed(check, state, seat, m, ctx):
                out.append(m)
    return out


def task_options(state, seat) -> list[dict]:
    """Hiring, and the free movement point."""
    out = [{"type": "hire", "map": m} for m in P.MAPS]
    if state["turn"].get("free_move"):
        out += [{"type": "free_move", "town": n} for here in state["boards"][seat]["prospectors"]
                if here is not None for n in P.NEIGHBOURS[here]]
    return out


MOVES = {"hire": (check_hire, do_hire), "free_move": (check_free_move, do_free_move),
         "underground_move": (check_underground_move, do_underground_move),
         "underground_bonus": (check_underground_bonus, do_underground_bonus),
         "mine": (check_mine, do_mine), "underground_house": (check_underground_house, do_underground_house),
         "underground_pillar": (check_underground_pillar, do_underground_pillar)}
EVENTS = {"prospector_hired": on_prospector_hired, "prospector_moved": on_prospector_moved,
          "underground_bonus_taken": on_underground_bonus_taken, "mine_placed": on_mine_placed,
          "underground_house_built": on_underground_house_built,
          "underground_pillar_raised": on_underground_pillar_raised}
