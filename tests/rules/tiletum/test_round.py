"""The round: Corruption at each pass, the King phase, the Fair, Cleanup; game end and ties."""
import pytest

from engines.tiletum import data as D
from engines.tiletum import engine
from engines.tiletum.king_track import king_order
from tests.rules.tiletum.helpers import give, of_type, play, res, table, tile_of, turn

Z = D.KING_ZERO


def last_turn_of_round(s, round_=1):
    """The last seat in Turn Order about to end the third pass's turn."""
    s["round"], s["pass"] = round_, 3
    seat = s["order"][-1]
    turn(s, seat, stage="action", action="architect", ap=0)
    return seat


def test_corruption_moves_every_king_marker_down_at_the_start_of_each_pass():
    s = table(3)
    s["king"]["pos"] = [Z + 3, Z, 1]
    s["pass"] = 1
    seat = s["order"][-1]
    turn(s, seat, stage="action", action="architect", ap=0)
    s["corruption"]["pool"] = [2]
    new, events = play(s, seat, {"type": "end"})
    ev = of_type(events, "corruption")[0]
    assert ev["value"] == 2 and ev["reveal"] and new["pass"] == 2
    assert new["king"]["pos"] == [Z + 1, Z - 2, 0]  # -7 -> -10 and never below it
    assert new["turn"]["seat"] == new["order"][0]


def test_corruption_of_zero_moves_nobody():
    s = table(2)
    s["king"]["pos"] = [Z + 3, Z]
    s["pass"] = 2
    seat = s["order"][-1]
    turn(s, seat, stage="action", action="architect", ap=0)
    s["corruption"]["pool"] = [0]
    new, _ = play(s, seat, {"type": "end"})
    assert new["king"]["pos"] == [Z + 3, Z]


def test_king_phase_highest_takes_the_king_bonus_then_everyone_scores_their_space():
    s = table(3)
    seat = last_turn_of_round(s)
    s["king"]["pos"] = [Z - 3, Z + 4, Z + 8]   # -3, +4, +9
    s["fairs"][0] = {"town": "hamburg", "tile": "F1"}  # nobody there
    bonus = s["king_bonus"]
    new, events = play(s, seat, {"type": "end"})
    assert new["phase"] == "king_bonus" and engine.active(new) == [2]
    assert [o["move"] for o in engine.legal_moves(new, 2)] == [
        {"type": "king_bonus", "take": True}, {"type": "king_bonus", "take": False}]
    s2, events = play(new, 2, {"type": "king_bonus", "take": True})
    assert bonus in s2["boards"][2]["store"]
    assert of_type(events, "king_scored")[0]["vp"] == [-3, 4, 9]
    assert [b["vp"] for b in s2["boards"]] == [-3, 4, 9]
    assert s2["order"] == [2, 1, 0]                     # Turn Order reset from the track
    assert s2["king"]["pos"] == [Z, Z + 4, Z + 8]        # the red part goes back to 0
    assert s2["round"] == 2 and s2["pass"] == 1 and s2["turn"]["seat"] == 2


def test_the_king_bonus_may_be_discarded_and_is_discarded_without_room():
    s = table(2)
    seat = last_turn_of_round(s)
    s["king"]["pos"] = [Z + 5, Z]
    bonus = s["king_bonus"]
    new, _ = play(s, seat, {"type": "end"})
    s2, _ = play(new, 0, {"type": "king_bonus", "take": False})
    assert bonus in s2["out"] and bonus not in s2["boards"][0]["store"]
    for c in sorted(D.CHARACTERS)[:4]:
        give(s, 0, c)
    new, events = play(s, seat, {"type": "end"})
    assert new["phase"] == "turn" and of_type(events, "king_bonus_resolved")[0]["take"] is False


def test_in_round_4_the_king_bonus_scores_4_vp_and_the_game_ends():
    s = table(2)
    seat = last_turn_of_round(s, 4)
    s["king"]["pos"] = [Z, Z + 1]
    new, events = play(s, seat, {"type": "end"})
    assert of_type(events, "king_bonus_scored")[0] == {"type": "king_bonus_scored", "seat": 1, "vp": 4}
    assert not of_type(events, "cleanup")  # no Cleanup after round 4
    assert new["phase"] == "over" and engine.result(new) is not None


def test_fair_scores_for_a_house_or_the_merchant_in_its_town():
    s = table(3)
    seat = last_turn_of_round(s, 2)
    s["king_bonus"] = None
    s["fairs"][1] = {"town": "wien", "tile": "F2"}   # +0, per Pillar on the map; board 5
    s["towns"]["wien"]["houses"] = [0]
    s["boards"][1]["merchant"] = "wien"
    for t in D.CATHEDRAL_TOWNS[:2]:
        for x in range(3):
            s["towns"][t]["pillars"].append(x)
    new, events = play(s, seat, {"type": "end"})
    assert of_type(events, "fair_scored")[0]["vp"] == [10, 10, 0]


@pytest.mark.parametrize("round_,replaced", [(1, True), (2, True), (3, False)])
def test_cleanup_replaces_tiles_turns_the_wheel_and_the_king_bonus_except_after_round_3(round_, replaced):
    s = table(2)
    seat = last_turn_of_round(s, round_)
    s["king_bonus"] = None
    s["action_tiles"]["merchant"] = None
    s["action_tiles"]["king"] = None
    wheel = list(s["wheel"])
    new, events = play(s, seat, {"type": "end"})
    c = of_type(events, "cleanup")[0]
    assert sorted(c["action_tiles"]) == ["king", "merchant"]
    assert all(new["action_tiles"][a] for a in D.ACTIONS)
    assert (new["king_bonus"] is not None) == replaced
    assert new["wheel"] == wheel[-1:] + wheel[:-1]
    assert new["round"] == round_ + 1 and len(new["dice"]) == 8
    assert new["corruption"]["revealed"] == [of_type(events, "corruption")[0]["value"]]


def test_a_tie_goes_to_the_player_earlier_in_turn_order():
    s = table(3)
    seat = last_turn_of_round(s, 4)
    s["king"]["pos"] = [Z, Z, Z + 2]
    s["king"]["stamp"] = [5, 9, 1]  # seat 1 on top of seat 0
    s["fairs"][3] = {"town": "hamburg", "tile": "F1"}
    for seat_ in range(3):
        res(s, seat_)
        s["boards"][seat_]["vp"] = 20
    s["boards"][2]["vp"] = 14  # +2 on the track and the 4 VP King Bonus: 20 as well
    new, _ = play(s, seat, {"type": "end"})
    r = engine.result(new)
    assert new["order"] == [2, 1, 0]
    assert [x["seat"] for x in r["ranking"]] == [2, 1, 0] and r["scores"][0] == r["scores"][2]
    assert [x["rank"] for x in r["ranking"]] == [1, 2, 3] and r["tiebreak"]


def test_final_scoring_adds_houses_times_pillars_completed_buildings_and_leftovers():
    s = table(2)
    seat = last_turn_of_round(s, 4)
    s["fairs"][3] = {"town": "hamburg", "tile": "F1"}
    s["king"]["pos"] = [Z, Z]
    s["towns"]["wien"]["houses"].append(0)
    s["towns"]["wien"]["pillars"].append(0)
    s["towns"]["koln"]["pillars"].append(0)
    s["boards"][0]["completed"] = [True, True, True, False, False, False]
    res(s, 0, gold=3, iron=5)
    new, events = play(s, seat, {"type": "end"})
    sc = of_type(events, "final_scored")[0]["scores"][0]
    assert sc == {"houses": 2, "pillars": 2, "houses_x_pillars": 4, "completed": 3,
                  "completed_vp": 5, "resources": 8, "resources_vp": 2}
    king4 = 4 if king_order(s)[0] == 0 else 0
    assert new["boards"][0]["vp"] == 4 + 5 + 2 + king4


def test_the_printed_building_is_completed_by_a_crest_alone():
    s = table()
    c = tile_of("crest")
    give(s, 0, c)
    turn(res(s, 0, food=2), 0)
    new, _ = play(s, 0, {"type": "crest", "tile": c, "building": 5})
    assert new["boards"][0]["completed"][5] and new["boards"][0]["markers"] == {}
    assert new["boards"][0]["houses"] == s["boards"][0]["houses"]


def test_map_bonus_tile_spaces_are_never_refilled_while_action_spaces_are():
    """The map: Bonus-tile spaces are "filled at setup and never refilled"; Cleanup replaces only
    the tiles taken from the Action spaces."""
    s = table(2)
    town = next(t for t in D.TOWN_IDS if s["towns"][t]["bonus_tiles"])
    taken = s["towns"][town]["bonus_tiles"][0]
    s["towns"][town]["bonus_tiles"] = []
    s["out"].append(taken)
    s["action_tiles"]["merchant"] = None
    seat = last_turn_of_round(s, 1)
    s["king_bonus"] = None
    before = {t: list(tw["bonus_tiles"]) for t, tw in s["towns"].items()}
    new, events = play(s, seat, {"type": "end"})
    assert of_type(events, "cleanup")[0]["action_tiles"].keys() == {"merchant"}
    assert new["action_tiles"]["merchant"] is not None
    assert {t: tw["bonus_tiles"] for t, tw in new["towns"].items()} == before
    assert new["towns"][town]["bonus_tiles"] == []
