"""A simple heuristic player for play-outs (the reach test and the game-length measure), not a
rules bot: `choose(engine, state, seat, rng)` returns one of the seat's legal moves.

It plays the way the rules page makes a turn worth playing: place Citizens where a Building
becomes possible (the higher the level the better) and where the streets offer useful actions,
take every action that gains something, build the highest level it can, take its Sagrada steps
and the best tiles, and keep a mix of Coins and Cloths. Ties are broken by the rng.
"""
from engines.core import expand, sample_move
from engines.barcelona import city
from engines.barcelona.construction import visible
from engines.barcelona.data import BUILDINGS, LEVEL, SAGRADA_TILES
from engines.barcelona.turn import crossing_cost

BUILD_VALUE = {"level3": 10, "level2": 6, "level1": 4, "corner": 3}
BENEFIT_ORDER = ["sagrada", "cerda", "vp2", "coin", "cloth"]


def action_value(state, seat, move) -> int:
    """How much the heuristic wants one concrete action; 0 or less: leave it."""
    p = state["p"][seat]
    kind = move["type"]
    room = 4 + p["cobblestones"] - p["coins"] - p["cloths"]
    if kind == "public_service":
        return 9
    if kind == "tram":
        return 7 if move["passenger"] else 1
    if kind == "take_project":
        return 6 + move["slot"] // 2
    if kind == "intersection":
        return 6
    if kind == "cobblestone":
        return 5
    if kind in ("wide_street", "narrow_streets"):
        return 5 if kind == "wide_street" or move.get("then") else 3
    if kind == "improve_project":
        return 4 if state["p"][seat]["projects"][move["slot"] - 1]["tile"] is not None else 2
    if kind == "cerda":
        return 4 if p["cerda"] < 9 else 1
    if kind == "cloth_vp":
        return 4
    if kind == "coins":
        return 4 if room >= 2 else 1
    return 0


def best(moves, value, rng):
    top = max(value(m) for m in moves)
    tied = [m for m in moves if value(m) == top]
    return tied[rng.randbelow(len(tied))], top


def building_potential(state, crossing, top) -> int:
    """The best Building that visible Citizens would allow next to `crossing` with `top` on it."""
    out = 0
    for space in city.spaces_around(crossing):
        info = city.BUILDING_SPACES[space]
        here = state["buildings"].get(space)
        seen = [top if c == crossing else visible(state, c) for c in info["corners"]]
        seen = [c for c in seen if c]
        for building, spec in BUILDINGS.items():
            if state["supply"][building] <= 0 or len(seen) < spec["citizens"]:
                continue
            if (building == "corner") != (info["kind"] == "corner"):
                continue
            if here and (building == "corner" or here["tiles"][-1] not in LEVEL
                         or LEVEL[here["tiles"][-1]] >= LEVEL[building]):
                continue
            if spec["needs"] and spec["needs"] not in seen:
                continue
            out = max(out, BUILD_VALUE[building])
    return out


def place_value(state, seat, move) -> int:
    c = move["crossing"]
    actions = [state["layout"][s] for s in city.streets_through(c)]
    useful = sum(3 for a in actions if a not in ("coins",) or state["p"][seat]["coins"] < 3)
    return 2 * building_potential(state, c, move["top"]) + useful - 2 * crossing_cost(state, c)


def choose(engine, state, seat, rng):
    options = engine.legal_moves(state, seat)
    pending = state["pending"][0] if state["pending"] else None
    if pending and pending["kind"] == "benefits":
        part = options[0]["choose"]["choice"]
        picked = [b for b in BENEFIT_ORDER if b in part["subset"]][:part["max"]]
        return {"type": "benefits", "choice": picked}
    if pending and pending["kind"] == "sagrada":
        return {"type": "sagrada", "steps": pending["steps"]}
    if pending and pending["kind"] == "sagrada_tile":
        def tile_value(o):
            spec = SAGRADA_TILES[pending["level"]][o["move"]["tile"]]
            return spec.get("vp", 0) + 2 * spec.get("mix", 0) + 2 * spec.get("cerda", 0)
        option, _ = best(options, tile_value, rng)
        mix = SAGRADA_TILES[pending["level"]][option["move"]["tile"]].get("mix", 0)
        return dict(option["move"], coins=(mix + 1) // 2)
    if pending and pending["kind"] == "store":
        move, _ = best([o["move"] for o in options],
                       lambda m: -abs(m["coins"] - m["cloths"]) * 2 + m["coins"], rng)
        return move
    moves = [m for o in options for m in expand(o)]
    kinds = {m["type"] for m in moves}
    if "place" in kinds:
        return best(moves, lambda m: place_value(state, seat, m), rng)[0]
    if "build" in kinds:
        return best(moves, lambda m: BUILD_VALUE[m["building"]], rng)[0]
    takes = [m for m in moves if m["type"] not in ("end_actions", "decline")]
    if takes:
        move, value = best(takes, lambda m: action_value(state, seat, m), rng)
        if value > 0:
            return move
    stop = [m for m in moves if m["type"] in ("end_actions", "decline")]
    return stop[0] if stop else sample_move(options, rng)
