"""Turn Overview and Playing Cards: draw, play one card face up or down, once-per-turn cards in any
order, pass clockwise."""
from engines.trickdraw import engine

from .helpers import D, U, assert_accounted, play, refused, table, types


def test_ending_the_turn_passes_clockwise_and_the_next_player_draws():
    s = table(3, turn=2, hands=[["villager"], [], []])
    events, s2 = play(s, 2, {"type": "end_turn"})
    assert types(events) == ["turn_ended", "turn_started", "drew"]
    assert s2["turn"] == 0 and len(s2["hands"][0]) == 2 and engine.active(s2) == [0]
    drew = events[-1]
    assert drew["reveal"] and drew["vis"]["cards"] == [0] and drew["count"] == 1
    assert_accounted(s2)


def test_a_card_played_face_down_is_worth_one_point_and_hidden_from_others():
    s = table(3, hands=[["scout", "rally"], [], []])
    events, s2 = play(s, 0, {"type": "play", "card": "scout", "face": "down"})
    assert types(events) == ["played"] and events[0]["vis"]["card"] == [0]
    assert s2["boards"][0] == [D("scout")] and s2["hands"][0] == ["rally"]
    view = engine.view(s2, 0)
    assert view["points"][0] == 1 and view["boards"][0][0]["card"] == "scout"
    assert "card" not in engine.view(s2, 1)["boards"][0][0]
    assert "card" not in engine.view(s2, None)["boards"][0][0]


def test_only_one_card_may_be_played_per_turn():
    s = table(3, hands=[["villager", "rally"], [], []])
    _, s2 = play(s, 0, {"type": "play", "card": "rally", "face": "up"})
    refused(s2, 0, {"type": "play", "card": "villager", "face": "down"}, "already_played")
    assert all(o["move"]["type"] != "play" for o in engine.legal_moves(s2, 0))


def test_playing_is_optional():
    s = table(3, hands=[["villager"], [], []])
    _, s2 = play(s, 0, {"type": "end_turn"})
    assert s2["boards"][0] == [] and s2["hands"][0] == ["villager"]


def test_cards_are_added_in_a_row_and_never_rearranged():
    s = table(3, hands=[["rally"], [], []], boards=[[D("villager"), U("diplomacy")], [], []])
    _, s2 = play(s, 0, {"type": "play", "card": "rally", "face": "up"})
    assert [c["card"] for c in s2["boards"][0]] == ["villager", "diplomacy", "rally"]


def test_a_card_not_in_hand_cannot_be_played():
    s = table(3, hands=[["villager"], ["rally"], []])
    refused(s, 0, {"type": "play", "card": "rally", "face": "up"}, "not_in_hand")
    refused(s, 0, {"type": "play", "card": "nonsense", "face": "up"}, "not_in_hand")
    refused(s, 0, {"type": "play", "card": "villager", "face": "sideways"}, "bad_move")


def test_only_the_active_player_moves():
    s = table(3, hands=[["villager"], ["villager"], []])
    refused(s, 1, {"type": "play", "card": "villager", "face": "down"}, "not_your_turn")
    refused(s, 1, {"type": "end_turn"}, "not_your_turn")
    assert engine.legal_moves(s, 1) == []


def test_once_per_turn_cards_and_playing_come_in_any_order():
    # activate the Scholar first, then play; or play first, then activate
    s = table(3, hands=[["villager", "rally"], [], []], boards=[[U("scholar")], [], []])
    _, a = play(s, 0, {"type": "activate", "slot": 0, "discard": "villager"})
    _, a = play(a, 0, {"type": "play", "card": "rally", "face": "down"})
    _, b = play(s, 0, {"type": "play", "card": "rally", "face": "down"})
    _, b = play(b, 0, {"type": "activate", "slot": 0, "discard": "villager"})
    for t in (a, b):
        assert t["discard"] == ["villager"] and len(t["hands"][0]) == 1
        assert t["boards"][0][1] == D("rally")


def test_nothing_to_resolve_without_an_offer():
    s = table(3, hands=[["villager"], [], []])
    refused(s, 0, {"type": "resolve"}, "nothing_to_resolve")
    refused(s, 0, {"type": "decline"}, "nothing_to_resolve")
