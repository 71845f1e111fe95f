"""The move bodies: their schemas, decide's own checks, and legal_moves agreeing with decide."""
import copy
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from engines.core import IllegalMove, canonical, derive_rng, random_playout
from engines.no_loose_ends import engine
from engines.no_loose_ends import cards as c

from .helpers import legal, table
from tests.support.answers import assert_answers

VARIANTS = ["double_cross", "getaway_cards", "simplified_scoring", "plan_b"]


def some_states(every=7):
    """Positions of random games over player counts and variants (every few moves)."""
    states = []
    for players, combo in [(2, (1, 1, 0, 1)), (3, (1, 0, 1, 0)), (4, (0, 1, 0, 1)), (5, (1, 1, 1, 1))]:
        options = dict(zip(VARIANTS, map(bool, combo)))
        seen = []
        random_playout(engine, players, options, seed=f"moves-{players}",
                       on_move=lambda st, *_: seen.append(copy.deepcopy(st)))
        states += [s for s in seen[::every] if s["phase"] != "over"]
    return states


STATES = some_states()


def candidates(state):
    """Every move body a client could try: each card of the deck with each card move, and the
    moves without a card."""
    deck = sorted(set(c.deck(state["players"], True)))
    return ([{"type": t, "card": x} for t, x in product(("bid", "play", "cover"), deck)]
            + [{"type": "pass"}, {"type": "double_cross"}])


def accepted(state, seat, move):
    try:
        engine.decide(state, seat, move, derive_rng("accept", 0))
        return True
    except IllegalMove:
        return False


def test_sampled_positions_cover_every_step():
    assert {s["phase"] for s in STATES} == {"planning", "tricks", "cover"}


def test_legal_moves_lists_exactly_the_moves_decide_accepts():
    for state in STATES:
        for seat in range(state["players"]):
            listed = legal(state, seat)
            assert all(accepted(state, seat, m) for m in listed)
            tried = [m for m in candidates(state) if accepted(state, seat, m)]
            key = canonical
            assert sorted(map(key, tried)) == sorted(map(key, listed))
            assert (listed != []) == (seat in engine.active(state))


def test_the_schemas():
    schemas = engine.moves_schema
    assert set(schemas) == {"bid", "pass", "double_cross", "play", "cover"}
    assert len({id(s) for s in schemas.values()}) == 5  # one class per move type
    assert schemas["bid"]().load({"type": "bid", "card": "red-7"}) == {"type": "bid", "card": "red-7"}
    assert schemas["pass"]().load({"type": "pass"}) == {"type": "pass"}
    assert schemas["double_cross"]().load({"type": "double_cross"}) == {"type": "double_cross"}
    assert schemas["play"]().load({"type": "play", "card": "getaway"})["card"] == "getaway"
    assert schemas["cover"]().load({"type": "cover", "card": "blue-1"})["card"] == "blue-1"
    for name, bad in [("bid", {"type": "bid"}), ("bid", {"type": "play", "card": "red-1"}),
                      ("play", {"type": "play", "card": 7}), ("pass", {"type": "pass", "card": "x"}),
                      ("cover", {"type": "cover", "card": None})]:
        with pytest.raises(ValidationError):
            schemas[name]().load(bad)


def tricks_state():
    return table(3, hands=["R1 R2", "G1 G2", "Y1 Y2"], bids=["Y12", "G9", "R11"], turn=0)


GARBAGE = [
    (None, "unknown_move"), ([], "unknown_move"), ("play", "unknown_move"), ({}, "unknown_move"),
    ({"type": "flip"}, "unknown_move"), ({"type": ["play"]}, "unknown_move"),
    ({"type": None}, "unknown_move"), ({"type": 3}, "unknown_move"),
    ({"type": "play"}, "bad_move"), ({"type": "play", "card": None}, "bad_move"),
    ({"type": "play", "card": 7}, "bad_move"), ({"type": "play", "card": ["red-1"]}, "bad_move"),
    ({"type": "play", "card": {"suit": "red"}}, "bad_move"),
    ({"type": "play", "card": "red-1", "extra": 1}, "bad_move"),
    ({"type": "play", "card": "red-1", 5: 1}, "bad_move"),
    ({"type": "pass", "card": "red-1"}, "bad_move"),
    ({"type": "play", "card": "red-99"}, "not_in_hand"), ({"type": "play", "card": ""}, "not_in_hand"),
    ({"type": "play", "card": "RED-1"}, "not_in_hand"), ({"type": "pass"}, "wrong_phase"),
]


@pytest.mark.parametrize("move, code", GARBAGE)
def test_garbage_moves_are_illegal_moves(move, code):
    state = tricks_state()
    before = canonical(state)
    with pytest.raises(IllegalMove) as err:
        engine.decide(state, 0, move, None)
    assert err.value.code == code and err.value.reason
    assert canonical(state) == before


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                    max_leaves=8)
CARDISH = st.sampled_from(sorted(set(c.deck(5, True)))) | JSON
MOVES = JSON | st.fixed_dictionaries(
    {"type": st.sampled_from(["bid", "pass", "double_cross", "play", "cover"]) | JSON},
    optional={"card": CARDISH, "extra": JSON})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(move=MOVES, pick=st.integers(0, 10 ** 6), seat=st.integers(-1, 5) | JSON)
def test_decide_answers_anything_with_events_or_an_illegal_move(move, pick, seat):
    assert_answers(engine, STATES[pick % len(STATES)], seat, move, derive_rng("fuzz", 0))
