"""Tiletum as a decider, in the order of the rules page: setup, your turn (Tasks, choosing a die,
the Action), the Actions, the Tasks, the player board, the round (Preparation, three passes with
Corruption, King phase, Fair, Cleanup), and final scoring.

State (plain JSON; seats 0..n-1):
    players, layout     seat count; "printed" or "random" Action layout
    round, pass         1..4 and 1..3 (0 before the first)
    phase               "turn" | "king_bonus" | "over"
    order, turn_pos     Turn Order (seats) and the index of the seat on turn in this pass
    wheel               the Action in front of die value 1..6 (index 0..5)
    action_tiles        {Action: Bonus tile id or None} on the Action spaces
    dice                the dice still on the wheel: [{"colour", "value"}], sorted by value
    corruption          {"pool": tokens not yet revealed this round, "revealed": [values]}
    king                {"pos": [track index per seat], "stamp": [landing order per seat]};
                        a higher stamp on the same space is on top
    stamp               the last landing stamp given out
    king_bonus          the King Bonus tile id or None
    fairs               [{"town", "tile"}] for rounds 1..4
    towns               {town: {"houses": [seats], "pillars": [seats], "bonus_tiles": [ids],
                         "cost": Construction Cost tile id or None, "cathedral_tiles": [VP, top
                         first], "contributed": [seats]}}
    characters          {"offer": [5 ids or None], "pile": [ids], "discard": [ids]}
    contracts           {"offer": [5 ids or None], "pile": [ids]}
    bonus_pile          Bonus tiles not yet on the board
    boards              per seat: {"res", "vp", "store", "rooms", "crests", "roofs", "completed",
                         "markers", "contracts", "houses", "pillars", "architect", "merchant",
                         "dice"}
    turn                None, or {"seat", "stage": "choose"|"action", "die", "action", "ap",
                         "helper": None|{"tile", "action", "ap", "spent"}, "exchanged"}
    final               the final-scoring breakdown once the game is over
    out                 tiles out of play (used Helpers, placed Crests, discarded Bonus tiles)
    bot, decrees,       solo only: the Cardinalbot's index (after the seat), its Decree row and
    challenges          pawn, and its Challenge cards
"""
from __future__ import annotations

import copy

from engines.core import ALL, Engine, IllegalMove, event
from engines.core.table import Table
from engines.tiletum import cardinalbot
from engines.tiletum import data as D
from engines.tiletum import moves as mv
from marshmallow import Schema, fields
from marshmallow.validate import OneOf

PAWNS = ["architect", "merchant"]


class Options(Schema):
    layout = fields.String(load_default="printed", validate=OneOf(["printed", "random"]))
    difficulty = fields.String(load_default="deacon", validate=OneOf(list(D.DIFFICULTY)))


# --- small facts ---------------------------------------------------------------------------------

def action_of_value(state, value: int) -> str:
    return state["wheel"][value - 1]


def store_room(board) -> int:
    return D.STOREHOUSE - len(board["store"])


def can_hold(board, tile_id) -> bool:
    """A tile may go into the Storehouse: a free space, and never two Crests of one family."""
    if store_room(board) <= 0:
        return False
    t = D.TILES[tile_id]
    if t["kind"] == "crest":
        held = [D.TILES[x].get("family") for x in board["store"]] + board["crests"]
        return t["family"] not in held
    return True


def turn_steps(frm: int, to: int) -> int:
    d = abs(frm - to) % 6
    return min(d, 6 - d)


def building_type(board, b: int):
    if b == len(D.BUILDING_ROOMS) - 1:
        return D.PRINTED_CHARACTER
    for room in board["rooms"][b]:
        if room is not None:
            return D.CHARACTERS[room]["ctype"]
    return None


def houses_on_map(state, seat) -> int:
    return sum(seat in t["houses"] for t in state["towns"].values())


def pillars_on_map(state, seat) -> int:
    return sum(seat in t["pillars"] for t in state["towns"].values())


def fair_count(state, seat, per: str) -> int:
    b = state["boards"][seat]
    return {
        "houses": houses_on_map(state, seat),
        "pillars": pillars_on_map(state, seat),
        "characters": sum(r is not None for rooms in b["rooms"][:-1] for r in rooms),
        "crests": sum(c is not None for c in b["crests"]),
        "contracts": len(b["contracts"]),
        "completed": sum(b["completed"]),
        "cathedrals": sum(seat in t["contributed"] for t in state["towns"].values()),
    }[per]


def house_spaces(state, town) -> int:
    return sum(1 for m in D.TOWNS[town]["houses"] if m <= max(2, state["players"]))


def pillar_spaces(state, town) -> int:
    return sum(1 for m in (D.TOWNS[town]["cathedral"] or []) if m <= max(2, state["players"]))


def king_order(state) -> list[int]:
    k = state["king"]
    # the Cardinalbot is first on a tie
    return sorted(everyone(state), key=lambda s: (-k["pos"][s], s != state["bot"], -k["stamp"][s]))


def everyone(state) -> range:
    """The seats, and the Cardinalbot's index after them at a solo table."""
    return range(len(state["boards"]))


def challenge(state, key, default=0):
    for c in state.get("challenges", []):
        if key in D.CHALLENGES[c]:
            return D.CHALLENGES[c][key]
    return default


def context(state):
    """The Action being performed now: the open Helper's, else the die's (None before the die)."""
    turn = state["turn"]
    if turn is None:
        return None
    if turn["helper"] is not None:
        h = turn["helper"]
        return {"kind": "helper", "action": h["action"], "ap": h["ap"]}
    if turn["stage"] == "action":
        return {"kind": "die", "action": turn["action"], "ap": turn["ap"]}
    return None


def apply_bonus(state, seat, bonus) -> None:
    """A printed bonus: Resources, VP or King steps (evolve only)."""
    if not bonus:
        return
    b = state["boards"][seat]
    for r, n in bonus.get("res", {}).items():
        b["res"][r] += n
    b["vp"] += bonus.get("vp", 0)
    if bonus.get("king"):
        king_up(state, seat, bonus["king"])


def king_up(state, seat, steps) -> None:
    k = state["king"]
    new = min(D.KING_TOP, k["pos"][seat] + steps)
    if new != k["pos"][seat]:
        land(state, seat, new)


def land(state, seat, pos) -> None:
    state["stamp"] += 1
    state["king"]["pos"][seat] = pos
    state["king"]["stamp"][seat] = state["stamp"]


def check_buildings(state, seat) -> None:
    """Roof Houses for full Buildings; Bonus AP markers for Completed ones (evolve only)."""
    b = state["boards"][seat]
    for i, rooms in enumerate(b["rooms"]):
        full = all(r is not None for r in rooms)
        if full and not b["roofs"][i]:
            b["roofs"][i] = True
            if D.ROOF_HOUSE[i]:
                b["houses"] += 1
        if full and b["crests"][i] is not None and not b["completed"][i]:
            b["completed"][i] = True
            marker = D.BONUS_AP_MARKERS[i]
            if marker:
                a = building_type(b, i)
                b["markers"][a] = b["markers"].get(a, 0) + marker


# --- the engine ----------------------------------------------------------------------------------

class Tiletum(Engine):
    name = "tiletum"
    title = "Tiletum"
    version = 1
    min_players = 1
    max_players = 4
    options_schema = Options
    moves_schema = mv.SCHEMAS

    # --- setup -----------------------------------------------------------------------------------
    def initial(self, players, options):
        n = players + (1 if players == 1 else 0)  # a solo table adds the Cardinalbot
        return {
            "players": players, "layout": options.get("layout", "printed"),
            "round": 0, "pass": 0, "phase": "setup", "order": list(range(n)), "turn_pos": -1,
            "bot": 1 if players == 1 else None, "decrees": None, "challenges": [],
            "wheel": list(D.PRINTED_WHEEL), "action_tiles": {a: None for a in D.ACTIONS},
            "dice": [], "corruption": {"pool": list(D.CORRUPTION_TOKENS), "revealed": []},
            "king": {"pos": [D.KING_ZERO] * n, "stamp": [n - s for s in range(n)]},
            "stamp": n, "king_bonus": None, "fairs": [],
            "towns": {t: {"houses": [], "pillars": [], "bonus_tiles": [], "cost": None,
                          "cathedral_tiles": [], "contributed": []} for t in D.TOWN_IDS},
            "characters": {"offer": [None] * D.OFFER, "pile": sorted(D.CHARACTERS), "discard": []},
            "contracts": {"offer": [None] * D.OFFER, "pile": sorted(D.CONTRACTS)},
            "bonus_pile": sorted(D.BONUS_TILES),
            "boards": [{
                "res": {r: (D.STARTING_GOLD[s] if r == "gold" else 0) for r in D.RESOURCES},
                "vp": 0, "store": [], "rooms": [[None] * n for n in D.BUILDING_ROOMS[:-1]] + [[D.PRINTED_ROOM]],
                "crests": [None] * len(D.BUILDING_ROOMS), "roofs": [False] * (len(D.BUILDING_ROOMS) - 1) + [True],
                "completed": [False] * len(D.BUILDING_ROOMS), "markers": {}, "contracts": [],
                "houses": D.START_HOUSES, "pillars": D.START_PILLARS,
                "architect": "tiletum", "merchant": "tiletum", "dice": [],
            } for s in range(n)],
            "turn": None, "final": None,
            "out": [],  # tiles out of play: used Helpers, placed Crests, discarded Bonus tiles
        }

    def setup(self, players, options, rng):
        state = self.initial(players, options)
        wheel = list(D.PRINTED_WHEEL)
        if options.get("layout") == "random":
            rng.shuffle(wheel)
        bonus = rng.shuffled(sorted(D.BONUS_TILES))
        action_tiles = {a: bonus.pop() for a in D.ACTIONS}
        town_tiles = {t: [bonus.pop() for m in D.TOWNS[t]["bonus_spaces"] if m <= max(2, players)]
                      for t in D.TOWN_IDS}
        king_bonus = bonus.pop()
        costs = rng.shuffled(sorted(D.COST_TILES))
        cost_of = {t: costs[i] for i, t in enumerate(D.CATHEDRAL_TOWNS)}
        fair_tiles = rng.sample(sorted(D.FAIR_TILES), 4)
        fair_towns = ["tiletum"] + rng.sample([t for t in D.TOWN_IDS if t != "tiletum"], 3)
        chars = rng.sample(sorted(D.CHARACTERS), D.OFFER)
        contracts = rng.sample(sorted(D.CONTRACTS), D.OFFER)
        solo = {}
        if players == 1:
            solo = {"decrees": rng.shuffled(sorted(D.DECREES)),
                    "challenges": rng.sample(sorted(D.CHALLENGES),
                                             D.DIFFICULTY[options.get("difficulty", "deacon")])}
        t = Table(self, state)
        t.emit(event("table_set", {
            "wheel": wheel, "action_tiles": action_tiles, "town_tiles": town_tiles,
            "king_bonus": king_bonus, "costs": cost_of,
            "fairs": [{"town": w, "tile": f} for w, f in zip(fair_towns, fair_tiles)],
            "characters": chars, "contracts": contracts, **solo}))
        self._start_round(t, rng)
        return t.events

    # --- the round -------------------------------------------------------------------------------
    def _start_round(self, t, rng):
        """Preparation: dice from the bag, rolled and sorted onto the wheel; then pass 1."""
        players = t.state["players"]
        bag_size, rolled = D.DICE[players]
        bag = [c for c in D.COLOUR_IDS for _ in range(bag_size // len(D.COLOUR_IDS))]
        drawn = rng.sample(bag, rolled)
        dice = sorted(({"colour": c, "value": rng.randint(1, 6)} for c in drawn),
                      key=lambda d: (d["value"], D.COLOUR_IDS.index(d["colour"])))
        t.emit(event("dice_rolled", {"round": t.state["round"] + 1, "dice": dice}, reveal=True))
        self._advance(t, rng)

    def _advance(self, t, rng):
        """Until a seat must choose: the next turn (the Cardinalbot plays its own), the next pass
        with its Corruption token, or the King phase and the end of the round."""
        while True:
            s = t.state
            if s["turn_pos"] + 1 < len(s["order"]):
                seat = s["order"][s["turn_pos"] + 1]
                t.emit(event("turn_started", {"seat": seat}))
                if seat != s["bot"]:
                    return
                cardinalbot.play_turn(self, t, rng)
                continue
            if s["pass"] < D.PASSES:
                token = rng.choice(s["corruption"]["pool"])
                t.emit(event("corruption", {"pass": s["pass"] + 1, "value": token}, reveal=True))
                continue
            break
        # King phase: the King Bonus tile first.
        s = t.state
        top = king_order(s)[0]
        if s["round"] == D.ROUNDS:
            t.emit(event("king_bonus_scored", {"seat": top, "vp": D.KING_BONUS_ROUND_4_VP},
                         by=D.BOT if top == s["bot"] else None))
        elif s["king_bonus"] is not None:
            if top == s["bot"]:  # it keeps Crests only
                take = D.TILES[s["king_bonus"]]["kind"] == "crest"
                t.emit(event("king_bonus_resolved", {"seat": top, "take": take}, by=D.BOT))
            elif can_hold(s["boards"][top], s["king_bonus"]):
                t.emit(event("king_bonus_offered", {"seat": top}))
                return  # the seat chooses
            else:
                t.emit(event("king_bonus_resolved", {"seat": top, "take": False, "reason": "no_room"}))
        self._finish_round(t, rng)

    def _finish_round(self, t, rng):
        s = t.state
        vp = [D.KING_TRACK[p] for p in s["king"]["pos"]]
        if s["bot"] is not None:  # the Cardinalbot never scores below its floor
            vp[s["bot"]] = max(vp[s["bot"]], challenge(s, "king_floor", D.BOT_KING_FLOOR))
        t.emit(event("king_scored", {"vp": vp}))
        t.emit(event("turn_order", {"order": king_order(t.state)}))
        fair = s["fairs"][s["round"] - 1]
        tile = D.FAIR_TILES[fair["tile"]]
        worth = D.FAIR_BOARD[s["round"] - 1] + tile["value"]
        vp = []
        for seat in everyone(s):
            there = seat in s["towns"][fair["town"]]["houses"] or s["boards"][seat]["merchant"] == fair["town"]
            if seat == s["bot"]:  # it scores without a House or Merchant there
                vp.append(worth * fair_count(s, seat, tile["per"]) + challenge(s, "fair_vp"))
            else:
                vp.append(worth * fair_count(s, seat, tile["per"]) if there else 0)
        t.emit(event("fair_scored", {"town": fair["town"], "tile": fair["tile"], "vp": vp}))
        if s["round"] < D.ROUNDS:
            pile = sorted(s["bonus_pile"])
            fills = {}
            for a in D.ACTIONS:
                if s["action_tiles"][a] is None and pile:
                    fills[a] = pile.pop(rng.randbelow(len(pile)))
            king = None
            if s["round"] != 3 and s["king_bonus"] is None and pile:
                king = pile.pop(rng.randbelow(len(pile)))
            t.emit(event("cleanup", {"action_tiles": fills, "king_bonus": king}, reveal=True))
            self._start_round(t, rng)
        else:
            t.emit(event("final_scored", {"scores": self._final(t.state)}))

    def _final(self, s):
        out = []
        for seat in everyone(s):
            b = s["boards"][seat]
            h, p = houses_on_map(s, seat), pillars_on_map(s, seat)
            done = sum(b["completed"])
            left = sum(b["res"].values())
            out.append({"houses": h, "pillars": p, "houses_x_pillars": h * p,
                        "completed": done,
                        "completed_vp": max([v for n, v in D.COMPLETED_BUILDINGS_VP.items() if done >= n] or [0]),
                        "resources": left, "resources_vp": left // D.LEFTOVER_PER_VP})
        return out

    # --- decide ----------------------------------------------------------------------------------
    def decide(self, state, seat, move, rng):
        if not isinstance(move, dict):
            raise IllegalMove("bad_move", "A move is a JSON object with a type.")
        kind = mv.move_type(move)
        if state["phase"] == "over":
            raise IllegalMove("game_over", "The game is over.")
        if type(seat) is not int or seat not in self.active(state):
            raise IllegalMove("not_your_turn", "It is not your turn.")
        if state["phase"] == "king_bonus":
            if kind != "king_bonus":
                raise IllegalMove("king_bonus_pending", "Take or discard the King Bonus tile first.")
        elif kind == "king_bonus":
            raise IllegalMove("not_king_phase", "The King Bonus tile is only taken in the King phase.")
        parsed = getattr(self, "_check_" + kind)(state, seat, move)
        t = Table(self, state)
        getattr(self, "_do_" + kind)(t, seat, parsed, rng)
        return t.events

    # Tasks ---------------------------------------------------------------------------------------
    def _check_buy(self, state, seat, move):
        r = mv.one_of(move, "resource", D.RESOURCES[1:], "Food, Wool, Stone or Iron")
        if state["boards"][seat]["res"]["gold"] < D.GOLD_PER_RESOURCE:
            raise IllegalMove("not_enough_gold", "Buying a Resource costs 2 Gold.")
        return r

    def _do_buy(self, t, seat, r, rng):
        t.emit(event("bought", {"seat": seat, "resource": r}))

    def _check_fulfil(self, state, seat, move):
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

    def _do_fulfil(self, t, seat, tile, rng):
        space = len(t.state["boards"][seat]["contracts"])
        t.emit(event("fulfilled", {"seat": seat, "tile": tile, "space": space,
                                   "vp": D.CONTRACTS[tile]["vp"] + D.CONTRACT_SPACE_VP[space]}))

    def _check_crest(self, state, seat, move):
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

    def _do_crest(self, t, seat, p, rng):
        t.emit(event("crest_placed", {"seat": seat, "tile": p[0], "building": p[1]}))

    def _check_contribute(self, state, seat, move):
        town = mv.one_of(move, "town", D.TOWN_IDS, "a Town")
        tw = state["towns"][town]
        if seat not in tw["pillars"]:
            raise IllegalMove("no_pillar", "You contribute only to a Cathedral where you have a Pillar.")
        if seat in tw["contributed"]:
            raise IllegalMove("already_contributed", "You have contributed to that Cathedral already.")
        cost = D.COST_TILES[tw["cost"]]
        if state["boards"][seat]["res"]["stone"] < cost["stone"]:
            raise IllegalMove("cannot_pay", f"That Cathedral costs {cost['stone']} Stone.")
        return town

    def _do_contribute(self, t, seat, town, rng):
        tw = t.state["towns"][town]
        cost = D.COST_TILES[tw["cost"]]
        t.emit(event("contributed", {"seat": seat, "town": town,
                                     "vp": cost["vp"] + tw["cathedral_tiles"][0]}))

    def _check_helper(self, state, seat, move):
        tile = mv.tile(move)
        turn = state["turn"]
        b = state["boards"][seat]
        if tile not in b["store"] or D.TILES[tile]["kind"] not in ("helper", "plus_ap"):
            raise IllegalMove("not_in_storehouse", "That Helper is not in your Storehouse.")
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
        elif not self._action_moves(state, seat, ctx):
            raise IllegalMove("nothing_to_do", "None of that Helper's AP could be spent now.")
        return tile

    def _do_helper(self, t, seat, tile, rng):
        h = D.TILES[tile]
        t.emit(event("helper_used", {"seat": seat, "tile": tile}))
        if h["kind"] == "helper" and h["action"] == "king":
            self._king_action(t, seat)
            t.emit(event("helper_finished", {"seat": seat}))
        elif h["kind"] == "plus_ap" and t.state["turn"]["action"] == "king":
            self._king_action(t, seat)

    def _king_action(self, t, seat):
        ctx = context(t.state)
        steps = min(ctx["ap"], D.KING_TOP - t.state["king"]["pos"][seat])
        t.emit(event("king_moved", {"seat": seat, "steps": steps, "ap": ctx["ap"]}))

    def _check_finish_helper(self, state, seat, move):
        h = state["turn"]["helper"]
        if h is None:
            raise IllegalMove("no_helper", "No Helper is in use.")
        if h["spent"] == 0 and self._action_moves(state, seat, context(state)):
            raise IllegalMove("helper_unspent", "Spend at least one of the Helper's AP first.")
        return None

    def _do_finish_helper(self, t, seat, p, rng):
        t.emit(event("helper_finished", {"seat": seat}))

    # Choosing and taking a die -------------------------------------------------------------------
    def _check_take_die(self, state, seat, move):
        turn = state["turn"]
        if turn["stage"] != "choose":
            raise IllegalMove("die_taken", "You have taken your die this turn.")
        if turn["helper"] is not None:
            raise IllegalMove("helper_open", "Finish the Helper in use before taking your die.")
        colour = mv.one_of(move, "colour", D.COLOUR_IDS, "a die colour")
        value = mv.integer(move, "value", 1, 6, "the die's value")
        to = mv.integer(move, "to", 1, 6, "the value to turn it to")
        bonus = mv.boolean(move, "bonus")
        joker = mv.optional(move, "action", D.CHARACTER_TYPES, "the Action the Joker performs")
        if {"colour": colour, "value": value} not in state["dice"]:
            raise IllegalMove("no_such_die", "There is no such die on the Action Wheel.")
        b = state["boards"][seat]
        gold = D.GOLD_PER_STEP * turn_steps(value, to)
        if b["res"]["gold"] < gold:
            raise IllegalMove("not_enough_gold", f"Turning that die costs {gold} Gold.")
        action = action_of_value(state, to)
        if action == "joker" and joker is None:
            raise IllegalMove("joker_action", "A die on the Joker names the Action it performs.")
        if action != "joker" and joker is not None:
            raise IllegalMove("not_joker", "Only a die on the Joker names another Action.")
        tile = state["action_tiles"][action]
        if bonus:
            if tile is None:
                raise IllegalMove("no_bonus_tile", "That Action space has no Bonus tile.")
            if not can_hold(b, tile):
                raise IllegalMove("storehouse_full", "Your Storehouse has no room for that Bonus tile.")
        return {"colour": colour, "value": value, "to": to, "gold": gold, "action": action,
                "performs": joker or action, "tile": tile if bonus else None}

    def _do_take_die(self, t, seat, p, rng):
        b = t.state["boards"][seat]
        ap = 7 - p["to"] + b["markers"].get(p["performs"], 0)
        t.emit(event("die_taken", {"seat": seat, "colour": p["colour"], "value": p["value"],
                                   "to": p["to"], "gold": p["gold"], "space": p["action"],
                                   "action": p["performs"], "tile": p["tile"],
                                   "resource": D.COLOURS[p["colour"]], "gain": p["to"], "ap": ap}))
        if p["performs"] == "king":
            self._king_action(t, seat)

    # Actions -------------------------------------------------------------------------------------
    def _ctx(self, state, action_names, cost=1, ctx=None):
        ctx = context(state) if ctx is None else ctx
        if ctx is None:
            raise IllegalMove("no_action", "Take a die (or use a Helper) to perform an Action.")
        if ctx["action"] not in action_names:
            raise IllegalMove("wrong_action", f"You are performing the {ctx['action'].capitalize()} Action.")
        if ctx["ap"] < cost:
            raise IllegalMove("not_enough_ap", f"That costs {cost} AP; you have {ctx['ap']}.")
        return ctx

    def _check_move(self, state, seat, move, ctx=None):
        pawn = mv.one_of(move, "pawn", PAWNS, "your Architect or Merchant")
        town = mv.one_of(move, "town", D.TOWN_IDS, "a Town")
        self._ctx(state, [pawn], 1, ctx)
        if town not in D.NEIGHBOURS[state["boards"][seat][pawn]]:
            raise IllegalMove("no_road", "No road joins those Towns: a pawn walks one road per AP.")
        return pawn, town

    def _do_move(self, t, seat, p, rng):
        t.emit(event("pawn_moved", {"seat": seat, "pawn": p[0], "town": p[1]}))

    def _check_pillar(self, state, seat, move, ctx=None):
        self._ctx(state, ["architect"], 1, ctx)
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

    def _do_pillar(self, t, seat, town, rng):
        t.emit(event("pillar_raised", {"seat": seat, "town": town}))

    def _check_house(self, state, seat, move, ctx=None):
        self._ctx(state, ["merchant"], 1, ctx)
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

    def _do_house(self, t, seat, p, rng):
        town, bld = p
        b = t.state["boards"][seat]
        paid = []
        if bld is not None:
            paid = [D.CHARACTERS[c]["bonus"] for c in b["rooms"][bld] if c is not None and c in D.CHARACTERS]
        vp = (D.TOWNS[town]["bonus"] or {}).get("vp", 0)
        t.emit(event("house_built", {"seat": seat, "town": town, "vp": vp, "building": bld,
                                     "bonuses": paid}))

    def _check_take_bonus(self, state, seat, move, ctx=None):
        pawn = mv.one_of(move, "pawn", PAWNS, "your Architect or Merchant")
        tile = mv.tile(move)
        self._ctx(state, [pawn], 1, ctx)
        town = state["boards"][seat][pawn]
        if tile not in state["towns"][town]["bonus_tiles"]:
            raise IllegalMove("not_there", "That Bonus tile is not in your pawn's Town.")
        if not can_hold(state["boards"][seat], tile):
            raise IllegalMove("storehouse_full", "Your Storehouse has no room for that tile.")
        return town, tile

    def _do_take_bonus(self, t, seat, p, rng):
        t.emit(event("bonus_taken", {"seat": seat, "town": p[0], "tile": p[1]}))

    def _check_take_character(self, state, seat, move, ctx=None):
        self._ctx(state, ["character"], 1, ctx)
        slot = mv.integer(move, "slot", 0, D.OFFER - 1, "an offer slot")
        tile = state["characters"]["offer"][slot]
        if tile is None:
            raise IllegalMove("empty_slot", "That offer slot is empty.")
        if not can_hold(state["boards"][seat], tile):
            raise IllegalMove("storehouse_full", "Your Storehouse has no room for that tile.")
        return slot

    def _draw_characters(self, t, slots, rng):
        pool = sorted(t.state["characters"]["pile"])
        if len(pool) < len(slots):
            pool += sorted(t.state["characters"]["discard"])
        drawn = []
        for _ in slots:
            drawn.append(pool.pop(rng.randbelow(len(pool))) if pool else None)
        t.emit(event("characters_drawn", {"slots": slots, "tiles": drawn}, reveal=True))

    def _do_take_character(self, t, seat, slot, rng):
        t.emit(event("character_taken", {"seat": seat, "slot": slot,
                                         "tile": t.state["characters"]["offer"][slot]}))
        self._draw_characters(t, [slot], rng)

    def _check_refresh(self, state, seat, move, ctx=None):
        self._ctx(state, ["character"], 1, ctx)

    def _do_refresh(self, t, seat, p, rng):
        t.emit(event("characters_discarded", {"seat": seat}))
        self._draw_characters(t, list(range(D.OFFER)), rng)

    def _check_place(self, state, seat, move, ctx=None):
        tile = mv.tile(move)
        bld = mv.integer(move, "building", 0, mv.BUILDINGS - 1, "a Building")
        floor = mv.integer(move, "floor", 1, 3, "a floor")
        self._ctx(state, ["character"], D.CHARACTER_FLOOR_AP[floor - 1], ctx)
        b = state["boards"][seat]
        if tile not in b["store"] or D.TILES[tile]["kind"] != "character":
            raise IllegalMove("not_in_storehouse", "That Character is not in your Storehouse.")
        if floor > len(b["rooms"][bld]) or b["rooms"][bld][floor - 1] is not None:
            raise IllegalMove("room_taken", "That Building has no free room on that floor.")
        ctype = D.CHARACTERS[tile]["ctype"]
        here = building_type(b, bld)
        if here is not None and here != ctype:
            raise IllegalMove("wrong_type", "A Building holds one type of Character only.")
        if any(building_type(b, i) == ctype for i in range(mv.BUILDINGS) if i != bld):
            raise IllegalMove("type_elsewhere", "That type of Character is in another Building already.")
        return tile, bld, floor

    def _do_place(self, t, seat, p, rng):
        t.emit(event("character_placed", {"seat": seat, "tile": p[0], "building": p[1],
                                          "floor": p[2], "ap": D.CHARACTER_FLOOR_AP[p[2] - 1]}))

    def _check_take_contract(self, state, seat, move, ctx=None):
        slot = mv.integer(move, "slot", 0, D.OFFER - 1, "an offer slot")
        self._ctx(state, ["contract"], D.CONTRACT_OFFER_AP[slot], ctx)
        tile = state["contracts"]["offer"][slot]
        if tile is None:
            raise IllegalMove("empty_slot", "That offer slot is empty until the end of the turn.")
        if not can_hold(state["boards"][seat], tile):
            raise IllegalMove("storehouse_full", "Your Storehouse has no room for that tile.")
        return slot

    def _do_take_contract(self, t, seat, slot, rng):
        t.emit(event("contract_taken", {"seat": seat, "slot": slot, "ap": D.CONTRACT_OFFER_AP[slot],
                                        "tile": t.state["contracts"]["offer"][slot]}))

    def _check_exchange(self, state, seat, move, ctx=None):
        self._ctx(state, ["contract"], 1, ctx)
        give = mv.one_of(move, "give", D.RESOURCES, "a Resource")
        get = mv.one_of(move, "get", D.RESOURCES, "a Resource")
        extra = mv.optional(move, "extra", D.RESOURCES, "a Resource")
        if give == get:
            raise IllegalMove("same_resource", "An exchange gives one Resource for another.")
        if state["boards"][seat]["res"][give] < 1:
            raise IllegalMove("cannot_pay", f"You have no {give.capitalize()} to give.")
        first = not state["turn"]["exchanged"]
        if first and extra is None:
            raise IllegalMove("choose_extra", "The first exchange of your turn also names the extra Resource you take.")
        if not first and extra is not None:
            raise IllegalMove("no_extra", "Only the first exchange of your turn gives an extra Resource.")
        return give, get, extra

    def _do_exchange(self, t, seat, p, rng):
        t.emit(event("exchanged", {"seat": seat, "give": p[0], "get": p[1], "extra": p[2]}))

    def _check_end(self, state, seat, move):
        turn = state["turn"]
        if turn["stage"] != "action":
            raise IllegalMove("take_a_die", "Take a die before ending your turn.")
        if turn["helper"] is not None:
            raise IllegalMove("helper_open", "Finish the Helper in use first.")

    def _do_end(self, t, seat, p, rng):
        t.emit(event("turn_ended", {"seat": seat}))
        s = t.state
        empty = [i for i, c in enumerate(s["contracts"]["offer"]) if c is None]
        if empty:
            pool = sorted(s["contracts"]["pile"])
            drawn = [pool.pop(rng.randbelow(len(pool))) if pool else None for _ in empty]
            t.emit(event("contracts_drawn", {"slots": empty, "tiles": drawn}, reveal=True))
        self._advance(t, rng)

    def _check_king_bonus(self, state, seat, move):
        return mv.boolean(move, "take")

    def _do_king_bonus(self, t, seat, take, rng):
        t.emit(event("king_bonus_resolved", {"seat": seat, "take": take}))
        self._finish_round(t, rng)

    # --- legal moves -----------------------------------------------------------------------------
    def _action_moves(self, state, seat, ctx) -> list[dict]:
        """Concrete moves of the Action in ctx affordable with its AP (ctx may be hypothetical)."""
        if ctx is None or ctx["ap"] < 1:
            return []
        b = state["boards"][seat]
        a, ap = ctx["action"], ctx["ap"]
        out = []
        if a in PAWNS:
            out += [{"type": "move", "pawn": a, "town": n} for n in D.NEIGHBOURS[b[a]]]
            out += [{"type": "take_bonus", "pawn": a, "tile": x}
                    for x in state["towns"][b[a]]["bonus_tiles"] if can_hold(b, x)]
            if a == "architect":
                if self._ok(self._check_pillar, state, seat, {"type": "pillar"}, ctx):
                    out.append({"type": "pillar"})
            else:
                bonus = D.TOWNS[b["merchant"]]["bonus"] or {}
                for bld in (range(mv.BUILDINGS) if bonus.get("building") else [None]):
                    m = {"type": "house", "building": bld}
                    if self._ok(self._check_house, state, seat, m, ctx):
                        out.append(m)
        elif a == "character":
            out.append({"type": "refresh"})
            out += [{"type": "take_character", "slot": i} for i, c in enumerate(state["characters"]["offer"])
                    if c is not None and can_hold(b, c)]
            for c in b["store"]:
                if D.TILES[c]["kind"] != "character":
                    continue
                for bld, rooms in enumerate(b["rooms"]):
                    for floor in range(1, len(rooms) + 1):
                        m = {"type": "place", "tile": c, "building": bld, "floor": floor}
                        if self._ok(self._check_place, state, seat, m, ctx):
                            out.append(m)
        elif a == "contract":
            out += [{"type": "take_contract", "slot": i} for i, c in enumerate(state["contracts"]["offer"])
                    if c is not None and D.CONTRACT_OFFER_AP[i] <= ap and can_hold(b, c)]
            first = not state["turn"]["exchanged"]
            for give in D.RESOURCES:
                if b["res"][give] < 1:
                    continue
                for get in D.RESOURCES:
                    if get != give:
                        for extra in (D.RESOURCES if first else [None]):
                            out.append({"type": "exchange", "give": give, "get": get, "extra": extra})
        return out

    def _ok(self, check, state, seat, move, ctx) -> bool:
        """Run an Action check against a (possibly hypothetical) context."""
        try:
            check(state, seat, move, ctx)
            return True
        except IllegalMove:
            return False

    def legal_moves(self, state, seat):
        if seat not in self.active(state):
            return []
        if state["phase"] == "king_bonus":
            return [{"move": {"type": "king_bonus", "take": True}},
                    {"move": {"type": "king_bonus", "take": False}}]
        turn = state["turn"]
        b = state["boards"][seat]
        cands = [{"type": "buy", "resource": r} for r in D.RESOURCES[1:]]
        for x in b["store"]:
            kind = D.TILES[x]["kind"]
            if kind == "contract":
                cands.append({"type": "fulfil", "tile": x})
            elif kind == "crest":
                cands += [{"type": "crest", "tile": x, "building": i} for i in range(mv.BUILDINGS)]
            elif kind in ("helper", "plus_ap"):
                cands.append({"type": "helper", "tile": x})
        cands += [{"type": "contribute", "town": town} for town in D.CATHEDRAL_TOWNS]
        cands.append({"type": "finish_helper"})
        cands.append({"type": "end"})
        if turn["stage"] == "choose" and turn["helper"] is None:
            seen = []
            for d in state["dice"]:
                if d in seen:
                    continue
                seen.append(d)
                for to in range(1, 7):
                    joker = action_of_value(state, to) == "joker"
                    for bonus in (False, True):
                        for a in (D.CHARACTER_TYPES if joker else [None]):
                            cands.append({"type": "take_die", "colour": d["colour"], "value": d["value"],
                                          "to": to, "bonus": bonus, "action": a})
        moves = []
        for m in cands:
            try:
                getattr(self, "_check_" + m["type"])(state, seat, m)
            except IllegalMove:
                continue
            moves.append(m)
        moves += self._action_moves(state, seat, context(state))
        return [{"move": m} for m in moves]

    # --- evolve ----------------------------------------------------------------------------------
    def evolve(self, state, ev):
        getattr(self, "_on_" + ev["type"])(state, ev)
        return state

    def _on_table_set(self, s, ev):
        s["wheel"] = list(ev["wheel"])
        s["action_tiles"] = dict(ev["action_tiles"])
        s["king_bonus"] = ev["king_bonus"]
        used = set(ev["action_tiles"].values()) | {ev["king_bonus"]}
        for town, tiles in ev["town_tiles"].items():
            s["towns"][town]["bonus_tiles"] = list(tiles)
            used |= set(tiles)
        s["bonus_pile"] = [x for x in s["bonus_pile"] if x not in used]
        for town, cost in ev["costs"].items():
            tw = s["towns"][town]
            tw["cost"] = cost
            if not D.COST_TILES[cost].get("unavailable"):
                tw["cathedral_tiles"] = D.CATHEDRAL_TILE_VP[:pillar_spaces(s, town)]
        s["fairs"] = [dict(f) for f in ev["fairs"]]
        s["characters"]["offer"] = list(ev["characters"])
        s["characters"]["pile"] = [x for x in s["characters"]["pile"] if x not in ev["characters"]]
        s["contracts"]["offer"] = list(ev["contracts"])
        s["contracts"]["pile"] = [x for x in s["contracts"]["pile"] if x not in ev["contracts"]]
        s["towns"]["tiletum"]["houses"] = list(everyone(s))
        if s["bot"] is not None:
            s["decrees"] = {"cards": list(ev["decrees"]), "pawn": 0}
            s["challenges"] = list(ev["challenges"])
            s["boards"][s["bot"]]["vp"] += challenge(s, "start_vp")
        s["phase"] = "turn"

    def _on_dice_rolled(self, s, ev):
        s["round"] = ev["round"]
        s["pass"] = 0
        s["turn_pos"] = len(s["order"])  # the next step is pass 1's Corruption
        s["dice"] = [dict(d) for d in ev["dice"]]
        s["corruption"] = {"pool": list(D.CORRUPTION_TOKENS), "revealed": []}
        for b in s["boards"]:
            b["dice"] = []

    def _on_corruption(self, s, ev):
        s["pass"] = ev["pass"]
        s["turn_pos"] = -1
        s["corruption"]["pool"].remove(ev["value"])
        s["corruption"]["revealed"].append(ev["value"])
        if ev["value"]:
            for seat in s["order"]:  # moved in Turn Order: a later one lands on top
                new = max(0, s["king"]["pos"][seat] - ev["value"])
                if new != s["king"]["pos"][seat]:
                    land(s, seat, new)

    def _on_turn_started(self, s, ev):
        s["turn_pos"] += 1
        s["turn"] = {"seat": ev["seat"], "stage": "choose", "die": None, "action": None, "ap": 0,
                     "helper": None, "exchanged": False}

    def _spend(self, s, ap):
        turn = s["turn"]
        if turn["helper"] is not None:
            turn["helper"]["ap"] -= ap
            turn["helper"]["spent"] += ap
        else:
            turn["ap"] -= ap

    def _on_bought(self, s, ev):
        b = s["boards"][ev["seat"]]
        b["res"]["gold"] -= D.GOLD_PER_RESOURCE
        b["res"][ev["resource"]] += 1

    def _on_fulfilled(self, s, ev):
        b = s["boards"][ev["seat"]]
        c = D.CONTRACTS[ev["tile"]]
        for r, n in c["cost"].items():
            b["res"][r] -= n
        b["store"].remove(ev["tile"])
        b["contracts"].append(ev["tile"])
        b["pillars"] += 1
        b["vp"] += ev["vp"]
        apply_bonus(s, ev["seat"], c["reward"])

    def _on_crest_placed(self, s, ev):
        b = s["boards"][ev["seat"]]
        b["res"]["food"] -= D.CREST_FOOD[ev["building"]]
        b["store"].remove(ev["tile"])
        b["crests"][ev["building"]] = D.TILES[ev["tile"]]["family"]
        s["out"].append(ev["tile"])
        apply_bonus(s, ev["seat"], D.CREST_BONUS[ev["building"]])
        check_buildings(s, ev["seat"])

    def _on_contributed(self, s, ev):
        tw = s["towns"][ev["town"]]
        b = s["boards"][ev["seat"]]
        b["res"]["stone"] -= D.COST_TILES[tw["cost"]]["stone"]
        tw["cathedral_tiles"].pop(0)
        tw["contributed"].append(ev["seat"])
        b["vp"] += ev["vp"]

    def _on_helper_used(self, s, ev):
        b = s["boards"][ev["seat"]]
        b["store"].remove(ev["tile"])
        s["out"].append(ev["tile"])
        h = D.TILES[ev["tile"]]
        if h["kind"] == "plus_ap":
            s["turn"]["ap"] += h["ap"]
        else:
            s["turn"]["helper"] = {"tile": ev["tile"], "action": h["action"], "ap": h["ap"], "spent": 0}

    def _on_helper_finished(self, s, ev):
        s["turn"]["helper"] = None

    def _on_king_moved(self, s, ev):
        king_up(s, ev["seat"], ev["steps"])
        self._spend(s, ev["ap"])

    def _on_die_taken(self, s, ev):
        b = s["boards"][ev["seat"]]
        s["dice"].remove({"colour": ev["colour"], "value": ev["value"]})
        b["res"]["gold"] -= ev["gold"]
        b["res"][ev["resource"]] += ev["gain"]
        b["dice"].append({"colour": ev["colour"], "value": ev["to"]})
        if ev["tile"] is not None:
            s["action_tiles"][ev["space"]] = None
            b["store"].append(ev["tile"])
        if ev.get("removed") is not None:  # the Cardinalbot removes a non-Crest Bonus tile
            s["action_tiles"][ev["space"]] = None
            s["out"].append(ev["removed"])
        turn = s["turn"]
        turn.update(stage="action", die={"colour": ev["colour"], "value": ev["to"]},
                    action=ev["action"], ap=ev["ap"])

    def _on_pawn_moved(self, s, ev):
        s["boards"][ev["seat"]][ev["pawn"]] = ev["town"]
        self._spend(s, 1)

    def _on_pillar_raised(self, s, ev):
        s["boards"][ev["seat"]]["pillars"] -= 1
        s["towns"][ev["town"]]["pillars"].append(ev["seat"])
        self._spend(s, 1)

    def _on_house_built(self, s, ev):
        b = s["boards"][ev["seat"]]
        b["houses"] -= 1
        s["towns"][ev["town"]]["houses"].append(ev["seat"])
        b["vp"] += ev["vp"]
        for bonus in ev["bonuses"]:
            apply_bonus(s, ev["seat"], bonus)
        self._spend(s, 1)

    def _on_bonus_taken(self, s, ev):
        s["towns"][ev["town"]]["bonus_tiles"].remove(ev["tile"])
        s["boards"][ev["seat"]]["store"].append(ev["tile"])
        self._spend(s, 1)

    def _on_character_taken(self, s, ev):
        s["characters"]["offer"][ev["slot"]] = None
        s["boards"][ev["seat"]]["store"].append(ev["tile"])
        self._spend(s, 1)

    def _on_characters_discarded(self, s, ev):
        ch = s["characters"]
        ch["discard"] += [c for c in ch["offer"] if c is not None]
        ch["offer"] = [None] * D.OFFER
        self._spend(s, 1)

    def _on_characters_drawn(self, s, ev):
        ch = s["characters"]
        for slot, tile in zip(ev["slots"], ev["tiles"]):
            if tile is None:
                continue
            if tile not in ch["pile"]:  # the pile ran out: the discards were shuffled in
                ch["pile"] += ch["discard"]
                ch["discard"] = []
            ch["pile"].remove(tile)
            ch["offer"][slot] = tile
        ch["pile"].sort()

    def _on_character_placed(self, s, ev):
        b = s["boards"][ev["seat"]]
        b["store"].remove(ev["tile"])
        b["rooms"][ev["building"]][ev["floor"] - 1] = ev["tile"]
        apply_bonus(s, ev["seat"], D.CHARACTERS[ev["tile"]]["bonus"])
        check_buildings(s, ev["seat"])
        self._spend(s, ev["ap"])

    def _on_contract_taken(self, s, ev):
        s["contracts"]["offer"][ev["slot"]] = None
        s["boards"][ev["seat"]]["store"].append(ev["tile"])
        self._spend(s, ev["ap"])

    def _on_exchanged(self, s, ev):
        b = s["boards"][ev["seat"]]
        b["res"][ev["give"]] -= 1
        b["res"][ev["get"]] += 1
        if ev["extra"] is not None:
            b["res"][ev["extra"]] += 1
        s["turn"]["exchanged"] = True
        self._spend(s, 1)

    def _on_turn_ended(self, s, ev):
        s["turn"] = None

    def _on_contracts_drawn(self, s, ev):
        for slot, tile in zip(ev["slots"], ev["tiles"]):
            if tile is not None:
                s["contracts"]["pile"].remove(tile)
                s["contracts"]["offer"][slot] = tile

    def _on_king_bonus_offered(self, s, ev):
        s["phase"] = "king_bonus"
        s["turn"] = {"seat": ev["seat"], "stage": "king_bonus", "die": None, "action": None,
                     "ap": 0, "helper": None, "exchanged": False}

    def _on_king_bonus_resolved(self, s, ev):
        if ev["take"]:
            s["boards"][ev["seat"]]["store"].append(s["king_bonus"])
        else:
            s["out"].append(s["king_bonus"])
        s["king_bonus"] = None
        s["phase"] = "turn"
        s["turn"] = None

    def _on_king_bonus_scored(self, s, ev):
        s["boards"][ev["seat"]]["vp"] += ev["vp"]

    def _on_king_scored(self, s, ev):
        for seat, vp in enumerate(ev["vp"]):
            s["boards"][seat]["vp"] += vp

    def _on_turn_order(self, s, ev):
        s["order"] = list(ev["order"])
        for seat in s["order"]:  # markers in the red part go back to 0, in the new Turn Order
            if s["king"]["pos"][seat] < D.KING_ZERO:
                land(s, seat, D.KING_ZERO)

    def _on_fair_scored(self, s, ev):
        for seat, vp in enumerate(ev["vp"]):
            s["boards"][seat]["vp"] += vp
        if s["decrees"] is not None and s["round"] < D.ROUNDS:  # its leftmost Decree is set aside
            d = s["decrees"]
            d["cards"].pop(0)
            d["pawn"] = max(0, d["pawn"] - 1)

    def _on_decree(self, s, ev):
        s["decrees"]["pawn"] = ev["pawn"]

    def _on_bot_character(self, s, ev):
        s["boards"][ev["seat"]]["vp"] += ev["vp"]
        self._spend(s, ev["ap"])

    def _on_bot_crest(self, s, ev):
        b = s["boards"][ev["seat"]]
        b["store"].remove(ev["tile"])
        b["res"]["food"] -= D.BOT_CREST_FOOD
        s["out"].append(ev["tile"])
        b["vp"] += ev["vp"]

    def _on_cleanup(self, s, ev):
        for a, tile in ev["action_tiles"].items():
            s["action_tiles"][a] = tile
            s["bonus_pile"].remove(tile)
        if ev["king_bonus"] is not None:
            s["king_bonus"] = ev["king_bonus"]
            s["bonus_pile"].remove(ev["king_bonus"])
        s["wheel"] = s["wheel"][-1:] + s["wheel"][:-1]  # the wheel turns one step
        s["dice"] = []

    def _on_final_scored(self, s, ev):
        for seat, sc in enumerate(ev["scores"]):
            s["boards"][seat]["vp"] += sc["houses_x_pillars"] + sc["completed_vp"] + sc["resources_vp"]
        s["final"] = ev["scores"]
        s["phase"] = "over"
        s["turn"] = None

    # --- reading the state -----------------------------------------------------------------------
    def active(self, state):
        if state["phase"] in ("turn", "king_bonus") and state["turn"] is not None \
                and state["turn"]["seat"] != state["bot"]:
            return [state["turn"]["seat"]]
        return []

    def view(self, state, viewer):
        v = copy.deepcopy(state)
        if viewer != ALL:
            v["characters"]["pile"] = len(state["characters"]["pile"])
            v["contracts"]["pile"] = len(state["contracts"]["pile"])
            v["bonus_pile"] = len(state["bonus_pile"])
        v["active"] = self.active(state)
        v["context"] = context(state)
        return v

    def hidden_zones(self, state, viewer):
        if viewer == ALL:
            return []
        return [["characters", "pile"], ["contracts", "pile"], ["bonus_pile"]]

    def resample(self, state, viewer, rng):
        from engines.core.secrecy import redeal
        for zone in self.hidden_zones(state, viewer):  # each pile on its own: kinds never mix
            redeal(state, [zone], rng)
        return state

    def public_move(self, state, seat, move):
        """Every move is made in the open: dice, actions and tiles are all face up."""
        return move

    def result(self, state):
        if state["phase"] != "over":
            return None
        if state["bot"] is not None:  # solo: beat the Cardinalbot's score; a tie is a loss
            mine, its = state["boards"][0]["vp"], state["boards"][state["bot"]]["vp"]
            return {"ranking": [dict(seat=0, rank=1, points=mine, won=mine > its, **state["final"][0])],
                    "scores": [mine], "cardinalbot": dict(points=its, **state["final"][state["bot"]]),
                    "won": mine > its, "tiebreak": "a tie with the Cardinalbot is a loss"}
        order = state["order"]
        ranked = sorted(range(state["players"]),
                        key=lambda s: (-state["boards"][s]["vp"], order.index(s)))
        ranking = [dict(seat=s, rank=i + 1, points=state["boards"][s]["vp"], **state["final"][s])
                   for i, s in enumerate(ranked)]
        return {"ranking": ranking, "scores": [b["vp"] for b in state["boards"]],
                "tiebreak": "earlier in Turn Order"}
