"""Barcelona as a decider, in the order of the rules page: setup; your turn (place Citizens,
Intersection benefits, street actions, construct a Building, Cerdà Scoring check, draw 2
Citizens); the actions; the Sagrada Família track; the end and final scoring; the view.

Everything in Barcelona is open information: Citizens are drawn face up, the Modernisme deck's
contents are public (what it holds follows from what has been shown) and each draw is made at
decide time, so the state keeps no secret order.

A turn is several moves. Choices that interrupt it (Intersection benefits, owed to the
Intersection's owner even on another player's turn; Sagrada Família steps and tiles; an action
granted by a Cobblestone, a Passenger or a Public Service) wait in `pending`, first item first;
while it is not empty its first item's seat is the only active one.
"""
from __future__ import annotations

from itertools import combinations

from marshmallow import Schema, fields
from marshmallow.validate import OneOf

from engines.core import Engine, IllegalMove, Table, event
from engines.core.piles import draw_from_counts
from engines.barcelona import city, scoring
from engines.barcelona.data import (
    ACTIONS, BAG, BUILDING_BONUS_VP, BUILDING_TILES, BUILDINGS, CERDA_OVERFLOW_VP, CERDA_START,
    CERDA_TILES, CERDA_TOP, CLASSES, COBBLESTONE_VP, CONDITIONS, COVERED, DISPLAY, INTERSECTIONS,
    LEVEL, MARKER_SPOTS, MODERNISME_COPIES, NARROW_STACK_CERDA, NARROW_STACKS, PASSENGERS,
    PRINTED_LAYOUT, PROJECT_SPACES, SAGRADA_SLOTS, SAGRADA_STEPS, SAGRADA_TILES, SECTION_SPACES,
    SECTIONS, SERVICE_CERDA, SERVICE_STACK, SERVICES, SIDEWALK, STREETS, WAREHOUSE_OPEN,
    WIDE_STACK, WIDE_STACK_CERDA, intersection_benefit_count)
from engines.barcelona.moves import MOVES_SCHEMA

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


class Options(Schema):
    layout = fields.String(load_default="shuffled", validate=OneOf(["shuffled", "printed"]))


# --- Setup ---------------------------------------------------------------------------------------

def new_seat() -> dict:
    return {"vp": 0, "coins": 0, "cloths": 0, "cerda": CERDA_START, "sagrada": 0,
            "sagrada_tiles": [], "cobblestones": 0, "wide": WIDE_STACK,
            "narrow": list(NARROW_STACKS), "intersections": 0, "passengers": 0,
            "markers": list(MARKER_SPOTS), "services": [], "hand": [],
            "projects": [{"tile": None, "top": False} for _ in PROJECT_SPACES]}


def draw_citizens(bag: dict, n: int, rng) -> list[str]:
    bag = dict(bag)
    out = []
    for _ in range(n):
        if not sum(bag.values()):
            break
        citizen = draw_from_counts(bag, CLASSES, rng)
        out.append(citizen)
        bag[citizen] -= 1
    return out


def draw_tiles(deck: list, n: int, rng) -> list[int]:
    deck = list(deck)
    out = []
    for _ in range(min(n, len(deck))):
        out.append(deck.pop(rng.randbelow(len(deck))))
    return out


# --- Helpers over the state ----------------------------------------------------------------------

def capacity(p: dict) -> int:
    """Open Warehouse spaces: each Cobblestone moved out frees its space."""
    return WAREHOUSE_OPEN + p["cobblestones"]


def can_pay(p, coins=0, cloths=0) -> bool:
    return p["coins"] >= coins and p["cloths"] >= cloths


def visible(state, crossing):
    stack = state["stacks"].get(crossing)
    return stack[-1] if stack else None


def crossing_cost(state, crossing) -> int:
    return 0 if crossing in state["intersections"] else city.CROSSING_COST[crossing]


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


def place_options(state, seat) -> list[dict]:
    p = state["p"][seat]
    if not p["hand"]:
        return []
    tops = [c for c in CLASSES if c in p["hand"]]
    return [{"move": {"type": "place", "crossing": c}, "choose": {"top": {"one_of": tops}}}
            for c in city.CROSSINGS
            if not state["stacks"].get(c) and p["coins"] >= crossing_cost(state, c)]


def street_actions(state) -> dict:
    """{action: street} still open to the mover this turn."""
    if state["crossing"] is None:
        return {}
    return {state["layout"][s]: s for s in city.streets_through(state["crossing"])
            if s not in state["used"]}


# --- The engine ------------------------------------------------------------------------------

class Barcelona(Engine):
    name = "barcelona"
    title = "Barcelona"
    version = 1
    min_players = 2
    max_players = 4
    options_schema = Options
    moves_schema = MOVES_SCHEMA

    def initial(self, players, options):
        return {"players": players, "options": dict(options), "started": False}

    # --- Setup -----------------------------------------------------------------------------
    def setup(self, players, options, rng):
        cerda_pool = [c for c, v in CONDITIONS.items() if v["cerda"]]
        cerda_tiles = rng.sample(cerda_pool, CERDA_TILES)
        tiles = [c for c, v in CONDITIONS.items() if v["modernisme"] and c not in cerda_tiles
                 for _ in range(MODERNISME_COPIES)]
        display = draw_tiles(list(range(len(tiles))), DISPLAY, rng)
        if options.get("layout", "shuffled") == "printed":
            layout = dict(PRINTED_LAYOUT)
        else:
            layout = dict(zip(STREETS, rng.shuffled(ACTIONS)))
        first = rng.randbelow(players)
        bag = dict(BAG)
        hands = []
        for _ in range(players):
            hand = draw_citizens(bag, 2, rng)
            for c in hand:
                bag[c] -= 1
            hands.append(hand)
        return [event("table_set", {"cerda_tiles": cerda_tiles, "tiles": tiles, "display": display,
                                    "layout": layout, "first": first, "hands": hands},
                      reveal=True)]

    # --- decide ----------------------------------------------------------------------------
    def decide(self, state, seat, move, rng):
        if state.get("over"):
            raise IllegalMove("game_over", "The game is over.")
        if not isinstance(seat, int) or seat not in self.active(state):
            raise IllegalMove("not_your_turn", "It is not your turn.")
        if not isinstance(move, dict) or not isinstance(move.get("type"), str) \
                or move["type"] not in MOVES_SCHEMA:
            raise IllegalMove("unknown_move", "That is not a Barcelona move.")
        kind = move["type"]
        options = [o for o in self.legal_moves(state, seat) if o["move"]["type"] == kind]
        if not options:
            raise IllegalMove("not_available", f"You cannot make a {kind!r} move now.")
        if not any(self._matches(o, move) for o in options):
            raise IllegalMove("illegal_move", f"That {kind!r} move is not allowed here: check "
                                              "the spaces, the costs and what you hold.")
        t = Table(self, state)
        t.rng, t.at = rng, 0
        self._resolve(t, seat, move)
        self._flow(t)
        return t.events

    @staticmethod
    def _matches(option, move) -> bool:
        base = option["move"]
        choose = option.get("choose", {})
        if set(move) != set(base) | set(choose):
            return False
        if any(move[k] != v or type(move[k]) is not type(v) for k, v in base.items()):
            return False
        for name, part in choose.items():
            value = move[name]
            if "one_of" in part:
                if not any(value == v and type(value) is type(v) for v in part["one_of"]):
                    return False
            else:
                items = part["subset"]
                if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                    return False
                if len(set(value)) != len(value) or not set(value) <= set(items):
                    return False
                if not part.get("min", 0) <= len(value) <= part.get("max", len(items)):
                    return False
        return True

    # --- the pieces of a move ---------------------------------------------------------------
    def _push(self, t, item):
        t.emit(event("pending_push", {"at": t.at, "item": item}))
        t.at += 1

    def _resolve(self, t, seat, move):
        st = t.state
        kind = move["type"]
        top = st["pending"][0] if st["pending"] else None
        if top is not None:
            t.emit(event("pending_pop", {}))
            if kind == "benefits":
                for b in move["choice"]:
                    self._benefit(t, seat, b)
            elif kind == "sagrada":
                self._sagrada_steps(t, seat, move["steps"])
            elif kind == "sagrada_tile":
                self._sagrada_tile(t, seat, top["level"], move["tile"], move["coins"])
            elif kind == "decline":
                t.emit(event("declined", {"seat": seat}))
            else:
                self._action(t, seat, move, top["mods"])
            return
        if kind == "place":
            self._place(t, seat, move)
        elif kind == "discard":
            t.emit(event("gain", {"seat": seat, "coins": -int(move["resource"] == "coin"),
                                  "cloths": -int(move["resource"] == "cloth"), "vp": 0,
                                  "why": "discard"}))
        elif kind == "end_actions":
            self._to_construction(t)
        elif kind == "build":
            self._build(t, seat, move)
        else:
            t.emit(event("street_used", {"street": street_actions(st)[kind]}))
            self._action(t, seat, move, {})

    def _gain(self, t, seat, coins=0, cloths=0, vp=0, why=""):
        """A gain fills open Warehouse spaces (Coins first); what does not fit is lost."""
        p = t.state["p"][seat]
        room = capacity(p) - p["coins"] - p["cloths"]
        c = max(0, min(coins, room)) if coins > 0 else coins
        room -= max(c, 0)
        k = max(0, min(cloths, room)) if cloths > 0 else cloths
        if c or k or vp:
            t.emit(event("gain", {"seat": seat, "coins": c, "cloths": k, "vp": vp, "why": why}))

    def _cerda(self, t, seat, steps):
        """Mandatory, up or down; below the bottom is ignored, each step above the top is 2 VP."""
        pos = t.state["p"][seat]["cerda"] + steps
        over = max(0, pos - CERDA_TOP)
        t.emit(event("cerda_moved", {"seat": seat, "to": max(0, min(pos, CERDA_TOP)),
                                     "vp": over * CERDA_OVERFLOW_VP}))

    def _grant_sagrada(self, t, seat, steps):
        left = SAGRADA_STEPS - t.state["p"][seat]["sagrada"]
        if min(steps, left) > 0:
            self._push(t, {"kind": "sagrada", "seat": seat, "steps": min(steps, left)})

    def _sagrada_steps(self, t, seat, steps):
        pos = t.state["p"][seat]["sagrada"]
        if steps:
            t.emit(event("sagrada_moved", {"seat": seat, "to": pos + steps}))
        for step in range(pos + 1, pos + steps + 1):
            level = SAGRADA_SLOTS.get(step)
            if level and t.state["sagrada_pool"][str(level)]:
                self._push(t, {"kind": "sagrada_tile", "seat": seat, "level": level})

    def _sagrada_tile(self, t, seat, level, tile, coins):
        spec = SAGRADA_TILES[level][tile]
        t.emit(event("sagrada_tile", {"seat": seat, "level": level, "tile": tile}))
        mix = spec.get("mix", 0)
        self._gain(t, seat, spec.get("coins", 0) + coins, spec.get("cloths", 0) + mix - coins,
                   spec.get("vp", 0), "sagrada_tile")
        if spec.get("cerda"):
            self._cerda(t, seat, spec["cerda"])

    def _benefit(self, t, seat, b):
        """A printed or Intersection benefit."""
        if b == "coin":
            self._gain(t, seat, coins=1, why=b)
        elif b == "cloth":
            self._gain(t, seat, cloths=1, why=b)
        elif b == "vp2":
            self._gain(t, seat, vp=2, why=b)
        elif b == "cerda":
            self._cerda(t, seat, 1)
        elif b == "sagrada":
            self._grant_sagrada(t, seat, 1)

    def _bonus(self, t, seat, actions, mods):
        """A granted action, performed at once (or declined)."""
        if any(action_options(t.state, seat, a, mods) for a in actions):
            self._push(t, {"kind": "bonus", "seat": seat, "actions": actions, "mods": mods})

    def _place(self, t, seat, move):
        st = t.state
        c = move["crossing"]
        hand = list(st["p"][seat]["hand"])
        hand.remove(move["top"])
        t.emit(event("citizens_placed", {"seat": seat, "crossing": c, "stack": hand + [move["top"]],
                                         "paid": crossing_cost(st, c)}))
        owner = st["intersections"].get(c)
        if owner is not None:  # the owner takes their Intersection benefits before the actions
            n = st["p"][owner]["intersections"]
            self._push(t, {"kind": "benefits", "seat": owner,
                           "options": [i["unlocks"] for i in INTERSECTIONS[:n]],
                           "max": intersection_benefit_count(n)})

    def _action(self, t, seat, move, mods):
        st = t.state
        p = st["p"][seat]
        kind = move["type"]
        if kind == "cloth_vp":
            self._gain(t, seat, cloths=1, vp=3, why=kind)
        elif kind == "coins":
            self._gain(t, seat, coins=2, why=kind)
        elif kind == "cerda":
            self._cerda(t, seat, 2)
        elif kind == "cobblestone":
            s = move["space"]
            t.emit(event("cobblestone", {"seat": seat, "space": s}))
            r, c = map(int, s.split(","))
            b = SIDEWALK[r][c]
            if b in BONUS_OF_SIDEWALK:
                self._bonus(t, seat, BONUS_OF_SIDEWALK[b], {})
            elif b == "coin_cloth":
                self._gain(t, seat, coins=1, cloths=1, why=b)
            elif b == "coins2":
                self._gain(t, seat, coins=2, why=b)
            elif b in ("cerda", "cerda2"):
                self._cerda(t, seat, 2 if b == "cerda2" else 1)
            else:
                self._benefit(t, seat, b)
        elif kind in ("wide_street", "narrow_streets"):
            spaces = [move["space"]] + ([move["then"]] if move.get("then") else [])
            stack = -1 if kind == "wide_street" else next(i for i, n in enumerate(p["narrow"]) if n)
            for s in spaces:
                t.emit(event("street_tile", {"seat": seat, "space": s, "stack": stack}))
                if city.SPACE[s]["benefit"]:
                    self._benefit(t, seat, city.SPACE[s]["benefit"])
                self._gain(t, seat, vp=line_vp(t.state, s), why="street_line")
            left = t.state["p"][seat]["wide"] if stack == -1 else t.state["p"][seat]["narrow"][stack]
            if left == 0:
                self._cerda(t, seat, WIDE_STACK_CERDA if stack == -1 else NARROW_STACK_CERDA)
        elif kind == "intersection":
            c = move["crossing"]
            cost = INTERSECTIONS[p["intersections"]]
            coins = 0 if mods.get("no_coins") else cost["coins"] + city.CROSSING_COST[c]
            self._gain(t, seat, coins=-coins, cloths=-cost["cloths"], why="intersection_cost")
            t.emit(event("intersection_built", {"seat": seat, "crossing": c}))
            for s in city.SPACES_AT[c]:
                if s not in st["street_tiles"] and city.SPACE[s]["benefit"]:
                    self._benefit(t, seat, city.SPACE[s]["benefit"])
        elif kind == "take_project":
            space = PROJECT_SPACES[move["slot"] - 1]["place"]
            self._gain(t, seat, coins=-space["coins"],
                       cloths=0 if mods.get("no_cloths") else -space["cloths"], why="project_cost")
            refill = draw_tiles(st["deck"], 1, t.rng)
            t.emit(event("project_taken", {"seat": seat, "index": move["tile"],
                                           "tile": st["display"][move["tile"]], "slot": move["slot"],
                                           "refill": refill[0] if refill else None},
                         reveal=bool(refill)))
        elif kind == "improve_project":
            cost = PROJECT_SPACES[move["slot"] - 1]["improve"]
            self._gain(t, seat, coins=-cost["coins"], cloths=-cost["cloths"], why="improve_cost")
            t.emit(event("project_improved", {"seat": seat, "slot": move["slot"]}))
        elif kind == "public_service":
            s = move["service"]
            tile = SERVICE_STACK[st["services"][s][0]]
            self._gain(t, seat, coins=-tile["coins"], why="service_cost")
            t.emit(event("service_built", {"seat": seat, "service": s}))
            self._gain(t, seat, vp=tile["vp"], why="service")
            self._cerda(t, seat, SERVICE_CERDA)
            if s == "sant_antoni":
                blocks = {tuple(city.BUILDING_SPACES[k]["block"])
                          for k, b in t.state["buildings"].items() if seat in b["markers"]}
                self._gain(t, seat, cloths=len(blocks), why=s)
            elif s == "museu_modernisme":
                self._grant_sagrada(t, seat, 2)
            else:
                self._bonus(t, seat, *SERVICE_BONUS[s])
        elif kind == "tram":
            s = move["space"]
            t.emit(event("tram_moved", {"seat": seat, "space": s}))
            if move["passenger"]:
                cost = PASSENGERS[p["passengers"]]
                coins = 0 if mods.get("free_passenger_coins") else cost["coins"]
                self._gain(t, seat, coins=-coins, cloths=-cost["cloths"], why="passenger_cost")
                t.emit(event("passenger", {"seat": seat, "space": s}))
                tile = st["street_tiles"].get(s)
                if tile:  # its owner scores the line again (no printed benefit)
                    self._gain(t, tile["seat"], vp=line_vp(st, s), why="passenger_line")
                self._bonus(t, seat, [st["layout"][city.SPACE[s]["street"]]], {})

    # --- Construct a Building ------------------------------------------------------------------
    def _to_construction(self, t):
        st = t.state
        if build_options(st, st["turn"]):
            t.emit(event("phase", {"phase": "build"}))
        else:
            t.emit(event("phase", {"phase": "done"}))

    def _build(self, t, seat, move):
        st = t.state
        spec = BUILDINGS[move["building"]]
        row = city.BUILDING_SPACES[move["space"]]["block"][1]
        if not st["bonus"][row]:
            t.emit(event("bonus_flipped", {"row": row}))
            self._gain(t, seat, vp=BUILDING_BONUS_VP, why="building_bonus")
        t.emit(event("building", {"seat": seat, "building": move["building"], "space": move["space"],
                                  "crossings": move["crossings"]}))
        vp = scoring.lowest_visible_vp(t.state["tracks"]) + spec["vp"]
        self._gain(t, seat, vp=vp, why="building")
        if spec["sagrada"]:
            self._grant_sagrada(t, seat, spec["sagrada"])
        if spec["cerda"]:
            self._cerda(t, seat, spec["cerda"])
        spots = t.state["p"][seat]["markers"]
        spot = next((i for i, n in enumerate(spots) if n), None)
        if spot is not None:
            t.emit(event("marker", {"seat": seat, "space": move["space"], "spot": spot}))
            if t.state["p"][seat]["markers"][spot] == 0:
                self._cerda(t, seat, 1)
        t.emit(event("phase", {"phase": "done"}))

    # --- The flow between moves ------------------------------------------------------------
    def _flow(self, t):
        st = t.state
        while not st.get("over") and not st["pending"]:
            if st["phase"] == "actions" and not self._action_choices(st, st["turn"]):
                self._to_construction(t)
            elif st["phase"] == "done":
                self._end_turn(t)
            elif st["phase"] == "start":
                self._start_turn(t)
            else:
                return
            st = t.state

    def _action_choices(self, st, seat):
        return [o for a in street_actions(st) for o in action_options(st, seat, a, {})]

    def _start_turn(self, t):
        st = t.state
        if place_options(st, st["turn"]):
            t.emit(event("phase", {"phase": "place"}))
            return
        # READING: a player who can place nowhere skips placement and actions, still constructs
        t.emit(event("turn_skipped", {"seat": st["turn"]}))
        if t.state["stall"] >= st["players"]:
            self._game_over(t, "stalled")
            return
        self._to_construction(t)

    def _end_turn(self, t):
        st = t.state
        seat = st["turn"]
        # Cerdà Scoring check
        while st["scored"] < SECTIONS and any(
                st["tracks"][c][st["scored"] * SECTION_SPACES + SECTION_SPACES - 1] == "citizen"
                for c in CLASSES):
            section = st["scored"]
            cond = st["cerda_tiles"][section]
            t.emit(event("cerda_scoring", {"section": section, "condition": cond,
                                           "points": [scoring.cerda_points(st, s, cond)
                                                      for s in range(st["players"])]}))
            st = t.state
            if st["scored"] < SECTIONS:
                t.emit(event("cerda_reset", {}))
            else:
                t.emit(event("end_triggered", {}))
            new = draw_tiles(st["deck"], DISPLAY, t.rng)
            t.emit(event("display_refreshed", {"tiles": new}, reveal=bool(new)))
            st = t.state
        if st["ending"] and seat == (st["first"] - 1) % st["players"]:
            self._game_over(t, "third_cerda_scoring")
            return
        need = 2 - len(st["p"][seat]["hand"])
        drawn = draw_citizens(st["bag"], need, t.rng) if need > 0 else []
        t.emit(event("turn_ended", {"seat": seat, "drawn": drawn, "next": (seat + 1) % st["players"]},
                     reveal=bool(drawn)))

    def _game_over(self, t, why):
        st = t.state
        final = [scoring.final_points(st, s) for s in range(st["players"])]
        t.emit(event("game_over", {"reason": why, "final": final}))

    # --- evolve ------------------------------------------------------------------------------
    def evolve(self, state, ev):
        kind = ev["type"]
        st = state
        if kind == "table_set":
            n = st["players"]
            bag = dict(BAG)
            for hand in ev["hands"]:
                for c in hand:
                    bag[c] -= 1
            covered = COVERED[n]
            st.update({
                "started": True, "first": ev["first"], "turn": ev["first"], "phase": "place",
                "crossing": None, "used": [], "layout": dict(ev["layout"]), "bag": bag,
                "stacks": {}, "intersections": {}, "street_tiles": {}, "trams": [None] * n,
                "passengers": {}, "buildings": {}, "supply": dict(BUILDING_TILES),
                "bonus": [False] * city.BLOCK_ROWS,
                "tracks": {c: ["covered" if i % SECTION_SPACES in covered else None
                               for i in range(SECTIONS * SECTION_SPACES)] for c in CLASSES},
                "scored": 0, "cerda_tiles": list(ev["cerda_tiles"]), "tiles": list(ev["tiles"]),
                "display": list(ev["display"]),
                "deck": [i for i in range(len(ev["tiles"])) if i not in ev["display"]],
                "sidewalk": {}, "services": {s: list(range(len(SERVICE_STACK) - (n == 2)))
                                             for s in SERVICES},
                "sagrada_pool": {str(lv): list(range(len(ts))) for lv, ts in SAGRADA_TILES.items()},
                "pending": [], "ending": False, "over": False, "stall": 0, "final": None,
                "reason": None, "p": [new_seat() for _ in range(n)],
            })
            for s, hand in enumerate(ev["hands"]):
                st["p"][s]["hand"] = list(hand)
        elif kind == "pending_push":
            st["pending"].insert(ev["at"], ev["item"])
        elif kind == "pending_pop":
            st["pending"].pop(0)
        elif kind == "declined":
            pass
        elif kind == "gain":
            p = st["p"][ev["seat"]]
            p["coins"] += ev["coins"]
            p["cloths"] += ev["cloths"]
            p["vp"] += ev["vp"]
        elif kind == "cerda_moved":
            st["p"][ev["seat"]]["cerda"] = ev["to"]
            st["p"][ev["seat"]]["vp"] += ev["vp"]
        elif kind == "sagrada_moved":
            st["p"][ev["seat"]]["sagrada"] = ev["to"]
        elif kind == "sagrada_tile":
            st["sagrada_pool"][str(ev["level"])].remove(ev["tile"])
            st["p"][ev["seat"]]["sagrada_tiles"].append([ev["level"], ev["tile"]])
        elif kind == "citizens_placed":
            p = st["p"][ev["seat"]]
            p["hand"] = []
            p["coins"] -= ev["paid"]
            st["stacks"][ev["crossing"]] = list(ev["stack"])
            st["crossing"], st["phase"], st["stall"] = ev["crossing"], "actions", 0
        elif kind == "street_used":
            st["used"].append(ev["street"])
        elif kind == "cobblestone":
            st["sidewalk"][ev["space"]] = ev["seat"]
            st["p"][ev["seat"]]["cobblestones"] += 1
        elif kind == "street_tile":
            p = st["p"][ev["seat"]]
            if ev["stack"] == -1:
                p["wide"] -= 1
            else:
                p["narrow"][ev["stack"]] -= 1
            st["street_tiles"][ev["space"]] = {"seat": ev["seat"],
                                               "kind": "wide" if ev["stack"] == -1 else "narrow"}
        elif kind == "intersection_built":
            st["intersections"][ev["crossing"]] = ev["seat"]
            st["p"][ev["seat"]]["intersections"] += 1
        elif kind == "project_taken":
            st["p"][ev["seat"]]["projects"][ev["slot"] - 1]["tile"] = ev["tile"]
            st["display"][ev["index"]] = ev["refill"]
            if ev["refill"] is not None:
                st["deck"].remove(ev["refill"])
        elif kind == "project_improved":
            st["p"][ev["seat"]]["projects"][ev["slot"] - 1]["top"] = True
        elif kind == "service_built":
            st["services"][ev["service"]].pop(0)
            st["p"][ev["seat"]]["services"].append(ev["service"])
        elif kind == "tram_moved":
            st["trams"][ev["seat"]] = ev["space"]
        elif kind == "passenger":
            st["passengers"][ev["space"]] = ev["seat"]
            st["p"][ev["seat"]]["passengers"] += 1
        elif kind == "bonus_flipped":
            st["bonus"][ev["row"]] = True
        elif kind == "building":
            here = st["buildings"].setdefault(ev["space"], {"tiles": [], "markers": []})
            here["tiles"].append(ev["building"])
            st["supply"][ev["building"]] -= 1
            for c in ev["crossings"]:
                citizen = st["stacks"][c].pop()
                if not st["stacks"][c]:
                    del st["stacks"][c]
                row = st["tracks"][citizen]
                if None in row:
                    row[row.index(None)] = "citizen"
                else:  # a full row: the Citizen goes back to the bag
                    st["bag"][citizen] += 1
            st["stall"] = 0
        elif kind == "marker":
            st["p"][ev["seat"]]["markers"][ev["spot"]] -= 1
            st["buildings"][ev["space"]]["markers"].append(ev["seat"])
        elif kind == "phase":
            st["phase"] = ev["phase"]
        elif kind == "turn_skipped":
            st["stall"] += 1
            st["crossing"] = None
        elif kind == "cerda_scoring":
            for s, pts in enumerate(ev["points"]):
                st["p"][s]["vp"] += pts
            st["scored"] += 1
        elif kind == "cerda_reset":
            for p in st["p"]:
                p["cerda"] = min(p["cerda"], CERDA_START)
        elif kind == "end_triggered":
            st["ending"] = True
        elif kind == "display_refreshed":
            st["display"] = list(ev["tiles"])
            for tile in ev["tiles"]:
                st["deck"].remove(tile)
        elif kind == "turn_ended":
            p = st["p"][ev["seat"]]
            p["hand"] += ev["drawn"]
            for c in ev["drawn"]:
                st["bag"][c] -= 1
            st["turn"], st["phase"], st["crossing"], st["used"] = ev["next"], "start", None, []
        elif kind == "game_over":
            for s, parts in enumerate(ev["final"]):
                st["p"][s]["vp"] += sum(parts.values())
            st["final"], st["reason"], st["over"], st["phase"] = ev["final"], ev["reason"], True, "over"
            st["pending"] = []
        else:
            raise ValueError(f"barcelona: unknown event {kind!r}")
        return st

    # --- reading the state -------------------------------------------------------------------
    def active(self, state):
        if not state.get("started") or state["over"]:
            return []
        if state["pending"]:
            return [state["pending"][0]["seat"]]
        return [state["turn"]]

    def legal_moves(self, state, seat):
        if seat not in self.active(state):
            return []
        if state["pending"]:
            item = state["pending"][0]
            if item["kind"] == "benefits":
                return [{"move": {"type": "benefits"},
                         "choose": {"choice": {"subset": item["options"], "min": 0, "max": item["max"]}}}]
            if item["kind"] == "sagrada":
                return [{"move": {"type": "sagrada"},
                         "choose": {"steps": {"one_of": list(range(item["steps"] + 1))}}}]
            if item["kind"] == "sagrada_tile":
                return [{"move": {"type": "sagrada_tile", "tile": i},
                         "choose": {"coins": {"one_of": list(range(
                             SAGRADA_TILES[item["level"]][i].get("mix", 0) + 1))}}}
                        for i in state["sagrada_pool"][str(item["level"])]]
            out = [o for a in item["actions"] for o in action_options(state, seat, a, item["mods"])]
            return out + [{"move": {"type": "decline"}}]
        phase = state["phase"]
        if phase == "place":
            return place_options(state, seat)
        if phase == "build":
            return build_options(state, seat)
        if phase == "actions":
            p = state["p"][seat]
            out = self._action_choices(state, seat)
            out += [{"move": {"type": "discard", "resource": r}}
                    for r, n in (("coin", p["coins"]), ("cloth", p["cloths"])) if n]
            return out + [{"move": {"type": "end_actions"}}]
        return []

    def public_move(self, state, seat, move):
        """Every move is made in the open."""
        return move

    def result(self, state):
        if not state.get("over"):
            return None
        n = state["players"]

        def key(s):
            p = state["p"][s]
            return (p["vp"], p["cerda"], p["sagrada"], markers_on_board(state, s))
        order = sorted(range(n), key=key, reverse=True)
        ranking = []
        for i, s in enumerate(order):
            rank = ranking[-1]["rank"] if i and key(s) == key(order[i - 1]) else i + 1
            ranking.append({"seat": s, "rank": rank, "points": state["p"][s]["vp"],
                            "cerda": state["p"][s]["cerda"], "sagrada": state["p"][s]["sagrada"],
                            "markers": markers_on_board(state, s)})
        top = [key(s) for s in order[:2]]
        tiebreak = ("points" if n < 2 or top[0][0] != top[1][0] else
                    "cerda" if top[0][1] != top[1][1] else
                    "sagrada" if top[0][2] != top[1][2] else
                    "markers" if top[0][3] != top[1][3] else "shared")
        return {"ranking": ranking, "scores": [state["p"][s]["vp"] for s in range(n)],
                "tiebreak": tiebreak, "final": state["final"], "reason": state["reason"]}

    def view(self, state, viewer):
        """Barcelona has no hidden information: every viewer sees the same table."""
        if not state.get("started"):
            return {"started": False}
        v = {k: state[k] for k in (
            "first", "turn", "phase", "crossing", "used", "layout", "bag", "stacks",
            "intersections", "street_tiles", "trams", "passengers", "buildings", "supply", "bonus",
            "tracks", "scored", "cerda_tiles", "display", "sidewalk", "services", "sagrada_pool",
            "pending", "ending", "over", "final", "reason")}
        v = {k: (dict(x) if isinstance(x, dict) else list(x) if isinstance(x, list) else x)
             for k, x in v.items()}
        v["display"] = [None if i is None else {"id": i, "condition": state["tiles"][i]}
                        for i in state["display"]]
        v["deck_size"] = len(state["deck"])
        v["players"] = [dict(p, multiplier=scoring.multiplier(p["cerda"]),
                             capacity=capacity(p),
                             projects=[dict(pr, condition=None if pr["tile"] is None
                                            else state["tiles"][pr["tile"]]) for pr in p["projects"]])
                        for p in state["p"]]
        v["building_vp"] = scoring.lowest_visible_vp(state["tracks"])
        v["active"] = self.active(state)
        v["you"] = viewer if isinstance(viewer, int) else None
        v["result"] = self.result(state)
        return v


def markers_on_board(state, seat) -> int:
    return sum(b["markers"].count(seat) for b in state["buildings"].values())
