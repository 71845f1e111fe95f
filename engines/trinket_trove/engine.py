"""Trinket Trove as a decider, in the rulebook's order: setup, round setup, bidding & turn order,
drafting (with Nimbus at two players), end of round, game end and final score, the view.

State (plain JSON). A *collector* is a seat (int) or "nimbus" (the 2-player bot, not a seat).
    players     human seats
    ladders     "online" or "printed" (table option)
    nimbus      True at two players
    characters  the character tile of each seat
    rounds      6, or 5 at 5-6 collectors
    round       the round being played (0 before the first)
    phase       "setup", "bidding", "drafting" or "over"
    order       the turn order row, First to Last (collectors)
    turn        index in `order` of the collector to bid or draft (len(order): all done)
    claims      lots the current drafter has claimed this turn
    unseen      ids of the cards nobody has seen: the draw deck and the timer deck together.
                No order is kept: a draw picks uniformly from these at decide time (the same as a
                shuffled deck, since every unseen card is alike to every seat), so no state field
                is secret; the contents are private to the table (they would tell the hands).
    timer       cards left in the timer deck (they are among `unseen`)
    hands       card ids per seat, in deck order
    lots        this round's lots: {"cards", "bid_of", "zero", "seq", "claimed_by"}; the round
                setup lots first (lot 0 is the "first lot"), then each bid as it is placed
                (seq: its place in bidding order; zero: a 0-bid)
    set_aside   the cards Nimbus claimed: out of the game
    tie         {"chooser", "lots"} while a human must choose Nimbus's pick, else None
    final       the result, once the game has ended
"""
from __future__ import annotations

import copy

from marshmallow import Schema, fields
from marshmallow.validate import OneOf

from engines.core import ALL, Engine, IllegalMove, event
from engines.core.piles import draw_from_names
from engines.core.table import Table
from engines.trinket_trove import cards as tc
from engines.trinket_trove import nimbus
from engines.trinket_trove.cards import MIRROR, trinket, value
from engines.trinket_trove.moves import (SCHEMAS, move_type, parse_bid, parse_draft,
                                         parse_nimbus_pick)
from engines.trinket_trove.nimbus import NIMBUS
from engines.trinket_trove.scoring import score_hand


class Options(Schema):
    ladders = fields.String(load_default=tc.DEFAULT_LADDERS, validate=OneOf(sorted(tc.LADDERS)),
                            metadata={"description": "scoring ladders: the online rules page "
                                                     "(default) or the printed rulebook"})


def collectors(state: dict) -> list:
    return list(range(state["players"])) + ([NIMBUS] if state["nimbus"] else [])


def by(collector) -> str | None:
    return NIMBUS if collector == NIMBUS else None


def draw(pool: list[str], rng, k: int) -> list[str]:
    """k cards drawn uniformly from the unseen ones (the deck's top cards, as good as shuffled),
    in deck order (engines.core.piles)."""
    return draw_from_names(pool, k, rng, key=tc.POSITION.__getitem__)


# --- Setup ------------------------------------------------------------------------------------------

def deal(players: int, rng) -> tuple[list[list[str]], list[int]]:
    """4 cards each; each dealt Mirror is swapped for a non-Mirror card from the deck, which is
    then reshuffled (drawing uniformly needs no reshuffle). Returns hands and swaps per seat."""
    pool = list(tc.DECK)
    hands = []
    for _ in range(players):
        hand = draw(pool, rng, tc.HAND_SIZE)
        pool = [c for c in pool if c not in hand]
        hands.append(hand)
    swaps = []
    for hand in hands:
        mirrors = [c for c in hand if trinket(c) == MIRROR]
        for card in mirrors:
            hand.remove(card)
            pool.append(card)
            other = rng.choice([c for c in tc.in_order(pool) if trinket(c) != MIRROR])
            pool.remove(other)
            hand.append(other)
        swaps.append(len(mirrors))
    return [tc.in_order(h) for h in hands], swaps


# --- Round Setup ------------------------------------------------------------------------------------

def round_setup(state: dict, rng) -> dict:
    """One lot per collector from the deck; a timer card on the first lot (first two at 5-6)."""
    n = len(state["order"])
    pool = list(state["unseen"])
    lots = []
    for _ in range(n):
        card = draw(pool, rng, 1)
        pool.remove(card[0])
        lots.append(card)
    timer_cards = tc.timer_cards_per_round(n)
    for lot in lots[:timer_cards]:
        card = draw(pool, rng, 1)
        pool.remove(card[0])
        lot.extend(card)
    return event("round_started", {"round": state["round"] + 1, "lots": lots,
                                   "timer_cards": timer_cards}, reveal=True)


# --- Bidding & Turn Order ---------------------------------------------------------------------------

def bid_rank(lot: dict) -> tuple[int, int, int]:
    """Higher ranks further left: more cards (a 0-bid counts 0), then total value (a 0-bid's
    flipped card still counts), then the later bid."""
    count = 0 if lot["zero"] else len(lot["cards"])
    return count, sum(value(c) for c in lot["cards"]), lot["seq"]


def bid_row(state: dict) -> list[int]:
    """This round's bids, strongest (leftmost) first, as lot numbers."""
    bids = [i for i, lot in enumerate(state["lots"]) if lot["seq"] is not None]
    return sorted(bids, key=lambda i: bid_rank(state["lots"][i]), reverse=True)


def bid_event(collector, cards: list[str], zero: bool) -> dict:
    shown = zero or collector == NIMBUS  # cards flipped from the deck: a reveal
    return event("bid", {"collector": collector, "cards": tc.in_order(cards), "zero": zero},
                 reveal=shown, by=by(collector))


# --- Drafting -----------------------------------------------------------------------------------------

def claim_event(state: dict, collector, lot: int, how: str, chosen_by: int | None = None) -> dict:
    fields_ = {"collector": collector, "lot": lot, "cards": list(state["lots"][lot]["cards"]),
               "how": how}
    if chosen_by is not None:
        fields_["chosen_by"] = chosen_by
    return event("claimed", fields_, by=by(collector))


def claimable(state: dict, collector) -> list[int]:
    """Lots still in the center or the bid row, except the drafter's own bid."""
    return [i for i, lot in enumerate(state["lots"])
            if lot["claimed_by"] is None and lot["bid_of"] != collector]


# --- Final Score ----------------------------------------------------------------------------------------

def final_result(state: dict) -> dict:
    """Most trinket points; a tie goes to the seat closest to First in the final turn order."""
    seats = range(state["players"])
    scored = [score_hand(state["hands"][s], state["ladders"]) for s in seats]
    points = [s["points"] for s in scored]
    place = {s: i for i, s in enumerate(c for c in state["order"] if c != NIMBUS)}
    ranked = sorted(seats, key=lambda s: (-points[s], place[s]))
    return {
        "ranking": [{"seat": s, "rank": r + 1, "points": points[s],
                     "character": state["characters"][s], "turn_order": place[s] + 1,
                     "sets": scored[s]["sets"], "mirrors_unused": scored[s]["mirrors_unused"]}
                    for r, s in enumerate(ranked)],
        "scores": points,
        "tiebreak": "turn_order" if len(set(points)) < len(points) else "points",
        "order": list(state["order"]),
        "ladders": state["ladders"],
    }


# --- The engine -------------------------------------------------------------------------------------------

class TrinketTrove(Engine):
    name = "trinket-trove"
    title = "Trinket Trove"
    version = 1
    min_players = 2
    max_players = 6
    options_schema = Options
    moves_schema = SCHEMAS

    def initial(self, players, options):
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Trinket Trove is played by 2 to 6 players, not {players}")
        with_nimbus = players == 2
        return {
            "players": players,
            "ladders": (options or {}).get("ladders", tc.DEFAULT_LADDERS),
            "nimbus": with_nimbus,
            "characters": tc.CHARACTERS[:players],
            "rounds": tc.rounds(players + with_nimbus),
            "round": 0, "phase": "setup", "order": [], "turn": 0, "claims": 0,
            "unseen": list(tc.DECK), "timer": 0,
            "hands": [[] for _ in range(players)],
            "lots": [], "set_aside": [], "tie": None, "final": None,
        }

    def setup(self, players, options, rng):
        t = Table(self, self.initial(players, options))
        t.emit(event("turn_order_drawn", {"order": rng.shuffled(collectors(t.state))},
                     reveal=True))
        hands, swaps = deal(players, rng)
        for seat, hand in enumerate(hands):
            t.emit(event("dealt", {"seat": seat, "mirrors_swapped": swaps[seat]},
                         private={"hand": ([seat], hand)}, reveal=True))
        t.emit(event("timer_deck_made", {"cards": tc.timer_deck_size(len(t.state["order"]))}))
        t.emit(round_setup(t.state, rng))
        self._carry_on(t, rng)
        return t.events

    # --- a move -------------------------------------------------------------------------------
    def decide(self, state, seat, move, rng):
        if state["phase"] == "over":
            raise IllegalMove("game_over", "The game is over: the timer deck is spent.")
        if type(seat) is not int or seat not in self.active(state):
            raise IllegalMove("not_your_turn", "It is not your turn.")
        kind = move_type(move)
        expected = self._expected(state)
        if kind != expected:
            raise IllegalMove("not_now", {
                "bid": "It is your turn to bid.",
                "draft": "It is your turn to claim two lots.",
                "nimbus_pick": "Nimbus's pick is tied: choose which of the tied lots it takes.",
            }[expected])
        t = Table(self, state)
        if kind == "bid":
            self._bid(t, seat, parse_bid(move), rng)
        elif kind == "draft":
            self._draft(t, seat, parse_draft(move))
        else:
            self._nimbus_pick(t, seat, parse_nimbus_pick(move))
        self._carry_on(t, rng)
        return t.events

    @staticmethod
    def _expected(state) -> str:
        if state["phase"] == "bidding":
            return "bid"
        return "nimbus_pick" if state["tie"] else "draft"

    @staticmethod
    def _bid(t: Table, seat: int, chosen: list[str], rng) -> None:
        hand = t.state["hands"][seat]
        missing = [c for c in chosen if c not in hand]
        if missing:
            raise IllegalMove("not_in_hand", f"You do not hold the card {missing[0]!r}.")
        if chosen:
            t.emit(bid_event(seat, chosen, zero=False))
        else:  # bid 0: flip the top card of the draw deck as the bid
            t.emit(bid_event(seat, draw(t.state["unseen"], rng, 1), zero=True))

    @staticmethod
    def _draft(t: Table, seat: int, lots: list[int]) -> None:
        state = t.state
        for lot in lots:
            if not 0 <= lot < len(state["lots"]):
                raise IllegalMove("no_such_lot", f"There is no lot {lot} this round.")
            if state["lots"][lot]["claimed_by"] is not None:
                raise IllegalMove("lot_claimed", f"Lot {lot} has already been claimed.")
            if state["lots"][lot]["bid_of"] == seat:
                raise IllegalMove("own_bid", "You may not claim your own bid.")
        for lot in lots:
            t.emit(claim_event(state, seat, lot, "draft"))

    @staticmethod
    def _nimbus_pick(t: Table, seat: int, lot: int) -> None:
        if lot not in t.state["tie"]["lots"]:
            raise IllegalMove("not_tied", "Choose one of the tied lots: "
                              + ", ".join(map(str, t.state["tie"]["lots"])) + ".")
        t.emit(claim_event(t.state, NIMBUS, lot, "tie", chosen_by=seat))

    # --- automatic consequences ---------------------------------------------------------------
    def _carry_on(self, t: Table, rng) -> None:
        """Everything that follows without a choice: Nimbus's bid and picks, the turn order once
        all have bid, the last drafter's claim, the next round's setup, the final score."""
        while True:
            s = t.state
            last = len(s["order"]) - 1
            if s["phase"] == "bidding":
                if s["turn"] > last:
                    row = bid_row(s)
                    t.emit(event("turn_order_set", {"order": [s["lots"][i]["bid_of"] for i in row],
                                                    "bid_row": row}))
                elif s["order"][s["turn"]] == NIMBUS:
                    t.emit(bid_event(NIMBUS, draw(s["unseen"], rng, tc.NIMBUS_BID), zero=False))
                else:
                    return  # a human bids
            elif s["phase"] == "drafting":
                if s["tie"]:
                    return  # the human closest to First chooses
                if s["turn"] > last:  # End of Round
                    if s["timer"]:
                        t.emit(round_setup(s, rng))
                    else:
                        t.emit(event("game_ended", {"result": final_result(s)}, reveal=True))
                        return
                    continue
                drafter = s["order"][s["turn"]]
                if s["turn"] == last:  # the last drafter takes all that remains
                    for lot in [i for i, l in enumerate(s["lots"]) if l["claimed_by"] is None]:
                        t.emit(claim_event(s, drafter, lot, "last"))
                elif drafter == NIMBUS:
                    outcome, lots = nimbus.next_pick(s)
                    if outcome == "tie":
                        t.emit(event("nimbus_tie", {"chooser": nimbus.chooser(s["order"]),
                                                    "lots": lots}, by=NIMBUS))
                        return
                    t.emit(claim_event(s, NIMBUS, lots[0], "nimbus"))
                else:
                    return  # a human drafts
            else:
                return

    # --- events -------------------------------------------------------------------------------
    def evolve(self, state, ev):
        kind = ev["type"]
        if kind == "turn_order_drawn":
            state["order"] = list(ev["order"])
        elif kind == "dealt":
            state["hands"][ev["seat"]] = list(ev["hand"])
            taken = set(ev["hand"])
            state["unseen"] = [c for c in state["unseen"] if c not in taken]
        elif kind == "timer_deck_made":
            state["timer"] = ev["cards"]
        elif kind == "round_started":
            drawn = {c for lot in ev["lots"] for c in lot}
            state["unseen"] = [c for c in state["unseen"] if c not in drawn]
            state["timer"] -= ev["timer_cards"]
            state["round"] = ev["round"]
            state["lots"] = [{"cards": list(lot), "bid_of": None, "zero": False, "seq": None,
                              "claimed_by": None} for lot in ev["lots"]]
            state["phase"], state["turn"], state["claims"], state["tie"] = "bidding", 0, 0, None
        elif kind == "bid":
            who, shown = ev["collector"], set(ev["cards"])
            if ev["zero"] or who == NIMBUS:
                state["unseen"] = [c for c in state["unseen"] if c not in shown]
            else:
                state["hands"][who] = [c for c in state["hands"][who] if c not in shown]
            seq = sum(lot["seq"] is not None for lot in state["lots"])
            state["lots"].append({"cards": list(ev["cards"]), "bid_of": who, "zero": ev["zero"],
                                  "seq": seq, "claimed_by": None})
            state["turn"] += 1
        elif kind == "turn_order_set":
            state["order"] = list(ev["order"])
            state["phase"], state["turn"], state["claims"] = "drafting", 0, 0
        elif kind == "nimbus_tie":
            state["tie"] = {"chooser": ev["chooser"], "lots": list(ev["lots"])}
        elif kind == "claimed":
            who, lot = ev["collector"], state["lots"][ev["lot"]]
            lot["claimed_by"] = who
            if who == NIMBUS:
                state["set_aside"] = tc.in_order(state["set_aside"] + lot["cards"])
            else:
                state["hands"][who] = tc.in_order(state["hands"][who] + lot["cards"])
            state["tie"] = None
            state["claims"] += 1
            if state["claims"] == tc.LOTS_PER_TURN:
                state["turn"], state["claims"] = state["turn"] + 1, 0
        elif kind == "game_ended":
            state["phase"], state["final"] = "over", ev["result"]
        else:
            raise ValueError(f"trinket-trove: unknown event {kind!r}")
        return state

    # --- reading the state --------------------------------------------------------------------
    def active(self, state):
        if state["phase"] not in ("bidding", "drafting") or state["turn"] >= len(state["order"]):
            return []
        if state["tie"]:
            return [state["tie"]["chooser"]]
        who = state["order"][state["turn"]]
        if who == NIMBUS or (state["phase"] == "drafting" and state["turn"] == len(state["order"]) - 1):
            return []  # never at rest: Nimbus and the last drafter act inside decide
        return [who]

    def legal_moves(self, state, seat):
        if type(seat) is not int or seat not in self.active(state):
            return []
        if state["tie"]:
            return [{"move": {"type": "nimbus_pick"},
                     "choose": {"lot": {"one_of": list(state["tie"]["lots"])}}}]
        if state["phase"] == "bidding":
            hand = state["hands"][seat]
            return [{"move": {"type": "bid"},
                     "choose": {"cards": {"subset": list(hand), "min": 0, "max": len(hand)}}}]
        return [{"move": {"type": "draft"},
                 "choose": {"lots": {"subset": claimable(state, seat), "min": 2, "max": 2}}}]

    def public_move(self, state, seat, move):
        """Every move is made in the open: bids are laid face up in the bid row, lots
        taken at the table."""
        return move

    def result(self, state):
        return state["final"]

    def hidden_zones(self, state, viewer):
        """Other seats' hands and the unseen cards (deck and timer deck) are hidden."""
        if viewer == ALL:
            return []
        return [["unseen"]] + [["hands", s] for s in range(state["players"]) if s != viewer]

    def view(self, state, viewer):
        """Hands are private (others see how many cards), the deck and the timer deck are sizes;
        lots and bids are face up. Claimed lots show who took them, not their cards (now in a
        hand). Nimbus's set-aside cards stay face up. The open view (ALL) shows everything."""
        open_view = viewer == ALL
        phase, order, turn = state["phase"], state["order"], state["turn"]
        row = bid_row(state) if state["lots"] else []

        def faces(ids):
            return [{"id": c, "trinket": trinket(c), "value": value(c)} for c in ids]

        lots = []
        for i, lot in enumerate(state["lots"]):
            shown = {"lot": i, "size": len(lot["cards"]), "bid_of": lot["bid_of"],
                     "zero": lot["zero"], "claimed_by": lot["claimed_by"],
                     "rank": row.index(i) + 1 if i in row else None}
            if lot["claimed_by"] is None or open_view:
                shown["cards"] = faces(lot["cards"])
                shown["value"] = sum(value(c) for c in lot["cards"])
            lots.append(shown)
        hands = []
        for seat, hand in enumerate(state["hands"]):
            entry = {"seat": seat, "character": state["characters"][seat], "count": len(hand)}
            if open_view or viewer == seat:
                entry["cards"] = faces(hand)
            hands.append(entry)
        ladders = tc.LADDERS[state["ladders"]]
        out = {
            "players": state["players"],
            "ladders": state["ladders"],
            "trinkets": {name: {"value": v, "points": ladders[name]} for name, v in tc.TRINKETS.items()},
            "characters": list(state["characters"]),
            "nimbus": state["nimbus"],
            "round": state["round"],
            "rounds": state["rounds"],
            "phase": phase,
            "order": list(order),
            "turn": order[turn] if phase in ("bidding", "drafting") and turn < len(order) else None,
            "active": self.active(state),
            "deck": len(state["unseen"]) - state["timer"],
            "timer_deck": state["timer"],
            "hand": faces(state["hands"][viewer]) if type(viewer) is int and
            0 <= viewer < state["players"] else None,
            "hands": hands,
            "lots": lots,
            "bid_row": row,
            "set_aside": faces(state["set_aside"]),
            "tie": copy.deepcopy(state["tie"]),
            "over": phase == "over",
            "result": copy.deepcopy(state["final"]),
        }
        if open_view:
            out["unseen"] = faces(state["unseen"])
        return out
