"""Stack No Loose Ends positions directly, and play moves on them.

Cards are written short: B7 blue 7, G3 gray 3, R12 red 12, Y5 yellow 5, K a black Getaway Card.
"""
import copy
from collections import Counter

import pytest

from engines.core import IllegalMove, derive_rng
from engines.no_loose_ends import engine
from engines.no_loose_ends import cards as c

SUIT = {"B": "blue", "G": "gray", "R": "red", "Y": "yellow"}


def cards(text: str) -> list[str]:
    """"B7 R12 K" -> ["blue-7", "red-12", "getaway"]."""
    return [c.GETAWAY if t == "K" else c.card(SUIT[t[0]], int(t[1:])) for t in text.split()]


def one(text: str) -> str:
    (card,) = cards(text)
    return card


def bid_entry(card: str, cover=None, promoted=False, with_=()) -> dict:
    return {"card": card, "promoted": promoted, "cover": cover, "with": list(with_)}


def table(players=3, options=None, hands=None, bids=None, phase="tricks", turn=None, leader=None,
          trick=None, passed=None, pass_order=(), snitches=(), won=None, loose_ends=None,
          round_=1, first=0, scores=None, tricks_played=0):
    """A state stacked from the given parts; everything of the deck not placed is set aside.

    hands: per seat a string of cards; bids: per seat a string of cards (uncovered, as bid) or a
    list of bid entries; trick: [(seat, card)] played so far (leader defaults to its first seat).
    """
    options = engine.load_options(options or {})
    state = engine.initial(players, options)
    n = players
    hands = [cards(h) for h in (hands or [""] * n)]
    bid_lists = []
    for b in (bids or [""] * n):
        bid_lists.append([bid_entry(x) for x in cards(b)] if isinstance(b, str) else list(b))
    trick = [{"seat": s, "card": one(x)} for s, x in (trick or [])]
    if leader is None:
        leader = trick[0]["seat"] if trick else (turn if phase == "tricks" else None)
    state.update({
        "start": (first - round_ + 1) % n, "round": round_, "first": first, "phase": phase,
        "turn": turn, "hands": hands, "bids": bid_lists,
        "passed": list(passed) if passed is not None else [phase != "planning"] * n,
        "pass_order": list(pass_order), "snitches": list(snitches),
        "tricks_total": None if phase == "planning" else min(len(h) for h in hands),
        "tricks_played": tricks_played, "leader": leader, "trick": trick,
        "won": list(won or [0] * n),
        "loose_ends": [[cards(t) for t in seat] for seat in (loose_ends or [[]] * n)],
        "scores": list(scores or [c.STARTING_POINTS] * n),
    })
    left = Counter(c.deck(n, options["getaway_cards"])) - Counter(placed(state))
    assert sum(left.values()) + len(placed(state)) == len(c.deck(n, options["getaway_cards"])), \
        "more cards than the deck holds"
    state["set_aside"] = sorted(left.elements(), key=c.sort_key)
    return state


def placed(state) -> list[str]:
    """Every card on the table or in a hand (not the set-aside ones)."""
    out = [x for h in state["hands"] for x in h]
    for seat in state["bids"]:
        for b in seat:
            out += [b["card"]] + (b["cover"] or []) + b["with"]
    out += [x for seat in state["loose_ends"] for t in seat for x in t]
    out += [p["card"] for p in state["trick"]]
    return out


def accounted(state) -> bool:
    """Every card of the round's deck is in exactly one place."""
    deck = c.deck(state["players"], state["options"]["getaway_cards"])
    return Counter(placed(state) + state["set_aside"]) == Counter(deck)


def play(state, seat, move, n=0):
    """decide, then evolve a copy: (new state, events). The given state is left untouched."""
    before = copy.deepcopy(state)
    events = engine.decide(state, seat, move, derive_rng("test", n))
    assert state == before, "decide mutated the state"
    new = copy.deepcopy(state)
    for ev in events:
        new = engine.evolve(new, ev)
    return new, events


def refused(state, seat, move) -> str:
    with pytest.raises(IllegalMove) as err:
        engine.decide(state, seat, move, derive_rng("test", 0))
    assert err.value.reason
    return err.value.code


def bid(card):
    return {"type": "bid", "card": one(card)}


def play_card(card):
    return {"type": "play", "card": one(card)}


def cover(card):
    return {"type": "cover", "card": one(card)}


PASS = {"type": "pass"}
DOUBLE_CROSS = {"type": "double_cross"}


def types(events) -> list[str]:
    return [ev["type"] for ev in events]


def first(events, kind) -> dict:
    return next(ev for ev in events if ev["type"] == kind)


def legal(state, seat) -> list[dict]:
    """Every concrete move legal_moves offers the seat."""
    from engines.core import expand
    return [m for o in engine.legal_moves(state, seat) for m in expand(o)]
