"""No Loose Ends as a decider, in the order of the rules page: setup and the deal, Phase 1
(Planning), Phase 2 (Trick-Taking, covering a bid card), Phase 3 (Scoring), end of game, and what
the table shows. The variants are table options: Double-Cross, Getaway Cards, Simplified Scoring
and Plan B.

State (plain JSON; per-seat data as lists indexed by seat):
    players, options, max_bid
    start        the first player of round 1 (random); each round's first player is clockwise on
    round        1..3 (0 before the first deal)
    first        this round's first player: opens Planning
    phase        "planning" | "tricks" | "cover" (a trick's winner chooses a bid card) | "over"
    turn         the seat to bid, pass or play; None otherwise
    hands        each seat's hand (hidden from the others)
    set_aside    cards of the deck not dealt this round (hidden from everyone)
    bids         each seat's bid cards: {"card", "promoted", "cover", "with"}; cover is the trick
                 on it (None: uncovered); a Plan B promoted bid keeps the rest of its trick in with
    passed, pass_order, snitches   Planning: who has passed, in which order, who bid nothing
    tricks_total the round's number of tricks (fewest cards in hand after bidding)
    tricks_played
    leader       who led the trick in progress; trick: [{"seat", "card"}] played to it so far
    pending      a won trick waiting for its winner's cover choice: {"seat", "card", "eligible"}
    won          tricks won this round per seat
    loose_ends   per seat, the tricks placed face up below its bids
    scores       running totals (5 to start); history: each round's scoring lines
"""
from __future__ import annotations

import copy

from marshmallow import Schema, fields

from engines.core import ALL, Engine, IllegalMove, event
from engines.core.table import Table
from engines.no_loose_ends import cards as c
from engines.no_loose_ends.moves import SCHEMAS, parse
from engines.no_loose_ends.scoring import round_lines


class Options(Schema):
    """The four variants, each off unless the table turns it on; any combination works."""
    double_cross = fields.Boolean(load_default=False)
    getaway_cards = fields.Boolean(load_default=False)
    simplified_scoring = fields.Boolean(load_default=False)
    plan_b = fields.Boolean(load_default=False)


VARIANTS = ("double_cross", "getaway_cards", "simplified_scoring", "plan_b")


# --- Phase 2: a trick ----------------------------------------------------------------------------

def lead_card(trick: list[dict]) -> dict | None:
    """The play that sets the lead suit. Getaway Cards are suitless: when one is led the next
    player may play any card and is then the trick leader (latest revision), and so on while
    Getaway Cards follow Getaway Cards. None while only Getaway Cards are in the trick."""
    return next((p for p in trick if p["card"] != c.GETAWAY), None)


def lead_suit(trick: list[dict]) -> str | None:
    play = lead_card(trick)
    return None if play is None else c.suit_of(play["card"])


def playable(hand: list[str], trick: list[dict]) -> list[str]:
    """The cards of `hand` that may be played to `trick`: follow the lead suit if able; a
    Getaway Card may be played on any turn, even when the player could follow suit."""
    suit = lead_suit(trick)
    following = [x for x in hand if suit is not None and c.suit_of(x) == suit]
    if not following:
        return list(hand)
    return following + [x for x in hand if x == c.GETAWAY]


def winning_play(trick: list[dict]) -> dict:
    """The highest blue (trump) if any; else the highest of the lead suit. A Getaway Card never
    wins unless every card is one: then the first Getaway Card played wins."""
    trumps = [p for p in trick if c.suit_of(p["card"]) == c.TRUMP]
    if trumps:
        return max(trumps, key=lambda p: c.value_of(p["card"]))
    suit = lead_suit(trick)
    if suit is None:
        return trick[0]
    return max((p for p in trick if c.suit_of(p["card"]) == suit), key=lambda p: c.value_of(p["card"]))


def eligible_bids(bids: list[dict], winning: str, suit: str | None) -> list[str]:
    """Uncovered bid cards matching the winning card's number, its suit, or the lead suit."""
    def matches(card: str) -> bool:
        if winning != c.GETAWAY and (c.value_of(card) == c.value_of(winning)
                                     or c.suit_of(card) == c.suit_of(winning)):
            return True
        return suit is not None and c.suit_of(card) == suit
    return [b["card"] for b in bids if b["cover"] is None and matches(b["card"])]


def distinct(cards_: list[str]) -> list[str]:
    return sorted(set(cards_), key=c.sort_key)


# --- The engine ----------------------------------------------------------------------------------

class NoLooseEnds(Engine):
    name = "no-loose-ends"
    title = "No Loose Ends"
    version = 1
    min_players = 2
    max_players = 5
    options_schema = Options
    moves_schema = SCHEMAS
    skip_moves = ("pass",)  # what a seat does when its clock runs out and the table skips it

    def initial(self, players, options):
        n = players
        return {
            "players": n, "options": {k: bool(options.get(k, False)) for k in VARIANTS},
            "max_bid": c.TABLE[n]["max_bid"], "start": None, "round": 0, "first": None,
            "phase": "setup", "turn": None, "hands": [[] for _ in range(n)], "set_aside": [],
            "bids": [[] for _ in range(n)], "passed": [False] * n, "pass_order": [],
            "snitches": [], "tricks_total": None, "tricks_played": 0, "leader": None,
            "trick": [], "pending": None, "won": [0] * n, "loose_ends": [[] for _ in range(n)],
            "scores": [0] * n, "history": [],
        }

    # --- Setup ---------------------------------------------------------------------------------

    def setup(self, players, options, rng):
        t = Table(self, self.initial(players, options))
        state, emit = t.state, t.emit
        start = rng.randbelow(players)  # the first player, randomly chosen
        emit(event("game_started", {"first": start, "points": c.STARTING_POINTS}, reveal=True))
        self._deal(state, emit, rng)
        return t.events

    def _deal(self, s, emit, rng):
        """A new round: its first player (clockwise from the previous round's), the deck for the
        player count shuffled and dealt, the rest set aside unseen."""
        n, rnd = s["players"], s["round"] + 1
        emit(event("round_started", {"round": rnd, "first": (s["start"] + rnd - 1) % n}))
        deck = rng.shuffled(c.deck(n, s["options"]["getaway_cards"]))
        size = c.TABLE[n]["hand"]
        for seat in range(n):
            hand = sorted(deck[seat * size:(seat + 1) * size], key=c.sort_key)
            emit(event("dealt", {"seat": seat, "count": size}, private={"cards": ([seat], hand)},
                       reveal=True))
        rest = deck[n * size:]
        if rest:
            emit(event("set_aside", {"count": len(rest)},
                       secret={"cards": sorted(rest, key=c.sort_key)}))

    # --- decide --------------------------------------------------------------------------------

    def decide(self, state, seat, move, rng):
        if state["phase"] == "over":
            raise IllegalMove("game_over", "The game is over: three rounds have been played.")
        if type(seat) is not int or seat not in self.active(state):
            raise IllegalMove("not_your_turn", "It is not your turn.")
        kind, card = parse(move)
        step = {"planning": ("bid", "pass", "double_cross"), "tricks": ("play",),
                "cover": ("cover",)}[state["phase"]]
        if kind not in step:
            raise IllegalMove("wrong_phase", self._wrong_phase(state, kind))
        t = Table(self, state)
        s, emit = t.state, t.emit
        getattr(self, "_" + kind)(s, seat, card, emit)
        self._carry_on(s, emit, rng)
        return t.events

    @staticmethod
    def _wrong_phase(state, kind):
        now = {"planning": "It is the Planning phase: bid a card or pass.",
               "tricks": "It is the Trick-Taking phase: play a card.",
               "cover": "Choose which eligible bid card the trick you won covers."}[state["phase"]]
        return f"You cannot {kind.replace('_', '-')} now. {now}"

    def _carry_on(self, s, emit, rng):
        """Every automatic consequence that needs no further choice, until a seat must choose."""
        while True:
            if s["phase"] == "planning":
                if all(s["passed"]):
                    # the last player to pass leads; as many tricks as the shortest hand holds
                    emit(event("planning_ended", {"leader": s["pass_order"][-1],
                                                  "tricks": min(len(h) for h in s["hands"])}))
                    continue
                seat = s["turn"]
                if len(s["bids"][seat]) >= s["max_bid"] and not self._may_double_cross(s, seat):
                    emit(event("passed", {"seat": seat, "automatic": True, "snitch": False}))
                    continue
                return
            if s["phase"] == "tricks":
                if len(s["trick"]) == s["players"]:
                    self._trick_won(s, emit)
                    continue
                if not s["trick"] and any(not h for h in s["hands"]):
                    self._score_round(s, emit, rng)
                    continue
            return

    # --- Phase 1: Planning ---------------------------------------------------------------------

    @staticmethod
    def _may_double_cross(s, seat) -> bool:
        """Double-Cross: only the first player to pass, and only with bid cards to take back."""
        return s["options"]["double_cross"] and not s["pass_order"] and bool(s["bids"][seat])

    @staticmethod
    def _must_bid(s, seat) -> bool:
        """Double-Cross allows one snitch a round: once there is one, passing needs a bid."""
        return s["options"]["double_cross"] and bool(s["snitches"]) and not s["bids"][seat]

    def _bid(self, s, seat, card, emit):
        if len(s["bids"][seat]) >= s["max_bid"]:
            raise IllegalMove("max_bid_reached", f"Your bid is at the maximum of {s['max_bid']} "
                                                 "cards: you can only pass.")
        if card not in s["hands"][seat]:
            raise IllegalMove("not_in_hand", f"You have no {card} in your hand.")
        if card == c.GETAWAY:
            raise IllegalMove("getaway_not_biddable", "A Getaway Card cannot be bid.")
        emit(event("bid", {"seat": seat, "card": card}))

    def _pass(self, s, seat, card, emit):
        if self._must_bid(s, seat):
            raise IllegalMove("must_bid", "There is already a snitch this round (Double-Cross "
                                          "allows only one): bid at least one card before passing.")
        emit(event("passed", {"seat": seat, "automatic": False, "snitch": not s["bids"][seat]}))

    def _double_cross(self, s, seat, card, emit):
        if not s["options"]["double_cross"]:
            raise IllegalMove("variant_off", "This table does not play the Double-Cross variant.")
        if s["pass_order"]:
            raise IllegalMove("not_first_to_pass", "Only the first player to pass may double-cross.")
        if not s["bids"][seat]:
            raise IllegalMove("no_bid_to_take_back", "You have bid nothing: passing now already "
                                                     "makes you the snitch.")
        emit(event("double_crossed", {"seat": seat, "cards": [b["card"] for b in s["bids"][seat]]}))

    # --- Phase 2: Trick-Taking -----------------------------------------------------------------

    def _play(self, s, seat, card, emit):
        hand = s["hands"][seat]
        if card not in hand:
            raise IllegalMove("not_in_hand", f"You have no {card} in your hand.")
        if card not in playable(hand, s["trick"]):
            raise IllegalMove("must_follow_suit", f"You must follow suit: play a "
                                                  f"{lead_suit(s['trick'])} card (or a Getaway Card).")
        emit(event("played", {"seat": seat, "card": card}))

    def _trick_won(self, s, emit):
        """The trick is complete: its winner covers an eligible bid card (choosing when several
        are), or the trick is a loose end; Plan B promotes the winning card instead."""
        win, suit = winning_play(s["trick"]), lead_suit(s["trick"])
        seat, card = win["seat"], win["card"]
        eligible = eligible_bids(s["bids"][seat], card, suit)
        cards_ = [p["card"] for p in s["trick"]]
        emit(event("trick_won", {"seat": seat, "card": card, "lead_suit": suit, "cards": cards_,
                                 "eligible": eligible}))
        if len(eligible) == 1:
            emit(event("covered", {"seat": seat, "bid": eligible[0], "cards": cards_,
                                   "automatic": True}))
        elif not eligible:
            if s["options"]["plan_b"] and card != c.GETAWAY:
                rest = [x for x in cards_ if x != card]
                emit(event("promoted", {"seat": seat, "card": card, "with": rest}))
            else:
                emit(event("loose_end", {"seat": seat, "cards": cards_}))
        # several eligible: the winner chooses (phase "cover")

    def _cover(self, s, seat, card, emit):
        eligible = s["pending"]["eligible"]
        if card not in eligible:
            raise IllegalMove("not_eligible", "That is not an eligible bid card: choose one of "
                                              + ", ".join(eligible) + ".")
        emit(event("covered", {"seat": seat, "bid": card,
                               "cards": [p["card"] for p in s["trick"]], "automatic": False}))

    # --- Phase 3: Scoring, and the end of the game ---------------------------------------------

    def _score_round(self, s, emit, rng):
        lines = round_lines(s["bids"], s["loose_ends"], s["won"], s["snitches"],
                            s["options"]["simplified_scoring"])
        emit(event("round_scored", {"round": s["round"], "lines": lines,
                                    "points": [ln["points"] for ln in lines]}))
        if s["round"] < c.ROUNDS:
            self._deal(s, emit, rng)
        else:
            emit(event("game_ended", {}))

    # --- evolve --------------------------------------------------------------------------------

    def evolve(self, state, ev):
        kind, s = ev["type"], state
        n = s["players"]
        if kind == "game_started":
            s["start"], s["scores"] = ev["first"], [ev["points"]] * n
        elif kind == "round_started":
            s.update({"round": ev["round"], "first": ev["first"], "phase": "planning",
                      "turn": ev["first"], "hands": [[] for _ in range(n)], "set_aside": [],
                      "bids": [[] for _ in range(n)], "passed": [False] * n, "pass_order": [],
                      "snitches": [], "tricks_total": None, "tricks_played": 0, "leader": None,
                      "trick": [], "pending": None, "won": [0] * n,
                      "loose_ends": [[] for _ in range(n)]})
        elif kind == "dealt":
            s["hands"][ev["seat"]] = list(ev["cards"])
        elif kind == "set_aside":
            s["set_aside"] = list(ev["cards"])
        elif kind == "bid":
            s["hands"][ev["seat"]].remove(ev["card"])
            s["bids"][ev["seat"]].append({"card": ev["card"], "promoted": False, "cover": None,
                                          "with": []})
            s["turn"] = self._next_planner(s, ev["seat"])
        elif kind in ("passed", "double_crossed"):
            seat = ev["seat"]
            if kind == "double_crossed":  # the bid cards go back into the hand
                s["hands"][seat] = sorted(s["hands"][seat] + ev["cards"], key=c.sort_key)
                s["bids"][seat] = []
            if kind == "double_crossed" or ev["snitch"]:
                s["snitches"].append(seat)
            s["passed"][seat] = True
            s["pass_order"].append(seat)
            s["turn"] = self._next_planner(s, seat)
        elif kind == "planning_ended":
            s["phase"], s["turn"], s["leader"] = "tricks", ev["leader"], ev["leader"]
            s["tricks_total"] = ev["tricks"]
        elif kind == "played":
            s["hands"][ev["seat"]].remove(ev["card"])
            s["trick"].append({"seat": ev["seat"], "card": ev["card"]})
            s["turn"] = (s["leader"] + len(s["trick"])) % n if len(s["trick"]) < n else None
        elif kind == "trick_won":
            s["won"][ev["seat"]] += 1
            if len(ev["eligible"]) > 1:
                s["phase"] = "cover"
                s["pending"] = {"seat": ev["seat"], "card": ev["card"],
                                "eligible": list(ev["eligible"])}
        elif kind in ("covered", "loose_end", "promoted"):
            seat = ev["seat"]
            if kind == "covered":
                bid = next(b for b in s["bids"][seat] if b["card"] == ev["bid"])
                bid["cover"] = list(ev["cards"])
            elif kind == "loose_end":
                s["loose_ends"][seat].append(list(ev["cards"]))
            else:
                s["bids"][seat].append({"card": ev["card"], "promoted": True, "cover": None,
                                        "with": list(ev["with"])})
            # the trick is done: its winner leads the next
            s.update({"phase": "tricks", "pending": None, "trick": [], "leader": seat,
                      "turn": seat, "tricks_played": s["tricks_played"] + 1})
        elif kind == "round_scored":
            s["scores"] = [a + b for a, b in zip(s["scores"], ev["points"])]
            s["history"].append({"round": ev["round"], "lines": copy.deepcopy(ev["lines"])})
            s["turn"] = None
        elif kind == "game_ended":
            s["phase"], s["turn"] = "over", None
        else:
            raise ValueError(f"no-loose-ends: unknown event {kind!r}")
        return s

    @staticmethod
    def _next_planner(s, seat):
        """Clockwise from `seat`, the next player who has not passed; None when all have."""
        n = s["players"]
        return next(((seat + i) % n for i in range(1, n + 1) if not s["passed"][(seat + i) % n]),
                    None)

    # --- reading the state ---------------------------------------------------------------------

    def active(self, state):
        if state["phase"] == "cover":
            return [state["pending"]["seat"]]
        if state["phase"] in ("planning", "tricks") and state["turn"] is not None:
            return [state["turn"]]
        return []

    def legal_moves(self, state, seat):
        if seat not in self.active(state):
            return []
        if state["phase"] == "cover":
            return [{"move": {"type": "cover"},
                     "choose": {"card": {"one_of": list(state["pending"]["eligible"])}}}]
        hand = state["hands"][seat]
        if state["phase"] == "tricks":
            return [{"move": {"type": "play"},
                     "choose": {"card": {"one_of": distinct(playable(hand, state["trick"]))}}}]
        options = []
        biddable = distinct(x for x in hand if x != c.GETAWAY)
        if len(state["bids"][seat]) < state["max_bid"] and biddable:
            options.append({"move": {"type": "bid"}, "choose": {"card": {"one_of": biddable}}})
        if not self._must_bid(state, seat):
            options.append({"move": {"type": "pass"}})
        if self._may_double_cross(state, seat):
            options.append({"move": {"type": "double_cross"}})
        return options

    def hidden_zones(self, state, viewer):
        if viewer == ALL:
            return []
        return [["hands", s] for s in range(state["players"]) if s != viewer] + [["set_aside"]]

    def public_move(self, state, seat, move):
        """Every move is made in the open: bids are laid face up, cards played to the
        trick, covers chosen at the table."""
        return move

    def result(self, state):
        if state["phase"] != "over":
            return None
        return ranking(state)

    def view(self, state, viewer):
        """Hands are private (the others see counts) and the set-aside cards unseen; bids,
        covers, loose ends, the trick and the scores are public, as on the table."""
        n, open_view = state["players"], viewer == ALL
        trick = state["trick"]
        lead = lead_card(trick)
        out = {
            "options": dict(state["options"]),
            "round": state["round"], "rounds": c.ROUNDS, "first": state["first"],
            "phase": state["phase"], "turn": state["turn"], "active": self.active(state),
            "max_bid": state["max_bid"],
            "hand": (sorted(state["hands"][viewer], key=c.sort_key)
                     if type(viewer) is int and 0 <= viewer < n else None),
            "hand_sizes": [len(h) for h in state["hands"]],
            "set_aside": len(state["set_aside"]),
            "bids": copy.deepcopy(state["bids"]),
            "passed": list(state["passed"]), "pass_order": list(state["pass_order"]),
            "snitches": list(state["snitches"]),
            "trick": {"leader": state["leader"], "cards": copy.deepcopy(trick),
                      "lead_seat": None if lead is None else lead["seat"],
                      "lead_suit": lead_suit(trick)},
            "cover": copy.deepcopy(state["pending"]),
            "tricks": {"played": state["tricks_played"], "total": state["tricks_total"]},
            "won": list(state["won"]),
            "loose_ends": copy.deepcopy(state["loose_ends"]),
            "scores": list(state["scores"]),
            "history": copy.deepcopy(state["history"]),
            "over": state["phase"] == "over",
            "result": self.result(state),
        }
        if open_view:
            out["hands"] = [sorted(h, key=c.sort_key) for h in state["hands"]]
            out["set_aside_cards"] = sorted(state["set_aside"], key=c.sort_key)
        return out


# --- End of game ---------------------------------------------------------------------------------

def ranking(state: dict) -> dict:
    """Most points after 3 rounds; a tie goes to the tied player who scored the most in the final
    round; still tied, they share the victory (the same rank)."""
    totals = state["scores"]
    final = state["history"][-1]["lines"] if state["history"] else []
    final_points = [ln["points"] for ln in final] or [0] * len(totals)
    key = [(totals[s], final_points[s]) for s in range(len(totals))]
    order = sorted(range(len(totals)), key=lambda s: (key[s][0], key[s][1], -s), reverse=True)
    top = [s for s in order if totals[s] == totals[order[0]]]
    if len(top) == 1:
        tiebreak = "points"
    elif sum(key[s] == key[order[0]] for s in top) == 1:
        tiebreak = "final_round"
    else:
        tiebreak = "shared"
    return {
        "ranking": [{"seat": s, "rank": 1 + sum(key[o] > key[s] for o in order),
                     "points": totals[s], "final_round": final_points[s]} for s in order],
        "scores": list(totals),
        "tiebreak": tiebreak,
        "rounds": [[ln["points"] for ln in h["lines"]] for h in state["history"]],
    }
