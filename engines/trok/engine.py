"""TRÖK as a decider, in the rulebook's order: Setup; 1. Supply; 2. Trök (the secret offers, the
Trade Master, the trading chain, the shortchanged seat); 3. Combination; 4. End of Round; End of
Game; and what the table shows.

State (plain JSON; per-seat data are lists indexed by seat):
    players, round         the table size and the round being played (1, 2, ...)
    phase                  "trok" (secret offers), "appoint" (a tie: the previous Trade Master
                           names the new one), "trading", "shortchange" (the Trade Master owes a
                           card), "combination", "over"
    deck, discard          Equipment piles as {card: count}; the deck has no order (piles.py)
    market                 the three face-up market cards, sorted
    upgrade_deck, row      Upgrade cards left as {kind: count}, and the face-up row, first first
    hands                  each seat's hand, sorted
    chosen                 each seat's secret offer while the Trök step is open, or None
    offers, totals         the revealed offers still on the table, and the Trök totals
    trade_master           the seat holding the Trade Master token, or None before the first
    tied, chooser          in "appoint": the tied seats; the seat to act (the previous Trade
                           Master), and in "trading" the seat whose turn it is to take
    last_from              the seat the latest card of the trading chain was taken from
    shortchanged           the seat the Trade Master owes a card, in "shortchange"
    order, turn            the Combination order (Trade Master clockwise) and the seat presenting
    made, veins_used       that seat's combinations so far and the Pickaxes it has Veined
    upgrades, stored       each seat's Upgrades (in the order taken) and the cards in its Carts
    aare                   each seat's Aare (hidden from the others until the end)
    perfect                seats that revealed THE perfect combination this round
    over, end_reason       the game is over, and why: "wealth" or "perfect"
"""
from __future__ import annotations

from itertools import combinations

from engines.core import ALL, Engine, IllegalMove, event
from engines.core.simultaneous import Simultaneous
from engines.core.table import Table
from engines.trok import combinations as combo
from engines.trok import upgrades as up
from engines.trok.cards import (ARCANE, CARDS, COPIES, DEAL, GREEN, MARKET_SIZE, OFFER, PICKAXE,
                                RED, RENEWAL_AARE, ROW_SIZE, TYPES, WEALTH_TO_END, sort_cards,
                                value)
from engines.trok.moves import MOVES, card, card_list, integer, integer_list, move_type
from engines.trok.piles import add, contains, counts, draw_one, remove, size, without
from engines.trok.upgrades import COUNTS, KINDS


def owns(state: dict, seat: int, kind: str) -> int:
    return state["upgrades"][seat].count(kind)


def earned(seat: int, aare: int, sources: dict) -> dict:
    """Aare won: the amount and its sources are the earner's alone (the rulebook recommends
    keeping one's Aare face down); that something was won is public."""
    return event("earned", {"seat": seat},
                 private={"aare": ([seat], aare), "sources": ([seat], sources)})


# --- Setup and drawing ---------------------------------------------------------------------------

def draw_equipment(t: Table, rng, k: int, make) -> None:
    """Draw k Equipment cards, each uniformly among those in the deck, emitting make(cards) for
    each run of draws. As soon as the deck runs out it is rebuilt from the discards (before the
    next draw, and at once if the discard pile holds cards)."""
    deck, chunk = dict(t.state["deck"]), []

    def flush():
        if chunk:
            t.emit(make(sort_cards(chunk)))
            chunk.clear()

    while k > 0:
        if size(deck) == 0:
            flush()
            if size(t.state["discard"]) == 0:
                break  # every card is in play: cannot happen with 58 cards and 2 to 5 seats
            t.emit(event("deck_rebuilt", {"size": size(t.state["discard"])}))
            deck = dict(t.state["deck"])
            continue
        drawn = draw_one(deck, CARDS, rng)
        deck[drawn] -= 1
        chunk.append(drawn)
        k -= 1
    flush()
    if size(t.state["deck"]) == 0 and size(t.state["discard"]) > 0:
        t.emit(event("deck_rebuilt", {"size": size(t.state["discard"])}))


def market_drawn(cards):
    return event("market_drawn", {"cards": cards}, reveal=True)


def fill_row(t: Table, rng) -> None:
    """Complete the Upgrade row to seven while Upgrades last."""
    deck, drawn = dict(t.state["upgrade_deck"]), []
    while len(t.state["row"]) + len(drawn) < ROW_SIZE and size(deck):
        kind = draw_one(deck, KINDS, rng)
        deck[kind] -= 1
        drawn.append(kind)
    if drawn:
        t.emit(event("row_filled", {"upgrades": drawn}, reveal=True))


# --- 1. Supply -----------------------------------------------------------------------------------

def start_round(t: Table, rng) -> None:
    """Deal five cards face down to each seat, one face up per Mine, and hand back the Carts."""
    s = t.state
    t.emit(event("round_started", {"round": s["round"] + 1}))
    for seat in range(s["players"]):
        draw_equipment(t, rng, DEAL, lambda cards, seat=seat: event(
            "dealt", {"seat": seat, "count": len(cards)}, private={"cards": ([seat], cards)},
            reveal=True))
    for seat in range(s["players"]):
        draw_equipment(t, rng, owns(s, seat, "mine"), lambda cards, seat=seat: event(
            "mined", {"seat": seat, "cards": cards}, reveal=True))
    for seat in range(s["players"]):
        if s["stored"][seat]:
            t.emit(event("unloaded", {"seat": seat, "cards": list(s["stored"][seat])}))


# --- 2. Trök: the secret offers and the Trade Master ----------------------------------------------

def trok_total(state: dict, seat: int, cards: list[str]) -> int:
    """The offer's value for becoming Trade Master: Arcane Stones 10, Grid +3."""
    return sum(value(c) for c in cards) + up.GRID_TROK_BONUS * owns(state, seat, "grid")


def _put_offer(state: dict, seat: int, cards) -> None:
    state["chosen"][seat] = None if cards is None else list(cards)


# The secret offers: a simultaneous step (engines.core.simultaneous), each offer in `chosen`.
OFFERS = Simultaneous(move="offer", chosen="offered", field="cards", closed="offers_revealed",
                      is_open=lambda s: s["phase"] == "trok",
                      get=lambda s, seat: s["chosen"][seat], put=_put_offer)


def revealed_offers(s: dict) -> dict:
    """The last seat has committed: every offer is turned up at once, with its Trök total."""
    offers = [list(c) for c in OFFERS.choices(s)]
    return {"offers": offers, "totals": [trok_total(s, seat, offers[seat])
                                         for seat in range(s["players"])]}


def appoint_trade_master(t: Table, rng) -> None:
    """The highest total takes the Trade Master token. A tie: the previous Trade Master hands it
    to one of the tied seats, never keeping it; in the first round the service draws one at
    random (for "the youngest")."""
    s = t.state
    totals = s["totals"]
    tied = [seat for seat, total in enumerate(totals) if total == max(totals)]
    previous = s["trade_master"]
    if len(tied) == 1:
        appoint(t, tied[0], "highest")
    elif previous is None:
        t.emit(event("trade_master", {"seat": rng.choice(tied), "how": "random"}, reveal=True))
    else:
        candidates = [seat for seat in tied if seat != previous]
        if len(candidates) == 1:
            appoint(t, candidates[0], "only_choice")
        else:
            t.emit(event("trade_master_tied", {"seats": tied, "chooser": previous}))


def appoint(t: Table, seat: int, how: str) -> None:
    t.emit(event("trade_master", {"seat": seat, "how": how}))


# --- 2. Trök: the trading chain ------------------------------------------------------------------

def take_sources(state: dict, seat: int) -> list[int]:
    """Whose offers the seat may take from: the others' cards still on the table; once only its
    own remain (the special case), its own, to take back or trade one by one."""
    others = [s for s in range(state["players"]) if s != seat and state["offers"][s]]
    if others:
        return others
    return [seat] if state["offers"][seat] else []


def renew_market(t: Table, rng, trader: int) -> None:
    """Three identical market cards after a trade: discarded and replaced from the deck; the
    trader gains 3 Aare, and every Thrud owner 2."""
    s = t.state
    t.emit(event("market_cleared", {"cards": list(s["market"])}))
    draw_equipment(t, rng, MARKET_SIZE, market_drawn)
    for seat in range(s["players"]):
        sources = {}
        if seat == trader:
            sources["renewal"] = RENEWAL_AARE
        if owns(s, seat, "thrud"):
            sources["thrud"] = up.THRUD_AARE * owns(s, seat, "thrud")
        if sources:
            t.emit(earned(seat, sum(sources.values()), sources))


def end_trading(t: Table, rng) -> None:
    """Every offered card is taken. Fair if the last came from the Trade Master; otherwise that
    seat holds one card too few and the Trade Master gives it one of theirs."""
    s = t.state
    tm, last = s["trade_master"], s["last_from"]
    if last == tm:
        t.emit(event("trading_ended", {"fair": True, "shortchanged": None}))
        begin_combination(t, rng)
        return
    t.emit(event("trading_ended", {"fair": False, "shortchanged": last}))
    hand = s["hands"][tm]
    if len(set(hand)) == 1:  # nothing to choose: the card goes at once
        give(t, rng, tm, hand[0], auto=True)


def give(t: Table, rng, tm: int, gift: str, auto: bool = False) -> None:
    victim = t.state["shortchanged"]
    t.emit(event("given", {"seat": tm, "to": victim, "auto": auto},
                 private={"card": ([tm, victim], gift)}))
    begin_combination(t, rng)


# --- 3. Combination ------------------------------------------------------------------------------

def veins_left(state: dict, seat: int) -> int:
    return owns(state, seat, "vein") - (state["veins_used"] if state["turn"] == seat else 0)


def carts(state: dict, seat: int) -> int:
    return up.CART_STORES * owns(state, seat, "cart")


def can_act(state: dict, seat: int) -> bool:
    """Whether the presenting seat has any choice left: a combination, or what to store."""
    hand, veins = state["hands"][seat], veins_left(state, seat)
    return ((not state["made"]["identical"] and combo.any_identical(hand, veins))
            or (not state["made"]["different"] and combo.any_different(hand, veins))
            or (carts(state, seat) > 0 and any(c != ARCANE for c in hand)))


def begin_combination(t: Table, rng) -> None:
    """Taking turns from the Trade Master clockwise (increasing seat numbers)."""
    s = t.state
    tm, n = s["trade_master"], s["players"]
    t.emit(event("combination_began", {"order": [(tm + i) % n for i in range(n)]}))
    next_presenter(t, rng)


def next_presenter(t: Table, rng) -> None:
    """Pass every seat that has no choice left; after the last seat, the End of Round."""
    s = t.state
    while s["turn"] is not None and not can_act(s, s["turn"]):
        t.emit(event("turn_done", {"seat": s["turn"], "store": [], "auto": True}))
    if s["turn"] is None:
        end_round(t, rng)


def different_picks(state: dict, seat: int, cards: list[str]) -> list[tuple[list[list[int]], bool, int]]:
    """The Upgrade choices an all-different combination of `cards` allows, as
    (picks, Idunn's run, Pickaxes Veined): one Upgrade among the first X of the row (Skaa: any);
    with Idunn and a run of five, optionally two among the first five instead."""
    row, owned, veins = state["row"], state["upgrades"][seat], veins_left(state, seat)
    window = combo.upgrade_window(len(cards), row, owned, run=False)
    normal = [[i] for i in range(window)] if window else [[]]
    out = [(normal, False, combo.different_wild_pickaxes(cards))]
    if "idunn" in owned:
        run_veins = combo.run_wild_pickaxes(cards, veins)
        run_window = combo.upgrade_window(len(cards), row, owned, run=True)
        if run_veins is not None and run_window >= up.IDUNN_PICKS:
            pairs = [list(p) for p in combinations(range(run_window), up.IDUNN_PICKS)]
            out.append((pairs, True, run_veins))
    return out


def multisets(cards: list[str], most: int) -> list[list[str]]:
    """Every distinct sub-multiset of `cards` with at most `most` cards, sorted."""
    found = {()}
    for c in sort_cards(cards):
        found |= {f + (c,) for f in found if len(f) < most}
    return sorted((list(f) for f in found), key=lambda f: (len(f), [CARDS.index(c) for c in f]))


# --- 4. End of Round -----------------------------------------------------------------------------

def end_of_round_aare(state: dict, seat: int) -> dict:
    """The End of Round effects of the seat's dwarves, by source (only those it owns)."""
    owned, market = state["upgrades"][seat], state["market"]
    per = {
        "grid": up.GRID_AARE,
        "mother_dwerg": up.MOTHER_DWERG_AARE * sum(owned.count(d) for d in up.DWARVES),
        "father_dwerg": up.FATHER_DWERG_AARE * sum(owned.count(i) for i in up.IMPROVEMENTS),
        "zoral": up.ZORAL_AARE * market.count(PICKAXE),
        "astrid": up.ASTRID_AARE * sum(market.count(c) for c in GREEN),
        "ylud": up.YLUD_AARE * sum(market.count(c) for c in RED),
    }
    return {kind: per[kind] * owned.count(kind) for kind in per if kind in owned}


def end_round(t: Table, rng) -> None:
    """Discard the unused cards (the Carts' are stored already), pay the End of Round effects,
    end the game if someone holds 50 Aare or revealed the perfect combination, else refill the
    row and begin the next round."""
    s = t.state
    t.emit(event("round_ended", {"round": s["round"]}))
    for seat in range(s["players"]):
        if s["hands"][seat]:
            t.emit(event("hand_discarded", {"seat": seat, "count": len(s["hands"][seat])},
                         private={"cards": ([seat], list(s["hands"][seat]))}))
    for seat in range(s["players"]):
        sources = end_of_round_aare(s, seat)
        if sources:
            t.emit(earned(seat, sum(sources.values()), sources))
    perfect = [seat for seat in range(s["players"]) if s["perfect"][seat]]
    if perfect or max(s["aare"]) >= WEALTH_TO_END:
        t.emit(event("game_ended", {"reason": "perfect" if perfect else "wealth",
                                    "perfect": perfect}))
        return
    fill_row(t, rng)
    start_round(t, rng)


# --- End of Game ---------------------------------------------------------------------------------

def ranking(state: dict) -> dict:
    """The perfect combination wins outright (several: the wealthiest of them); otherwise the
    wealthiest wins. Equal Aare share a rank; the seats without a perfect combination rank below
    those with one, by Aare."""
    n, aare, perfect = state["players"], state["aare"], state["perfect"]
    key = [(perfect[s], aare[s]) for s in range(n)]
    order = sorted(range(n), key=lambda s: (key[s][0], key[s][1], -s), reverse=True)
    ranks = {s: 1 + sum(key[o] > key[s] for o in range(n)) for s in range(n)}
    winners = [s for s in order if ranks[s] == 1]
    if any(perfect):
        tiebreak = "perfect" if sum(perfect) == 1 else "perfect_then_aare"
    else:
        tiebreak = "aare"
    if len(winners) > 1:
        tiebreak = "shared"
    return {
        "ranking": [{"seat": s, "rank": ranks[s], "points": aare[s], "aare": aare[s],
                     "perfect": perfect[s], "upgrades": len(state["upgrades"][s])} for s in order],
        "scores": list(aare),
        "tiebreak": tiebreak,
        "winners": winners,
        "reason": state["end_reason"],
        "rounds": state["round"],
    }


# --- The engine ----------------------------------------------------------------------------------

def _fresh_turn():
    return {"identical": False, "different": False}


class Trok(Engine):
    name = "trok"
    title = "TRÖK"
    version = 1
    min_players = 2   # the rulebook gives no count (docs/games/trok.md)
    max_players = 5
    moves_schema = MOVES
    skip_moves = ("done",)  # what a seat does when its clock runs out and the table skips it

    # --- building state -------------------------------------------------------------------------
    def initial(self, players, options):
        n = players
        return {
            "players": n, "round": 0, "phase": "setup",
            "deck": counts(CARDS, COPIES), "discard": counts(CARDS), "market": [],
            "upgrade_deck": counts(KINDS, COUNTS), "row": [],
            "hands": [[] for _ in range(n)], "chosen": [None] * n,
            "offers": [[] for _ in range(n)], "totals": None,
            "trade_master": None, "tied": [], "chooser": None, "last_from": None,
            "shortchanged": None, "order": [], "turn": None, "made": _fresh_turn(),
            "veins_used": 0, "upgrades": [[] for _ in range(n)], "stored": [[] for _ in range(n)],
            "aare": [0] * n, "perfect": [False] * n, "over": False, "end_reason": None,
        }

    def setup(self, players, options, rng):
        """The deck shuffled and three market cards turned up; the Upgrade row of seven; the
        Trade Master token beside the board; then round 1's Supply."""
        t = Table(self, self.initial(players, options))
        draw_equipment(t, rng, MARKET_SIZE, market_drawn)
        fill_row(t, rng)
        start_round(t, rng)
        return t.events

    def decide(self, state, seat, move, rng):
        if state["over"]:
            raise IllegalMove("game_over", "The game is over.")
        if type(seat) is not int or seat not in self.active(state):
            raise IllegalMove("not_your_turn", "It is not your turn.")
        kind = move_type(move)
        handler = getattr(self, f"_{state['phase']}_{kind}", None)
        if handler is None:
            raise IllegalMove("wrong_phase", f"No {kind} move now: " + PHASE_MOVES[state["phase"]])
        t = Table(self, state)
        handler(t, seat, move, rng)
        return t.events

    # 2. Trök
    def _trok_offer(self, t, seat, move, rng):
        cards = card_list(move["cards"], "cards")
        if len(cards) != OFFER:
            raise IllegalMove("offer_three", "Offer exactly three cards.")
        if not contains(t.state["hands"][seat], cards):
            raise IllegalMove("not_in_hand", "You can only offer cards from your hand.")
        if OFFERS.choose(t, seat, sort_cards(cards), revealed_offers):
            appoint_trade_master(t, rng)

    def _appoint_appoint(self, t, seat, move, rng):
        chosen = integer(move["seat"], "seat")
        if chosen == seat:
            raise IllegalMove("cannot_keep_token", "On a tie you may not keep the Trade Master "
                                                   "token: give it to another tied player.")
        if chosen not in t.state["tied"]:
            raise IllegalMove("not_tied", "Give the token to one of the players tied for the "
                                          "highest total.")
        appoint(t, chosen, "previous")

    def _trading_take(self, t, seat, move, rng):
        s = t.state
        source = integer(move["from"], "from")
        taken = card(move["card"], "card")
        swap = None if move.get("swap") is None else card(move["swap"], "swap")
        if source not in take_sources(s, seat):
            if source == seat:
                raise IllegalMove("own_offer", "Take a card from another player's offer; your "
                                               "own comes back only when no other card is left.")
            raise IllegalMove("no_offer", "That player has no offered card left.")
        if taken not in s["offers"][source]:
            raise IllegalMove("card_not_offered", f"There is no {taken} in that offer.")
        if swap is not None and swap not in s["market"]:
            raise IllegalMove("not_at_market", f"There is no {swap} at the market.")
        t.emit(event("taken", {"seat": seat, "from": source, "card": taken, "swap": swap}))
        if swap is not None and len(set(s["market"])) == 1:
            renew_market(t, rng, seat)
        if not any(s["offers"]):
            end_trading(t, rng)

    def _shortchange_give(self, t, seat, move, rng):
        gift = card(move["card"], "card")
        if gift not in t.state["hands"][seat]:
            raise IllegalMove("not_in_hand", f"You hold no {gift}.")
        give(t, rng, seat, gift)

    # 3. Combination
    def _combination_identical(self, t, seat, move, rng):
        s = t.state
        cards, as_ = card_list(move["cards"], "cards"), card(move["as"], "as", TYPES)
        if s["made"]["identical"]:
            raise IllegalMove("already_made", "You have made your combination of identical "
                                              "cards this round.")
        if not contains(s["hands"][seat], cards):
            raise IllegalMove("not_in_hand", "Those cards are not all in your hand.")
        problem = combo.identical_problem(cards, as_, veins_left(s, seat))
        if problem:
            raise IllegalMove("not_identical", problem)
        aare = combo.identical_aare(as_, len(cards), s["upgrades"][seat])
        t.emit(event("identical_made", {
            "seat": seat, "cards": sort_cards(cards), "as": as_,
            "wild_pickaxes": combo.identical_wild_pickaxes(cards, as_)}))
        t.emit(earned(seat, aare, {"identical": aare}))
        next_presenter(t, rng)

    def _combination_different(self, t, seat, move, rng):
        s = t.state
        cards, picks = card_list(move["cards"], "cards"), integer_list(move["picks"], "picks")
        if s["made"]["different"]:
            raise IllegalMove("already_made", "You have made your combination of different "
                                              "cards this round.")
        if not contains(s["hands"][seat], cards):
            raise IllegalMove("not_in_hand", "Those cards are not all in your hand.")
        problem = combo.different_problem(cards, veins_left(s, seat))
        if problem:
            raise IllegalMove("not_different", problem)
        picks = sorted(picks)
        for allowed, run, wild in different_picks(s, seat, cards):
            if picks in allowed:
                break
        else:
            raise IllegalMove("bad_picks", self._picks_reason(s, seat, cards))
        t.emit(event("different_made", {
            "seat": seat, "cards": sort_cards(cards), "picks": picks,
            "upgrades": [s["row"][i] for i in picks], "run": run, "wild_pickaxes": wild,
            "perfect": combo.is_perfect(cards)}))
        next_presenter(t, rng)

    @staticmethod
    def _picks_reason(s, seat, cards):
        window = combo.upgrade_window(len(cards), s["row"], s["upgrades"][seat], run=False)
        if not window:
            return "No Upgrade is left in the row: take none (\"picks\": [])."
        text = (f"Take exactly one Upgrade among the first {window} of the row (positions 0 to "
                f"{window - 1}).")
        if "idunn" in s["upgrades"][seat]:
            text += " Idunn takes two among the first five only for a run of five values."
        return text

    def _combination_done(self, t, seat, move, rng):
        s = t.state
        store = card_list(move.get("store", []), "store")
        if ARCANE in store:
            raise IllegalMove("cannot_store_arcane_stone", "A Cart cannot store an Arcane Stone.")
        if len(store) > carts(s, seat):
            raise IllegalMove("too_many_stored", f"Your Carts store {carts(s, seat)} card(s).")
        if not contains(s["hands"][seat], store):
            raise IllegalMove("not_in_hand", "You can only store cards left in your hand.")
        t.emit(event("turn_done", {"seat": seat, "store": sort_cards(store), "auto": False}))
        next_presenter(t, rng)

    # --- evolve ---------------------------------------------------------------------------------
    def evolve(self, state, ev):
        apply = EVOLVE.get(ev["type"])
        if apply is None:
            raise ValueError(f"trok: unknown event {ev['type']!r}")
        apply(state, ev)
        return state

    # --- reading the state ----------------------------------------------------------------------
    def active(self, state):
        phase = state["phase"]
        if OFFERS.is_open(state):
            return OFFERS.active(state)
        if phase in ("appoint", "trading"):
            return [state["chooser"]]
        if phase == "shortchange":
            return [state["trade_master"]]
        if phase == "combination" and state["turn"] is not None:
            return [state["turn"]]
        return []

    def awaited(self, state):
        if OFFERS.is_open(state):
            return OFFERS.awaited(state)
        return self.active(state)

    def public_move(self, state, seat, move):
        """The offer is laid face down and the Trade Master's gift passes hand to hand: the table
        sees that they happened, not the cards. Everything else is done face up."""
        if move["type"] == OFFERS.move:
            return OFFERS.public_move(move)
        return {"type": move["type"]} if move["type"] == "give" else move

    def legal_moves(self, state, seat):
        if type(seat) is not int or seat not in self.active(state):
            return []
        s, phase = state, state["phase"]
        hand = s["hands"][seat]
        if phase == "trok":
            return [{"move": {"type": "offer", "cards": c}}
                    for c in multisets(hand, OFFER) if len(c) == OFFER]
        if phase == "appoint":
            return [{"move": {"type": "appoint", "seat": t}} for t in s["tied"] if t != seat]
        if phase == "trading":
            swaps = [None] + sorted(set(s["market"]), key=CARDS.index)
            return [{"move": {"type": "take", "from": src, "card": c},
                     "choose": {"swap": {"one_of": swaps}}}
                    for src in take_sources(s, seat)
                    for c in sorted(set(s["offers"][src]), key=CARDS.index)]
        if phase == "shortchange":
            return [{"move": {"type": "give", "card": c}}
                    for c in sorted(set(hand), key=CARDS.index)]
        # combination
        options = []
        veins = veins_left(s, seat)
        if not s["made"]["identical"]:
            options += [{"move": {"type": "identical", "cards": cards, "as": as_}}
                        for cards, as_ in combo.identical_choices(hand, veins)]
        if not s["made"]["different"]:
            for cards in combo.different_choices(hand, veins):
                for picks, _, _ in different_picks(s, seat, cards):
                    if len(picks) == 1:
                        options.append({"move": {"type": "different", "cards": cards,
                                                 "picks": picks[0]}})
                    else:
                        options.append({"move": {"type": "different", "cards": cards},
                                        "choose": {"picks": {"one_of": picks}}})
        storable = [c for c in hand if c != ARCANE]
        options += [{"move": {"type": "done", "store": st}}
                    for st in multisets(storable, carts(s, seat))]
        return options

    def result(self, state):
        return ranking(state) if state["over"] else None

    def hidden_zones(self, state, viewer):
        """Other seats' hands (the deck is kept only as counts)."""
        if viewer == ALL:
            return []
        return [["hands", s] for s in range(state["players"]) if s != viewer]

    def resample(self, state, viewer, rng):
        """Redeal the other hands; an offer not yet revealed is three cards of its new hand."""
        state = super().resample(state, viewer, rng)
        for s, chosen in enumerate(state["chosen"]):
            if s != viewer and chosen is not None:
                state["chosen"][s] = rng.sample(state["hands"][s], len(chosen))
        return state

    def view(self, state, viewer):
        """Hands, the chosen offers and Aare are each seat's own (Aare for all once the game is
        over); the deck and discard pile show their sizes; everything else lies face up."""
        s, n = state, state["players"]
        everything = viewer == ALL
        over = s["over"]

        def own(seat):
            return everything or (type(viewer) is int and viewer == seat)

        seats = [{
            "seat": seat,
            "hand": list(s["hands"][seat]) if own(seat) else None,
            "hand_size": len(s["hands"][seat]),
            "has_chosen": OFFERS.has_chosen(s, seat),
            "chosen": s["chosen"][seat] if own(seat) else None,
            "offer": list(s["offers"][seat]),
            "total": s["totals"][seat] if s["totals"] else None,
            "upgrades": list(s["upgrades"][seat]),
            "stored": list(s["stored"][seat]),
            "aare": s["aare"][seat] if own(seat) or over else None,
            "perfect": s["perfect"][seat],
        } for seat in range(n)]
        out = {
            "round": s["round"], "phase": s["phase"],
            "active": self.active(s), "awaited": self.awaited(s),
            "trade_master": s["trade_master"], "tied": list(s["tied"]),
            "chooser": s["chooser"] if s["phase"] in ("appoint", "trading") else None,
            "last_from": s["last_from"], "shortchanged": s["shortchanged"],
            "order": list(s["order"]), "turn": s["turn"], "made": dict(s["made"]),
            "veins_left": veins_left(s, s["turn"]) if s["turn"] is not None else None,
            "market": list(s["market"]), "deck_size": size(s["deck"]),
            "discard_size": size(s["discard"]),
            "row": list(s["row"]), "upgrade_deck_size": size(s["upgrade_deck"]),
            "seats": seats, "over": over, "result": self.result(s),
        }
        if everything:
            out["deck"], out["discard"] = dict(s["deck"]), dict(s["discard"])
            out["upgrade_deck"] = dict(s["upgrade_deck"])
        return out


PHASE_MOVES = {
    "trok": "every player chooses three cards to offer (\"offer\").",
    "appoint": "the previous Trade Master names the new one (\"appoint\").",
    "trading": "the player whose turn it is takes an offered card (\"take\").",
    "shortchange": "the Trade Master gives a card to the shortchanged player (\"give\").",
    "combination": "the player presenting makes combinations (\"identical\", \"different\") "
                   "or ends the turn (\"done\").",
    "setup": "the table is being set up.",
    "over": "the game is over.",
}


# --- evolve: one function per event --------------------------------------------------------------

def _market_drawn(s, ev):
    remove(s["deck"], ev["cards"])
    s["market"] = sort_cards(s["market"] + ev["cards"])


def _row_filled(s, ev):
    remove(s["upgrade_deck"], ev["upgrades"])
    s["row"] += ev["upgrades"]


def _deck_rebuilt(s, ev):
    for name, n in s["discard"].items():
        s["deck"][name] += n
        s["discard"][name] = 0


def _round_started(s, ev):
    n = s["players"]
    s.update(round=ev["round"], phase="trok", chosen=[None] * n, offers=[[] for _ in range(n)],
             totals=None, tied=[], chooser=None, last_from=None, shortchanged=None, order=[],
             turn=None, made=_fresh_turn(), veins_used=0)


def _to_hand(s, seat, cards):
    s["hands"][seat] = sort_cards(s["hands"][seat] + list(cards))


def _from_hand(s, seat, cards):
    s["hands"][seat] = without(s["hands"][seat], cards)


def _dealt(s, ev):
    remove(s["deck"], ev["cards"])
    _to_hand(s, ev["seat"], ev["cards"])


def _unloaded(s, ev):
    s["stored"][ev["seat"]] = without(s["stored"][ev["seat"]], ev["cards"])
    _to_hand(s, ev["seat"], ev["cards"])


def _offers_revealed(s, ev):
    for seat, offer in enumerate(ev["offers"]):
        _from_hand(s, seat, offer)
    s["offers"] = [list(o) for o in ev["offers"]]
    s["totals"] = list(ev["totals"])
    OFFERS.clear(s)


def _trade_master_tied(s, ev):
    s.update(phase="appoint", tied=list(ev["seats"]), chooser=ev["chooser"])


def _trade_master(s, ev):
    s.update(phase="trading", trade_master=ev["seat"], chooser=ev["seat"], tied=[])


def _taken(s, ev):
    s["offers"][ev["from"]].remove(ev["card"])
    if ev["swap"] is None:
        _to_hand(s, ev["seat"], [ev["card"]])
    else:
        s["market"] = sort_cards(without(s["market"], [ev["swap"]]) + [ev["card"]])
        _to_hand(s, ev["seat"], [ev["swap"]])
    s["last_from"] = s["chooser"] = ev["from"]


def _market_cleared(s, ev):
    s["market"] = without(s["market"], ev["cards"])
    add(s["discard"], ev["cards"])


def _earned(s, ev):
    s["aare"][ev["seat"]] += ev["aare"]


def _trading_ended(s, ev):
    s["chooser"] = None
    if ev["shortchanged"] is not None:
        s.update(phase="shortchange", shortchanged=ev["shortchanged"])


def _given(s, ev):
    _from_hand(s, ev["seat"], [ev["card"]])
    _to_hand(s, ev["to"], [ev["card"]])


def _combination_began(s, ev):
    s.update(phase="combination", order=list(ev["order"]), turn=ev["order"][0],
             made=_fresh_turn(), veins_used=0, shortchanged=None)


def _discard_from_hand(s, seat, cards):
    _from_hand(s, seat, cards)
    add(s["discard"], cards)


def _identical_made(s, ev):
    _discard_from_hand(s, ev["seat"], ev["cards"])
    s["made"]["identical"] = True
    s["veins_used"] += ev["wild_pickaxes"]


def _different_made(s, ev):
    seat = ev["seat"]
    _discard_from_hand(s, seat, ev["cards"])
    s["made"]["different"] = True
    s["veins_used"] += ev["wild_pickaxes"]
    for i in sorted(ev["picks"], reverse=True):
        s["row"].pop(i)  # the rest shift left, not replaced until the End of Round
    s["upgrades"][seat] += ev["upgrades"]
    s["perfect"][seat] = s["perfect"][seat] or ev["perfect"]


def _turn_done(s, ev):
    seat = ev["seat"]
    _from_hand(s, seat, ev["store"])
    s["stored"][seat] = s["stored"][seat] + list(ev["store"])
    i = s["order"].index(seat)
    s["turn"] = s["order"][i + 1] if i + 1 < len(s["order"]) else None
    s["made"], s["veins_used"] = _fresh_turn(), 0


def _round_ended(s, ev):
    s["phase"] = "end_of_round"


def _hand_discarded(s, ev):
    _discard_from_hand(s, ev["seat"], ev["cards"])


def _game_ended(s, ev):
    s.update(phase="over", over=True, end_reason=ev["reason"])


EVOLVE = {
    "market_drawn": _market_drawn, "row_filled": _row_filled, "deck_rebuilt": _deck_rebuilt,
    "round_started": _round_started, "dealt": _dealt, "mined": _dealt, "unloaded": _unloaded,
    OFFERS.chosen: OFFERS.fold, "offers_revealed": _offers_revealed,
    "trade_master_tied": _trade_master_tied, "trade_master": _trade_master, "taken": _taken,
    "market_cleared": _market_cleared, "earned": _earned, "trading_ended": _trading_ended,
    "given": _given, "combination_began": _combination_began, "identical_made": _identical_made,
    "different_made": _different_made, "turn_done": _turn_done, "round_ended": _round_ended,
    "hand_discarded": _hand_discarded, "game_ended": _game_ended,
}
