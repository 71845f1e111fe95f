"""The Actions table: Cobblestones and the Sidewalk, Streets, Intersections, Modernisme Projects."""
import pytest

from engines.core import IllegalMove
from engines.barcelona import engine, city
from engines.barcelona.data import INTERSECTIONS, PROJECT_SPACES, SIDEWALK
from tests.rules.barcelona.helpers import at_actions, fresh, of, play

# printed layout: col0 Coins, col1 Narrow, col2 Wide, col3 Cobblestone, col4 Cloth+VP,
# row0 Take Project, row1 Tram, row2 Intersection, row3 Improve, row4 +2 Cerdà, diag Service


def spaces_of(s, kind):
    return sorted(o["move"]["space"] for o in engine.legal_moves(s, 0) if o["move"]["type"] == kind)


def test_sidewalk_table():
    assert SIDEWALK[0] == ["sagrada", "coin_cloth", "coins2", "improve", "sagrada"]
    assert SIDEWALK[2][2] == "centre"


def test_cobblestone_adjacency_and_benefit():
    s = at_actions(fresh(), "3,4")  # column 3: Cobblestone
    assert spaces_of(s, "cobblestone") == ["1,2", "2,1", "2,3", "3,2"]  # next to the centre
    s["sidewalk"]["1,2"] = 1  # anyone's Cobblestone counts
    assert "0,2" in spaces_of(s, "cobblestone")
    s2, _ = play(s, 0, {"type": "cobblestone", "space": "0,2"})  # covers 2 Coins
    assert s2["p"][0]["coins"] == 2 and s2["p"][0]["cobblestones"] == 1
    with pytest.raises(IllegalMove):
        engine.decide(s, 0, {"type": "cobblestone", "space": "0,0"}, None)


def test_cobblestone_frees_space_usable_at_once():
    s = at_actions(fresh(), "3,4")
    s["p"][0]["coins"] = 4  # full Warehouse
    s["sidewalk"]["1,2"] = 1
    s2, _ = play(s, 0, {"type": "cobblestone", "space": "0,2"})
    assert s2["p"][0]["coins"] == 5


def test_cobblestone_covered_action_performed_at_once():
    s = at_actions(fresh(), "3,4")
    s2, _ = play(s, 0, {"type": "cobblestone", "space": "2,1"})  # +1 Cerdà
    assert s2["p"][0]["cerda"] == 4
    s = at_actions(fresh(), "3,4")
    s["sidewalk"]["2,1"] = 1
    s3, _ = play(s, 0, {"type": "cobblestone", "space": "1,1"})  # "take"
    assert s3["pending"][0]["actions"] == ["take_project"]
    s4, _ = play(s3, 0, {"type": "take_project", "tile": 0, "slot": 1})
    assert s4["p"][0]["projects"][0]["tile"] == 0


def test_wide_street_line_scoring_and_benefit():
    s = at_actions(fresh(), "2,4")  # column 2 is the Wide action
    s["street_tiles"]["c2.0"] = {"seat": 1, "kind": "wide"}
    s["street_tiles"]["c2.2"] = {"seat": 1, "kind": "wide"}
    s2, ev = play(s, 0, {"type": "wide_street", "space": "c2.1"})
    lines = [e for e in of(ev, "gain") if e["why"] == "street_line"]
    assert lines[0]["vp"] == 3 * 2  # three contiguous tiles, whoever owns them, 2 VP each
    assert s2["p"][0]["wide"] == 2
    with pytest.raises(IllegalMove):
        engine.decide(s, 0, {"type": "wide_street", "space": "c1.1"}, None)  # a Narrow space


def test_narrow_streets_up_to_two_leftmost_stack_and_stack_cerda():
    s = at_actions(fresh(), "1,4")
    s["street_tiles"]["c1.3"] = {"seat": 1, "kind": "narrow"}
    s2, ev = play(s, 0, {"type": "narrow_streets", "space": "c1.1", "then": "c1.2"})
    lines = [e["vp"] for e in of(ev, "gain") if e["why"] == "street_line"]
    assert lines == [1, 3]  # placed in order; the second line holds all three, 1 VP each
    s2b, ev = play(s, 0, {"type": "narrow_streets", "space": "c1.2", "then": "c1.1"})
    assert [e["vp"] for e in of(ev, "gain") if e["why"] == "street_line"] == [2, 3]
    assert s2["p"][0]["narrow"] == [0, 2, 2]  # emptied: +1 Cerdà
    assert s2["p"][0]["cerda"] == 4 + sum(1 for sp in ("c1.1", "c1.2")
                                          if city.SPACE[sp]["benefit"] == "cerda")
    with pytest.raises(IllegalMove):
        engine.decide(s, 0, {"type": "narrow_streets", "space": "c1.1", "then": "c1.1"}, None)
    with pytest.raises(IllegalMove):
        engine.decide(s, 0, {"type": "narrow_streets", "space": "c1.1", "then": "c1.3"}, None)
    s["p"][0]["narrow"] = [0, 1, 2]  # the leftmost non-empty stack holds one tile
    with pytest.raises(IllegalMove):
        engine.decide(s, 0, {"type": "narrow_streets", "space": "c1.1", "then": "c1.0"}, None)
    s3, _ = play(s, 0, {"type": "narrow_streets", "space": "c1.1", "then": None})
    assert s3["p"][0]["narrow"] == [0, 0, 2] and s3["p"][0]["cerda"] == 3 + 1 + 1


def test_intersection_costs_and_printed_benefits():
    assert [(i["coins"], i["cloths"]) for i in INTERSECTIONS] == [(0, 0), (1, 0), (2, 0), (1, 1), (2, 1)]
    s = at_actions(fresh(), "3,2")  # row 2: Build an Intersection
    s2, _ = play(s, 0, {"type": "intersection", "crossing": "1,0"})
    assert s2["intersections"]["1,0"] == 0 and s2["p"][0]["intersections"] == 1
    gained = [city.SPACE[sp]["benefit"] for sp in city.SPACES_AT["1,0"]]
    assert s2["p"][0]["coins"] == gained.count("coin")
    s["p"][0]["intersections"] = 1  # the next costs 1 Coin, +1 on the Diagonal
    assert "1,1" not in [o["move"]["crossing"] for o in engine.legal_moves(s, 0)
                         if o["move"]["type"] == "intersection"]
    s["p"][0]["coins"] = 2
    s["street_tiles"] = {sp: {"seat": 1, "kind": "narrow"} for sp in city.SPACES_AT["1,1"]}
    s3, _ = play(s, 0, {"type": "intersection", "crossing": "1,1"})
    assert s3["p"][0]["coins"] == 0  # covered street spaces give nothing


def test_take_project_costs_and_refill():
    assert [(p["place"]["coins"], p["place"]["cloths"]) for p in PROJECT_SPACES] == \
        [(0, 0), (1, 0), (0, 1), (1, 1), (1, 2)]
    s = at_actions(fresh(), "0,0")  # row 0: Take a Modernisme Project
    slots = {o["move"]["slot"] for o in engine.legal_moves(s, 0) if o["move"]["type"] == "take_project"}
    assert slots == {1}
    s["p"][0].update(coins=1, cloths=2)
    s2, ev = play(s, 0, {"type": "take_project", "tile": 2, "slot": 5})
    [taken] = of(ev, "project_taken")
    assert taken["reveal"] and s2["display"][2] == taken["refill"] != 2
    assert (s2["p"][0]["coins"], s2["p"][0]["cloths"]) == (0, 0)


def test_improve_project_costs():
    assert [(p["improve"]["cloths"]) for p in PROJECT_SPACES] == [1, 0, 2, 1, 2]
    s = at_actions(fresh(), "0,3")  # row 3: Improve
    slots = {o["move"]["slot"] for o in engine.legal_moves(s, 0) if o["move"]["type"] == "improve_project"}
    assert slots == {2}  # a tile need not be there; only space 2 is free to improve
    s2, _ = play(s, 0, {"type": "improve_project", "slot": 2})
    assert s2["p"][0]["projects"][1]["top"]
