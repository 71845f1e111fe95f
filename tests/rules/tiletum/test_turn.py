"""Your turn: Tasks, choosing and turning a die, the Bonus tile, the Actions, Helpers."""
import pytest

from engines.core import IllegalMove
from engines.tiletum import data as D
from tests.rules.tiletum.helpers import (
    dice, give, legal, of_type, play, res, table, take, tile_of, turn, value_of,
)


def refused(state, seat, move, code):
    with pytest.raises(IllegalMove) as e:
        play(state, seat, move)
    assert e.value.code == code, e.value.reason
    assert move not in legal(state, seat)


# --- turning a die ------------------------------------------------------------------------------

@pytest.mark.parametrize("frm,to,gold", [(2, 3, 2), (2, 1, 2), (6, 1, 2), (1, 6, 2), (1, 3, 4),
                                         (5, 2, 6), (4, 4, 0)])
def test_turning_a_die_costs_two_gold_a_step_and_six_and_one_wrap(frm, to, gold):
    s = table(layout="printed")
    turn(dice(res(s, 0, gold=gold), ("blue", frm)), 0)
    joker = "merchant" if s["wheel"][to - 1] == "joker" else None
    new, events = play(s, 0, take("blue", frm, to, action=joker))
    assert new["boards"][0]["res"]["gold"] == 0
    assert new["boards"][0]["res"]["iron"] == to        # the new value's Resources
    ev = of_type(events, "die_taken")[0]
    assert ev["space"] == s["wheel"][to - 1]            # and the new segment's Action
    if gold:
        res(s, 0, gold=gold - 1)
        refused(s, 0, take("blue", frm, to, action=joker), "not_enough_gold")


def test_a_turned_die_gives_the_new_segments_bonus_tile():
    s = table(layout="printed")
    v = value_of(s, "merchant")
    to = v % 6 + 1
    turn(dice(res(s, 0, gold=2), ("pink", v)), 0)
    tile = s["action_tiles"][s["wheel"][to - 1]]
    joker = "king" if s["wheel"][to - 1] == "joker" else None
    new, _ = play(s, 0, take("pink", v, to, bonus=True, action=joker))
    assert tile in new["boards"][0]["store"]
    assert new["action_tiles"][s["wheel"][to - 1]] is None


def test_a_full_storehouse_blocks_the_bonus_tile_but_not_the_die():
    s = table(layout="printed")
    v = value_of(s, "architect")
    for c in sorted(D.CHARACTERS)[10:14]:
        give(s, 0, c)
    turn(dice(s, ("blue", v)), 0)
    refused(s, 0, take("blue", v, bonus=True), "storehouse_full")
    new, _ = play(s, 0, take("blue", v, bonus=False))
    assert new["turn"]["stage"] == "action"


def test_a_helper_before_the_die_makes_room_for_the_bonus_tile():
    """Publisher FAQ, quoted on the page: a Helper used before taking the die frees a space."""
    s = table(layout="printed")
    helper = tile_of("helper", action="king", ap=1)
    give(s, 0, helper)
    for c in sorted(D.CHARACTERS)[10:13]:
        give(s, 0, c)
    v = value_of(s, "architect")
    turn(dice(s, ("blue", v)), 0)
    refused(s, 0, take("blue", v, bonus=True), "storehouse_full")
    s1, events = play(s, 0, {"type": "helper", "tile": helper})
    assert of_type(events, "king_moved")[0]["steps"] == 1
    assert s1["turn"]["stage"] == "choose" and s1["turn"]["helper"] is None
    s2, _ = play(s1, 0, take("blue", v, bonus=True))
    assert len(s2["boards"][0]["store"]) == 4


def test_tasks_before_the_die():
    s = table()
    turn(res(s, 0, gold=4), 0)
    s1, _ = play(s, 0, {"type": "buy", "resource": "stone"})
    assert s1["boards"][0]["res"] == {**{r: 0 for r in D.RESOURCES}, "gold": 2, "stone": 1}
    assert s1["turn"]["stage"] == "choose"
    refused(res(s, 0, gold=1), 0, {"type": "buy", "resource": "stone"}, "not_enough_gold")
    refused(res(s, 0, gold=4), 0, {"type": "buy", "resource": "gold"}, "bad_move")


def test_unspent_ap_are_lost_and_a_die_is_needed_to_end():
    s = table(layout="printed")
    v = value_of(s, "architect")
    turn(dice(s, ("blue", v)), 0)
    refused(s, 0, {"type": "end"}, "take_a_die")
    s1, _ = play(s, 0, take("blue", v))
    assert s1["turn"]["ap"] == 7 - v
    s2, events = play(s1, 0, {"type": "end"})
    assert s2["turn"]["seat"] == s["order"][1] and s2["turn"]["ap"] == 0


# --- the Actions --------------------------------------------------------------------------------

def test_architect_moves_along_one_road_per_ap_and_raises_one_pillar_per_cathedral():
    s = table()
    turn(s, 0, stage="action", action="architect", ap=3)
    refused(s, 0, {"type": "move", "pawn": "architect", "town": "wien"}, "no_road")
    refused(s, 0, {"type": "pillar"}, "no_cathedral")  # Tiletum has none
    s1, _ = play(s, 0, {"type": "move", "pawn": "architect", "town": "koln"})
    refused(s1, 0, {"type": "move", "pawn": "merchant", "town": "paris"}, "wrong_action")
    s2, _ = play(s1, 0, {"type": "pillar"})
    assert 0 in s2["towns"]["koln"]["pillars"] and s2["boards"][0]["pillars"] == 1
    assert s2["turn"]["ap"] == 1
    refused(s2, 0, {"type": "pillar"}, "pillar_there")


def test_an_unavailable_cathedral_takes_no_pillar():
    s = table()
    s["towns"]["koln"]["cost"] = "T9"
    s["boards"][0]["architect"] = "koln"
    turn(s, 0, stage="action", action="architect", ap=1)
    refused(s, 0, {"type": "pillar"}, "unavailable")


def test_pillars_and_houses_come_only_from_the_supply():
    s = table()
    s["boards"][0]["pillars"] = 0
    s["boards"][0]["houses"] = 0
    s["boards"][0]["architect"] = "koln"
    s["boards"][0]["merchant"] = "paris"
    turn(s, 0, stage="action", action="architect", ap=1)
    refused(s, 0, {"type": "pillar"}, "no_pillar_in_supply")
    turn(s, 0, stage="action", action="merchant", ap=1)
    refused(s, 0, {"type": "house", "building": None}, "no_house_in_supply")


def test_one_house_per_town_and_a_full_town_takes_none():
    s = table(2)
    turn(s, 0, stage="action", action="merchant", ap=2)
    refused(s, 0, {"type": "house", "building": None}, "house_there")  # the House in Tiletum
    s["boards"][0]["merchant"] = "lyon"
    s["towns"]["lyon"]["houses"] = [1]  # Lyon's second space is 3+
    refused(s, 0, {"type": "house", "building": None}, "town_full")


def test_take_a_bonus_tile_from_the_pawns_town():
    s = table()
    tile = s["towns"]["koln"]["bonus_tiles"][0]
    s["boards"][0]["merchant"] = "koln"
    turn(s, 0, stage="action", action="merchant", ap=1)
    refused(s, 0, {"type": "take_bonus", "pawn": "architect", "tile": tile}, "wrong_action")
    new, _ = play(s, 0, {"type": "take_bonus", "pawn": "merchant", "tile": tile})
    assert tile in new["boards"][0]["store"] and new["towns"]["koln"]["bonus_tiles"] == []


def test_character_take_refresh_and_place_on_floors():
    s = table()
    turn(s, 0, stage="action", action="character", ap=6)
    c = s["characters"]["offer"][0]
    s1, events = play(s, 0, {"type": "take_character", "slot": 0})
    assert c in s1["boards"][0]["store"] and s1["characters"]["offer"][0] is None
    assert s1["characters"]["face_down"] == [0] and not of_type(events, "characters_drawn")
    s2, events = play(s1, 0, {"type": "refresh"})
    assert of_type(events, "characters_drawn")[0]["reveal"]
    assert sorted(s2["characters"]["discard"]) == sorted(x for x in s1["characters"]["offer"] if x)
    assert None not in s2["characters"]["offer"] and s2["characters"]["face_down"] == []
    assert not set(s2["characters"]["offer"]) & set(s1["characters"]["offer"])
    assert s2["turn"]["ap"] == 4
    refused(s2, 0, {"type": "place", "tile": c, "building": 3, "floor": 2}, "room_taken")
    s3, _ = play(s2, 0, {"type": "place", "tile": c, "building": 0, "floor": 3})
    assert s3["turn"]["ap"] == 1 and s3["boards"][0]["rooms"][0] == [None, None, c]


def test_a_building_holds_one_type_and_a_type_goes_in_one_building():
    s = table()
    a = [x for x in sorted(D.CHARACTERS) if D.CHARACTERS[x]["ctype"] == "king"]
    b = [x for x in sorted(D.CHARACTERS) if D.CHARACTERS[x]["ctype"] == "merchant"]
    give(s, 0, a[0]); give(s, 0, a[1]); give(s, 0, b[0])
    s["boards"][0]["store"].remove(a[0])
    s["boards"][0]["rooms"][1] = [a[0], None]
    turn(s, 0, stage="action", action="character", ap=3)
    refused(s, 0, {"type": "place", "tile": b[0], "building": 1, "floor": 2}, "wrong_type")
    refused(s, 0, {"type": "place", "tile": a[1], "building": 0, "floor": 1}, "type_elsewhere")
    refused(s, 0, {"type": "place", "tile": a[1], "building": 5, "floor": 1}, "room_taken")
    play(s, 0, {"type": "place", "tile": a[1], "building": 1, "floor": 2})


def test_first_exchange_of_the_turn_gives_one_resource_of_your_choice():
    s = table()
    turn(res(s, 0, wool=2), 0, stage="action", action="contract", ap=3)
    refused(s, 0, {"type": "exchange", "give": "wool", "get": "iron", "extra": None}, "choose_extra")
    s1, _ = play(s, 0, {"type": "exchange", "give": "wool", "get": "iron", "extra": "food"})
    assert s1["boards"][0]["res"] == {**{r: 0 for r in D.RESOURCES}, "wool": 1, "iron": 1, "food": 1}
    refused(s1, 0, {"type": "exchange", "give": "wool", "get": "iron", "extra": "food"}, "no_extra")
    s2, _ = play(s1, 0, {"type": "exchange", "give": "wool", "get": "iron", "extra": None})
    assert s2["boards"][0]["res"]["iron"] == 2 and s2["turn"]["ap"] == 1


def test_the_contract_offer_refills_at_the_end_of_the_turn():
    s = table(layout="printed")
    v = value_of(s, "contract")
    turn(dice(s, ("blue", v)), 0)
    s1, _ = play(s, 0, take("blue", v))
    s2, _ = play(s1, 0, {"type": "take_contract", "slot": 4})
    assert s2["contracts"]["offer"][4] is None
    s3, events = play(s2, 0, {"type": "end"})
    assert s3["contracts"]["offer"][4] is not None and of_type(events, "contracts_drawn")[0]["reveal"]


def test_joker_performs_another_action_with_that_actions_marker_and_only_its_own_tile():
    s = table(layout="printed")
    v = value_of(s, "joker")
    s["boards"][0]["markers"] = {"contract": 2}
    turn(dice(s, ("blue", v)), 0)
    refused(s, 0, take("blue", v), "joker_action")
    s1, events = play(s, 0, take("blue", v, bonus=True, action="contract"))
    assert s1["turn"]["action"] == "contract" and s1["turn"]["ap"] == 7 - v + 2
    assert of_type(events, "die_taken")[0]["tile"] == s["action_tiles"]["joker"]
    assert s1["action_tiles"]["contract"] == s["action_tiles"]["contract"]
    refused(s, 0, take("blue", v, action="joker"), "bad_move")
    w = value_of(s, "king")
    turn(dice(s, ("blue", w)), 0)
    refused(s, 0, take("blue", w, action="merchant"), "not_joker")


def test_the_king_marker_lands_on_top_of_an_occupied_space():
    from engines.tiletum.king_track import king_order
    s = table(layout="printed")
    s["king"]["pos"] = [D.KING_ZERO, D.KING_ZERO + 3]
    s["wheel"] = ["king"] * 6
    turn(dice(s, ("blue", 4)), 0)
    new, _ = play(s, 0, take("blue", 4))
    assert new["king"]["pos"][0] == new["king"]["pos"][1]
    assert king_order(new) == [0, 1]  # on top: first


# --- Tasks --------------------------------------------------------------------------------------

def test_never_two_crests_of_one_family():
    s = table()
    lions = [x for x in sorted(D.BONUS_TILES) if D.BONUS_TILES[x].get("family") == "lion"]
    give(s, 0, lions[0])
    s["towns"]["koln"]["bonus_tiles"] = [lions[1]]
    s["boards"][0]["merchant"] = "koln"
    turn(s, 0, stage="action", action="merchant", ap=1)
    refused(s, 0, {"type": "take_bonus", "pawn": "merchant", "tile": lions[1]}, "storehouse_full")
    # placed under a Building it still counts
    s["boards"][0]["store"] = []
    s["boards"][0]["crests"][0] = "lion"
    refused(s, 0, {"type": "take_bonus", "pawn": "merchant", "tile": lions[1]}, "storehouse_full")


def test_contribute_to_a_cathedral_once_where_you_have_a_pillar():
    s = table()
    town = "wien"
    s["towns"][town]["cost"] = "T2"  # 3 Stone, 5 VP
    s["towns"][town]["cathedral_tiles"] = [4, 3]
    turn(res(s, 0, stone=6), 0)
    refused(s, 0, {"type": "contribute", "town": town}, "no_pillar")
    s["towns"][town]["pillars"] = [1, 0]
    s1, _ = play(s, 0, {"type": "contribute", "town": town})
    assert s1["boards"][0]["vp"] == 5 + 4 and s1["boards"][0]["res"]["stone"] == 3
    assert s1["towns"][town]["cathedral_tiles"] == [3]
    refused(s1, 0, {"type": "contribute", "town": town}, "already_contributed")
    refused(res(s, 0, stone=2), 0, {"type": "contribute", "town": town}, "cannot_pay")


def test_a_helper_must_be_finished_first_and_spend_an_ap():
    s = table(layout="printed")
    h1 = tile_of("helper", action="contract", ap=2)
    h2 = tile_of("helper", action="merchant", ap=1)
    give(s, 0, h1); give(s, 0, h2)
    v = value_of(s, "architect")
    turn(dice(res(s, 0, gold=1), ("blue", v)), 0)
    s1, _ = play(s, 0, {"type": "helper", "tile": h1})
    assert s1["turn"]["helper"]["action"] == "contract"
    refused(s1, 0, {"type": "helper", "tile": h2}, "helper_open")
    refused(s1, 0, take("blue", v), "helper_open")
    refused(s1, 0, {"type": "finish_helper"}, "helper_unspent")
    s2, _ = play(s1, 0, {"type": "exchange", "give": "gold", "get": "iron", "extra": "food"})
    assert s2["turn"]["helper"]["ap"] == 1
    s3, _ = play(s2, 0, {"type": "finish_helper"})
    assert s3["turn"]["helper"] is None and s3["turn"]["stage"] == "choose"
    s4, _ = play(s3, 0, take("blue", v))
    assert s4["turn"]["ap"] == 7 - v  # the Helper's leftover AP were lost, not added


def test_a_marker_never_adds_to_a_helper():
    s = table()
    h = tile_of("helper", action="contract", ap=2)
    give(s, 0, h)
    s["boards"][0]["markers"] = {"contract": 3}
    turn(res(s, 0, gold=1), 0)
    s1, _ = play(s, 0, {"type": "helper", "tile": h})
    assert s1["turn"]["helper"]["ap"] == 2


def test_plus_ap_helper_waits_for_the_die_and_adds_to_its_action():
    s = table(layout="printed")
    h = tile_of("plus_ap", ap=2)
    give(s, 0, h)
    v = value_of(s, "merchant")
    turn(dice(s, ("blue", v)), 0)
    refused(s, 0, {"type": "helper", "tile": h}, "no_die_action")
    s1, _ = play(s, 0, take("blue", v))
    s2, _ = play(s1, 0, {"type": "helper", "tile": h})
    assert s2["turn"]["ap"] == 7 - v + 2 and h not in s2["boards"][0]["store"] and h in s2["out"]
