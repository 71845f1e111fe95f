"""Card effects: Discard 1, Diplomacy, once-per-turn cards, flipping (Bewitched and its example,
The Army, the stand-ins Trickster, Scout, Scholar and Trickdraw)."""
from engines.trickdraw import engine

from .helpers import D, U, assert_accounted, play, refused, table, types


def offered_to(s):
    return engine.active(s), s["pending"][-1]["card"] if s["pending"] else None


# --- Discard 1 -----------------------------------------------------------------------------------------

def test_discard_1_is_paid_from_hand_to_the_discard_pile():
    s = table(3, hands=[["scout", "villager", "rally"], [], []])
    _, s = play(s, 0, {"type": "play", "card": "scout", "face": "up"})
    assert offered_to(s) == ([0], "scout")
    refused(s, 0, {"type": "resolve"}, "bad_move")  # the cost must be paid
    refused(s, 0, {"type": "resolve", "discard": "the_key"}, "not_in_hand")
    events, s2 = play(s, 0, {"type": "resolve", "discard": "villager"})
    assert types(events) == ["activated", "discarded", "drew"]
    assert s2["discard"] == ["villager"] and len(s2["hands"][0]) == 3  # rally + 2 drawn
    assert s2["pending"] == [] and engine.active(s2) == [0]
    assert_accounted(s2)


def test_declining_neither_activates_nor_discards():
    s = table(3, hands=[["scout", "villager"], [], []])
    _, s = play(s, 0, {"type": "play", "card": "scout", "face": "up"})
    events, s2 = play(s, 0, {"type": "decline"})
    assert types(events) == ["declined"] and s2["discard"] == [] and s2["hands"][0] == ["villager"]
    assert s2["boards"][0] == [U("scout")]


def test_an_effect_whose_cost_cannot_be_paid_is_passed_over():
    s = table(3, hands=[["scout"], [], []])
    events, s2 = play(s, 0, {"type": "play", "card": "scout", "face": "up"})
    assert types(events) == ["played", "offered", "declined"] and events[-1]["auto"]
    assert s2["pending"] == [] and engine.active(s2) == [0]


def test_a_pending_offer_blocks_other_moves():
    s = table(3, hands=[["scout", "villager"], [], []])
    _, s = play(s, 0, {"type": "play", "card": "scout", "face": "up"})
    refused(s, 0, {"type": "end_turn"}, "effect_pending")
    assert {o["move"]["type"] for o in engine.legal_moves(s, 0)} == {"resolve", "decline"}


# --- Diplomacy ------------------------------------------------------------------------------------------

def test_diplomacy_reduces_every_discard_by_one_each_time():
    s = table(3, hands=[["scout", "villager"], [], []],
              boards=[[U("diplomacy"), U("scholar"), U("scholar")], [], []])
    refused(s, 0, {"type": "activate", "slot": 1, "discard": "villager"}, "bad_move")
    _, s = play(s, 0, {"type": "activate", "slot": 1})
    _, s = play(s, 0, {"type": "activate", "slot": 2})          # as many times as you are able
    _, s = play(s, 0, {"type": "play", "card": "scout", "face": "up"})
    _, s = play(s, 0, {"type": "resolve"})                      # Scout for free
    assert s["discard"] == [] and len(s["hands"][0]) == 1 + 1 + 1 + 2
    assert_accounted(s)


def test_diplomacy_only_helps_its_controller():
    s = table(3, hands=[["villager"], [], []], boards=[[U("scholar")], [U("diplomacy")], []])
    refused(s, 0, {"type": "activate", "slot": 0}, "bad_move")


# --- Once per turn ----------------------------------------------------------------------------------------

def test_each_once_per_turn_card_activates_once_per_turn():
    s = table(3, hands=[["villager", "villager", "rally"], [], []],
              boards=[[U("scholar"), U("scholar")], [], []])
    _, s = play(s, 0, {"type": "activate", "slot": 0, "discard": "villager"})
    refused(s, 0, {"type": "activate", "slot": 0, "discard": "villager"}, "already_used")
    _, s = play(s, 0, {"type": "activate", "slot": 1, "discard": "villager"})  # the other copy
    assert [c["used"] for c in s["boards"][0]] == [True, True]
    # a new turn of seat 0 makes them usable again
    for seat in (0, 1, 2):
        _, s = play(s, seat, {"type": "end_turn"})
    assert [c["used"] for c in s["boards"][0]] == [False, False]
    assert any(o["move"] == {"type": "activate", "slot": 0} for o in engine.legal_moves(s, 0))


def test_only_face_up_once_per_turn_cards_can_be_activated():
    s = table(3, hands=[["villager"], [], []],
              boards=[[U("scout"), D("scholar"), U("rally")], [U("scholar")], []])
    for slot in (0, 1, 2):
        refused(s, 0, {"type": "activate", "slot": slot, "discard": "villager"}, "not_once_per_turn")
    refused(s, 0, {"type": "activate", "slot": 7, "discard": "villager"}, "no_such_card")
    refused(s, 1, {"type": "activate", "slot": 0, "discard": "villager"}, "not_your_turn")


def test_a_once_per_turn_card_played_face_up_and_used_counts_as_this_turns_use():
    s = table(3, hands=[["scholar", "villager", "villager"], [], []])
    _, s = play(s, 0, {"type": "play", "card": "scholar", "face": "up"})
    _, s = play(s, 0, {"type": "resolve", "discard": "villager"})
    refused(s, 0, {"type": "activate", "slot": 0, "discard": "villager"}, "already_used")


# --- Flipping ----------------------------------------------------------------------------------------------

def test_flipping_a_card_face_down_makes_it_worth_one_point():
    s = table(3, hands=[["villager"], [], []],
              boards=[[U("trickster")], [U("rally"), U("rally")], []])
    assert engine.view(s, 0)["points"][1] == 4
    events, s2 = play(s, 0, {"type": "activate", "slot": 0, "flips": [[1, 1]], "discard": "villager"})
    assert s2["boards"][1] == [U("rally"), D("rally")] and engine.view(s2, 0)["points"][1] == 2
    flip = events[-1]
    assert flip["type"] == "flipped" and not flip["up"] and not flip.get("reveal")


def test_a_card_flipped_face_up_is_offered_to_its_controller():
    # seat 0's Trickster turns seat 1's face-down Scout up: seat 1 must Discard 1 to use it
    s = table(3, hands=[["villager"], ["rally"], []],
              boards=[[U("trickster")], [D("scout")], []])
    events, s = play(s, 0, {"type": "activate", "slot": 0, "flips": [[1, 0]], "discard": "villager"})
    assert events[-2]["type"] == "flipped" and events[-2]["reveal"] and events[-2]["card"] == "scout"
    assert offered_to(s) == ([1], "scout") and engine.legal_moves(s, 0) == []
    refused(s, 0, {"type": "decline"}, "not_your_turn")
    _, s = play(s, 1, {"type": "resolve", "discard": "rally"})
    assert s["discard"] == ["villager", "rally"] and len(s["hands"][1]) == 2
    assert engine.active(s) == [0] and s["turn"] == 0  # back to the turn's player
    assert_accounted(s)


def test_a_controller_may_decline_a_flipped_up_card():
    s = table(3, hands=[["villager"], ["rally"], []], boards=[[U("trickster")], [D("scout")], []])
    _, s = play(s, 0, {"type": "activate", "slot": 0, "flips": [[1, 0]], "discard": "villager"})
    _, s = play(s, 1, {"type": "decline"})
    assert s["hands"][1] == ["rally"] and engine.active(s) == [0]


def test_cards_without_an_effect_are_not_offered():
    s = table(3, hands=[["villager"], [], []], boards=[[U("trickster")], [D("rally")], []])
    events, s = play(s, 0, {"type": "activate", "slot": 0, "flips": [[1, 0]], "discard": "villager"})
    assert s["pending"] == [] and types(events)[-1] == "flipped"


def test_cards_can_target_themselves_except_the_army():
    s = table(3, hands=[["villager", "villager"], [], []], boards=[[U("trickster")], [U("rally")], []])
    _, s2 = play(s, 0, {"type": "activate", "slot": 0, "flips": [[0, 0]], "discard": "villager"})
    assert s2["boards"][0] == [{"card": "trickster", "up": False, "used": True}]
    s = table(3, hands=[["the_army", "villager"], [], []], boards=[[], [U("rally")], []])
    _, s = play(s, 0, {"type": "play", "card": "the_army", "face": "up"})
    refused(s, 0, {"type": "resolve", "flips": [[0, 0]], "discard": "villager"}, "bad_flip")
    flips = engine.legal_moves(s, 0)[0]["choose"]["flips"]["one_of"]
    assert [[0, 0]] not in flips and [[1, 0]] in flips
    _, s = play(s, 0, {"type": "resolve", "flips": [[1, 0]], "discard": "villager"})
    assert s["boards"][1] == [D("rally")]


def test_bewitched_example():
    """Bewitched targets you and an opponent: their The Treasure goes face down (1 point for them,
    but they cannot win next turn); your face-down Rally comes up: 2 Rallies + 1 face-down card =
    5 points. (Their board is ours: 7 face-down cards make The Treasure's threat real.)"""
    theirs = [U("the_treasure")] + [D("villager")] * 7
    s = table(2, hands=[["bewitched"], []],
              boards=[[U("rally"), D("rally"), D("villager")], theirs])
    untouched = play(s, 0, {"type": "end_turn"})[1]
    assert engine.result(untouched)["reason"] == "treasure"   # they would win next turn
    _, s = play(s, 0, {"type": "play", "card": "bewitched", "face": "up"})
    events, s = play(s, 0, {"type": "resolve", "flips": [[1, 0], [0, 1]]})
    assert engine.view(s, 0)["points"] == [5, 8]           # giving them 1 point
    assert s["boards"][1][0] == D("the_treasure") and s["boards"][0][1] == U("rally")
    _, s = play(s, 0, {"type": "end_turn"})
    assert s["phase"] == "playing" and s["turn"] == 1      # but they cannot win next turn


def test_bewitched_needs_two_different_players():
    s = table(3, hands=[["bewitched"], [], []], boards=[[D("villager")], [D("villager")], []])
    _, s = play(s, 0, {"type": "play", "card": "bewitched", "face": "up"})
    refused(s, 0, {"type": "resolve", "flips": [[0, 0], [0, 1]]}, "bad_flip")
    refused(s, 0, {"type": "resolve", "flips": [[0, 0]]}, "bad_flip")
    refused(s, 0, {"type": "resolve", "flips": [[0, 0], [2, 0]]}, "bad_flip")  # empty board
    _, s2 = play(s, 0, {"type": "resolve", "flips": [[0, 1], [1, 0]]})  # it may flip itself
    assert not s2["boards"][0][1]["up"] and s2["boards"][1] == [U("villager")]


def test_bewitched_with_no_opponent_card_is_passed_over():
    s = table(3, hands=[["bewitched"], [], []])
    events, s = play(s, 0, {"type": "play", "card": "bewitched", "face": "up"})
    assert types(events) == ["played", "offered", "declined"]


def test_cards_flipped_up_together_are_offered_in_flip_order():
    s = table(3, hands=[["bewitched", "villager"], ["rally"], []],
              boards=[[D("scholar")], [D("scout")], []])
    _, s = play(s, 0, {"type": "play", "card": "bewitched", "face": "up"})
    _, s = play(s, 0, {"type": "resolve", "flips": [[1, 0], [0, 0]]})
    assert offered_to(s) == ([1], "scout")
    _, s = play(s, 1, {"type": "decline"})
    assert offered_to(s) == ([0], "scholar")


def test_an_offer_whose_card_was_flipped_back_down_is_passed_over():
    # seat 0's Bewitched turns seat 1's Trickster and its own Scout up; seat 1's Trickster (first)
    # flips seat 0's Scout back down: Scout's offer lapses
    s = table(3, hands=[["bewitched", "villager"], ["rally"], []],
              boards=[[D("scout")], [D("trickster")], []])
    _, s = play(s, 0, {"type": "play", "card": "bewitched", "face": "up"})
    _, s = play(s, 0, {"type": "resolve", "flips": [[1, 0], [0, 0]]})
    assert offered_to(s) == ([1], "trickster")
    events, s = play(s, 1, {"type": "resolve", "flips": [[0, 0]], "discard": "rally"})
    assert types(events)[-2:] == ["flipped", "declined"] and events[-1]["auto"]
    assert s["pending"] == [] and engine.active(s) == [0]


# --- Stand-ins: Scout, Trickdraw ----------------------------------------------------------------------------

def test_scout_draws_two_refilling_the_deck_from_the_discard_pile():
    s = table(3, hands=[["scout", "villager"], [], []], deck=["rally"],
              discard=["the_key", "the_safe"])
    _, s = play(s, 0, {"type": "play", "card": "scout", "face": "up"})
    events, s = play(s, 0, {"type": "resolve", "discard": "villager"})
    assert "deck_reformed" in types(events)
    assert len(s["hands"][0]) == 2 and len(s["deck"]) + len(s["hands"][0]) == 4


def test_trickdraw_takes_a_random_card_from_another_players_hand():
    s = table(3, hands=[["trickdraw"], ["the_key"], []])
    _, s = play(s, 0, {"type": "play", "card": "trickdraw", "face": "up"})
    assert engine.legal_moves(s, 0)[0]["choose"] == {"target": {"one_of": [1]}}
    refused(s, 0, {"type": "resolve", "target": 2}, "bad_target")   # empty hand
    refused(s, 0, {"type": "resolve", "target": 0}, "bad_target")   # yourself
    events, s = play(s, 0, {"type": "resolve", "target": 1})
    stole = events[-1]
    assert stole["type"] == "stole" and stole["reveal"] and stole["vis"]["card"] == [0, 1]
    assert s["hands"] == [["the_key"], [], []]
