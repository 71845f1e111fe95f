"""Stack Trinket Trove positions by trinket names, and play moves on them."""
import copy

from engines.core import derive_rng
from engines.trinket_trove import engine
from engines.trinket_trove import cards as tc
from engines.trinket_trove.nimbus import NIMBUS

WANDER, BRISBY, TEMPLETON, GOUDA, PATCHES, PENFOLD = range(6)  # seats take tiles in this order


def _take(pool: list, name: str) -> str:
    card = next(c for c in pool if tc.trinket(c) == name)
    pool.remove(card)
    return card


def table(players=4, order=None, hands=None, lots=(), bids=(), phase="bidding", turn=None,
          round_=1, timer=None, ladders="online", claims=0, tie=None, set_aside=()):
    """A state built directly.

    hands:  {seat: [trinket names]}; lots: the round setup lots as lists of names (lot 0 first);
    bids:   [(collector, [names], zero)] in bidding order; they become lots after the setup lots.
    order:  the turn order row (for bidding: the bidding order; for drafting: the new order).
    turn:   defaults to the next bidder, or the first drafter. timer: defaults to the cards the
            remaining rounds need. Every card not placed is unseen.
    """
    state = engine.initial(players, {"ladders": ladders})
    collectors = list(range(players)) + ([NIMBUS] if state["nimbus"] else [])
    state["order"] = list(order if order is not None else collectors)
    pool = list(tc.DECK)
    for seat, names in (hands or {}).items():
        state["hands"][seat] = tc.in_order(_take(pool, n) for n in names)
    state["lots"] = [{"cards": [_take(pool, n) for n in names], "bid_of": None, "zero": False,
                      "seq": None, "claimed_by": None} for names in lots]
    for seq, (who, names, zero) in enumerate(bids):
        state["lots"].append({"cards": [_take(pool, n) for n in names], "bid_of": who,
                              "zero": zero, "seq": seq, "claimed_by": None})
    state["set_aside"] = tc.in_order(_take(pool, n) for n in set_aside)
    state["unseen"] = pool
    n = len(state["order"])
    state["timer"] = (tc.timer_cards_per_round(n) * (state["rounds"] - round_)
                      if timer is None else timer)
    state["round"], state["phase"], state["claims"], state["tie"] = round_, phase, claims, tie
    state["turn"] = (len(bids) if phase == "bidding" else 0) if turn is None else turn
    return state


def play(state, seat, move, n=0):
    """decide, then evolve a copy: (new state, events). The given state is left untouched."""
    events = engine.decide(state, seat, move, derive_rng("test", n))
    new = copy.deepcopy(state)
    for ev in events:
        new = engine.evolve(new, ev)
    return new, events


def ids(state, seat, *names):
    """Ids of cards in a seat's hand, one per name given."""
    hand = list(state["hands"][seat])
    return [_take(hand, n) for n in names]


def bid(state, seat, *names):
    return {"type": "bid", "cards": ids(state, seat, *names)}


def draft(a, b):
    return {"type": "draft", "lots": [a, b]}


def names(cards):
    return sorted(tc.trinket(c) for c in cards)


def lot_names(state, lot):
    return names(state["lots"][lot]["cards"])


def hand_names(state, seat):
    return names(state["hands"][seat])


def of_type(events, kind):
    return [ev for ev in events if ev["type"] == kind]


def all_cards(state):
    """Every card id where the state keeps it: must be the 112 of the deck, each once."""
    placed = list(state["unseen"]) + list(state["set_aside"])
    for hand in state["hands"]:
        placed += hand
    for lot in state["lots"]:
        if lot["claimed_by"] is None:
            placed += lot["cards"]
    return placed
