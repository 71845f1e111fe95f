"""Iberian Gauge as a decider, in the order of the rules page: setup, the rounds, the Stock round
(buying, floating, passing, the Priority Deal), the Build round (track building, leasing, Immediate
Bonuses, the Share Value penalty, dividends), game end and scoring, and what the table shows.

State (plain JSON; seats are 0..n-1, "clockwise" is seat + 1):
    players     number of seats
    initiative  the five Railroad ids in their fixed, random initiative order
    priority    the seat holding the Priority Deal token
    cash        ₱ per seat
    railroads   {id: {"share_value": ₱ or None (not floated), "dividend_level": 1..19 or None,
                      "treasury": ₱, "shares": [owner seat of each Share sold, in purchase order],
                      "locomotives": left in supply, "track": ["c,r" of each Locomotive, in order],
                      "special_dividend_paid": bool}}
    board       {"c,r": [Railroad ids with a Locomotive there]}: occupied hexes only
    round       1..10 (0 before the first)
    phase       "setup" | "stock" | "build" | "between" (a round just ended) | "over"
    turn        the seat to act, or None
    stock       during a Stock round: {"passes": consecutive passes, "streak_start": who began
                them, "bought": [[Railroad ids bought this round] per seat]}; else None
    build       during a Build round: {"index": initiative position of the Railroad acting or
                last passed over, "railroad": the Railroad acting or None between Railroads,
                "share": index of the Share acting, "new_city": an Urban or Major City joined
                its network this turn}; else None
"""
from __future__ import annotations


from engines.core import Engine, IllegalMove, event
from engines.core.table import Table
from engines.iberian_gauge import board as bd
from engines.iberian_gauge import moves as mv
from engines.iberian_gauge.railroads import (
    FIVE_CITIES, LOCOMOTIVES, MAJOR_CITY_DIVIDEND_BONUS, MAJOR_CITY_SHARE_VALUE_BONUS,
    MAX_DIVIDEND_LEVEL, RAILROAD_IDS, RAILROADS, ROUNDS, SHARE_VALUE_MAX, SHARE_VALUE_MIN,
    SHARE_VALUE_STEP, START_DIVIDEND_LEVEL, STARTING_CASH, STARTING_SHARE_VALUES, TERRAIN,
    THRESHOLD_SHARE_VALUE_BONUS, THRESHOLDS, TOTAL_SHARES, URBAN_DIVIDEND_BONUS,
)

CITY_TERRAINS = ("urban", "major_city")


# --- Railroads: small facts read everywhere ------------------------------------------------------

def floated(rr: dict) -> bool:
    return rr["share_value"] is not None


def unsold(state: dict, rid: str) -> int:
    return RAILROADS[rid]["shares"] - len(state["railroads"][rid]["shares"])


def shares_sold(state: dict) -> int:
    return sum(len(rr["shares"]) for rr in state["railroads"].values())


def held(state: dict, seat: int, rid: str) -> int:
    return state["railroads"][rid]["shares"].count(seat)


def dividend(rid: str, level: int) -> int:
    return RAILROADS[rid]["dividends"][level - 1]


def major_cities_in(rr: dict) -> int:
    return sum(bd.terrain(h) == "major_city" for h in rr["track"])


def moved_share_value(value: int, spaces: int) -> int:
    """The Share Value `spaces` ₱4 spaces along the track, held within ₱4..₱80."""
    return max(SHARE_VALUE_MIN, min(SHARE_VALUE_MAX, value + spaces * SHARE_VALUE_STEP))


def name(rid: str) -> str:
    return RAILROADS[rid]["name"]


# --- Stock round ---------------------------------------------------------------------------------

def free_major_cities(state: dict) -> list[str]:
    """Where a floating Railroad may put its first Locomotive: a Major City holding no other
    Railroad, or any Major City once all seven are taken."""
    free = [h for h in bd.MAJOR_CITIES if not state["board"].get(h)]
    return free or list(bd.MAJOR_CITIES)


def can_buy(state: dict, seat: int, rid: str) -> bool:
    """A Share of a floated Railroad: one left, none bought by this seat this round, affordable."""
    rr = state["railroads"][rid]
    return (floated(rr) and unsold(state, rid) > 0 and rid not in state["stock"]["bought"][seat]
            and state["cash"][seat] >= rr["share_value"])


def float_values(state: dict, seat: int, rid: str) -> list[int]:
    """The starting Share Values this seat could float the Railroad at ([] if it cannot)."""
    if floated(state["railroads"][rid]) or rid in state["stock"]["bought"][seat]:
        return []
    return [v for v in STARTING_SHARE_VALUES if v <= state["cash"][seat]]


def any_purchase(state: dict, seat: int) -> bool:
    """READINGS: "cannot afford anything" means no legal purchase at all."""
    return any(can_buy(state, seat, r) or float_values(state, seat, r) for r in RAILROAD_IDS)


# --- Build round: where a Railroad may build, and at what cost -----------------------------------

def has_room(state: dict, rid: str, h: str) -> bool:
    """Easy and Difficult hexes hold one Locomotive in all; Urban and Major City hexes one per
    Railroad."""
    there = state["board"].get(h, [])
    return rid not in there if TERRAIN[bd.terrain(h)]["per_railroad"] else not there


def leasable(state: dict, rid: str) -> set[str]:
    """Hexes a lease may pass through: Easy or Difficult, holding another Railroad's Locomotive."""
    return {h for h, there in state["board"].items()
            if there and TERRAIN[bd.terrain(h)]["lease"] is not None and rid not in there}


def lease_fees(state: dict, path: list[str]) -> list[dict]:
    return [{"hex": bd.coords(h), "railroad": state["board"][h][0],
             "fee": TERRAIN[bd.terrain(h)]["lease"]} for h in path]


def build_cost(h: str) -> int:
    return TERRAIN[bd.terrain(h)]["build"]


def build_options(state: dict, rid: str) -> list[dict]:
    """Every build the Railroad may make, money aside: {"hex", "lease" (keys), "cost"} per hex next
    to its track, and per shortest leasable path to each other hex with room."""
    own = set(state["railroads"][rid]["track"])
    dist = bd.layers(own, leasable(state, rid))
    options = []
    for h in bd.ORDER:
        if not has_room(state, rid, h):
            continue
        if bd.touches(h, own):
            options.append({"hex": h, "lease": [], "cost": build_cost(h)})
            continue
        for path in bd.shortest_paths(dist, h):
            fees = sum(TERRAIN[bd.terrain(p)]["lease"] for p in path)
            options.append({"hex": h, "lease": path, "cost": build_cost(h) + fees})
    return options


def skip_reason(state: dict, rid: str, options: list[dict] | None = None) -> str | None:
    """Why the acting Share's build must be skipped, or None when its owner has a choice."""
    rr = state["railroads"][rid]
    if rr["locomotives"] == 0:
        return "no_locomotives"
    options = build_options(state, rid) if options is None else options
    if not options:
        return "nowhere_to_build"
    if all(o["cost"] > rr["treasury"] for o in options):
        return "cannot_afford"
    return None


def check_build(state: dict, rid: str, h: str, lease: list[str]) -> int:
    """The total cost of a legal build (IllegalMove otherwise)."""
    rr = state["railroads"][rid]
    if rr["locomotives"] == 0:
        raise IllegalMove("no_locomotives", f"{name(rid)} has no Locomotives left.")
    if not has_room(state, rid, h):
        if TERRAIN[bd.terrain(h)]["per_railroad"]:
            raise IllegalMove("hex_full", f"{name(rid)} already has a Locomotive in that hex.")
        raise IllegalMove("hex_full", "That hex already holds a Locomotive (Easy and Difficult "
                                      "hexes hold one in all).")
    own = set(rr["track"])
    if not lease:
        if not bd.touches(h, own):
            raise IllegalMove("not_adjacent", f"That hex is not next to {name(rid)}'s track: "
                                              "reach it by leasing a path of other Railroads' track.")
        return build_cost(h)
    if bd.touches(h, own):
        raise IllegalMove("lease_not_needed", f"That hex is next to {name(rid)}'s track: build "
                                              "there without leasing.")
    others = leasable(state, rid)
    for p in lease:
        if p in own:
            raise IllegalMove("lease_own_track", f"A lease runs through other Railroads' track, "
                                                 f"not {name(rid)}'s own.")
        if TERRAIN[bd.terrain(p)]["lease"] is None:
            raise IllegalMove("lease_through_city", "A lease never passes through an Urban hex or "
                                                    "a Major City.")
        if p not in others:
            raise IllegalMove("lease_empty_hex", "Every leased hex must hold another Railroad's "
                                                 "Locomotive: empty terrain cannot be leased.")
    steps = zip([None] + lease, lease + [h])
    if not all(bd.touches(b, own) if a is None else bd.adjacent(a, b) for a, b in steps):
        raise IllegalMove("lease_not_connected", f"The leased hexes must run, each next to the "
                                                 f"one before, from {name(rid)}'s track to the hex built.")
    dist = bd.layers(own, others)
    shortest = min(dist[n] for n in bd.NEIGHBOURS[h] if n in dist)
    if len(lease) != shortest:
        raise IllegalMove("lease_not_shortest", f"A lease must take a shortest route: {shortest} "
                                                f"leased hex{'es' if shortest > 1 else ''} here.")
    return build_cost(h) + sum(TERRAIN[bd.terrain(p)]["lease"] for p in lease)


# --- Scoring -------------------------------------------------------------------------------------

def share_worth(state: dict, seat: int) -> int:
    return sum((rr["share_value"] or 0) * rr["shares"].count(seat)
               for rr in state["railroads"].values())


def scores(state: dict) -> list[int]:
    """Cash in hand plus the Share Value of each Share owned; Treasuries are worth nothing."""
    return [state["cash"][s] + share_worth(state, s) for s in range(state["players"])]


def ranking(state: dict) -> dict:
    """Most money wins; equal money shares the place."""
    points = scores(state)
    order = sorted(range(state["players"]), key=lambda s: (-points[s], s))
    return {
        "ranking": [{"seat": s, "rank": 1 + sum(p > points[s] for p in points), "points": points[s],
                     "cash": state["cash"][s], "share_worth": share_worth(state, s)}
                    for s in order],
        "scores": points,
        "tiebreak": "shared",
    }


# --- The engine ----------------------------------------------------------------------------------

class IberianGauge(Engine):
    name = "iberian-gauge"
    title = "Iberian Gauge"
    version = 1
    min_players = 3
    max_players = 5
    moves_schema = dict(mv.SCHEMAS)
    skip_moves = ("pass", "decline")  # what a seat does when its clock runs out and the table skips it

    # --- setup -----------------------------------------------------------------------------------

    def initial(self, players, options):
        return {
            "players": players, "initiative": [], "priority": None, "cash": [0] * players,
            "railroads": {rid: {"share_value": None, "dividend_level": None, "treasury": 0,
                                "shares": [], "locomotives": LOCOMOTIVES, "track": [],
                                "special_dividend_paid": False} for rid in RAILROAD_IDS},
            "board": {}, "round": 0, "phase": "setup", "turn": None, "stock": None, "build": None,
        }

    def setup(self, players, options, rng):
        play = Table(self, self.initial(players, options))
        play.emit(event("game_set_up", {"initiative": rng.shuffled(RAILROAD_IDS),
                                        "priority": rng.randbelow(players),
                                        "cash": STARTING_CASH}, reveal=True))
        self._advance(play)
        return play.events

    # --- a move ----------------------------------------------------------------------------------

    def decide(self, state, seat, move, rng):
        if state["phase"] == "over":
            raise IllegalMove("game_over", "The game is over: all ten rounds have been played.")
        if type(seat) is not int or seat != state["turn"]:
            raise IllegalMove("not_your_turn", "It is not your turn.")
        kind = mv.move_type(move)
        play = Table(self, state)
        if state["phase"] == "stock":
            if kind not in ("float", "buy", "pass"):
                raise IllegalMove("not_now", "It is a Stock round: buy a Share, float a Railroad "
                                             "or pass.")
        elif kind not in ("build", "decline"):
            raise IllegalMove("not_now", "It is a Build round: build one hex for this Share "
                                         "or decline.")
        getattr(self, "_" + kind)(play, seat, move)
        self._advance(play)
        return play.events

    # Stock round moves

    def _float(self, play, seat, move):
        state = play.state
        rid, value = mv.railroad_of(move), mv.share_value_of(move)
        city = bd.key(mv.hex_of(move["city"], "city"))
        if floated(state["railroads"][rid]):
            raise IllegalMove("already_floated", f"{name(rid)} is already floated: buy its next "
                                                 "Share instead.")
        if value > state["cash"][seat]:
            raise IllegalMove("cannot_afford", f"You have ₱{state['cash'][seat]}, less than ₱{value}.")
        if city not in bd.HEXES or bd.terrain(city) != "major_city":
            raise IllegalMove("not_a_major_city", "A Railroad's first Locomotive goes in a Major City.")
        if city not in free_major_cities(state):
            raise IllegalMove("city_taken", "That Major City already holds another Railroad, and "
                                            "some Major City is still empty.")
        play.emit(event("railroad_floated", {"seat": seat, "railroad": rid, "share_value": value,
                                             "city": bd.coords(city)}))

    def _buy(self, play, seat, move):
        state = play.state
        rid = mv.railroad_of(move)
        rr = state["railroads"][rid]
        if not floated(rr):
            raise IllegalMove("not_floated", f"{name(rid)} has not been floated yet: float it, "
                                             "choosing its starting Share Value and Major City.")
        if rid in state["stock"]["bought"][seat]:
            raise IllegalMove("one_share_per_round", f"You have already bought a {name(rid)} Share "
                                                     "this round.")
        if unsold(state, rid) == 0:
            raise IllegalMove("sold_out", f"Every {name(rid)} Share has been sold.")
        if state["cash"][seat] < rr["share_value"]:
            raise IllegalMove("cannot_afford", f"You have ₱{state['cash'][seat]}, less than "
                                               f"₱{rr['share_value']}.")
        play.emit(event("share_bought", {"seat": seat, "railroad": rid, "price": rr["share_value"],
                                         "share": len(rr["shares"])}))

    def _pass(self, play, seat, move):
        play.emit(event("passed", {"seat": seat, "auto": False, "reason": None}))

    # Build round moves

    def _build(self, play, seat, move):
        state = play.state
        rid, j = state["build"]["railroad"], state["build"]["share"]
        target = mv.hex_of(move["hex"], "hex")
        lease = mv.lease_of(move)
        for h in [target] + lease:
            if bd.key(h) not in bd.HEXES:
                raise IllegalMove("no_such_hex", f"There is no hex {h} on the map.")
        h, path = bd.key(target), [bd.key(p) for p in lease]
        cost = check_build(state, rid, h, path)
        treasury = state["railroads"][rid]["treasury"]
        if cost > treasury:
            raise IllegalMove("cannot_afford", f"That build costs ₱{cost}; {name(rid)}'s Treasury "
                                               f"holds ₱{treasury}.")
        play.emit(event("built", {"railroad": rid, "seat": seat, "share": j, "hex": bd.coords(h),
                                  "terrain": bd.terrain(h), "build_cost": build_cost(h),
                                  "lease": lease_fees(state, path), "cost": cost}))
        self._immediate_bonuses(play, rid, bd.terrain(h))

    def _decline(self, play, seat, move):
        build = play.state["build"]
        play.emit(event("declined", {"railroad": build["railroad"], "seat": seat,
                                     "share": build["share"]}))

    # --- Build round: Immediate Bonuses, penalty, dividends --------------------------------------

    def _move_dividend_level(self, play, rid, spaces, reason):
        level = play.state["railroads"][rid]["dividend_level"]
        play.emit(event("dividend_level_moved", {"railroad": rid, "reason": reason, "spaces": spaces,
                                                 "level": min(MAX_DIVIDEND_LEVEL, level + spaces)}))

    def _move_share_value(self, play, rid, spaces, reason, **extra):
        value = play.state["railroads"][rid]["share_value"]
        play.emit(event("share_value_moved", {"railroad": rid, "reason": reason, "spaces": spaces,
                                              "share_value": moved_share_value(value, spaces),
                                              **extra}))

    def _pay(self, play, kind, rid, per_share, **extra):
        """Bank pays per Share: to each player for their Shares, to the Treasury for unsold ones."""
        state = play.state
        players = [per_share * held(state, s, rid) for s in range(state["players"])]
        play.emit(event(kind, {"railroad": rid, "per_share": per_share, **extra, "players": players,
                               "treasury": per_share * unsold(state, rid)}))

    def _immediate_bonuses(self, play, rid, terrain):
        """In order: Urban, Major City, thresholds crossed, the five-Major-Cities Special Dividend."""
        rr = play.state["railroads"][rid]
        before = rr["dividend_level"]
        if terrain == "urban":
            self._move_dividend_level(play, rid, URBAN_DIVIDEND_BONUS, "urban")
        if terrain == "major_city":
            self._move_dividend_level(play, rid, MAJOR_CITY_DIVIDEND_BONUS, "major_city")
            self._move_share_value(play, rid, MAJOR_CITY_SHARE_VALUE_BONUS, "major_city")
        for threshold in THRESHOLDS:
            if before < threshold <= rr["dividend_level"]:
                self._move_share_value(play, rid, THRESHOLD_SHARE_VALUE_BONUS, "threshold",
                                       threshold=threshold)
        if not rr["special_dividend_paid"] and major_cities_in(rr) >= FIVE_CITIES:
            self._pay(play, "special_dividend_paid", rid, RAILROADS[rid]["special_dividend"])

    def _end_railroad_turn(self, play, rid):
        """Step 3, the Share Value penalty (one space per player-owned Share, build or not), and
        step 4, the dividend at the current Dividend level."""
        state = play.state
        if not state["build"]["new_city"]:
            self._move_share_value(play, rid, -len(state["railroads"][rid]["shares"]), "penalty")
        level = state["railroads"][rid]["dividend_level"]
        self._pay(play, "dividend_paid", rid, dividend(rid, level), level=level)
        play.emit(event("railroad_turn_ended", {"railroad": rid}))

    # --- automatic consequences: everything until a seat has a choice or the game ends -----------

    def _advance(self, play):
        while True:
            state = play.state
            phase = state["phase"]
            if phase == "over":
                return
            if phase in ("setup", "between"):
                if state["round"] == len(ROUNDS):
                    play.emit(event("game_ended", {"scores": scores(state)}))
                    return
                play.emit(event("round_started", {"round": state["round"] + 1,
                                                  "kind": ROUNDS[state["round"]]}))
            elif phase == "stock":
                if not self._stock_step(play):
                    return
            elif not self._build_step(play):
                return

    def _stock_step(self, play) -> bool:
        """One automatic step of a Stock round; False when the seat to act has a choice."""
        state, stock = play.state, play.state["stock"]
        if shares_sold(state) == TOTAL_SHARES:
            play.emit(event("stock_round_ended", {"round": state["round"], "reason": "sold_out",
                                                  "priority": state["priority"]}))
        elif stock["passes"] == state["players"]:
            play.emit(event("stock_round_ended", {"round": state["round"], "reason": "all_passed",
                                                  "priority": stock["streak_start"]}))
        elif not any_purchase(state, state["turn"]):
            play.emit(event("passed", {"seat": state["turn"], "auto": True,
                                       "reason": "no_legal_purchase"}))
        else:
            return False
        return True

    def _build_step(self, play) -> bool:
        """One automatic step of a Build round; False when the seat to act has a choice."""
        state, build = play.state, play.state["build"]
        rid = build["railroad"]
        if rid is None:
            nxt = build["index"] + 1
            if nxt == len(state["initiative"]):
                play.emit(event("build_round_ended", {"round": state["round"]}))
                return True
            rid = state["initiative"][nxt]
            if not state["railroads"][rid]["shares"]:
                play.emit(event("railroad_skipped", {"railroad": rid, "reason": "no_shares_sold"}))
            else:
                play.emit(event("railroad_turn_started", {"railroad": rid}))
            return True
        shares = state["railroads"][rid]["shares"]
        if build["share"] == len(shares):
            self._end_railroad_turn(play, rid)
            return True
        reason = skip_reason(state, rid)
        if reason is None:
            return False
        play.emit(event("build_skipped", {"railroad": rid, "seat": shares[build["share"]],
                                          "share": build["share"], "reason": reason}))
        return True

    # --- evolve ----------------------------------------------------------------------------------

    def evolve(self, state, ev):
        kind = ev["type"]
        handler = getattr(self, "_on_" + kind, None)
        if handler is None:
            raise ValueError(f"iberian-gauge: unknown event {kind!r}")
        handler(state, ev)
        return state

    @staticmethod
    def _next_seat(state, seat):
        return (seat + 1) % state["players"]

    @staticmethod
    def _next_share(state):
        build = state["build"]
        build["share"] += 1
        shares = state["railroads"][build["railroad"]]["shares"]
        state["turn"] = shares[build["share"]] if build["share"] < len(shares) else None

    def _on_game_set_up(self, state, ev):
        state["initiative"] = list(ev["initiative"])
        state["priority"] = ev["priority"]
        state["cash"] = [ev["cash"]] * state["players"]

    def _on_round_started(self, state, ev):
        state["round"], state["phase"] = ev["round"], ev["kind"]
        if ev["kind"] == "stock":
            state["stock"] = {"passes": 0, "streak_start": None,
                              "bought": [[] for _ in range(state["players"])]}
            state["turn"] = state["priority"]
        else:
            state["build"] = {"index": -1, "railroad": None, "share": 0, "new_city": False}
            state["turn"] = None

    def _bought(self, state, seat, rid, price):
        rr = state["railroads"][rid]
        state["cash"][seat] -= price
        rr["treasury"] += price
        rr["shares"].append(seat)
        state["stock"]["bought"][seat].append(rid)
        state["stock"]["passes"], state["stock"]["streak_start"] = 0, None
        state["turn"] = self._next_seat(state, seat)

    def _on_railroad_floated(self, state, ev):
        rid, h = ev["railroad"], bd.key(ev["city"])
        rr = state["railroads"][rid]
        rr["share_value"], rr["dividend_level"] = ev["share_value"], START_DIVIDEND_LEVEL
        rr["locomotives"] -= 1
        rr["track"].append(h)
        state["board"].setdefault(h, []).append(rid)
        self._bought(state, ev["seat"], rid, ev["share_value"])

    def _on_share_bought(self, state, ev):
        self._bought(state, ev["seat"], ev["railroad"], ev["price"])

    def _on_passed(self, state, ev):
        stock = state["stock"]
        stock["passes"] += 1
        if stock["passes"] == 1:
            stock["streak_start"] = ev["seat"]
        state["turn"] = self._next_seat(state, ev["seat"])

    def _on_stock_round_ended(self, state, ev):
        state["priority"] = ev["priority"]
        state["phase"], state["stock"], state["turn"] = "between", None, None

    def _on_railroad_skipped(self, state, ev):
        state["build"]["index"] = state["initiative"].index(ev["railroad"])

    def _on_railroad_turn_started(self, state, ev):
        rid = ev["railroad"]
        state["build"] = {"index": state["initiative"].index(rid), "railroad": rid, "share": 0,
                          "new_city": False}
        state["turn"] = state["railroads"][rid]["shares"][0]

    def _on_built(self, state, ev):
        rid, h = ev["railroad"], bd.key(ev["hex"])
        rr = state["railroads"][rid]
        rr["treasury"] -= ev["cost"]
        for lease in ev["lease"]:
            state["railroads"][lease["railroad"]]["treasury"] += lease["fee"]
        rr["locomotives"] -= 1
        rr["track"].append(h)
        state["board"].setdefault(h, []).append(rid)
        if ev["terrain"] in CITY_TERRAINS:
            state["build"]["new_city"] = True
        self._next_share(state)

    def _on_declined(self, state, ev):
        self._next_share(state)

    def _on_build_skipped(self, state, ev):
        self._next_share(state)

    def _on_dividend_level_moved(self, state, ev):
        state["railroads"][ev["railroad"]]["dividend_level"] = ev["level"]

    def _on_share_value_moved(self, state, ev):
        state["railroads"][ev["railroad"]]["share_value"] = ev["share_value"]

    def _on_paid(self, state, ev):
        for seat, amount in enumerate(ev["players"]):
            state["cash"][seat] += amount
        state["railroads"][ev["railroad"]]["treasury"] += ev["treasury"]

    def _on_special_dividend_paid(self, state, ev):
        self._on_paid(state, ev)
        state["railroads"][ev["railroad"]]["special_dividend_paid"] = True

    def _on_dividend_paid(self, state, ev):
        self._on_paid(state, ev)

    def _on_railroad_turn_ended(self, state, ev):
        state["build"]["railroad"], state["turn"] = None, None

    def _on_build_round_ended(self, state, ev):
        state["phase"], state["build"], state["turn"] = "between", None, None

    def _on_game_ended(self, state, ev):
        state["phase"], state["turn"] = "over", None

    # --- reading the state -----------------------------------------------------------------------

    def active(self, state):
        return [] if state["phase"] == "over" or state["turn"] is None else [state["turn"]]

    def legal_moves(self, state, seat):
        if type(seat) is not int or seat not in self.active(state):
            return []
        if state["phase"] == "stock":
            return self._stock_options(state, seat)
        return self._build_options(state)

    def _stock_options(self, state, seat):
        options = [{"move": {"type": "pass"}}]
        cities = [bd.coords(h) for h in free_major_cities(state)]
        for rid in state["initiative"]:
            if can_buy(state, seat, rid):
                options.append({"move": {"type": "buy", "railroad": rid}})
            values = float_values(state, seat, rid)
            if values:
                options.append({"move": {"type": "float", "railroad": rid},
                                "choose": {"share_value": {"one_of": values},
                                           "city": {"one_of": cities}}})
        return options

    def _build_options(self, state):
        rid = state["build"]["railroad"]
        treasury = state["railroads"][rid]["treasury"]
        options = [{"move": {"type": "decline"}}]
        leases: dict[str, list] = {}
        for o in build_options(state, rid):
            if o["cost"] > treasury:
                continue
            if not o["lease"]:
                options.append({"move": {"type": "build", "hex": bd.coords(o["hex"]), "lease": []}})
            else:
                leases.setdefault(o["hex"], []).append([bd.coords(p) for p in o["lease"]])
        for h, paths in leases.items():
            options.append({"move": {"type": "build", "hex": bd.coords(h)},
                            "choose": {"lease": {"one_of": paths}}})
        return options

    def public_move(self, state, seat, move):
        """Every move is made in the open: shares, builds and leases are public."""
        return move

    def result(self, state):
        return ranking(state) if state["phase"] == "over" else None

    def view(self, state, viewer):
        """Everything in Iberian Gauge is public: every viewer sees the same table."""
        n = state["players"]
        railroads = []
        for rid in state["initiative"] or RAILROAD_IDS:
            rr = state["railroads"][rid]
            railroads.append({
                "id": rid, "name": name(rid), "floated": floated(rr),
                "share_value": rr["share_value"], "dividend_level": rr["dividend_level"],
                "dividend": dividend(rid, rr["dividend_level"]) if floated(rr) else None,
                "treasury": rr["treasury"], "shares": list(rr["shares"]),
                "shares_total": RAILROADS[rid]["shares"], "shares_left": unsold(state, rid),
                "locomotives": rr["locomotives"], "track": [bd.coords(h) for h in rr["track"]],
                "major_cities": major_cities_in(rr),
                "special_dividend": RAILROADS[rid]["special_dividend"],
                "special_dividend_paid": rr["special_dividend_paid"],
            })
        build = state["build"]
        acting = None
        if build is not None and build["railroad"] is not None:
            acting = {"railroad": build["railroad"], "share": build["share"],
                      "owner": state["turn"], "new_city": build["new_city"]}
        stock = state["stock"]
        return {
            "players": n,
            "round": state["round"], "rounds": list(ROUNDS),
            "round_kind": ROUNDS[state["round"] - 1] if state["round"] else None,
            "phase": state["phase"], "turn": state["turn"], "priority": state["priority"],
            "initiative": list(state["initiative"]),
            "cash": list(state["cash"]),
            "shares_held": [{rid: held(state, s, rid) for rid in RAILROAD_IDS} for s in range(n)],
            "scores": scores(state),
            "railroads": railroads,
            "stock": None if stock is None else {
                "passes": stock["passes"], "streak_start": stock["streak_start"],
                "bought": [list(b) for b in stock["bought"]]},
            "build": acting,
            "board": [{"hex": bd.coords(h), "terrain": bd.terrain(h), "name": bd.HEXES[h]["name"],
                       "railroads": list(state["board"].get(h, []))} for h in bd.ORDER],
            "over": state["phase"] == "over",
            "result": self.result(state),
        }
