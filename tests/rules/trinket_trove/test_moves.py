"""The move bodies: schemas, decide's own checks, and legal_moves agreeing with decide."""
import copy
import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from engines.core import IllegalMove, canonical, derive_rng, expand, random_playout, sample_move
from engines.trinket_trove import engine
from engines.trinket_trove import cards as tc

from .helpers import play, table
from tests.support.answers import assert_answers


def positions(players, seeds=2):
    """Every position at rest of a few random games (for 2 players: ties for Nimbus included)."""
    out = []
    for i in range(seeds):
        random_playout(engine, players, {}, seed=f"moves{players}-{i}",
                       on_move=lambda state, *_: out.append(copy.deepcopy(state)))
    return [s for s in out if s["phase"] != "over"]


def tie_positions(wanted=6):
    """Positions where a human must choose Nimbus's pick, from as many games as it takes."""
    out = []
    for i in range(200):
        random_playout(engine, 2, {}, seed=f"ties{i}", on_move=lambda state, *_: state["tie"]
                       and out.append(copy.deepcopy(state)))
        if len(out) >= wanted:
            return out
    raise AssertionError("hardly any ties for Nimbus in 200 games")


ALL_POSITIONS = {n: positions(n) for n in range(2, 7)}
ALL_POSITIONS[2] += tie_positions()


def test_the_sampled_positions_cover_every_step():
    two = ALL_POSITIONS[2]
    assert sum(1 for s in two if s["tie"]) >= 6
    assert all(any(s["phase"] == p for s in states) for states in ALL_POSITIONS.values()
               for p in ("bidding", "drafting"))


def rng():
    return derive_rng("accept", 0)


def accepts(state, seat, move) -> bool:
    try:
        engine.decide(state, seat, move, rng())
        return True
    except IllegalMove:
        return False


def test_the_schemas():
    bid, draft, pick = (engine.moves_schema[k]() for k in ("bid", "draft", "nimbus_pick"))
    assert bid.load({"type": "bid", "cards": []}) == {"type": "bid", "cards": []}
    assert bid.load({"type": "bid", "cards": ["key-1"]})["cards"] == ["key-1"]
    assert draft.load({"type": "draft", "lots": [0, 4]})["lots"] == [0, 4]
    assert pick.load({"type": "nimbus_pick", "lot": 3})["lot"] == 3
    for schema, body in [(bid, {"type": "bid"}), (bid, {"type": "draft", "cards": []}),
                         (bid, {"type": "bid", "cards": [1]}), (draft, {"type": "draft", "lots": [1]}),
                         (draft, {"type": "draft", "lots": ["1", 2]}), (draft, {"type": "draft", "lots": [1, 2], "x": 1}),
                         (pick, {"type": "nimbus_pick", "lot": "2"}), (pick, {"type": "nimbus_pick"})]:
        with pytest.raises(ValidationError):
            schema.load(body)
    assert len({id(s) for s in engine.moves_schema.values()}) == 3


def bidding_table():
    return table(3, order=[0, 1, 2], lots=[["Bell", "Gem"], ["Key"], ["Gear"]],
                 hands={0: ["Lure", "Shell", "Key"], 1: ["Bell"], 2: ["Gem"]})


GARBAGE = [
    (None, "unknown_move"), ([], "unknown_move"), ("bid", "unknown_move"), ({}, "unknown_move"),
    ({"type": "pass"}, "unknown_move"), ({"type": ["bid"]}, "unknown_move"), ({"type": None}, "unknown_move"),
    ({"type": "bid"}, "bad_move"), ({"type": "bid", "cards": None}, "bad_move"),
    ({"type": "bid", "cards": "lure-1"}, "bad_move"), ({"type": "bid", "cards": [1]}, "bad_move"),
    ({"type": "bid", "cards": [None]}, "bad_move"), ({"type": "bid", "cards": [["lure-1"]]}, "bad_move"),
    ({"type": "bid", "cards": {"lure-1": 1}}, "bad_move"), ({"type": "bid", "cards": [], "zero": True}, "bad_move"),
    ({"type": "bid", "cards": [], 7: 1}, "bad_move"), ({"type": "bid", "cards": ["nothing"]}, "not_in_hand"),
    ({"type": "bid", "cards": ["LURE-1"]}, "not_in_hand"),
    ({"type": "draft", "lots": [0, 1]}, "not_now"), ({"type": "nimbus_pick", "lot": 0}, "not_now"),
]


@pytest.mark.parametrize("move, code", GARBAGE)
def test_garbage_moves_are_illegal_moves(move, code):
    state = bidding_table()
    before = canonical(state)
    with pytest.raises(IllegalMove) as err:
        engine.decide(state, 0, move, rng())
    assert err.value.code == code and err.value.reason
    assert canonical(state) == before


DRAFT_GARBAGE = [
    ({"type": "draft", "lots": None}, "bad_move"), ({"type": "draft", "lots": [True, 1]}, "bad_move"),
    ({"type": "draft", "lots": [0.0, 1]}, "bad_move"), ({"type": "draft", "lots": "01"}, "bad_move"),
    ({"type": "draft", "lots": [10 ** 30, 1]}, "no_such_lot"), ({"type": "draft", "lots": []}, "two_lots"),
    ({"type": "draft"}, "bad_move"), ({"type": "draft", "lots": [1, 2], "cards": []}, "bad_move"),
]


@pytest.mark.parametrize("move, code", DRAFT_GARBAGE)
def test_garbage_drafts_are_illegal_moves(move, code):
    state = table(3, order=[0, 1, 2], phase="drafting", lots=[["Bell"], ["Key"], ["Gear"]],
                  bids=[(0, ["Gem"], False), (1, ["Lure"], False), (2, ["Shell"], True)])
    with pytest.raises(IllegalMove) as err:
        engine.decide(state, 0, move, rng())
    assert err.value.code == code


@pytest.mark.parametrize("seat", [1, 2, 3, -1, None, "0", True, 0.0, "nimbus"])
def test_only_the_seat_to_move_may_act(seat):
    state = bidding_table()
    with pytest.raises(IllegalMove) as err:
        engine.decide(state, seat, {"type": "bid", "cards": []}, rng())
    assert err.value.code == "not_your_turn"
    assert engine.legal_moves(state, seat) == []


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 12) | st.floats() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                    max_leaves=8)
CARDISH = st.lists(st.sampled_from(tc.DECK[:30]) | JSON, max_size=4) | JSON
LOTISH = st.lists(st.integers(-1, 8) | JSON, max_size=3) | JSON
MOVES = JSON | st.fixed_dictionaries(
    {"type": st.sampled_from(["bid", "draft", "nimbus_pick"]) | JSON},
    optional={"cards": CARDISH, "lots": LOTISH, "lot": st.integers(-1, 8) | JSON, "extra": JSON})
FUZZ_STATES = [s for n in (2, 4) for s in ALL_POSITIONS[n][::7]] + [
    s for s in ALL_POSITIONS[2] if s["tie"]]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(move=MOVES, which=st.integers(0, 10 ** 6), seat=st.integers(-1, 4) | JSON)
def test_decide_answers_anything_with_events_or_an_illegal_move(move, which, seat):
    state = FUZZ_STATES[which % len(FUZZ_STATES)]
    for who in (seat, *engine.active(state)):
        assert_answers(engine, state, who, move, rng())


def test_every_move_legal_moves_offers_is_accepted():
    r = derive_rng("sampling", 0)
    for players, states in ALL_POSITIONS.items():
        for state in states:
            for seat in engine.active(state):
                options = engine.legal_moves(state, seat)
                assert options
                hand = state["hands"][seat]
                if state["phase"] == "drafting" or len(hand) <= 7:
                    moves = [m for o in options for m in expand(o)]
                else:
                    moves = [sample_move(options, r) for _ in range(20)]
                for move in moves:
                    engine.decide(state, seat, move, rng())  # raises if refused


def test_moves_legal_moves_does_not_list_are_refused():
    r = derive_rng("refuse", 0)
    for players, states in ALL_POSITIONS.items():
        for state in states[::3] + [s for s in states if s["tie"]]:
            for seat in range(players):
                options = engine.legal_moves(state, seat)
                if seat not in engine.active(state):
                    assert options == [] and not accepts(state, seat, {"type": "bid", "cards": []})
                    continue
                listed = [m for o in options for m in expand(o)] if state["phase"] == "drafting" \
                    or len(state["hands"][seat]) <= 7 else None
                lots = range(-1, len(state["lots"]) + 1)
                if state["tie"]:
                    for lot in lots:
                        move = {"type": "nimbus_pick", "lot": lot}
                        assert accepts(state, seat, move) == (move in listed)
                elif state["phase"] == "drafting":
                    for a, b in itertools.permutations(lots, 2):
                        ok = {"type": "draft", "lots": sorted([a, b])} in listed
                        assert accepts(state, seat, {"type": "draft", "lots": [a, b]}) == ok
                else:
                    hand = state["hands"][seat]
                    outside = [c for c in tc.DECK if c not in hand]
                    for _ in range(15):
                        cards = r.sample(hand, r.randbelow(len(hand) + 1))
                        if r.randbelow(2):
                            cards.append(r.choice(outside))
                        ok = set(cards) <= set(hand)
                        assert accepts(state, seat, {"type": "bid", "cards": cards}) == ok
                        if listed is not None:
                            assert ok == any(set(m["cards"]) == set(cards) and len(m["cards"]) == len(cards)
                                             for m in listed)


def test_a_bid_may_name_its_cards_in_any_order():
    state = bidding_table()
    hand = state["hands"][0]
    a, _ = play(state, 0, {"type": "bid", "cards": hand})
    b, _ = play(state, 0, {"type": "bid", "cards": list(reversed(hand))})
    assert canonical(a) == canonical(b)
