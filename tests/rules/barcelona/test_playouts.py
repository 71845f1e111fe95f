"""Random play-outs (fold == live state, decide never mutates), component accounting, legal
moves accepted, garbage refused with IllegalMove only, and views."""
import copy

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engines.core import ALL, IllegalMove, derive_rng, expand, random_playout
from engines.barcelona import engine
from engines.barcelona.data import (BAG, BUILDING_TILES, MARKER_SPOTS, NARROW_STACKS, WIDE_STACK,
                                    CLASSES)

def accounted(state):
    """Every Citizen, Building tile, Street tile, marker and Modernisme tile is somewhere."""
    tracks = sum(row.count("citizen") for row in state["tracks"].values())
    hands = sum(len(p["hand"]) for p in state["p"])
    stacks = sum(len(v) for v in state["stacks"].values())
    assert sum(state["bag"].values()) + hands + stacks + tracks == sum(BAG.values())
    assert all(state["bag"][c] >= 0 for c in CLASSES)
    on_board = {}
    for b in state["buildings"].values():
        for tile in b["tiles"]:
            on_board[tile] = on_board.get(tile, 0) + 1
    for kind, n in BUILDING_TILES.items():
        assert state["supply"][kind] + on_board.get(kind, 0) == n
    for seat, p in enumerate(state["p"]):
        mine = [t for t in state["street_tiles"].values() if t["seat"] == seat]
        assert p["wide"] + sum(1 for t in mine if t["kind"] == "wide") == WIDE_STACK
        assert sum(p["narrow"]) + sum(1 for t in mine if t["kind"] == "narrow") == sum(NARROW_STACKS)
        placed = sum(b["markers"].count(seat) for b in state["buildings"].values())
        assert sum(p["markers"]) + placed == sum(MARKER_SPOTS)
        assert p["cobblestones"] == list(state["sidewalk"].values()).count(seat)
        assert p["coins"] >= 0 and p["cloths"] >= 0
        assert p["coins"] + p["cloths"] <= 4 + p["cobblestones"]
    held = [pr["tile"] for p in state["p"] for pr in p["projects"] if pr["tile"] is not None]
    shown = [t for t in state["display"] if t is not None]
    everywhere = held + shown + state["deck"]
    assert len(everywhere) == len(set(everywhere)) and set(everywhere) <= set(range(len(state["tiles"])))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("layout", ["shuffled", "printed"])
def test_random_playout(players, layout):
    for game in range(2):
        def check(state, seat, move, events):
            accounted(state)

        final, _, moves = random_playout(engine, players, {"layout": layout},
                                         seed=f"bcn-{players}-{layout}-{game}", check_fold=True,
                                         on_move=check)
        assert final["over"] and final["reason"] == "third_cerda_scoring"
        assert final["scored"] == 3
        result = engine.result(final)
        assert sorted(r["seat"] for r in result["ranking"]) == list(range(players))


def positions():
    """Copies of every 7th position of three random games (the live state is folded in place)."""
    out = []
    for players in (2, 3, 4):
        count = [0]

        def grab(state, *_):
            count[0] += 1
            if not state["over"] and count[0] % 7 == 0:
                out.append(copy.deepcopy(state))
        random_playout(engine, players, {}, seed=f"pos-{players}", on_move=grab)
    return out


POS = positions()


def test_every_listed_move_is_accepted():
    checked = 0
    for state in POS:
        for seat in engine.active(state):
            for option in engine.legal_moves(state, seat):
                for move in list(expand(option))[:6]:
                    engine.decide(state, seat, move, derive_rng("acc", 1))
                    checked += 1
    assert checked > 100


def test_inactive_seat_has_no_moves_and_is_refused():
    state = POS[5]
    [seat] = engine.active(state)
    other = (seat + 1) % state["players"]
    assert engine.legal_moves(state, other) == []
    move = next(expand(engine.legal_moves(state, seat)[0]))
    with pytest.raises(IllegalMove) as e:
        engine.decide(state, other, move, derive_rng("x", 1))
    assert e.value.code == "not_your_turn"


junk = st.recursive(st.none() | st.booleans() | st.integers(-3, 30) | st.text(max_size=6)
                    | st.sampled_from(["1,0", "c1.0", "level1", "b1,0", "coin", "upper", "2,1"]),
                    lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=5), c, max_size=3),
                    max_leaves=6)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(i=st.integers(0, len(POS) - 1),
       type_=st.sampled_from(list(engine.moves_schema) + ["x", None, 3]),
       body=st.dictionaries(st.sampled_from(["crossing", "top", "space", "spaces", "tile", "slot",
                                             "service", "passenger", "resource", "building",
                                             "crossings", "choice", "steps", "coins", "zzz"]),
                            junk, max_size=4))
def test_garbage_raises_illegal_move_only(i, type_, body):
    state = POS[i]
    move = dict(body, type=type_)
    for seat in range(state["players"]):
        try:
            engine.decide(state, seat, move, derive_rng("g", 1))
        except IllegalMove:
            pass


def test_unlisted_moves_refused():
    state = POS[4]
    [seat] = engine.active(state)
    listed = [m for o in engine.legal_moves(state, seat) for m in expand(o)]
    for move in [{"type": "place", "crossing": "9,9", "top": "upper"},
                 {"type": "build", "building": "level3", "space": "t0u", "crossings": []},
                 {"type": "sagrada", "steps": 99}, {"type": "coins", "extra": 1}]:
        if move not in listed:
            with pytest.raises(IllegalMove):
                engine.decide(state, seat, move, derive_rng("u", 1))


def test_views_are_the_same_open_table_for_everyone():
    for state in POS[::5]:
        views = [engine.view(state, v) for v in list(range(state["players"])) + [None, ALL]]
        for v in views:
            v.pop("you")
        assert all(v == views[0] for v in views)
        assert "deck" not in views[0] and views[0]["deck_size"] == len(state["deck"])
        assert engine.hidden_zones(state, 0) == []
