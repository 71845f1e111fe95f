"""Your turn: place Citizens, Intersection benefits, street actions, then construction."""
import pytest

from engines.core import IllegalMove
from engines.barcelona import engine, city
from tests.rules.barcelona.helpers import at_actions, fresh, of, play


def test_place_stacks_both_citizens_top_chosen():
    s = fresh()
    s2, _ = play(s, 0, {"type": "place", "crossing": "1,0", "top": "middle"})
    assert s2["stacks"]["1,0"] == ["working", "middle"]
    s3, _ = play(s, 0, {"type": "place", "crossing": "1,0", "top": "working"})
    assert s3["stacks"]["1,0"] == ["middle", "working"]
    assert s2["phase"] == "actions" and s2["p"][0]["hand"] == []


def test_crossing_must_be_empty_and_top_in_hand():
    s = fresh()
    s["stacks"]["1,0"] = ["upper"]
    with pytest.raises(IllegalMove):
        engine.decide(s, 0, {"type": "place", "crossing": "1,0", "top": "middle"}, None)
    with pytest.raises(IllegalMove):
        engine.decide(s, 0, {"type": "place", "crossing": "2,0", "top": "upper"}, None)


def test_diagonal_crossing_costs_one_coin_unless_intersection():
    s = fresh()
    assert city.CROSSING_COST["2,2"] == 1 and city.CROSSING_COST["2,1"] == 0
    with pytest.raises(IllegalMove):
        engine.decide(s, 0, {"type": "place", "crossing": "2,2", "top": "middle"}, None)
    s["p"][0]["coins"] = 1
    s2, _ = play(s, 0, {"type": "place", "crossing": "2,2", "top": "middle"})
    assert s2["p"][0]["coins"] == 0
    s["p"][0]["coins"] = 0
    s["intersections"]["2,2"] = 1
    s["p"][1]["intersections"] = 1
    s3, _ = play(s, 0, {"type": "place", "crossing": "2,2", "top": "middle"})
    assert s3["p"][0]["coins"] == 0


@pytest.mark.parametrize("built,most", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_intersection_owner_takes_benefits_first(built, most):
    s = fresh()
    s["intersections"]["1,0"] = 1
    s["p"][1]["intersections"] = built
    s2, _ = play(s, 0, {"type": "place", "crossing": "1,0", "top": "middle"})
    assert engine.active(s2) == [1]  # the owner chooses, even on someone else's turn
    [opt] = engine.legal_moves(s2, 1)
    part = opt["choose"]["choice"]
    assert part["max"] == most
    assert part["subset"] == ["coin", "vp2", "cloth", "cerda", "sagrada"][:built]
    if most < built:  # one benefit more than allowed
        with pytest.raises(IllegalMove):
            engine.decide(s2, 1, {"type": "benefits", "choice": part["subset"][:most + 1]}, None)
    s3, _ = play(s2, 1, {"type": "benefits", "choice": ["coin"]})
    assert s3["p"][1]["coins"] == 1 and engine.active(s3) == [0]


def test_benefits_must_be_different():
    s = fresh()
    s["intersections"]["1,0"] = 1
    s["p"][1]["intersections"] = 3
    s2, _ = play(s, 0, {"type": "place", "crossing": "1,0", "top": "middle"})
    with pytest.raises(IllegalMove):
        engine.decide(s2, 1, {"type": "benefits", "choice": ["coin", "coin"]}, None)


def test_street_actions_each_once_column_row_and_diagonal():
    s = at_actions(fresh(), "1,1")
    acts = {o["move"]["type"] for o in engine.legal_moves(s, 0)}
    # column 1: Build Narrow Streets, row 1: Tram, diagonal: Public Service (no Coins: not takeable)
    assert {"narrow_streets", "tram"} <= acts and "public_service" not in acts
    s["p"][0]["coins"] = 3
    assert "public_service" in {o["move"]["type"] for o in engine.legal_moves(s, 0)}
    s2 = at_actions(fresh(), "0,4")  # column 0: Coins; row 4: +2 Cerdà
    s3, _ = play(s2, 0, {"type": "coins"})
    assert s3["p"][0]["coins"] == 2
    with pytest.raises(IllegalMove):
        engine.decide(s3, 0, {"type": "coins"}, None)
    s4, _ = play(s3, 0, {"type": "cerda"})
    assert s4["p"][0]["cerda"] == 5
    assert s4["turn"] == 1  # nothing left: construction (none possible), the turn ends


def test_construction_is_mandatory_when_possible():
    s = at_actions(fresh(), "0,4")
    s["stacks"]["1,4"] = ["upper"]
    s["stacks"]["0,3"] = ["working"]
    s2, _ = play(s, 0, {"type": "end_actions"})
    assert s2["phase"] == "build"
    moves = {o["move"]["type"] for o in engine.legal_moves(s2, 0)}
    assert moves == {"build"}
    s3, ev = play(s2, 0, {"type": "build", "building": "level1", "space": "b0,3",
                          "crossings": ["0,3", "1,4"]})
    assert s3["turn"] == 1 and of(ev, "turn_ended")[0]["drawn"]


def test_no_construction_ends_turn_and_draws_two():
    s = at_actions(fresh(), "0,4")
    s2, ev = play(s, 0, {"type": "end_actions"})
    [end] = of(ev, "turn_ended")
    assert len(end["drawn"]) == 2 and end["reveal"] and s2["turn"] == 1
    assert s2["p"][0]["hand"] == end["drawn"]


def test_nowhere_to_place_skips_to_construction_and_stall_ends():
    s = at_actions(fresh(2), "0,4")
    for c in city.CROSSINGS:
        s["stacks"][c] = ["working"]
    s["buildings"] = {k: {"tiles": ["level3" if v["kind"] == "square" else "corner"], "markers": []}
                      for k, v in city.BUILDING_SPACES.items()}
    s2, ev = play(s, 0, {"type": "end_actions"})
    assert of(ev, "turn_skipped")  # seat 1 has no empty crossing
    assert s2["over"] and s2["reason"] == "stalled"
    # seat 0 builds on b1,0; seat 1 cannot place but must still construct on b2,0
    for c in city.CROSSINGS:
        s["stacks"][c] = ["working", "working"]
    s["buildings"].pop("b1,0")
    s["buildings"].pop("b2,0")
    s["phase"] = "build"
    s3, ev = play(s, 0, {"type": "build", "building": "level1", "space": "b1,0",
                         "crossings": ["1,0", "1,1"]})
    assert of(ev, "turn_skipped") and s3["turn"] == 1 and s3["phase"] == "build"
    assert {o["move"]["space"] for o in engine.legal_moves(s3, 1)} == {"b2,0"}
