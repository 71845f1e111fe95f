"""Construct a Building (rules page, "Construct a Building"): every legal construction, and its
six steps in the page's order."""
from itertools import combinations

from engines.core import event
from engines.barcelona import city, scoring
from engines.barcelona.data import BUILDING_BONUS_VP, BUILDINGS, LEVEL
from engines.barcelona.gains import PENDING, cerda, gain, grant_sagrada, later


def visible(state, crossing):
    """The top Citizen of the stack on a crossing (None: no Citizen there)."""
    stack = state["stacks"].get(crossing)
    return stack[-1] if stack else None


def build_options(state, seat) -> list[dict]:
    """Every legal construction: building type, space and the Citizens used."""
    out = []
    for building, spec in BUILDINGS.items():
        if state["supply"][building] <= 0:
            continue
        for space, info in city.BUILDING_SPACES.items():
            here = state["buildings"].get(space)
            if building == "corner":
                if info["kind"] != "corner" or here:
                    continue
            else:
                if info["kind"] != "square":
                    continue
                if here and not (here["tiles"][-1] in LEVEL and LEVEL[here["tiles"][-1]] < LEVEL[building]):
                    continue
            avail = [c for c in info["corners"] if visible(state, c)]
            combos = []
            for combo in combinations(avail, spec["citizens"]):
                if spec["needs"] is None or any(visible(state, c) == spec["needs"] for c in combo):
                    combos.append(list(combo))
            if combos:
                out.append({"move": {"type": "build", "building": building, "space": space},
                            "choose": {"crossings": {"one_of": combos}}})
    return out


def to_construction(t):
    """Construction is mandatory whenever possible; otherwise the turn goes on to its end."""
    st = t.state
    if build_options(st, st["turn"]):
        t.emit(event("phase", {"phase": "build"}))
    else:
        t.emit(event("phase", {"phase": "done"}))


def build(t, seat, move):
    st = t.state
    spec = BUILDINGS[move["building"]]
    row = city.BUILDING_SPACES[move["space"]]["block"][1]
    if not st["bonus"][row]:
        t.emit(event("bonus_flipped", {"row": row}))
        gain(t, seat, vp=BUILDING_BONUS_VP, why="building_bonus")
    t.emit(event("building", {"seat": seat, "building": move["building"], "space": move["space"],
                              "crossings": move["crossings"]}))
    vp = scoring.lowest_visible_vp(t.state["tracks"]) + spec["vp"]
    gain(t, seat, vp=vp, why="building")
    # 5. the Building's effects in the table's order: the optional Sagrada Família steps first,
    # then the Cerdà move; 6. the marker, after them
    before = PENDING.pushes(t)
    if spec["sagrada"]:
        grant_sagrada(t, seat, spec["sagrada"])
    rest = {"do": "building", "seat": seat, "space": move["space"], "cerda": spec["cerda"]}
    if PENDING.pushes(t) > before:
        later(t, rest)
    else:
        finish(t, rest)


def finish(t, rest):
    """The Building's Cerdà move, then its marker (emptying a spot gives +1 Cerdà)."""
    seat = rest["seat"]
    if rest["cerda"]:
        cerda(t, seat, rest["cerda"])
    spots = t.state["p"][seat]["markers"]
    spot = next((i for i, n in enumerate(spots) if n), None)
    if spot is not None:  # the leftmost spot that still holds a marker
        t.emit(event("marker", {"seat": seat, "space": rest["space"], "spot": spot}))
        if t.state["p"][seat]["markers"][spot] == 0:
            cerda(t, seat, 1)
    t.emit(event("phase", {"phase": "done"}))
