"""Stack TRÖK positions directly, play moves on them, and check every card is accounted for."""
from __future__ import annotations

import copy
from collections import Counter

import pytest

from engines.core import IllegalMove, derive_rng
from engines.trok import engine
from engines.trok.cards import CARDS, COPIES, sort_cards
from engines.trok.upgrades import COUNTS, KINDS

ROW = ["mine", "vein", "cart", "vein", "cart", "mine", "cart"]  # no dwarf: tests give those out


def table(players: int = 3, *, hands=None, market=("pickaxe", "ration", "gloves"), row=ROW,
          upgrades=None, aare=None, stored=None, discard=None, deck=None, round_: int = 2,
          phase: str = "trok", trade_master=None, **fields) -> dict:
    """A state with the given cards where they are said to be. The deck holds every other card,
    unless `deck` ({card: n}) is given: then the rest lie in the discard pile. The Upgrade deck
    holds every Upgrade not in the row or owned."""
    s = engine.initial(players, {})
    s.update(round=round_, phase=phase, trade_master=trade_master)
    s["hands"] = [sort_cards(h) for h in (hands or [[] for _ in range(players)])]
    s["market"] = sort_cards(market)
    s["row"] = list(row)
    s["upgrades"] = [list(u) for u in (upgrades or [[] for _ in range(players)])]
    s["stored"] = [list(c) for c in (stored or [[] for _ in range(players)])]
    s["aare"] = list(aare or [0] * players)
    for key, val in fields.items():
        assert key in s, key
        s[key] = copy.deepcopy(val)
    placed = Counter(cards_in_play(s))
    if deck is None:
        s["discard"] = {c: Counter(discard or [])[c] for c in CARDS}
        s["deck"] = {c: COPIES[c] - placed[c] - s["discard"][c] for c in CARDS}
    else:
        s["deck"] = {c: deck.get(c, 0) for c in CARDS}
        s["discard"] = {c: COPIES[c] - placed[c] - s["deck"][c] for c in CARDS}
    owned = Counter(s["row"] + [k for u in s["upgrades"] for k in u])
    s["upgrade_deck"] = {k: COUNTS[k] - owned[k] for k in KINDS}
    assert_accounted(s)
    return s


def trading(players=3, *, offers, hands=None, trade_master=0, chooser=None, **kw) -> dict:
    """The trading chain under way: `offers` still face up, `chooser` (the Trade Master by
    default) to take."""
    hands = hands or [[] for _ in range(players)]
    return table(players, hands=hands, phase="trading", trade_master=trade_master,
                 offers=[sort_cards(o) for o in offers],
                 chooser=trade_master if chooser is None else chooser, **kw)


def presenting(players=3, *, hands, turn=0, trade_master=None, **kw) -> dict:
    """The Combination phase, `turn` presenting (the order runs from the Trade Master)."""
    tm = turn if trade_master is None else trade_master
    order = [(tm + i) % players for i in range(players)]
    return table(players, hands=hands, phase="combination", trade_master=tm, order=order,
                 turn=turn, **kw)


def cards_in_play(s: dict) -> list[str]:
    """Every Equipment card outside the deck and the discard pile."""
    out = list(s["market"])
    for seat in range(s["players"]):
        out += s["hands"][seat] + s["offers"][seat] + s["stored"][seat]
    return out


def assert_accounted(s: dict) -> None:
    """All 58 Equipment cards and 27 Upgrades are somewhere, exactly once."""
    where = Counter(cards_in_play(s))
    for c in CARDS:
        assert s["deck"][c] >= 0 and s["discard"][c] >= 0, (c, s["deck"], s["discard"])
        assert where[c] + s["deck"][c] + s["discard"][c] == COPIES[c], c
    owned = Counter(s["row"] + [k for u in s["upgrades"] for k in u])
    for k in KINDS:
        assert s["upgrade_deck"][k] >= 0
        assert owned[k] + s["upgrade_deck"][k] == COUNTS[k], k
    for seat in range(s["players"]):
        chosen = s["chosen"][seat]
        if chosen is not None:  # a secret offer is a choice among the hand's cards
            assert not Counter(chosen) - Counter(s["hands"][seat])


def play(state: dict, seat: int, move: dict, seed: str = "test"):
    """decide, then evolve a copy: (new state, events). The given state is left untouched."""
    events = engine.decide(state, seat, move, derive_rng(seed, 7))
    new = copy.deepcopy(state)
    for ev in events:
        engine.evolve(new, ev)
    assert_accounted(new)
    return new, events


def play_all(state: dict, moves, seed: str = "test"):
    events = []
    for seat, move in moves:
        state, evs = play(state, seat, move, seed)
        events += evs
    return state, events


def code(state: dict, seat, move) -> str:
    with pytest.raises(IllegalMove) as err:
        engine.decide(state, seat, move, derive_rng("refused", 0))
    assert err.value.reason
    return err.value.code


def of_type(events, kind: str) -> list[dict]:
    return [ev for ev in events if ev["type"] == kind]


def gains(events, seat: int) -> int:
    return sum(ev["aare"] for ev in of_type(events, "earned") if ev["seat"] == seat)


def offer(*cards):
    return {"type": "offer", "cards": list(cards)}


def take(source, card, swap=None):
    return {"type": "take", "from": source, "card": card, "swap": swap}


def identical(as_, *cards):
    return {"type": "identical", "cards": list(cards), "as": as_}


def different(picks, *cards):
    return {"type": "different", "cards": list(cards), "picks": list(picks)}


def done(*store):
    return {"type": "done", "store": list(store)}
