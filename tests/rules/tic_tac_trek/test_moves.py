"""The move body: its schema, decide's own checks, legal_moves agreeing with decide, the view."""
import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from engines.core import ALL, IllegalMove, canonical, derive_rng, expand, random_playout
from engines.tic_tac_trek import engine
from engines.tic_tac_trek import tableau as tb

from .helpers import SIX_OUT, legal, place, position
from tests.support.answers import assert_answers


def some_states(seeds=4):
    """Every position of a few random games, plus one where all six ✖ campfires are out."""
    states = []
    for i in range(seeds):
        random_playout(engine, 2, {}, seed=f"moves{i}",
                       on_move=lambda st, *_: states.append(copy.deepcopy(st)))
    return [s for s in states if not s["over"]] + [position(SIX_OUT)]


def _rng():
    return derive_rng("accept", 0)


def accepts(state, move) -> bool:
    try:
        engine.decide(state, state["turn"], move, _rng())
        return True
    except IllegalMove:
        return False


def test_the_schema():
    schema = engine.moves_schema["place"]()
    assert schema.load({"type": "place", "cell": [0, -1]}) == {"type": "place", "cell": [0, -1]}
    assert schema.load({"type": "place", "cell": [0, 1], "campfire_from": None})["campfire_from"] is None
    assert schema.load({"type": "place", "cell": [0, 1], "campfire_from": [2, 3]})["campfire_from"] == [2, 3]
    for bad in [{"type": "place"}, {"type": "take", "cell": [0, 1]}, {"type": "place", "cell": [0]},
                {"type": "place", "cell": ["a", 1]}, {"type": "place", "cell": [0, 1], "extra": 1},
                {"type": "place", "cell": [0, 1], "campfire_from": [1, 2, 3]}]:
        with pytest.raises(ValidationError):
            schema.load(bad)


GARBAGE = [
    (None, "unknown_move"), ([], "unknown_move"), ("place", "unknown_move"), ({}, "unknown_move"),
    ({"type": "flip", "cell": [0, 1]}, "unknown_move"), ({"type": ["place"]}, "unknown_move"),
    ({"type": "place"}, "bad_move"), ({"type": "place", "cell": None}, "bad_move"),
    ({"type": "place", "cell": "0,1"}, "bad_move"), ({"type": "place", "cell": [0]}, "bad_move"),
    ({"type": "place", "cell": [0, 1, 2]}, "bad_move"), ({"type": "place", "cell": ["0", "1"]}, "bad_move"),
    ({"type": "place", "cell": [True, False]}, "bad_move"), ({"type": "place", "cell": [0.0, 1]}, "bad_move"),
    ({"type": "place", "cell": {"x": 0, "y": 1}}, "bad_move"), ({"type": "place", "cell": [[0], [1]]}, "bad_move"),
    ({"type": "place", "cell": [0, 1], "rotate": 1}, "bad_move"), ({"type": "place", "cell": [0, 1], 5: 1}, "bad_move"),
    ({"type": "place", "cell": [0, 1], "campfire_from": [1]}, "bad_move"),
    ({"type": "place", "cell": [0, 1], "campfire_from": True}, "bad_move"),
    ({"type": "place", "cell": [0, 1], "campfire_from": [1.5, 2]}, "bad_move"),
    ({"type": "place", "cell": [10 ** 30, 0]}, "not_adjacent"),
]


@pytest.mark.parametrize("move, code", GARBAGE)
def test_garbage_moves_are_illegal_moves(move, code):
    state = position("XM OD", drawn="Lake")
    before = canonical(state)
    with pytest.raises(IllegalMove) as err:
        engine.decide(state, 0, move, None)
    assert err.value.code == code and err.value.reason
    assert canonical(state) == before


@pytest.mark.parametrize("seat", [1, 2, -1, None, "0"])
def test_only_the_seat_to_move_may_place(seat):
    with pytest.raises(IllegalMove) as err:
        engine.decide(position("XM OD", drawn="Lake", turn=0), seat, place(0, 1), None)
    assert err.value.code == "not_your_turn"
    assert engine.legal_moves(position("XM OD", turn=0), 1) == []


def test_a_tuple_cell_is_written_as_a_list():
    events = engine.decide(position("XM OD"), 0, {"type": "place", "cell": (0, 1)}, _rng())
    assert events[0]["cell"] == [0, 1]


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                    max_leaves=8)
CELLISH = st.lists(st.integers(-2, 6), min_size=1, max_size=3) | JSON
MOVES = JSON | st.fixed_dictionaries(
    {"type": st.just("place") | JSON, "cell": CELLISH},
    optional={"campfire_from": st.none() | CELLISH, "extra": JSON})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(move=MOVES)
def test_decide_answers_anything_with_events_or_an_illegal_move(move):
    for state in (position("XM OD OL", drawn="Mountain"), position(SIX_OUT)):
        assert_answers(engine, state, 0, move, _rng())


def test_every_move_legal_moves_offers_is_accepted():
    for state in some_states():
        seat = state["turn"]
        for option in engine.legal_moves(state, seat):
            for move in expand(option):
                engine.decide(state, seat, move, _rng())  # raises if refused


def test_legal_moves_lists_exactly_the_spaces_decide_accepts():
    for state in some_states(2):
        cells = [tb.cell_of(k) for k in state["board"]]
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        around = [[x, y] for x in range(min(xs) - 2, max(xs) + 3) for y in range(min(ys) - 2, max(ys) + 3)]
        accepted = [c for c in around if accepts(state, place(*c))
                    or accepts(state, place(*c, campfire_from=None))]
        assert sorted(accepted) == sorted(legal(state)) != []


def test_everyone_sees_the_same_plain_json_view():
    state = some_states(1)[10]
    views = [engine.view(state, v) for v in (0, 1, None, ALL)]
    assert all(v == views[0] for v in views)
    assert json.loads(json.dumps(views[0])) == views[0]
    assert json.loads(json.dumps(state)) == state  # the state itself is plain JSON
    view = views[0]
    assert view["turn"] == state["turn"] and view["drawn"] == {"seat": state["turn"], "terrain": state["drawn"]}
    assert sorted(view["legal_cells"]) == sorted(legal(state))
    assert view["tiles_in_bag"] == sum(view["bag"].values()) == 26 - len(state["board"]) - 1
