"""Move bodies: the schemas, decide's own checks, legal_moves agreeing with decide both ways,
garbage refused as IllegalMove only, and what each viewer may see."""
import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from engines.core import ALL, IllegalMove, canonical, derive_rng, expand, random_playout
from engines.trok import engine
from engines.trok.cards import CARDS, sort_cards

PHASES = ("trok", "appoint", "trading", "shortchange", "combination")


def _positions():
    """Positions of a few random games at every table size: a handful per phase."""
    seen, out = {}, []

    def keep(state, *_):
        phase = state["phase"]
        if phase in PHASES and seen.get(phase, 0) < 12 and not state["over"]:
            seen[phase] = seen.get(phase, 0) + 1
            out.append(copy.deepcopy(state))

    for players in (2, 3, 4, 5):
        for i in range(3):
            random_playout(engine, players, {}, seed=f"moves-{players}-{i}", on_move=keep)
    return out


POSITIONS = _positions()


def test_the_sample_covers_every_phase():
    assert {p["phase"] for p in POSITIONS} == set(PHASES)


def normal(move):
    """A legal move's canonical form: card lists are multisets, picks a set, swap/store optional."""
    kind = move["type"]
    if kind == "offer":
        return (kind, tuple(sort_cards(move["cards"])))
    if kind == "appoint":
        return (kind, move["seat"])
    if kind == "take":
        return (kind, move["from"], move["card"], move.get("swap"))
    if kind == "give":
        return (kind, move["card"])
    if kind == "identical":
        return (kind, tuple(sort_cards(move["cards"])), move["as"])
    if kind == "different":
        return (kind, tuple(sort_cards(move["cards"])), tuple(sorted(move["picks"])))
    return (kind, tuple(sort_cards(move.get("store", []))))


def listed(state, seat):
    return [m for o in engine.legal_moves(state, seat) for m in expand(o)]


def test_every_listed_move_is_accepted():
    checked = 0
    for state in POSITIONS:
        for seat in range(state["players"]):
            moves = listed(state, seat)
            assert bool(moves) == (seat in engine.active(state))
            for move in moves[:: max(1, len(moves) // 40)]:  # at most ~40 a position
                before = canonical(state)
                engine.decide(state, seat, move, derive_rng("accept", checked))
                assert canonical(state) == before  # decide never mutates
                checked += 1
    assert checked > 500


def test_listed_moves_are_distinct():
    for state in POSITIONS:
        for seat in engine.active(state):
            moves = [normal(m) for m in listed(state, seat)]
            assert len(moves) == len(set(moves))


NAMES = st.sampled_from(CARDS)
SMALL = st.integers(-1, 8)
MOVES = st.one_of(
    st.builds(lambda c: {"type": "offer", "cards": c}, st.lists(NAMES, min_size=2, max_size=4)),
    st.builds(lambda s: {"type": "appoint", "seat": s}, SMALL),
    st.builds(lambda f, c, s: {"type": "take", "from": f, "card": c, "swap": s},
              SMALL, NAMES, st.one_of(st.none(), NAMES)),
    st.builds(lambda c: {"type": "give", "card": c}, NAMES),
    st.builds(lambda c, a: {"type": "identical", "cards": c, "as": a},
              st.lists(NAMES, min_size=2, max_size=6), NAMES),
    st.builds(lambda c, p: {"type": "different", "cards": c, "picks": p},
              st.lists(NAMES, min_size=2, max_size=9), st.lists(SMALL, max_size=3)),
    st.builds(lambda c: {"type": "done", "store": c}, st.lists(NAMES, max_size=3)),
)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(POSITIONS) - 1), seat=st.integers(0, 4), move=MOVES)
def test_a_move_is_accepted_exactly_when_listed(index, seat, move):
    state = POSITIONS[index]
    seat %= state["players"]
    allowed = {normal(m) for m in listed(state, seat)}
    try:
        engine.decide(state, seat, move, derive_rng("fuzz", 0))
        accepted = True
    except IllegalMove as err:
        assert err.code and err.reason
        accepted = False
    assert accepted == (normal(move) in allowed), move


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 9) | st.floats(allow_nan=False) | st.text(max_size=8)
    | NAMES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12)
BODIES = st.one_of(
    JSON,
    st.builds(lambda t, extra: {"type": t, **extra},
              st.sampled_from(["offer", "appoint", "take", "give", "identical", "different", "done"]),
              st.dictionaries(st.sampled_from(["cards", "seat", "from", "card", "swap", "as",
                                               "picks", "store", "other"]), JSON, max_size=4)))


@settings(max_examples=500, deadline=None)
@given(index=st.integers(0, len(POSITIONS) - 1), seat=st.one_of(SMALL, JSON), move=BODIES)
def test_garbage_is_refused_as_an_illegal_move_and_nothing_else(index, seat, move):
    state = POSITIONS[index]
    before = canonical(state)
    try:
        engine.decide(state, seat, move, derive_rng("garbage", 0))
    except IllegalMove as err:
        assert err.code and err.reason
    assert canonical(state) == before


@pytest.mark.parametrize("move, code", [
    (None, "unknown_move"), ([], "unknown_move"), ("offer", "unknown_move"), ({}, "unknown_move"),
    ({"type": "pass"}, "unknown_move"), ({"type": ["offer"]}, "unknown_move"),
    ({"type": "offer"}, "bad_move"), ({"type": "offer", "cards": "hammer"}, "bad_move"),
    ({"type": "offer", "cards": ["hammer", 7, "pickaxe"]}, "bad_move"),
    ({"type": "offer", "cards": ["hammer"] * 3, "seat": 1}, "bad_move"),
    ({"type": "take", "from": 1, "card": "hammer"}, "wrong_phase"),
])
def test_refusal_codes(move, code):
    state = next(p for p in POSITIONS if p["phase"] == "trok")
    with pytest.raises(IllegalMove) as err:
        engine.decide(state, 0, move, None)
    assert err.value.code == code


@pytest.mark.parametrize("seat", [True, "0", None, 1.0, -1, 9])
def test_only_an_active_seat_may_move(seat):
    state = next(p for p in POSITIONS if p["phase"] == "trading")
    with pytest.raises(IllegalMove) as err:
        engine.decide(state, seat, {"type": "take", "from": 0, "card": "hammer"}, None)
    assert err.value.code == "not_your_turn"
    assert engine.legal_moves(state, seat) == []


def test_the_schemas():
    loads = {
        "offer": {"type": "offer", "cards": ["hammer", "pickaxe", "arcane_stone"]},
        "appoint": {"type": "appoint", "seat": 2},
        "take": {"type": "take", "from": 1, "card": "armor", "swap": None},
        "give": {"type": "give", "card": "ration"},
        "identical": {"type": "identical", "cards": ["helmet"] * 3, "as": "helmet"},
        "different": {"type": "different", "cards": ["pickaxe", "gloves", "hammer"], "picks": [0]},
        "done": {"type": "done", "store": ["hammer"]},
    }
    assert set(engine.moves_schema) == set(loads)
    assert len({id(s) for s in engine.moves_schema.values()}) == 7
    for kind, body in loads.items():
        engine.moves_schema[kind]().load(body)
    assert engine.moves_schema["done"]().load({"type": "done"})["store"] == []
    for kind, bad in [("offer", {"type": "offer", "cards": ["hammer"] * 2}),
                      ("take", {"type": "take", "from": "1", "card": "armor"}),
                      ("identical", {"type": "identical", "cards": ["helmet"] * 3, "as": "arcane_stone"}),
                      ("different", {"type": "different", "cards": ["pickaxe"] * 3, "picks": [0, 1, 2]}),
                      ("done", {"type": "done", "store": ["arcane_stone"]}),
                      ("give", {"type": "give", "card": "gold"})]:
        with pytest.raises(ValidationError):
            engine.moves_schema[kind]().load(bad)


# --- what each viewer sees ---------------------------------------------------------------------------

@pytest.mark.parametrize("index", range(0, len(POSITIONS), 3))
def test_views_hide_hands_choices_aare_and_the_deck(index):
    state = POSITIONS[index]
    n = state["players"]
    for viewer in list(range(n)) + [None]:
        view = engine.view(state, viewer)
        json.dumps(view)
        assert "deck" not in view and "discard" not in view and "upgrade_deck" not in view
        assert view["deck_size"] == sum(state["deck"].values())
        for seat, shown in enumerate(view["seats"]):
            assert shown["hand_size"] == len(state["hands"][seat])
            assert shown["has_chosen"] == (state["phase"] == "trok" and state["chosen"][seat] is not None)
            assert shown["upgrades"] == state["upgrades"][seat]
            if seat == viewer:
                assert shown["hand"] == state["hands"][seat] and shown["aare"] == state["aare"][seat]
                assert shown["chosen"] == state["chosen"][seat]
            else:
                assert shown["hand"] is None and shown["chosen"] is None and shown["aare"] is None
    opened = engine.view(state, ALL)
    assert opened["deck"] == state["deck"] and [s["hand"] for s in opened["seats"]] == state["hands"]
