"""Prospect for Silver (rules page, "Prospect for Silver"): Silver, hiring Prospectors, the
Prospector Wheel, the Prospector Action (moves, Underground Bonus tiles, Mines, Houses, Pillars),
Stone Tablets, Underground Cathedrals."""
import pytest

from engines.core import IllegalMove
from engines.tiletum import data as D
from engines.tiletum.board import houses_on_map, mines_on_map, pillars_on_map
from engines.tiletum.prospect import data as P
from tests.rules.tiletum.helpers import (
    dice, legal, of_type, play, prospect, res, silver, table, take, turn, wedge_value,
)


def refused(state, seat, move, code):
    with pytest.raises(IllegalMove) as e:
        play(state, seat, move)
    assert e.value.code == code, e.value.reason
    assert move not in legal(state, seat)


def digging(s, seat=0, town="u1a1", ap=6):
    """Seat's Prospector on map 1 in `town`, in a Prospector Action with `ap` AP."""
    m = P.UNDERGROUND_TOWNS[town]["map"]
    s["boards"][seat]["prospectors"][m - 1] = town
    return turn(s, seat, stage="action", action="prospector", ap=ap, space="prospector")


# --- Silver ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_everyone_but_the_first_player_starts_with_one_silver(players):
    s = prospect(players)
    assert [b["silver"] for b in s["boards"]] == [0] + [1] * (players - 1)
    assert s["order"][0] == 0


def test_silver_is_not_a_resource():
    s = prospect()
    turn(res(silver(s, 0, 4), 0, gold=4), 0)
    refused(s, 0, {"type": "buy", "resource": "silver"}, "bad_move")
    turn(s, 0, stage="action", action="contract", ap=3)
    refused(s, 0, {"type": "exchange", "give": "silver", "get": "iron", "extra": "food"}, "bad_move")
    refused(s, 0, {"type": "exchange", "give": "iron", "get": "silver", "extra": "food"}, "bad_move")
    assert "silver" not in s["boards"][0]["res"]


def test_without_the_expansion_its_moves_are_refused():
    s = table()
    turn(s, 0)
    for move, code in [({"type": "hire", "map": 1}, "no_expansion"),
                       ({"type": "technology", "tech": "joker", "resource": None}, "no_expansion")]:
        refused(s, 0, move, code)
    assert "underground" not in s and "silver" not in s["boards"][0]


# --- hiring a Prospector ------------------------------------------------------------------------------

@pytest.mark.parametrize("m,cost", [(1, 0), (2, 1), (3, 2)])
def test_hiring_costs_the_maps_start_cost_and_starts_at_its_entrance(m, cost):
    s = prospect()
    turn(silver(s, 0, cost), 0)
    new, _ = play(s, 0, {"type": "hire", "map": m})
    assert new["boards"][0]["silver"] == 0
    assert new["boards"][0]["prospectors"][m - 1] == P.entrance(m, "a")
    refused(new, 0, {"type": "hire", "map": m}, "already_there")
    if cost:
        refused(silver(s, 0, cost - 1), 0, {"type": "hire", "map": m}, "not_enough_silver")


# --- the Prospector Wheel ------------------------------------------------------------------------------

def test_a_die_over_the_prospector_wedge_takes_the_prospector_action_instead_with_its_tile():
    s = prospect(layout="printed")
    v = wedge_value(s, "prospector")
    printed = s["wheel"][v - 1]
    turn(dice(s, ("blue", v)), 0)
    tile = s["underground"]["wheel_tile"]
    new, events = play(s, 0, take("blue", v, bonus=True, action="prospector"))
    assert new["turn"]["action"] == "prospector" and new["turn"]["ap"] == 7 - v
    assert tile in new["boards"][0]["store"] and new["underground"]["wheel_tile"] is None
    assert new["action_tiles"][printed] == s["action_tiles"][printed]  # not both
    assert of_type(events, "die_taken")[0]["space"] == "prospector"
    other = next(x for x in range(1, 7) if s["underground"]["wheel"][x - 1] != "prospector")
    turn(dice(s, ("blue", other)), 0)
    refused(s, 0, take("blue", other, action="prospector"), "no_prospector_wedge")


def test_the_movement_wedge_gives_a_free_move_lost_at_the_end_of_the_turn():
    s = prospect(layout="printed")
    v = wedge_value(s, "move")
    s["boards"][0]["prospectors"][0] = "u1a1"
    joker = "architect" if s["wheel"][v - 1] == "joker" else None
    turn(dice(s, ("blue", v), ("pink", v)), 0)
    s1, _ = play(s, 0, take("blue", v, action=joker))
    assert s1["turn"]["free_move"] == 1
    ap = s1["turn"]["ap"]
    assert {"type": "free_move", "town": "u1a2"} in legal(s1, 0)
    s2, _ = play(s1, 0, {"type": "free_move", "town": "u1a2"})
    assert s2["boards"][0]["prospectors"][0] == "u1a2" and s2["turn"]["ap"] == ap
    refused(s2, 0, {"type": "free_move", "town": "u1a4"}, "no_free_move")
    s3, _ = play(s1, 0, {"type": "end"})  # unused: lost
    nxt = s3["turn"]["seat"]
    assert s3["turn"]["free_move"] == 0 and nxt != 0


def test_the_prospector_wheel_turns_the_other_way_in_cleanup():
    from tests.rules.tiletum.test_round import last_turn_of_round
    s = prospect()
    wheel = list(s["underground"]["wheel"])
    s["underground"]["wheel_tile"] = None
    s["king_bonus"] = None
    seat = last_turn_of_round(s, 1)
    new, events = play(s, seat, {"type": "end"})
    assert new["underground"]["wheel"] == wheel[1:] + wheel[:1]
    assert of_type(events, "cleanup")[0]["wheel_tile"] == new["underground"]["wheel_tile"] is not None


# --- the Prospector Action ------------------------------------------------------------------------------

def test_moving_a_prospector_costs_one_ap_a_road():
    s = digging(prospect(), ap=2)
    refused(s, 0, {"type": "underground_move", "town": "u1a4"}, "no_road")
    refused(s, 0, {"type": "underground_move", "town": "u2a2"}, "no_prospector")
    s1, _ = play(s, 0, {"type": "underground_move", "town": "u1a3"})
    assert s1["boards"][0]["prospectors"][0] == "u1a3" and s1["turn"]["ap"] == 1
    turn(s, 0, stage="action", action="merchant", ap=2)
    refused(s, 0, {"type": "underground_move", "town": "u1a3"}, "wrong_action")


def test_a_mine_pays_one_silver_and_its_spaces_gold_topmost_space_first():
    s = res(silver(digging(prospect()), 0, 0), 0)
    s1, events = play(s, 0, {"type": "mine", "town": "u1a1"})
    ev = of_type(events, "mine_placed")[0]
    assert ev["space"] == 0 and ev["silver"] == 1 and ev["gold"] == P.UNDERGROUND_TOWNS["u1a1"]["mines"][0]
    b = s1["boards"][0]
    assert b["silver"] == 1 and b["res"]["gold"] == P.UNDERGROUND_TOWNS["u1a1"]["mines"][0]
    assert b["mines"] == P.MINES_UNLOCKED - 1 and mines_on_map(s1, 0) == 1
    refused(s1, 0, {"type": "mine", "town": "u1a1"}, "mine_there")
    digging(s1, seat=1, town="u1a1")
    s2, events = play(s1, 1, {"type": "mine", "town": "u1a1"})
    assert of_type(events, "mine_placed")[0]["space"] == 1
    assert s2["boards"][1]["res"]["gold"] == s1["boards"][1]["res"]["gold"] + \
        P.UNDERGROUND_TOWNS["u1a1"]["mines"][1]
    digging(s2, seat=1, town="u1a1")
    s2["underground"]["towns"]["u1a1"]["mines"][1] = None
    s2["underground"]["towns"]["u1a1"]["mines"] = [0, 0]
    refused(s2, 1, {"type": "mine", "town": "u1a1"}, "town_full")


def test_mines_come_from_the_unlocked_supply():
    s = digging(prospect(), town="u1a3")
    s["boards"][0]["mines"] = 0
    refused(s, 0, {"type": "mine", "town": "u1a3"}, "no_mine_in_supply")


def test_underground_houses_are_offered_space_by_space_and_count_as_houses():
    s = res(digging(prospect(), town="u1a2"), 0, gold=1)
    offered = [m for m in legal(s, 0) if m["type"] == "underground_house"]
    assert offered == [{"type": "underground_house", "town": "u1a2", "space": i} for i in (0, 1)]
    houses = houses_on_map(s, 0)
    vp, gold = P.UNDERGROUND_TOWNS["u1a2"]["houses"][0]
    s1, _ = play(s, 0, {"type": "underground_house", "town": "u1a2", "space": 0})
    b = s1["boards"][0]
    assert b["vp"] == s["boards"][0]["vp"] + vp and b["res"]["gold"] == 1 - gold
    assert houses_on_map(s1, 0) == houses + 1 and b["houses"] == s["boards"][0]["houses"] - 1
    refused(s1, 0, {"type": "underground_house", "town": "u1a2", "space": 1}, "house_there")
    refused(res(s, 0, gold=0), 0, {"type": "underground_house", "town": "u1a2", "space": 0},
            "not_enough_gold")


def test_underground_pillars_count_and_the_cathedral_takes_silver():
    s = res(silver(digging(prospect(), town="u1a4"), 0, 2), 0)
    pillars = pillars_on_map(s, 0)
    s1, _ = play(s, 0, {"type": "underground_pillar", "town": "u1a4"})
    assert pillars_on_map(s1, 0) == pillars + 1
    refused(s1, 0, {"type": "underground_pillar", "town": "u1a4"}, "pillar_there")
    cathedral = P.UNDERGROUND_TOWNS["u1a4"]["cathedral"]
    assert cathedral["cost"] == {"silver": 2}
    s2, _ = play(s1, 0, {"type": "contribute", "town": "u1a4"})
    assert s2["boards"][0]["silver"] == 0 and s2["boards"][0]["vp"] == s1["boards"][0]["vp"] + cathedral["vp"]
    refused(s2, 0, {"type": "contribute", "town": "u1a4"}, "already_contributed")
    refused(silver(s1, 0, 1), 0, {"type": "contribute", "town": "u1a4"}, "cannot_pay")
    digging(s1, seat=1, town="u1a4")
    s1["underground"]["towns"]["u1a4"]["pillars"].append(2)  # both spaces taken
    refused(s1, 1, {"type": "underground_pillar", "town": "u1a4"}, "cathedral_full")
    refused(digging(prospect(), town="u1a1"), 0, {"type": "underground_pillar", "town": "u1a1"},
            "no_cathedral")


def test_an_underground_bonus_tile_pays_at_once_and_its_space_stays_empty():
    s = digging(prospect(), town="u1a2")
    tile = s["underground"]["towns"]["u1a2"]["bonus_tiles"][0]
    s1, _ = play(s, 0, {"type": "underground_bonus", "town": "u1a2", "tile": tile})
    assert s1["underground"]["towns"]["u1a2"]["bonus_tiles"] == [] and tile in s1["underground"]["used"]
    effect = P.UNDERGROUND_BONUS[tile]
    b0, b1 = s["boards"][0], s1["boards"][0]
    assert b1["silver"] - b0["silver"] == effect.get("silver", 0)
    assert b1["vp"] - b0["vp"] == effect.get("vp", 0)
    assert {r: b1["res"][r] - b0["res"][r] for r in D.RESOURCES} == \
        {r: effect.get("res", {}).get(r, 0) for r in D.RESOURCES}
    assert b1["mines"] - b0["mines"] == effect.get("mine", 0)


def test_the_first_prospector_to_cross_a_stone_tablet_gets_it_and_covers_it():
    s = digging(prospect(), ap=4)
    road = P.road_key("u1a1", "u1a2")
    tablet = s["underground"]["tablets"][road]
    s1, events = play(s, 0, {"type": "underground_move", "town": "u1a2"})
    assert of_type(events, "prospector_moved")[0]["tablet"] == tablet
    assert s1["underground"]["tablets"][road] == P.CROSSED
    effect = P.STONE_TABLETS[tablet]
    assert s1["boards"][0]["vp"] - s["boards"][0]["vp"] == effect.get("vp", 0)
    assert s1["boards"][0]["silver"] - s["boards"][0]["silver"] == effect.get("silver", 0)
    s2, events = play(s1, 0, {"type": "underground_move", "town": "u1a1"})  # back: nothing
    assert of_type(events, "prospector_moved")[0]["tablet"] is None
    digging(s1, seat=1, town="u1a1")
    _, events = play(s1, 1, {"type": "underground_move", "town": "u1a2"})
    assert of_type(events, "prospector_moved")[0]["tablet"] is None


def test_underground_stone_cathedrals_and_an_unplayed_side_is_out_of_reach():
    s = prospect(underground="b")
    digging(s, town="u1b2")
    s["underground"]["towns"]["u1b2"]["pillars"] = [0]
    res(s, 0, stone=3)
    new, _ = play(s, 0, {"type": "contribute", "town": "u1b2"})
    assert new["boards"][0]["res"]["stone"] == 0
    refused(s, 0, {"type": "underground_move", "town": "u1a2"}, "not_in_play")
