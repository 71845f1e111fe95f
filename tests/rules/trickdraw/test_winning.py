"""Winning the Game: 10 points (on anyone's turn), Rallies, Local Heroes, The Key, The Safe and
The Temple, The Treasure (stand-in), nothing left to draw and the standstill (our readings), the
ranking."""
import pytest

from engines.trickdraw import engine
from engines.trickdraw.scoring import points

from .helpers import D, U, play, table, types


@pytest.mark.parametrize("rallies,expected", [(1, 1), (2, 4), (3, 9), (4, 16)])
def test_rallies_are_worth_one_point_for_each_rally_you_control(rallies, expected):
    assert points([U("rally")] * rallies) == expected
    assert points([U("rally")] * rallies + [D("rally")]) == expected + 1


def test_local_hero_is_worth_three_when_over_half_of_your_cards_are_face_down():
    assert points([U("local_hero"), D("villager"), D("villager")]) == 2 + 3
    assert points([U("local_hero"), U("villager"), D("villager"), D("villager")]) == 2  # exactly half
    assert points([U("local_hero"), U("local_hero")] + [D("villager")] * 3) == 3 + 6
    assert points([U("local_hero")]) == 0


def test_every_card_is_worth_one_point_face_down():
    assert points([D("rally"), D("local_hero"), D("the_key"), D("bewitched")]) == 4


def test_the_rulebooks_eleven_point_example_wins():
    """2 Rallies (4 points) + 4 face-down cards + Local Hero (3 points) = 11 points."""
    board = [U("rally"), U("rally")] + [D("villager")] * 4
    assert points(board + [U("local_hero")]) == 11
    s = table(3, hands=[["local_hero"], [], []], boards=[board, [], []])
    events, s = play(s, 0, {"type": "play", "card": "local_hero", "face": "up"})
    assert types(events)[-1] == "game_ended" and s["phase"] == "over"
    result = engine.result(s)
    assert result["winner"] == 0 and result["reason"] == "points" and result["scores"][0] == 11


def test_reaching_ten_points_wins_at_once():
    s = table(3, hands=[["villager", "scout"], [], []], boards=[[D("villager")] * 9, [], []])
    events, s = play(s, 0, {"type": "play", "card": "scout", "face": "down"})
    assert s["phase"] == "over" and engine.result(s)["winner"] == 0
    assert engine.active(s) == [] and engine.legal_moves(s, 0) == []


def test_nine_points_do_not_win():
    s = table(3, hands=[["villager"], [], []], boards=[[D("villager")] * 8, [], []])
    _, s = play(s, 0, {"type": "play", "card": "villager", "face": "down"})
    assert s["phase"] == "playing" and engine.view(s, 0)["points"][0] == 9


def test_a_point_giving_card_flipped_up_by_mistake_wins_on_another_players_turn():
    # seat 1: 2 Rallies up (4) and 5 face-down cards, one a Local Hero (5): 9 points
    board1 = [U("rally"), U("rally"), D("local_hero")] + [D("villager")] * 4
    assert points(board1) == 9
    s = table(3, hands=[["villager"], [], []], boards=[[U("trickster")], board1, []])
    events, s = play(s, 0, {"type": "activate", "slot": 0, "flips": [[1, 2]], "discard": "villager"})
    # now 2 Rallies + Local Hero up, 4 down of 7: 4 + 4 + 3 = 11
    assert s["phase"] == "over" and engine.result(s)["winner"] == 1 and s["turn"] == 0
    assert engine.result(s)["scores"][1] == 11


@pytest.mark.parametrize("pair", [("the_key", "the_safe"), ("the_key", "the_temple"),
                                  ("the_safe", "the_temple")])
def test_any_two_of_the_key_the_safe_and_the_temple_win(pair):
    s = table(3, hands=[[pair[1]], [], []], boards=[[U(pair[0])], [], []])
    _, s = play(s, 0, {"type": "play", "card": pair[1], "face": "up"})
    assert s["phase"] == "over" and engine.result(s)["reason"] == "pair"


def test_one_of_them_or_a_face_down_pair_does_not_win():
    s = table(3, hands=[["the_safe"], [], []], boards=[[U("the_key"), D("the_temple")], [], []])
    _, s = play(s, 0, {"type": "play", "card": "the_safe", "face": "down"})
    assert s["phase"] == "playing"


def test_flipping_the_second_one_up_wins_for_its_controller():
    s = table(3, hands=[["villager"], [], []], boards=[[U("trickster")], [U("the_key"), D("the_temple")], []])
    _, s = play(s, 0, {"type": "activate", "slot": 0, "flips": [[1, 1]], "discard": "villager"})
    assert engine.result(s)["winner"] == 1 and engine.result(s)["reason"] == "pair"


def test_the_treasure_face_up_at_the_start_of_your_turn_wins_with_seven_points():
    s = table(3, turn=2, boards=[[U("the_treasure")] + [D("villager")] * 7, [], []])
    events, s = play(s, 2, {"type": "end_turn"})
    assert types(events) == ["turn_ended", "turn_started", "game_ended"]
    result = engine.result(s)
    assert result["winner"] == 0 and result["winners"] == [0] and result["reason"] == "treasure"
    assert result["scores"][0] == 7  # below the target: The Treasure won, not the points


def test_the_treasure_with_fewer_than_seven_points_does_not_win():
    s = table(3, turn=2, boards=[[U("the_treasure")] + [D("villager")] * 6, [], []])
    events, s = play(s, 2, {"type": "end_turn"})
    assert types(events) == ["turn_ended", "turn_started", "drew"] and s["phase"] == "playing"


def test_the_treasure_face_down_does_not_win():
    s = table(3, turn=2, boards=[[D("the_treasure")] + [D("villager")] * 8, [], []])
    _, s = play(s, 2, {"type": "end_turn"})
    assert s["phase"] == "playing"


def test_the_treasure_wins_only_at_its_controllers_turn():
    s = table(3, turn=0, boards=[[], [U("the_treasure")] + [D("villager")] * 7, []])
    _, s = play(s, 0, {"type": "end_turn"})         # seat 1's turn starts: it wins
    assert engine.result(s)["winner"] == 1
    s = table(3, turn=1, boards=[[], [U("the_treasure")] + [D("villager")] * 7, []])
    _, s = play(s, 1, {"type": "end_turn"})         # seat 2's turn: nothing
    assert s["phase"] == "playing"


def test_the_treasures_threshold_follows_the_target():
    s = table(3, turn=2, target=20, boards=[[U("the_treasure")] + [D("villager")] * 13, [], []])
    _, s = play(s, 2, {"type": "end_turn"})
    assert s["phase"] == "playing"                 # 13 < 14 = 7/10 of 20
    s = table(3, turn=2, target=20, boards=[[U("the_treasure")] + [D("villager")] * 14, [], []])
    _, s = play(s, 2, {"type": "end_turn"})
    assert engine.result(s)["reason"] == "treasure"
    assert engine.view(s, 0)["treasure_needs"] == 14


def test_the_target_option_changes_the_points_that_win():
    s = table(3, target=5, hands=[["villager"], [], []], boards=[[D("villager")] * 4, [], []])
    _, s = play(s, 0, {"type": "play", "card": "villager", "face": "down"})
    assert s["phase"] == "over"


def test_with_nothing_left_to_draw_the_turn_goes_on_without_a_draw():
    s = table(3, turn=2, deck=[], hands=[["villager"], [], []],
              boards=[[D("villager")] * 3, [D("villager")] * 5, []])
    events, s = play(s, 2, {"type": "end_turn"})
    assert types(events) == ["turn_ended", "turn_started", "nothing_to_draw"]
    assert s["phase"] == "playing" and s["turn"] == 0 and s["hands"][0] == ["villager"]
    _, s = play(s, 0, {"type": "play", "card": "villager", "face": "down"})   # still a turn
    assert engine.view(s, 1)["points"][0] == 4


def test_an_empty_deck_is_refilled_from_the_discard_pile_to_draw():
    s = table(3, turn=2, deck=[], discard=["rally", "scout"], hands=[[], [], []])
    events, s = play(s, 2, {"type": "end_turn"})
    assert types(events) == ["turn_ended", "turn_started", "deck_reformed", "drew"]
    assert s["discard"] == [] and len(s["deck"]) == 1 and len(s["hands"][0]) == 1


def test_at_a_standstill_the_most_points_win():
    # every card is on the boards, no hand, no free flip: nobody can ever score again
    s = table(3, turn=2, deck=[], hands=[[], [], []],
              boards=[[D("villager")] * 3, [D("villager")] * 5, [D("villager")] * 3])
    events, s = play(s, 2, {"type": "end_turn"})
    assert types(events) == ["turn_ended", "turn_started", "nothing_to_draw", "game_ended"]
    result = engine.result(s)
    assert result["reason"] == "standstill" and result["winner"] == 1 and result["winners"] == [1]
    assert [(r["seat"], r["rank"], r["winner"]) for r in result["ranking"]] == \
        [(1, 1, True), (0, 2, False), (2, 2, False)]


def test_leaders_equal_in_points_share_a_standstill_win():
    s = table(3, turn=2, deck=[], hands=[[], [], []],
              boards=[[D("villager")] * 5, [D("villager")] * 5, [D("villager")] * 3])
    _, s = play(s, 2, {"type": "end_turn"})
    result = engine.result(s)
    assert result["winner"] is None and result["winners"] == [0, 1]
    assert [(r["seat"], r["rank"]) for r in result["ranking"]] == [(0, 1), (1, 1), (2, 3)]


def test_no_standstill_while_a_hand_holds_a_card():
    s = table(3, turn=2, deck=[], hands=[[], [], ["villager"]],
              boards=[[D("villager")] * 3, [D("villager")] * 5, [D("villager")] * 3])
    _, s = play(s, 2, {"type": "end_turn"})
    assert s["phase"] == "playing"


def test_no_standstill_while_a_free_once_per_turn_flip_remains():
    # Diplomacy makes seat 1's Trickster free: it can still flip a card each turn
    s = table(3, turn=2, deck=[], hands=[[], [], []],
              boards=[[D("villager")] * 3, [U("diplomacy"), U("trickster")], [D("villager")] * 3])
    _, s = play(s, 2, {"type": "end_turn"})
    assert s["phase"] == "playing"
    # without Diplomacy the Trickster costs a card nobody holds: standstill
    s = table(3, turn=2, deck=[], hands=[[], [], []],
              boards=[[D("villager")] * 3, [U("villager"), U("trickster")], [D("villager")] * 3])
    _, s = play(s, 2, {"type": "end_turn"})
    assert engine.result(s)["reason"] == "standstill" and engine.result(s)["winners"] == [0, 2]


def test_the_ranking_puts_the_winner_first_then_points():
    s = table(4, hands=[["the_safe"], [], [], []],
              boards=[[U("the_key")], [D("villager")] * 7, [D("villager")] * 2, [D("villager")] * 2])
    _, s = play(s, 0, {"type": "play", "card": "the_safe", "face": "up"})
    ranking = engine.result(s)["ranking"]
    assert [(r["seat"], r["rank"], r["points"]) for r in ranking] == \
        [(0, 1, 0), (1, 2, 7), (2, 3, 2), (3, 3, 2)]
