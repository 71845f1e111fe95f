"""Every table of the rules page, each row a test."""
import pytest

from engines.tiletum import data as D
from engines.tiletum import engine
from engines.tiletum.final_scoring import final
from engines.tiletum.round_structure import end_of_round
from tests.rules.tiletum.helpers import (
    dice, give, legal, of_type, play, res, table, take, tile_of, turn, value_of,
)

# "Your turn" table: die colour -> Resource.
COLOUR_TABLE = [("yellow", "gold"), ("pink", "food"), ("light_grey", "wool"),
                ("dark_grey", "stone"), ("blue", "iron")]


@pytest.mark.parametrize("colour,resource", COLOUR_TABLE)
def test_a_die_gives_its_value_in_the_resource_of_its_colour(colour, resource):
    s = table()
    v = value_of(s, "architect")
    turn(dice(res(s, 0), (colour, v)), 0)
    new, _ = play(s, 0, take(colour, v))
    assert new["boards"][0]["res"][resource] == v
    assert sum(new["boards"][0]["res"].values()) == v


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5, 6])
def test_a_die_gives_seven_minus_its_value_in_action_points(value):
    s = table(layout="printed")
    action = s["wheel"][value - 1]
    turn(dice(s, ("blue", value)), 0)
    new, events = play(s, 0, take("blue", value, action="architect" if action == "joker" else None))
    assert of_type(events, "die_taken")[0]["ap"] == 7 - value
    if action != "king":
        assert new["turn"]["ap"] == 7 - value


def test_the_bonus_ap_marker_adds_to_that_action_every_time_it_is_taken_with_a_die():
    s = table(layout="printed")
    s["boards"][0]["markers"] = {"merchant": 3}
    v = value_of(s, "merchant")
    turn(dice(s, ("blue", v)), 0)
    new, _ = play(s, 0, take("blue", v))
    assert new["turn"]["ap"] == 7 - v + 3


# King track table: 17 spaces, each AP one space whatever the numbers either side.
def test_king_track_spaces():
    assert D.KING_TRACK == [-10, -7, -5, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 9, 12, 15]


@pytest.mark.parametrize("start,ap,end", [(0, 3, 3), (7, 2, 12), (9, 1, 12), (12, 6, 15),
                                          (-10, 3, -3), (-10, 4, -2), (-1, 1, 0)])
def test_each_ap_moves_the_king_marker_one_space(start, ap, end):
    s = table(layout="printed")
    s["king"]["pos"][0] = D.KING_TRACK.index(start)
    v = 7 - ap
    s["wheel"] = ["king"] * 6  # every segment in front of the King for this test
    turn(dice(s, ("blue", v)), 0)
    new, events = play(s, 0, take("blue", v))
    assert D.KING_TRACK[new["king"]["pos"][0]] == end
    assert new["turn"]["ap"] == 0  # the King Action always moves the full amount; AP past +15 are lost


# Fair board values: round 1..4 add 2, 5, 3, 1 to the Fair tile.
@pytest.mark.parametrize("round_,board", [(1, 2), (2, 5), (3, 3), (4, 1)])
def test_fair_board_values(round_, board):
    s = table()
    s["round"] = round_
    s["fairs"][round_ - 1] = {"town": "tiletum", "tile": "F1"}  # value 0, per House on the map
    s["towns"]["wien"]["houses"].append(0)
    s["pass"], s["turn_pos"], s["turn"] = 3, len(s["order"]), None
    s["king_bonus"] = None
    from engines.core import Table, derive_rng
    t = Table(engine, s)
    end_of_round(t, derive_rng("x", 1))
    fair = of_type(t.events, "fair_scored")[0]
    assert fair["vp"][0] == board * 2  # Houses in Tiletum and Wien
    assert fair["vp"][1] == board * 1


@pytest.mark.parametrize("players,bag,rolled,gold", [
    (2, 10, 8, [1, 3]), (3, 15, 11, [1, 3, 5]), (4, 20, 14, [1, 3, 5, 6])])
def test_player_count_table(players, bag, rolled, gold):
    s = table(players)
    assert len(s["dice"]) == rolled
    assert D.DICE[players] == (bag, rolled)
    for c in D.COLOUR_IDS:  # no colour beyond its share of the bag
        assert sum(d["colour"] == c for d in s["dice"]) <= bag // 5
    assert [b["res"]["gold"] for b in s["boards"]] == gold


@pytest.mark.parametrize("players,wien_houses,venezia_bonus_spaces", [(2, 1, 1), (3, 2, 2), (4, 3, 2)])
def test_spaces_marked_3_plus_and_4(players, wien_houses, venezia_bonus_spaces):
    from engines.tiletum.towns import house_spaces
    s = table(players)
    assert house_spaces(s, "wien") == wien_houses  # Wien's spaces: 1, 3+, 4
    assert len(s["towns"]["venezia"]["bonus_tiles"]) == venezia_bonus_spaces  # 1, 3+


# Contract spaces on the board: 0, 1, 2, 4, 7, 12 VP.
@pytest.mark.parametrize("space,vp", list(enumerate([0, 1, 2, 4, 7, 12])))
def test_contract_space_vp_and_its_pillar(space, vp):
    s = table()
    k = tile_of("contract")
    give(s, 0, k)
    s["boards"][0]["contracts"] = \
        [x for x in sorted(D.CONTRACTS) if x != k][:space]
    res(s, 0, **{r: 5 for r in D.RESOURCES})
    turn(s, 0)
    before = s["boards"][0]
    new, events = play(s, 0, {"type": "fulfil", "tile": k})
    assert of_type(events, "fulfilled")[0]["vp"] == D.CONTRACTS[k]["vp"] + vp
    b = new["boards"][0]
    assert b["pillars"] == before["pillars"] + 1
    assert b["contracts"][-1] == k and k not in b["store"]
    for r, n in D.CONTRACTS[k]["cost"].items():
        assert b["res"][r] == 5 - n + (D.CONTRACTS[k]["reward"] or {}).get("res", {}).get(r, 0)


def test_no_seventh_contract():
    s = table()
    k = tile_of("contract")
    give(s, 0, k)
    s["boards"][0]["contracts"] = [x for x in sorted(D.CONTRACTS) if x != k][:6]
    res(s, 0, **{r: 5 for r in D.RESOURCES})
    turn(s, 0)
    with pytest.raises(Exception) as e:
        play(s, 0, {"type": "fulfil", "tile": k})
    assert e.value.code == "no_contract_space"


# Crest costs under Buildings 1..6: 6, 6, 5, 4, 3, 2 Food.
@pytest.mark.parametrize("building,food", list(enumerate([6, 6, 5, 4, 3, 2])))
def test_crest_costs(building, food):
    s = table()
    c = tile_of("crest")
    give(s, 0, c)
    turn(res(s, 0, food=food - 1), 0)
    assert {"type": "crest", "tile": c, "building": building} not in legal(s, 0)
    with pytest.raises(Exception):
        play(s, 0, {"type": "crest", "tile": c, "building": building})
    res(s, 0, food=food)
    assert {"type": "crest", "tile": c, "building": building} in legal(s, 0)
    new, _ = play(s, 0, {"type": "crest", "tile": c, "building": building})
    b = new["boards"][0]
    bonus = D.CREST_BONUS[building]
    assert b["res"]["food"] == bonus.get("res", {}).get("food", 0)
    assert b["crests"][building] == D.TILES[c]["family"]


# Contract offer prices: 3 / 3 / 2 / 2 / 1 AP.
@pytest.mark.parametrize("slot,ap", list(enumerate([3, 3, 2, 2, 1])))
def test_contract_offer_prices(slot, ap):
    s = table()
    turn(s, 0, stage="action", action="contract", ap=ap - 1)
    assert {"type": "take_contract", "slot": slot} not in legal(s, 0)
    turn(s, 0, stage="action", action="contract", ap=ap)
    assert {"type": "take_contract", "slot": slot} in legal(s, 0)
    new, _ = play(s, 0, {"type": "take_contract", "slot": slot})
    assert new["turn"]["ap"] == 0
    assert new["contracts"]["offer"][slot] is None  # not refilled until the end of the turn


# Completed Buildings: 3 / 4 / 5 / 6 score 5 / 10 / 20 / 30; fewer score nothing.
@pytest.mark.parametrize("done,vp", [(0, 0), (2, 0), (3, 5), (4, 10), (5, 20), (6, 30)])
def test_completed_buildings_table(done, vp):
    s = table()
    s["boards"][0]["completed"] = [True] * done + [False] * (6 - done)
    assert final(s)[0]["completed_vp"] == vp


# "Five Houses and five Pillars score 25; three and seven score only 21."
@pytest.mark.parametrize("houses,pillars,vp", [(5, 5, 25), (3, 7, 21)])
def test_houses_times_pillars(houses, pillars, vp):
    s = table()
    towns = [t for t in D.TOWN_IDS if t != "tiletum"]
    for t in towns[:houses - 1]:
        s["towns"][t]["houses"].append(0)
    for t in D.CATHEDRAL_TOWNS[:pillars]:
        s["towns"][t]["pillars"].append(0)
    assert final(s)[0]["houses_x_pillars"] == vp


@pytest.mark.parametrize("mix,vp", [({"gold": 3}, 0), ({"gold": 4}, 1),
                                    ({"gold": 1, "food": 1, "wool": 1, "stone": 1, "iron": 3}, 1),
                                    ({"iron": 8, "food": 3}, 2)])
def test_leftover_resources_one_vp_per_four_in_any_mix(mix, vp):
    s = res(table(), 0, **mix)
    assert final(s)[0]["resources_vp"] == vp


# Buildings: 3, 2, 2, 1, 1, 1 rooms; Bonus AP markers +3, +2, +2, +1, +1.
@pytest.mark.parametrize("building,marker", list(enumerate([3, 2, 2, 1, 1])))
def test_completing_a_building_gives_its_marker_on_its_characters_action(building, marker):
    s = table()
    ctype = "contract"
    chars = [x for x in sorted(D.CHARACTERS) if D.CHARACTERS[x]["ctype"] == ctype]
    rooms = D.BUILDING_ROOMS[building]
    s["boards"][0]["rooms"][building] = chars[:rooms - 1] + [None]
    for x in chars[:rooms - 1]:
        from tests.rules.tiletum.helpers import remove_everywhere
        remove_everywhere(s, x)
    last = chars[rooms - 1]
    give(s, 0, last)
    crest = tile_of("crest")
    give(s, 0, crest)
    turn(res(s, 0, food=6), 0, stage="action", action="character", ap=3)
    houses = s["boards"][0]["houses"]
    s1, _ = play(s, 0, {"type": "place", "tile": last, "building": building, "floor": rooms})
    assert s1["boards"][0]["houses"] == houses + 1  # the House on its roof
    assert s1["boards"][0]["markers"] == {}          # every room filled, but no Crest yet
    s2, _ = play(s1, 0, {"type": "crest", "tile": crest, "building": building})
    assert s2["boards"][0]["completed"][building]
    assert s2["boards"][0]["markers"] == {ctype: marker}


@pytest.mark.parametrize("town,vp", [("wien", 7), ("firenze", 7), ("venezia", 8)])
def test_building_bonus_vp(town, vp):
    s = table()
    s["boards"][0]["merchant"] = town
    turn(s, 0, stage="action", action="merchant", ap=1)
    new, _ = play(s, 0, {"type": "house", "building": None})
    assert new["boards"][0]["vp"] == vp and 0 in new["towns"][town]["houses"]


@pytest.mark.parametrize("town", ["koln", "hamburg", "milano", "toulouse"])
def test_building_icon_pays_each_character_in_the_chosen_building(town):
    s = table()
    chars = [x for x in sorted(D.CHARACTERS) if D.CHARACTERS[x]["ctype"] == "king"][:3]
    from tests.rules.tiletum.helpers import remove_everywhere
    for x in chars:
        remove_everywhere(s, x)
    s["boards"][0]["rooms"][0] = list(chars)
    s["boards"][0]["merchant"] = town
    res(s, 0)
    turn(s, 0, stage="action", action="merchant", ap=1)
    with pytest.raises(Exception) as e:
        play(s, 0, {"type": "house", "building": None})
    assert e.value.code == "choose_building"
    new, _ = play(s, 0, {"type": "house", "building": 0})
    expect = {r: 0 for r in D.RESOURCES}
    vp = king = 0
    for x in chars:
        bonus = D.CHARACTERS[x]["bonus"]
        for r, n in bonus.get("res", {}).items():
            expect[r] += n
        vp += bonus.get("vp", 0)
        king += bonus.get("king", 0)
    assert new["boards"][0]["res"] == expect and new["boards"][0]["vp"] == vp
    assert new["king"]["pos"][0] == s["king"]["pos"][0] + king
