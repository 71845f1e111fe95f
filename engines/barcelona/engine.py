"""Barcelona as a decider: `decide` checks a move against the legal moves and resolves it with
the rules modules, in the order of the rules page (setup.py; turn.py: your turn and the end;
actions.py: the Actions; construction.py: Construct a Building; gains.py: resources, the Cerdà
and Sagrada Família tracks; scoring.py: Cerdà Scoring and final scoring; view.py). `evolve`
folds the events.

Everything in Barcelona is open information: Citizens are drawn face up, the Modernisme deck's
contents are public (what it holds follows from what has been shown) and each draw is made at
decide time, so the state keeps no secret order.

A turn is several moves. Choices that interrupt it (Intersection benefits, owed to the
Intersection's owner even on another player's turn; what to keep of a gain that does not fit the
Warehouse; Sagrada Família steps and tiles; an action granted by a Cobblestone, a Passenger or a
Public Service) wait in `pending` (engines.core.pending, as gains.PENDING), first item first;
while it is not empty its first item's seat is the only active one.
"""
from __future__ import annotations

from marshmallow import Schema, fields
from marshmallow.validate import OneOf

from engines.core import Engine, IllegalMove, Table, event
from engines.barcelona import city, gains, turn
from engines.barcelona.gains import PENDING
from engines.barcelona.actions import action_options, perform
from engines.barcelona.construction import build, build_options, to_construction
from engines.barcelona.data import (BAG, BUILDING_TILES, CERDA_START, CLASSES, COVERED,
                                    SAGRADA_TILES, SECTION_SPACES, SECTIONS, SERVICE_STACK,
                                    SERVICES)
from engines.barcelona.moves import MOVES_SCHEMA
from engines.barcelona.setup import new_seat, table_set
from engines.barcelona.turn import action_choices, place_options, street_actions
from engines.barcelona.view import markers_on_board, table_view


class Options(Schema):
    layout = fields.String(load_default="shuffled", validate=OneOf(["shuffled", "printed"]))


class Barcelona(Engine):
    name = "barcelona"
    title = "Barcelona"
    version = 2  # 2: Citizen tracks of 3 x 8, a larger bag, one copy of each Modernisme tile
    min_players = 2
    max_players = 4
    options_schema = Options
    moves_schema = MOVES_SCHEMA
    skip_moves = ("end_actions", "decline")  # what a seat does when its clock runs out and the table skips it

    def initial(self, players, options):
        return {"players": players, "options": dict(options), "started": False}

    def setup(self, players, options, rng):
        return table_set(players, options, rng)

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
        t.rng = rng
        self._resolve(t, seat, move)
        turn.flow(t)
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

    def _resolve(self, t, seat, move):
        st = t.state
        kind = move["type"]
        top = PENDING.top(st)
        if top is not None:
            PENDING.done(t)
            if kind == "benefits":
                gains.benefits(t, seat, move["choice"])
            elif kind == "store":
                gains.store(t, seat, top, move["coins"], move["cloths"])
            elif kind == "sagrada":
                gains.sagrada_steps(t, seat, move["steps"])
            elif kind == "sagrada_tile":
                gains.sagrada_tile(t, seat, top["level"], move["tile"], move["coins"])
            elif kind == "decline":
                t.emit(event("declined", {"seat": seat}))
            else:
                perform(t, seat, move, top["mods"])
            return
        if kind == "place":
            turn.place(t, seat, move)
        elif kind == "end_actions":
            to_construction(t)
        elif kind == "build":
            build(t, seat, move)
        else:
            t.emit(event("street_used", {"street": street_actions(st)[kind]}))
            perform(t, seat, move, {})

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
        elif kind in PENDING.events:
            PENDING.fold(st, ev)
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
        return PENDING.active(state) or [state["turn"]]

    def legal_moves(self, state, seat):
        if seat not in self.active(state):
            return []
        item = PENDING.top(state)
        if item is not None:
            if item["kind"] == "benefits":
                return [{"move": {"type": "benefits"},
                         "choose": {"choice": {"subset": item["options"], "min": 0, "max": item["max"]}}}]
            if item["kind"] == "store":
                return [{"move": {"type": "store", "coins": c, "cloths": k}}
                        for c, k in gains.store_options(state["p"][seat], item["coins"], item["cloths"])]
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
            return action_choices(state, seat) + [{"move": {"type": "end_actions"}}]
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
        return table_view(self, state, viewer)
