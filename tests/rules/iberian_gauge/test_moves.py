"""Move bodies: schemas, decide's own checks against garbage, legal_moves agreeing with decide in
both directions, and the view."""
import copy
import json
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from engines.core import ALL, IllegalMove, canonical, derive_rng, expand, random_playout
from engines.iberian_gauge import board as bd
from engines.iberian_gauge import engine
from engines.iberian_gauge.railroads import RAILROAD_IDS, STARTING_SHARE_VALUES

from tests.support.answers import assert_answers

from .helpers import (MADRID, SEVILLE, VALENCIA, ZARAGOZA, build_turn, railroad, stock_round,
                      table)


def sampled_states(players=(3, 4, 5), every=7):
    """Every few positions of a random game per player count, running games only."""
    states = []
    for n in players:
        seen = []
        random_playout(engine, n, {}, seed=f"moves{n}",
                       on_move=lambda s, *_: seen.append(copy.deepcopy(s)))
        states += [s for s in seen[::every] if s["phase"] != "over"]
    return states


def crafted_build():
    """Red in Madrid with two equally short leases on offer and a city wall to route around."""
    state = railroad(table(), "red", treasury=40, shares=[0, 1], track=[MADRID])
    state = railroad(state, "orange", treasury=5, shares=[1], track=[ZARAGOZA, [10, 16], [12, 14], [13, 15]])
    state = railroad(state, "purple", treasury=6, shares=[2], track=[VALENCIA, [11, 15], [14, 14]])
    state = railroad(state, "yellow", treasury=7, shares=[2], track=[SEVILLE, [9, 15], [13, 13]])
    return build_turn(state, "red")


def accepts(state, move) -> bool:
    try:
        engine.decide(state, state["turn"], move, derive_rng("accept", 0))
        return True
    except IllegalMove:
        return False


def listed(state) -> list[str]:
    return sorted(canonical(m) for o in engine.legal_moves(state, state["turn"]) for m in expand(o))


def stock_candidates(state):
    cities = [bd.coords(h) for h in bd.MAJOR_CITIES] + [[13, 15]]
    moves = [{"type": "pass"}]
    for rid in RAILROAD_IDS:
        moves.append({"type": "buy", "railroad": rid})
        for value, city in product(STARTING_SHARE_VALUES, cities):
            moves.append({"type": "float", "railroad": rid, "share_value": value, "city": city})
    return moves


def build_candidates(state):
    """Every hex with no lease, every occupied neighbour as a one-hex lease, every pair of
    occupied hexes that neighbour each other as a two-hex lease, and every path legal_moves lists."""
    occupied = [bd.coords(h) for h in state["board"]]
    pairs = [[a, b] for a in occupied for b in occupied if bd.adjacent(bd.key(a), bd.key(b))]
    moves = [{"type": "decline"}]
    for h in bd.ORDER:
        target = bd.coords(h)
        moves.append({"type": "build", "hex": target, "lease": []})
        moves += [{"type": "build", "hex": target, "lease": [o]} for o in occupied
                  if bd.adjacent(h, bd.key(o))]
        moves += [{"type": "build", "hex": target, "lease": p} for p in pairs
                  if bd.adjacent(h, bd.key(p[1]))]
    for o in engine.legal_moves(state, state["turn"]):
        moves += list(expand(o))
    return moves


def test_the_schemas():
    schemas = {k: s() for k, s in engine.moves_schema.items()}
    assert set(schemas) == {"float", "buy", "pass", "build", "decline"}
    assert schemas["build"].load({"type": "build", "hex": [9, 15]}) == {"type": "build", "hex": [9, 15], "lease": []}
    assert schemas["build"].load({"type": "build", "hex": [11, 17], "lease": [[10, 16]]})["lease"] == [[10, 16]]
    assert schemas["float"].load({"type": "float", "railroad": "red", "share_value": 24, "city": [10, 14]})
    assert schemas["buy"].load({"type": "buy", "railroad": "light_blue"})
    for kind, bad in [("float", {"type": "float", "railroad": "red", "share_value": 14, "city": [10, 14]}),
                      ("float", {"type": "float", "railroad": "red", "share_value": 24}),
                      ("buy", {"type": "buy", "railroad": "green"}), ("buy", {"type": "buy"}),
                      ("build", {"type": "build", "hex": [1]}), ("build", {"type": "build", "hex": [1, 2], "lease": [[1]]}),
                      ("pass", {"type": "pass", "railroad": "red"}), ("decline", {"type": "pass"})]:
        with pytest.raises(ValidationError):
            schemas[kind].load(bad)


GARBAGE = [
    (None, "unknown_move"), ([], "unknown_move"), ("pass", "unknown_move"), ({}, "unknown_move"),
    ({"type": "sell"}, "unknown_move"), ({"type": ["pass"]}, "unknown_move"), ({"type": None}, "unknown_move"),
    ({"type": "pass", "railroad": "red"}, "bad_move"), ({"type": "buy"}, "bad_move"),
    ({"type": "buy", "railroad": None}, "no_such_railroad"), ({"type": "buy", "railroad": ["red"]}, "no_such_railroad"),
    ({"type": "buy", "railroad": "Red"}, "no_such_railroad"),
    ({"type": "float", "railroad": "red", "share_value": 24}, "bad_move"),
    ({"type": "float", "railroad": "red", "share_value": 24, "city": "Madrid"}, "bad_move"),
    ({"type": "float", "railroad": "red", "share_value": 24, "city": [10.0, 14]}, "bad_move"),
    ({"type": "float", "railroad": "red", "share_value": 24, "city": [True, 14]}, "bad_move"),
    ({"type": "float", "railroad": "red", "share_value": 24.0, "city": [10, 14]}, "bad_share_value"),
    ({"type": "float", "railroad": "red", "share_value": 10 ** 30, "city": [10, 14]}, "bad_share_value"),
    ({"type": "float", "railroad": "red", "share_value": 24, "city": [10 ** 30, 14]}, "not_a_major_city"),
    ({"type": "float", "railroad": "red", "share_value": 24, "city": [10, 14], 3: 1}, "bad_move"),
    ({"type": "build", "hex": [9, 15]}, "not_now"), ({"type": "decline"}, "not_now"),
]


@pytest.mark.parametrize("move, code", GARBAGE)
def test_garbage_moves_are_illegal_moves(move, code):
    state = stock_round(table(), turn=0)
    before = canonical(state)
    with pytest.raises(IllegalMove) as err:
        engine.decide(state, 0, move, None)
    assert err.value.code == code and err.value.reason
    assert canonical(state) == before


BUILD_GARBAGE = [
    ({"type": "build"}, "bad_move"), ({"type": "build", "hex": None}, "bad_move"),
    ({"type": "build", "hex": "10,16"}, "bad_move"), ({"type": "build", "hex": [10, 16, 0]}, "bad_move"),
    ({"type": "build", "hex": [10, 16], "lease": {"a": 1}}, "bad_move"),
    ({"type": "build", "hex": [10, 16], "lease": [[10, 16, 1]]}, "bad_move"),
    ({"type": "build", "hex": [10, 16], "lease": "x"}, "bad_move"),
    ({"type": "build", "hex": [10, 16], "via": []}, "bad_move"),
    ({"type": "build", "hex": [-10 ** 30, 16]}, "no_such_hex"),
    ({"type": "build", "hex": [11, 17], "lease": [[11, 17]]}, "hex_full"),
    ({"type": "decline", "hex": [10, 16]}, "bad_move"),
    ({"type": "pass"}, "not_now"), ({"type": "buy", "railroad": "red"}, "not_now"),
]


@pytest.mark.parametrize("move, code", BUILD_GARBAGE)
def test_garbage_build_moves_are_illegal_moves(move, code):
    state = crafted_build()
    state["board"]["11,17"] = ["light_blue"]
    with pytest.raises(IllegalMove) as err:
        engine.decide(state, 0, move, None)
    assert err.value.code == code and err.value.reason


@pytest.mark.parametrize("seat", [1, 2, 3, -1, None, "0", True, 0.0])
def test_only_the_seat_to_act_may_move(seat):
    state = stock_round(table(priority=0), turn=0)
    with pytest.raises(IllegalMove) as err:
        engine.decide(state, seat, {"type": "pass"}, None)
    assert err.value.code == "not_your_turn"
    assert engine.legal_moves(state, seat) == []


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                    max_leaves=8)
HEX = st.lists(st.integers(-1, 22), min_size=2, max_size=2) | JSON
MOVES = JSON | st.fixed_dictionaries(
    {"type": st.sampled_from(["float", "buy", "pass", "build", "decline"]) | JSON},
    optional={"railroad": st.sampled_from(RAILROAD_IDS) | JSON,
              "share_value": st.sampled_from(STARTING_SHARE_VALUES) | JSON,
              "city": st.sampled_from([bd.coords(h) for h in bd.MAJOR_CITIES]) | HEX,
              "hex": HEX, "lease": st.lists(HEX, max_size=3) | JSON, "extra": JSON})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(move=MOVES)
def test_decide_answers_anything_with_events_or_an_illegal_move(move):
    for state in (stock_round(table(), turn=0), crafted_build()):
        assert_answers(engine, state, state["turn"], move, derive_rng("fuzz", 0))


def test_every_move_legal_moves_offers_is_accepted():
    for state in sampled_states(every=3) + [crafted_build()]:
        seat = state["turn"]
        for option in engine.legal_moves(state, seat):
            for move in expand(option):
                engine.decide(state, seat, move, derive_rng("accept", 0))  # raises if refused


def test_decide_accepts_exactly_the_moves_legal_moves_lists():
    states = sampled_states(every=11) + [crafted_build()]
    assert {s["phase"] for s in states} == {"stock", "build"}
    for state in states:
        candidates = stock_candidates(state) if state["phase"] == "stock" else build_candidates(state)
        accepted = sorted({canonical(m) for m in candidates if accepts(state, m)})
        assert accepted == listed(state)


def test_the_crafted_build_offers_two_equal_leases_and_a_detour_round_cuenca():
    options = engine.legal_moves(crafted_build(), 0)
    by_hex = {tuple(o["move"]["hex"]): o for o in options if o["move"]["type"] == "build"}
    assert sorted(by_hex[(11, 17)]["choose"]["lease"]["one_of"]) == [[[10, 16]], [[11, 15]]]
    # Madrid -> Purple [11, 15] -> Orange [12, 14] -> Yellow [13, 13] -> Purple [14, 14], not through Cuenca
    assert by_hex[(15, 15)]["choose"]["lease"]["one_of"] == [[[11, 15], [12, 14], [13, 13], [14, 14]]]


def test_everyone_sees_the_same_plain_json_view():
    for state in sampled_states(players=(4,), every=25):
        views = [engine.view(state, v) for v in (0, 1, 2, 3, None, ALL)]
        assert all(v == views[0] for v in views)
        view = views[0]
        assert json.loads(json.dumps(view)) == view
        assert json.loads(json.dumps(state)) == state
        assert view["turn"] == state["turn"] and view["phase"] == state["phase"]
        assert view["round_kind"] == view["rounds"][view["round"] - 1]
        assert len(view["board"]) == 276
        assert sum(len(h["railroads"]) for h in view["board"]) == sum(
            len(r["track"]) for r in view["railroads"])
        assert [r["id"] for r in view["railroads"]] == state["initiative"]
        for seat in range(4):
            assert sum(view["shares_held"][seat].values()) == sum(
                r["shares"].count(seat) for r in view["railroads"])
        assert view["scores"] == [view["cash"][s] + sum(
            r["share_value"] * r["shares"].count(s) for r in view["railroads"] if r["floated"])
            for s in range(4)]


def test_the_view_names_the_acting_share_in_a_build_round():
    view = engine.view(crafted_build(), None)
    assert view["build"] == {"railroad": "red", "share": 0, "owner": 0, "new_city": False}
    assert view["stock"] is None and view["phase"] == "build"
