"""Technologies (rules page, "Prospect for Silver" and implementation notes): tiers I, II, III at
1, 2, 3 Silver, one at a time, lower tiers staying in effect, each reached tier scoring its cost;
Die Manipulation I, Resource I, the "+1 AP on this Action" tiers, Character II and Joker II as
the notes describe, and the stand-in tiers as docs/games/tiletum.md lists them."""
import pytest

from engines.core import IllegalMove
from engines.tiletum import data as D
from engines.tiletum.final_scoring import final
from engines.tiletum.prospect import data as P
from tests.rules.tiletum.helpers import (
    dice, give, legal, of_type, play, prospect, res, silver, take, tile_of, turn, value_of,
)


def refused(state, seat, move, code):
    with pytest.raises(IllegalMove) as e:
        play(state, seat, move)
    assert e.value.code == code, e.value.reason
    assert move not in legal(state, seat)


def tech(name, resource=None):
    return {"type": "technology", "tech": name, "resource": resource}


def with_techs(*techs, **kw):
    s = prospect(**kw)
    s["underground"]["technologies"] = list(techs)
    return s


def test_tiers_cost_one_two_three_silver_one_at_a_time_and_score_their_cost():
    s = with_techs("joker", "architect", "merchant")
    turn(silver(s, 0, 6), 0)
    s1, _ = play(s, 0, tech("merchant"))
    s2, _ = play(s1, 0, tech("merchant"))
    s3, _ = play(s2, 0, tech("merchant"))
    assert [x["boards"][0]["silver"] for x in (s1, s2, s3)] == [5, 3, 0]
    assert s3["boards"][0]["tech"] == {"merchant": 3}
    assert final(s3)[0]["technologies_vp"] == 1 + 2 + 3
    assert final(s1)[0]["technologies_vp"] == 1
    refused(silver(s3, 0, 9), 0, tech("merchant"), "top_tier")
    refused(silver(s1, 0, 1), 0, tech("merchant"), "not_enough_silver")  # tier II costs 2
    refused(s, 0, tech("resource", "wool"), "not_in_play")


def test_die_manipulation_one_makes_only_a_change_of_exactly_three_cheap():
    s = with_techs("die_manipulation", "architect", "merchant", layout="printed")
    s["boards"][0]["tech"] = {"die_manipulation": 1}
    turn(dice(res(s, 0, gold=2), ("blue", 1)), 0)
    joker = lambda to: "architect" if s["wheel"][to - 1] == "joker" else None
    new, _ = play(s, 0, take("blue", 1, 4, action=joker(4)))  # by 3: 2 Gold instead of 6
    assert new["boards"][0]["res"]["gold"] == 0
    refused(s, 0, take("blue", 1, 3, action=joker(3)), "not_enough_gold")  # by 2: still 4
    res(s, 0, gold=4)
    new, _ = play(s, 0, take("blue", 1, 3, action=joker(3)))
    assert new["boards"][0]["res"]["gold"] == 0


def test_resource_one_names_a_resource_that_pays_gold_costs_once_gold_runs_short():
    s = with_techs("resource", "architect", "merchant", layout="printed")
    turn(silver(s, 0, 1), 0)
    refused(s, 0, tech("resource"), "name_resource")
    s1, _ = play(s, 0, tech("resource", "wool"))
    assert s1["boards"][0]["resource_tile"] == "wool"
    res(s1, 0, gold=1, wool=3)
    s2, events = play(s1, 0, {"type": "buy", "resource": "iron"})  # 2 Gold: 1 Gold + 1 Wool
    assert of_type(events, "bought")[0]["paid"] == {"gold": 1, "wool": 1}
    assert s2["boards"][0]["res"] == {"gold": 0, "food": 0, "wool": 2, "stone": 0, "iron": 1}
    res(s1, 0, gold=3, wool=3)
    s3, _ = play(s1, 0, {"type": "buy", "resource": "iron"})  # Gold first
    assert s3["boards"][0]["res"]["gold"] == 1 and s3["boards"][0]["res"]["wool"] == 3
    # turning a die, and Gold paid Underground, too
    v = value_of(s1, "architect")
    to = v % 6 + 1
    turn(dice(res(s1, 0, wool=2), ("blue", v)), 0)
    joker = "merchant" if s1["wheel"][to - 1] == "joker" else None
    s4, _ = play(s1, 0, take("blue", v, to, action=joker))
    assert s4["boards"][0]["res"]["wool"] == 0
    s1["boards"][0]["prospectors"][0] = "u1a3"
    turn(res(s1, 0, wool=2), 0, stage="action", action="prospector", ap=1, space="prospector")
    s5, _ = play(s1, 0, {"type": "underground_house", "town": "u1a3", "space": 0})  # 2 Gold
    assert s5["boards"][0]["res"]["wool"] == 0
    refused(res(s1, 0, wool=1), 0, {"type": "underground_house", "town": "u1a3", "space": 0},
            "not_enough_gold")
    refused(silver(s1, 0, 1), 0, tech("architect", "wool"), "no_resource")


def test_a_plus_one_ap_tier_counts_at_once_on_the_dies_action_and_never_on_a_helper():
    s = with_techs("architect", "merchant", "character", layout="printed")
    v = value_of(s, "merchant")
    turn(dice(silver(s, 0, 2), ("blue", v)), 0)
    s1, _ = play(s, 0, take("blue", v))
    s2, _ = play(s1, 0, tech("merchant"))
    assert s2["turn"]["ap"] == s1["turn"]["ap"] + 1
    s3, _ = play(s1, 0, tech("architect"))  # another Action's tier: not now
    assert s3["turn"]["ap"] == s1["turn"]["ap"]
    # and from then on with every die taken for that Action
    s["boards"][0]["tech"] = {"merchant": 1}
    new, _ = play(s, 0, take("blue", v))
    assert new["turn"]["ap"] == 7 - v + 1
    h = tile_of("helper", action="merchant", ap=2)
    give(s, 0, h)
    s4, _ = play(s, 0, {"type": "helper", "tile": h})
    assert s4["turn"]["helper"]["ap"] == 2


def test_character_two_adds_one_to_each_bonus_ap_marker_at_once():
    s = with_techs("character", "architect", "merchant", layout="printed")
    s["boards"][0]["markers"] = {"contract": 2}
    s["boards"][0]["tech"] = {"character": 1}
    v = value_of(s, "contract")
    turn(dice(silver(s, 0, 2), ("blue", v)), 0)
    s1, _ = play(s, 0, take("blue", v))
    assert s1["turn"]["ap"] == 7 - v + 2
    s2, _ = play(s1, 0, tech("character"))
    assert s2["turn"]["ap"] == s1["turn"]["ap"] + 1
    s["boards"][0]["tech"] = {"character": 2}
    new, _ = play(s, 0, take("blue", v))
    assert new["turn"]["ap"] == 7 - v + 2 + 1
    s["boards"][0]["markers"] = {}
    new, _ = play(s, 0, take("blue", v))  # no marker, nothing to add to
    assert new["turn"]["ap"] == 7 - v


def test_joker_two_takes_a_king_action_with_one_ap_at_once_and_with_every_joker_die():
    s = with_techs("joker", "architect", "merchant", layout="printed")
    s["boards"][0]["tech"] = {"joker": 1}
    v = value_of(s, "joker")
    turn(dice(silver(s, 0, 2), ("blue", v)), 0)
    s1, _ = play(s, 0, take("blue", v, action="merchant"))
    assert s1["turn"]["ap"] == 7 - v + 1  # Joker I (stand-in): +1 AP on the Joker
    king = s1["king"]["pos"][0]
    s2, events = play(s1, 0, tech("joker"))
    assert s2["king"]["pos"][0] == king + 1 and s2["turn"]["ap"] == s1["turn"]["ap"]
    s["boards"][0]["tech"] = {"joker": 2}
    new, events = play(s, 0, take("blue", v, action="merchant"))
    assert new["king"]["pos"][0] == s["king"]["pos"][0] + 1 and new["turn"]["ap"] == 7 - v + 1
    w = value_of(s, "merchant")
    turn(dice(s, ("blue", w)), 0)
    new, _ = play(s, 0, take("blue", w))  # not the Joker: no King step
    assert new["king"]["pos"][0] == s["king"]["pos"][0]


@pytest.mark.parametrize("tech_id,tier,key,check", [
    ("merchant", 3, "house", lambda b0, b1: b1["vp"] - b0["vp"] == 2 and b1["res"]["gold"] - b0["res"]["gold"] == 1),
    ("architect", 3, "pillar", lambda b0, b1: b1["vp"] - b0["vp"] == 2),
])
def test_stand_in_tiers_per_piece_built(tech_id, tier, key, check):
    s = with_techs(tech_id, "character", "joker")
    s["boards"][0]["tech"] = {tech_id: tier}
    if key == "house":
        s["boards"][0]["merchant"] = "paris"
        turn(s, 0, stage="action", action="merchant", ap=1)
        new, _ = play(s, 0, {"type": "house", "building": None})
    else:
        s["boards"][0]["architect"] = "paris"
        turn(s, 0, stage="action", action="architect", ap=1)
        new, _ = play(s, 0, {"type": "pillar"})
    assert check(s["boards"][0], new["boards"][0])


def test_architect_two_takes_one_stone_off_a_cathedral():
    s = with_techs("architect", "merchant", "character")
    s["boards"][0]["tech"] = {"architect": 2}
    s["towns"]["wien"]["cost"] = "T2"  # 3 Stone
    s["towns"]["wien"]["pillars"] = [0]
    turn(res(s, 0, stone=2), 0)
    new, events = play(s, 0, {"type": "contribute", "town": "wien"})
    assert of_type(events, "contributed")[0]["paid"] == {"stone": 2} and new["boards"][0]["res"]["stone"] == 0


def test_resource_three_scores_leftovers_one_vp_per_three():
    s = with_techs("resource", "architect", "merchant")
    res(s, 0, iron=9)
    assert final(s)[0]["resources_vp"] == 2
    s["boards"][0]["tech"] = {"resource": 3}
    assert final(s)[0]["resources_vp"] == 3


def test_die_manipulation_three_gives_a_resource_more():
    s = with_techs("die_manipulation", "architect", "merchant", layout="printed")
    s["boards"][0]["tech"] = {"die_manipulation": 3}
    v = value_of(s, "architect")
    turn(dice(res(s, 0), ("pink", v)), 0)
    new, _ = play(s, 0, take("pink", v))
    assert new["boards"][0]["res"]["food"] == v + 1


def test_the_first_game_set_and_three_at_random():
    assert prospect(technologies="first_game")["underground"]["technologies"] == P.FIRST_GAME_TECHS
    seen = {tuple(sorted(prospect(technologies="random", seed=f"t{i}")["underground"]["technologies"]))
            for i in range(12)}
    assert len(seen) > 1 and all(len(x) == 3 and set(x) <= set(P.TECH_IDS) for x in seen)
    assert D.RESOURCES[0] == "gold"
