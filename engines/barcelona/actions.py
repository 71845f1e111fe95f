"""The Actions (rules page, "Actions"): which ways an action can be taken now, and taking it.
Also the Street tiles' line scoring, Move Your Tram's paths and the actions granted by the
Sidewalk, Passengers and Public Services."""
from engines.core import event
from engines.barcelona import city
from engines.barcelona.data import (COBBLESTONE_VP, INTERSECTIONS, NARROW_STACK_CERDA, PASSENGERS,
                                    PROJECT_SPACES, SERVICE_CERDA, SERVICE_STACK, SERVICES,
                                    SIDEWALK, WIDE_STACK_CERDA)
from engines.barcelona.gains import benefit, can_pay, cerda, gain, grant_sagrada, push
from engines.barcelona.setup import draw_tiles

SIDEWALK_SPACES = [f"{r},{c}" for r in range(5) for c in range(5) if SIDEWALK[r][c] != "centre"]
CENTRE = "2,2"
BONUS_OF_SIDEWALK = {"improve": ["improve_project"], "take": ["take_project"],
                     "wide": ["wide_street"], "narrow2": ["narrow_streets"]}
SERVICE_BONUS = {  # the action a Public Service grants, and how it bends the costs
    "estacio_franca": (["tram"], {"free_passenger_coins": True}),
    "hospital_santa_creu": (["intersection"], {"no_coins": True}),
    "passeig_companys": (["wide_street", "narrow_streets"], {}),
    "universitat": (["cobblestone"], {"anywhere": True}),
    "pavello_operacions": (["take_project"], {"no_cloths": True}),
}


def line_run(state, space) -> int:
    """Contiguous Street tiles in the street's straight line through `space`, whoever owns them."""
    spaces = city.STREET_SPACES[city.SPACE[space]["street"]]
    i = spaces.index(space)
    lo = hi = i
    while lo > 0 and spaces[lo - 1] in state["street_tiles"]:
        lo -= 1
    while hi < len(spaces) - 1 and spaces[hi + 1] in state["street_tiles"]:
        hi += 1
    return hi - lo + 1


def line_vp(state, space) -> int:
    return line_run(state, space) * (2 if city.SPACE[space]["kind"] == "wide" else 1)


def tram_targets(state, seat) -> list[str]:
    """Where the Tram may go: first anywhere with no Tram and no Passenger; then 1 or 2 spaces
    along the streets, own Street tiles free, turning at crossings, never reversing, ending on a
    different space holding no other Tram."""
    trams = state["trams"]
    others = {t for s, t in enumerate(trams) if t is not None and s != seat}
    start = trams[seat]
    if start is None:
        return [s for s in city.SPACE_IDS if s not in others and s not in state["passengers"]]

    def cost(space):
        tile = state["street_tiles"].get(space)
        return 0 if tile and tile["seat"] == seat else 1

    found = set()

    def walk(space, exit_c, spent, seen):
        for nxt in city.SPACES_AT[exit_c]:
            if nxt == space or nxt in seen:
                continue
            c = spent + cost(nxt)
            if c > 2:
                continue
            if nxt != start and nxt not in others:
                found.add(nxt)
            a, b = city.SPACE[nxt]["ends"]
            walk(nxt, b if exit_c == a else a, c, seen | {nxt})

    for end in city.SPACE[start]["ends"]:
        walk(start, end, 0, {start})
    return [s for s in city.SPACE_IDS if s in found]


def action_options(state, seat, action, mods) -> list[dict]:
    """The ways `seat` may take `action` now (empty: it cannot be taken)."""
    p = state["p"][seat]
    if action in ("cloth_vp", "coins", "cerda"):
        return [{"move": {"type": action}}]
    if action == "cobblestone":
        if p["cobblestones"] >= len(COBBLESTONE_VP):
            return []
        taken = set(state["sidewalk"]) | {CENTRE}
        free = [s for s in SIDEWALK_SPACES if s not in state["sidewalk"]]
        if not mods.get("anywhere"):
            def near(s):
                r, c = map(int, s.split(","))
                return any(f"{r + dr},{c + dc}" in taken
                           for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))
            free = [s for s in free if near(s)]
        return [{"move": {"type": action, "space": s}} for s in free]
    if action == "wide_street":
        if p["wide"] <= 0:
            return []
        return [{"move": {"type": action, "space": s}} for s in city.SPACE_IDS
                if city.SPACE[s]["kind"] == "wide" and s not in state["street_tiles"]]
    if action == "narrow_streets":
        stack = next((n for n in p["narrow"] if n > 0), 0)
        free = [s for s in city.SPACE_IDS
                if city.SPACE[s]["kind"] == "narrow" and s not in state["street_tiles"]]
        if not stack or not free:
            return []
        if stack == 1 or len(free) == 1:
            return [{"move": {"type": action, "space": s, "then": None}} for s in free]
        # the order matters (each tile scores its line as it is placed): first `space`, then `then`
        return [{"move": {"type": action, "space": s},
                 "choose": {"then": {"one_of": [None] + [o for o in free if o != s]}}} for s in free]
    if action == "intersection":
        n = p["intersections"]
        if n >= len(INTERSECTIONS):
            return []
        cost = INTERSECTIONS[n]
        out = []
        for c in city.CROSSINGS:
            if c in state["intersections"]:
                continue
            coins = 0 if mods.get("no_coins") else cost["coins"] + city.CROSSING_COST[c]
            if can_pay(p, coins, cost["cloths"]):
                out.append({"move": {"type": action, "crossing": c}})
        return out
    if action == "take_project":
        out = []
        for slot, space in enumerate(PROJECT_SPACES, 1):
            cloths = 0 if mods.get("no_cloths") else space["place"]["cloths"]
            if p["projects"][slot - 1]["tile"] is None and can_pay(p, space["place"]["coins"], cloths):
                out += [{"move": {"type": action, "tile": i, "slot": slot}}
                        for i, t in enumerate(state["display"]) if t is not None]
        return out
    if action == "improve_project":
        return [{"move": {"type": action, "slot": slot}}
                for slot, space in enumerate(PROJECT_SPACES, 1)
                if not p["projects"][slot - 1]["top"]
                and can_pay(p, space["improve"]["coins"], space["improve"]["cloths"])]
    if action == "public_service":
        return [{"move": {"type": action, "service": s}} for s in SERVICES
                if s not in p["services"] and state["services"][s]
                and can_pay(p, SERVICE_STACK[state["services"][s][0]]["coins"])]
    if action == "tram":
        out = []
        nxt = PASSENGERS[p["passengers"]] if p["passengers"] < len(PASSENGERS) else None
        for s in tram_targets(state, seat):
            out.append({"move": {"type": action, "space": s, "passenger": False}})
            if nxt and s not in state["passengers"] and can_pay(
                    p, 0 if mods.get("free_passenger_coins") else nxt["coins"], nxt["cloths"]):
                out.append({"move": {"type": action, "space": s, "passenger": True}})
        return out
    raise ValueError(action)


def grant(t, seat, actions, mods):
    """A granted action, performed at once (or declined)."""
    if any(action_options(t.state, seat, a, mods) for a in actions):
        push(t, {"kind": "bonus", "seat": seat, "actions": actions, "mods": mods})


def perform(t, seat, move, mods):
    """Take the action named by the move's type (already checked against action_options)."""
    st = t.state
    p = st["p"][seat]
    kind = move["type"]
    if kind == "cloth_vp":
        gain(t, seat, cloths=1, vp=3, why=kind)
    elif kind == "coins":
        gain(t, seat, coins=2, why=kind)
    elif kind == "cerda":
        cerda(t, seat, 2)
    elif kind == "cobblestone":
        s = move["space"]
        t.emit(event("cobblestone", {"seat": seat, "space": s}))
        r, c = map(int, s.split(","))
        b = SIDEWALK[r][c]
        if b in BONUS_OF_SIDEWALK:
            grant(t, seat, BONUS_OF_SIDEWALK[b], {})
        elif b == "coin_cloth":
            gain(t, seat, coins=1, cloths=1, why=b)
        elif b == "coins2":
            gain(t, seat, coins=2, why=b)
        elif b in ("cerda", "cerda2"):
            cerda(t, seat, 2 if b == "cerda2" else 1)
        else:
            benefit(t, seat, b)
    elif kind in ("wide_street", "narrow_streets"):
        spaces = [move["space"]] + ([move["then"]] if move.get("then") else [])
        stack = -1 if kind == "wide_street" else next(i for i, n in enumerate(p["narrow"]) if n)
        for s in spaces:
            t.emit(event("street_tile", {"seat": seat, "space": s, "stack": stack}))
            if city.SPACE[s]["benefit"]:
                benefit(t, seat, city.SPACE[s]["benefit"])
            gain(t, seat, vp=line_vp(t.state, s), why="street_line")
        left = t.state["p"][seat]["wide"] if stack == -1 else t.state["p"][seat]["narrow"][stack]
        if left == 0:
            cerda(t, seat, WIDE_STACK_CERDA if stack == -1 else NARROW_STACK_CERDA)
    elif kind == "intersection":
        c = move["crossing"]
        cost = INTERSECTIONS[p["intersections"]]
        coins = 0 if mods.get("no_coins") else cost["coins"] + city.CROSSING_COST[c]
        gain(t, seat, coins=-coins, cloths=-cost["cloths"], why="intersection_cost")
        t.emit(event("intersection_built", {"seat": seat, "crossing": c}))
        for s in city.SPACES_AT[c]:
            if s not in st["street_tiles"] and city.SPACE[s]["benefit"]:
                benefit(t, seat, city.SPACE[s]["benefit"])
    elif kind == "take_project":
        space = PROJECT_SPACES[move["slot"] - 1]["place"]
        gain(t, seat, coins=-space["coins"],
             cloths=0 if mods.get("no_cloths") else -space["cloths"], why="project_cost")
        refill = draw_tiles(st["deck"], 1, t.rng)
        t.emit(event("project_taken", {"seat": seat, "index": move["tile"],
                                       "tile": st["display"][move["tile"]], "slot": move["slot"],
                                       "refill": refill[0] if refill else None},
                     reveal=bool(refill)))
    elif kind == "improve_project":
        cost = PROJECT_SPACES[move["slot"] - 1]["improve"]
        gain(t, seat, coins=-cost["coins"], cloths=-cost["cloths"], why="improve_cost")
        t.emit(event("project_improved", {"seat": seat, "slot": move["slot"]}))
    elif kind == "public_service":
        s = move["service"]
        tile = SERVICE_STACK[st["services"][s][0]]
        gain(t, seat, coins=-tile["coins"], why="service_cost")
        t.emit(event("service_built", {"seat": seat, "service": s}))
        gain(t, seat, vp=tile["vp"], why="service")
        cerda(t, seat, SERVICE_CERDA)
        if s == "sant_antoni":
            blocks = {tuple(city.BUILDING_SPACES[k]["block"])
                      for k, b in t.state["buildings"].items() if seat in b["markers"]}
            gain(t, seat, cloths=len(blocks), why=s)
        elif s == "museu_modernisme":
            grant_sagrada(t, seat, 2)
        else:
            grant(t, seat, *SERVICE_BONUS[s])
    elif kind == "tram":
        s = move["space"]
        t.emit(event("tram_moved", {"seat": seat, "space": s}))
        if move["passenger"]:
            cost = PASSENGERS[p["passengers"]]
            coins = 0 if mods.get("free_passenger_coins") else cost["coins"]
            gain(t, seat, coins=-coins, cloths=-cost["cloths"], why="passenger_cost")
            t.emit(event("passenger", {"seat": seat, "space": s}))
            tile = st["street_tiles"].get(s)
            if tile:  # its owner scores the line again (no printed benefit)
                gain(t, tile["seat"], vp=line_vp(st, s), why="passenger_line")
            grant(t, seat, [st["layout"][city.SPACE[s]["street"]]], {})
