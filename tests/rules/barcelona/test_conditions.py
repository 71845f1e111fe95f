"""The scoring-condition catalogue: every row of the table, counted on a stacked position."""
import pytest

from engines.barcelona import scoring
from engines.barcelona.data import CONDITIONS
from tests.rules.barcelona.helpers import fresh


def table():
    s = fresh(2)
    p = s["p"][0]
    p.update(coins=7, cloths=2, services=["universitat", "sant_antoni"], cobblestones=3,
             passengers=2, intersections=2, cerda=7, markers=[0, 0, 1, 2, 2])
    p["projects"][0] = {"tile": 0, "top": True}
    p["projects"][1] = {"tile": None, "top": True}
    p["projects"][2] = {"tile": 1, "top": False}
    s["buildings"] = {
        "b1,0": {"tiles": ["level1"], "markers": [0]},
        "b2,0": {"tiles": ["level1", "level2"], "markers": [1, 0]},
        "b3,0": {"tiles": ["level1"], "markers": [0, 1]},
        "t0u": {"tiles": ["corner"], "markers": [0]},
        "t0l": {"tiles": ["corner"], "markers": [0]},
        "b0,1": {"tiles": ["level1"], "markers": [1]},
        "t1u": {"tiles": ["corner"], "markers": [1]},
    }
    s["street_tiles"] = {"r3.0": {"seat": 0, "kind": "narrow"}, "r3.1": {"seat": 0, "kind": "narrow"},
                         "r3.2": {"seat": 1, "kind": "narrow"}, "r3.3": {"seat": 0, "kind": "narrow"},
                         "d2": {"seat": 0, "kind": "wide"}, "d3": {"seat": 0, "kind": "wide"},
                         "c2.3": {"seat": 0, "kind": "wide"}}
    # 1,0 touches t0u and b1,0 (2 Buildings); 1,1 touches five built spaces; 4,4 is not seat 0's
    s["intersections"] = {"1,0": 0, "1,1": 0, "4,4": 1}
    # r0.1 is beside b1,0 only; c1.0 between t0u and b1,0; r0.2 is seat 1's
    s["passengers"] = {"r0.1": 0, "c1.0": 0, "r0.2": 1}
    return s


EXPECTED = {
    "block_line": 4, "coins": 5, "cloths": 2, "services": 2, "top_markers": 2, "cobblestones": 3,
    "narrow": 3, "wide": 3, "passengers": 2, "intersections": 2, "corners": 1, "projects": 2,
    "bottom_markers": 2, "empty_spots": 2, "busy_intersections": 1, "multiplier": 3,
    "busy_passengers": 1, "narrow_line": 2, "wide_line": 2,
}


@pytest.mark.parametrize("cond", list(CONDITIONS))
def test_condition_counts(cond):
    assert scoring.count(table(), 0, cond) == EXPECTED[cond]


def test_catalogue_values_and_where():
    assert {c: v["vp"] for c, v in CONDITIONS.items()} == {
        "block_line": 2, "coins": 2, "cloths": 2, "services": 2, "top_markers": 2,
        "cobblestones": 2, "narrow": 1, "wide": 2, "passengers": 2, "intersections": 2,
        "corners": 3, "projects": 2, "bottom_markers": 2, "empty_spots": 3,
        "busy_intersections": 3, "multiplier": 2, "busy_passengers": 3, "narrow_line": 2,
        "wide_line": 2}
    assert [c for c, v in CONDITIONS.items() if not v["modernisme"]] == ["empty_spots"]
    assert [c for c, v in CONDITIONS.items() if not v["cerda"]] == [
        "busy_intersections", "multiplier", "busy_passengers", "narrow_line", "wide_line"]


def test_busy_passenger_needs_buildings_on_both_sides():
    s = table()
    s["buildings"]["b1,1"] = {"tiles": ["level1"], "markers": [1]}
    s["passengers"]["r1.0"] = 0  # between b0,1 (built) and t0l (built)
    s["passengers"]["r1.3"] = 0  # between b3,0 (built) and b3,1 (empty)
    assert scoring.count(s, 0, "busy_passengers") == 2


def test_caps_at_four():
    s = table()
    s["street_tiles"].update({f"c0.{i}": {"seat": 0, "kind": "narrow"} for i in range(4)})
    s["street_tiles"]["r4.0"] = {"seat": 0, "kind": "narrow"}
    assert scoring.count(s, 0, "narrow_line") == 4


def test_modernisme_twin_removed_at_setup():
    from engines.core import derive_rng
    from engines.barcelona import engine
    [ev] = engine.setup(3, {"layout": "shuffled"}, derive_rng("x", 1))
    assert not set(ev["cerda_tiles"]) & set(ev["tiles"])
    # one tile per Modernisme condition, 18 in all, less the twins of the Cerdà tiles in play
    # ("empty_spots" is a Cerdà tile with no Modernisme twin)
    assert sum(1 for v in CONDITIONS.values() if v["modernisme"]) == 18
    twins = [c for c in ev["cerda_tiles"] if CONDITIONS[c]["modernisme"]]
    assert sorted(ev["tiles"]) == sorted(c for c, v in CONDITIONS.items()
                                         if v["modernisme"] and c not in twins)
