"""The leftmost rule (rules page, "Key concepts"): Intersections, Passengers, Cobblestones,
Street tiles and Building markers always leave the player board from the left, so each one's
cost, what it unlocks and what it uncovers follow the board's order."""
from engines.barcelona import city, engine, scoring
from engines.barcelona.data import COBBLESTONE_VP, INTERSECTIONS, PASSENGERS, PASSENGER_VP, WAREHOUSE_OPEN
from engines.barcelona.gains import capacity
from tests.rules.barcelona.helpers import at_actions, fresh, of, play
from tests.rules.barcelona.test_buildings import SQUARE, build, ready


def test_intersections_leave_from_the_left_costs_and_unlocks_in_order():
    s = fresh()
    paid, unlocked = [], []
    for crossing in ["1,0", "3,0", "0,1", "0,3", "4,1"]:
        s["turn"] = 0
        s = at_actions(s, "3,2")  # row 2: Build an Intersection
        s["p"][0].update(coins=2, cloths=1)
        # Street tiles on its street spaces: no printed benefit, only the costs show
        s["street_tiles"] = {sp: {"seat": 1, "kind": "narrow"} for sp in city.SPACES_AT[crossing]}
        s, _ = play(s, 0, {"type": "intersection", "crossing": crossing})
        paid.append((2 - s["p"][0]["coins"], 1 - s["p"][0]["cloths"]))
        # what its owner may take when Citizens land on one of them
        t = dict(s, turn=1, phase="place", pending=[], stacks={}, crossing=None, used=[])
        t["p"] = [dict(p) for p in s["p"]]
        t["p"][1]["hand"] = ["working", "middle"]
        t2, _ = play(t, 1, {"type": "place", "crossing": crossing, "top": "middle"})
        unlocked.append(engine.legal_moves(t2, 0)[0]["choose"]["choice"]["subset"])
    assert paid == [(i["coins"], i["cloths"]) for i in INTERSECTIONS]
    assert paid == [(0, 0), (1, 0), (2, 0), (1, 1), (2, 1)]
    assert unlocked == [["coin"], ["coin", "vp2"], ["coin", "vp2", "cloth"],
                        ["coin", "vp2", "cloth", "cerda"], ["coin", "vp2", "cloth", "cerda", "sagrada"]]
    s["turn"] = 0
    s = at_actions(s, "3,2")
    assert "intersection" not in {o["move"]["type"] for o in engine.legal_moves(s, 0)}  # none left


def test_passengers_leave_from_the_left():
    s = fresh()
    paid, spaces = [], ["c0.0", "c0.1", "c0.2", "c0.3", "r4.0"]
    for n, space in enumerate(spaces):
        s = at_actions(s, "2,1", seat=0)  # row 1: Move Your Tram
        s["p"][0].update(coins=2, cloths=2)
        s["trams"][0] = None  # put it anywhere again, to keep the test about the Passengers
        s, ev = play(s, 0, {"type": "tram", "space": space, "passenger": True})
        paid.append((2 - s["p"][0]["coins"], 2 - s["p"][0]["cloths"]))
        s["pending"] = []
        assert scoring.final_points(s, 0)["passengers"] == PASSENGER_VP[n]
    assert paid == [(p["coins"], p["cloths"]) for p in PASSENGERS]
    assert paid == [(1, 0), (0, 1), (1, 1), (2, 1), (2, 2)]


def test_cobblestones_leave_from_the_left_each_frees_a_space_and_uncovers_the_next_value():
    s = fresh()
    for n, space in enumerate(["2,1", "2,0", "1,0", "3,0", "4,0", "4,1"]):
        s = at_actions(s, "3,4", seat=0)  # column 3: Place Cobblestone
        s, _ = play(s, 0, {"type": "cobblestone", "space": space})
        s["pending"] = []
        assert capacity(s["p"][0]) == WAREHOUSE_OPEN + n + 1
        assert scoring.final_points(s, 0)["cobblestones"] == COBBLESTONE_VP[n]
    s = at_actions(s, "3,4", seat=0)
    assert "cobblestone" not in {o["move"]["type"] for o in engine.legal_moves(s, 0)}  # none left


def test_street_tiles_leave_from_the_leftmost_non_empty_stack():
    s = at_actions(fresh(), "1,4")  # column 1: Build Narrow Streets
    s2, ev = play(s, 0, {"type": "narrow_streets", "space": "c1.0", "then": "c1.1"})
    assert [e["stack"] for e in of(ev, "street_tile")] == [0, 0]
    assert s2["p"][0]["narrow"] == [0, 2, 2]
    s3 = at_actions(s2, "1,4", seat=0)
    s4, ev = play(s3, 0, {"type": "narrow_streets", "space": "c1.2", "then": None})
    assert [e["stack"] for e in of(ev, "street_tile")] == [1] and s4["p"][0]["narrow"] == [0, 1, 2]


def test_building_markers_leave_from_the_left():
    s = ready(SQUARE)
    s["bonus"] = [True] * 4
    spots = []
    for _ in range(3):
        s["phase"], s["turn"] = "build", 0
        for c, cls in SQUARE.items():
            s["stacks"][c] = ["working", cls]
        s["buildings"], s["tracks"] = {}, fresh()["tracks"]  # no Cerdà Scoring in between
        before = s["p"][0]["cerda"]
        s, ev = build(s, "level1", "b1,0", ["1,0", "2,0"])
        [m] = of(ev, "marker")
        spots.append((m["spot"], s["p"][0]["cerda"] - before))
    # +1 Cerdà for the Level 1 each time; emptying spot 0 gives one more
    assert spots == [(0, 1), (0, 2), (1, 1)]
    assert s["p"][0]["markers"][:2] == [0, 1]
