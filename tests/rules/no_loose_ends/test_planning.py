"""Phase 1, Planning: in turn from the first player, increase your bid (face up, up to the Max
Bid) or pass; at the maximum a player passes automatically; passing with no bid is a snitch;
planning ends when all have passed, and the last to pass leads the first trick."""

from engines.no_loose_ends import engine

from .helpers import PASS, bid, cards, first, legal, play, play_card, refused, table, types

HANDS3 = ["R1 R2 G3", "B5 B6 Y7", "Y1 Y2 G9 G10"]


def planning(players=3, hands=None, bids=None, turn=0, passed=None, pass_order=(), snitches=(),
             options=None, first_player=0):
    return table(players, options=options, hands=hands or HANDS3, bids=bids, phase="planning",
                 turn=turn, passed=passed or [False] * players, pass_order=pass_order,
                 snitches=snitches, first=first_player)


def test_a_bid_goes_face_up_from_hand_to_the_table_and_the_turn_goes_clockwise():
    state = planning(turn=1)
    new, events = play(state, 1, bid("B6"))
    assert events == [{"type": "bid", "seat": 1, "card": "blue-6"}]  # public: no vis field
    assert new["hands"][1] == cards("B5 Y7")
    assert new["bids"][1] == [{"card": "blue-6", "promoted": False, "cover": None, "with": []}]
    assert new["turn"] == 2 and engine.active(new) == [2]
    assert engine.view(new, 0)["bids"][1][0]["card"] == "blue-6"  # everyone sees it


def test_clockwise_wraps_and_skips_players_who_have_passed():
    state = planning(turn=2, passed=[False, True, False], pass_order=[1], bids=["R4", "B8", ""])
    new, _ = play(state, 2, bid("Y1"))
    assert new["turn"] == 0
    new, _ = play(new, 0, bid("R2"))
    assert new["turn"] == 2  # seat 1 has passed


def test_only_the_player_on_turn_may_act():
    state = planning(turn=0)
    for seat in (1, 2, 3, -1, None, "0", True):
        assert refused(state, seat, PASS) == "not_your_turn"
    assert engine.legal_moves(state, 1) == []


def test_only_cards_in_your_hand_can_be_bid():
    state = planning(turn=0)
    assert refused(state, 0, bid("B5")) == "not_in_hand"  # seat 1's card
    assert refused(state, 0, bid("R9")) == "not_in_hand"
    assert refused(state, 0, {"type": "bid", "card": "red-01"}) == "not_in_hand"


def test_no_playing_cards_during_planning():
    assert refused(planning(turn=0), 0, play_card("R1")) == "wrong_phase"
    assert refused(planning(turn=0), 0, {"type": "cover", "card": "red-1"}) == "wrong_phase"


def test_the_legal_moves_of_planning():
    state = planning(turn=0)
    assert engine.legal_moves(state, 0) == [
        {"move": {"type": "bid"}, "choose": {"card": {"one_of": cards("G3 R1 R2")}}},
        {"move": {"type": "pass"}}]


def test_the_max_bid_cannot_be_exceeded_and_then_the_player_passes_automatically():
    # 2 players: Max Bid 6. Seat 0 reaches six; on its next turn it passes automatically.
    state = planning(2, hands=["R1 R2 R3", "Y1 Y2 Y3 Y4"], bids=["G1 G2 G3 G4 G5", "B1"], turn=0)
    new, events = play(state, 0, bid("R1"))
    assert len(new["bids"][0]) == 6 and types(events) == ["bid"] and new["turn"] == 1
    new, events = play(new, 1, bid("Y1"))
    assert types(events) == ["bid", "passed"]
    assert events[1] == {"type": "passed", "seat": 0, "automatic": True, "snitch": False}
    assert new["passed"] == [True, False] and new["turn"] == 1
    assert engine.legal_moves(new, 0) == []


def test_at_the_maximum_a_bid_is_refused():
    # with Double-Cross a first passer at the maximum is asked (see test_double_cross): the only
    # way a player at the maximum is on turn
    state = planning(2, hands=["R1 R2 R3", "Y1"], bids=["G1 G2 G3 G4 G5 G6", "B1"], turn=0,
                     options={"double_cross": True})
    assert refused(state, 0, bid("R1")) == "max_bid_reached"
    assert {m["type"] for m in legal(state, 0)} == {"pass", "double_cross"}


def test_passing_with_no_bid_is_a_snitch_and_several_may_snitch():
    state = planning(turn=0)
    new, events = play(state, 0, PASS)
    assert events == [{"type": "passed", "seat": 0, "automatic": False, "snitch": True}]
    assert new["snitches"] == [0] and new["passed"] == [True, False, False]
    new, events = play(new, 1, PASS)  # without Double-Cross a second snitch is allowed
    assert new["snitches"] == [0, 1]


def test_passing_with_a_bid_is_no_snitch():
    new, events = play(planning(turn=0, bids=["G1", "", ""]), 0, PASS)
    assert events[0]["snitch"] is False and new["snitches"] == []


def test_planning_ends_when_all_have_passed_and_the_last_to_pass_leads():
    state = planning(turn=2, passed=[True, True, False], pass_order=[1, 0],
                     bids=["R1", "B5 B6", ""], hands=["R2 G3", "Y7", "Y1 Y2 G9 G10"])
    new, events = play(state, 2, PASS)
    assert types(events) == ["passed", "planning_ended"]
    # the fewest cards in hand after bidding: seat 1's one card, so one trick
    assert events[1] == {"type": "planning_ended", "leader": 2, "tricks": 1}
    assert new["phase"] == "tricks" and new["turn"] == new["leader"] == 2
    assert engine.active(new) == [2]


def test_an_automatic_pass_can_be_the_last_pass_and_then_that_player_leads():
    # 3 players, Max Bid 5: seat 2 is at five; seat 1 passes, so seat 2 passes automatically last
    state = planning(turn=1, passed=[True, False, False], pass_order=[0],
                     bids=["R4", "B8", "G1 G2 G4 G5 G6"])
    new, events = play(state, 1, PASS)
    assert types(events) == ["passed", "passed", "planning_ended"]
    assert events[1]["seat"] == 2 and events[1]["automatic"]
    assert events[2]["leader"] == 2 and new["turn"] == 2


def test_the_first_player_opens_planning_not_the_trick():
    state = planning(turn=1, first_player=1)
    new, _ = play(state, 1, PASS)
    new, _ = play(new, 2, bid("Y1"))
    new, _ = play(new, 0, PASS)
    new, events = play(new, 2, PASS)
    assert first(events, "planning_ended")["leader"] == 2  # the last to pass, not seat 1
