"""Construct a Building: the Building table and the order of its steps."""
import pytest

from engines.core import IllegalMove
from engines.barcelona import engine
from engines.barcelona.data import TRACK_VP
from tests.rules.barcelona.helpers import fresh, of, play


def ready(visible, players=4):
    """Seat 0 at its construction step with these visible Citizens {crossing: class}."""
    s = fresh(players)
    for c, cls in visible.items():
        s["stacks"][c] = ["working", cls]
    s["phase"], s["crossing"] = "build", None
    return s


def build(s, building, space, crossings):
    return play(s, 0, {"type": "build", "building": building, "space": space, "crossings": crossings})


SQUARE = {"1,0": "working", "2,0": "working", "1,1": "middle", "2,1": "upper"}


def builds(s, spaces=("b1,0",)):
    return {(o["move"]["building"], o["move"]["space"]) for o in engine.legal_moves(s, 0)
            if o["move"]["space"] in spaces}


def test_requirements_table():
    s = ready({"1,0": "working", "2,0": "working", "1,1": "working", "2,1": "working"})
    assert builds(s) == {("level1", "b1,0")}  # Level 2 needs a Middle, Level 3 an Upper
    s = ready({"1,0": "working", "2,0": "middle"})
    assert builds(s) == {("level1", "b1,0"), ("level2", "b1,0")}
    s = ready({"1,0": "working", "2,0": "upper"})
    assert ("level3", "b1,0") not in builds(s)  # 1 Upper + 2 any: three Citizens
    s = ready({"1,0": "working", "2,0": "upper", "1,1": "working"})
    assert ("level3", "b1,0") in builds(s)
    s = ready({"0,0": "working", "1,0": "working"})  # two corners of triangle t0u
    assert builds(s, ("t0u", "t0l")) == {("corner", "t0u")}


def test_level1_effects_and_marker():
    s = ready(SQUARE)
    s2, ev = build(s, "level1", "b1,0", ["1,0", "2,0"])
    p = s2["p"][0]
    assert p["cerda"] == 4  # +1 Cerdà
    assert s2["buildings"]["b1,0"] == {"tiles": ["level1"], "markers": [0]}
    # first Building in block row 0: +5; then the lowest visible track VP (4p: nothing covered):
    # the two Working Citizens covered spaces 0 and 1 of their row, the others still show 1
    assert p["vp"] == 5 + TRACK_VP[0]
    assert s2["tracks"]["working"][:3] == ["citizen", "citizen", None]
    assert s2["stacks"]["1,0"] == ["working"]  # the lower Citizen becomes visible


def test_bonus_only_for_first_building_in_row():
    s = ready(SQUARE)
    s["bonus"][0] = True
    s2, ev = build(s, "level1", "b1,0", ["1,0", "2,0"])
    assert not of(ev, "bonus_flipped") and s2["p"][0]["vp"] == TRACK_VP[0]


def test_building_vp_is_lowest_visible_after_moving_citizens():
    s = ready(SQUARE)
    s["bonus"][0] = True
    for c in ("upper", "middle"):
        s["tracks"][c][:4] = ["citizen"] * 4
    s["tracks"]["working"][:3] = ["citizen"] * 3
    s2, _ = build(s, "level1", "b1,0", ["1,0", "2,0"])
    # working now filled to index 4: the lowest visible is index 4 on upper/middle/working
    assert s2["p"][0]["vp"] == min(TRACK_VP[4], TRACK_VP[5])


def test_level2_sagrada_may_and_cerda_minus_one():
    s = ready(SQUARE)
    s2, _ = build(s, "level2", "b1,0", ["1,0", "1,1"])
    # the table's order: the optional Sagrada step is settled first, Cerdà and marker wait
    assert s2["pending"][0] == {"kind": "sagrada", "seat": 0, "steps": 1}
    assert s2["p"][0]["cerda"] == 3 and s2["buildings"]["b1,0"]["markers"] == []
    s3, _ = play(s2, 0, {"type": "sagrada", "steps": 0})
    assert s3["p"][0]["sagrada"] == 0 and s3["p"][0]["cerda"] == 2  # -1 Cerdà, must
    assert s3["buildings"]["b1,0"]["markers"] == [0] and s3["turn"] == 1


def test_level3_plus7_sagrada2_cerda_minus_two():
    s = ready(SQUARE)
    s["bonus"][0] = True
    s2, _ = build(s, "level3", "b1,0", ["1,0", "2,0", "2,1"])
    p = s2["p"][0]
    assert p["vp"] == 7 + TRACK_VP[0] and p["cerda"] == 3
    assert s2["pending"][0]["steps"] == 2
    s3, _ = play(s2, 0, {"type": "sagrada", "steps": 2})
    assert s3["p"][0]["cerda"] == 3  # the level 1 Sagrada tile comes before the Cerdà move
    s4, _ = play(s3, 0, {"type": "sagrada_tile", "tile": 0, "coins": 0})
    assert s4["p"][0]["cerda"] == 1 and s4["p"][0]["sagrada"] == 2 and s4["turn"] == 1


def test_sagrada_tile_cerda_before_the_buildings_cerda_move():
    """The order shows at the top of the Cerdà track: a Level 2 at the top, whose Sagrada step
    reaches the "+1 Cerdà + 2 VP" tile. Tile first: its step is forfeited for 2 VP, then -1."""
    s = ready(SQUARE)
    s["bonus"][0] = True
    s["p"][0]["cerda"] = 9
    s2, _ = build(s, "level2", "b1,0", ["1,0", "1,1"])
    s3, _ = play(s2, 0, {"type": "sagrada", "steps": 1})
    s4, ev = play(s3, 0, {"type": "sagrada_tile", "tile": 3, "coins": 0})
    p = s4["p"][0]
    assert p["cerda"] == 8 and p["vp"] == TRACK_VP[0] + 2 + 2  # Building, tile's VP, overflow
    moved = [e["to"] for e in of(ev, "cerda_moved")]
    assert moved == [9, 8]


def test_marker_after_the_effects_spot_emptied_gives_cerda_last():
    s = ready(SQUARE)
    s["p"][0]["markers"] = [1, 2, 2, 2, 2]
    s2, _ = build(s, "level2", "b1,0", ["1,0", "1,1"])
    s3, ev = play(s2, 0, {"type": "sagrada", "steps": 1})
    s4, ev = play(s3, 0, {"type": "sagrada_tile", "tile": 0, "coins": 0})
    kinds = [e["type"] for e in ev if e["type"] in ("sagrada_tile", "cerda_moved", "marker")]
    assert kinds == ["sagrada_tile", "cerda_moved", "marker", "cerda_moved"]
    assert s4["p"][0]["cerda"] == 3 and s4["p"][0]["markers"] == [0, 2, 2, 2, 2]


def test_overbuilding_rules():
    s = ready(SQUARE)
    s["buildings"]["b1,0"] = {"tiles": ["level1"], "markers": [1]}
    assert {b for b, sp in builds(s) if sp == "b1,0"} == {"level2", "level3"}
    s["buildings"]["b1,0"] = {"tiles": ["level1", "level2"], "markers": [1, 1]}
    assert {b for b, sp in builds(s) if sp == "b1,0"} == {"level3"}
    s["buildings"]["b1,0"] = {"tiles": ["level3"], "markers": [1]}
    assert not {b for b, sp in builds(s) if sp == "b1,0"}
    s2 = ready({"0,0": "working", "1,0": "working", "1,1": "middle"})
    s2["buildings"]["t0u"] = {"tiles": ["corner"], "markers": [1]}
    assert not builds(s2, ("t0u",))  # a Corner cannot be overbuilt
    s3 = ready(SQUARE)
    s3["buildings"]["b1,0"] = {"tiles": ["level1"], "markers": [1]}
    s4, _ = build(s3, "level2", "b1,0", ["1,0", "1,1"])
    s4, _ = play(s4, 0, {"type": "sagrada", "steps": 0})
    assert s4["buildings"]["b1,0"] == {"tiles": ["level1", "level2"], "markers": [1, 0]}


def test_no_tile_left_no_build():
    s = ready(SQUARE)
    s["supply"]["level1"] = 0
    assert "level1" not in {b for b, _ in builds(s)}


def test_emptying_marker_spot_gives_cerda_and_no_markers_left():
    s = ready(SQUARE)
    s["p"][0]["markers"] = [0, 1, 2, 2, 2]
    s["bonus"][0] = True
    s2, _ = build(s, "level1", "b1,0", ["1,0", "2,0"])
    assert s2["p"][0]["markers"] == [0, 0, 2, 2, 2] and s2["p"][0]["cerda"] == 5
    s["p"][0]["markers"] = [0] * 5
    s3, _ = build(s, "level1", "b1,0", ["1,0", "2,0"])
    assert s3["buildings"]["b1,0"]["markers"] == []  # simply unmarked


def test_citizens_must_be_visible_and_qualify():
    s = ready(SQUARE)
    with pytest.raises(IllegalMove):
        build(s, "level2", "b1,0", ["1,0", "2,0"])  # no Middle among them
    with pytest.raises(IllegalMove):
        build(s, "level1", "b1,0", ["1,0", "3,0"])  # not a corner of the block
