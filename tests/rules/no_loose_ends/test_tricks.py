"""Phase 2, Trick-Taking: the leader plays any card; the others, clockwise, must follow suit if
able, else play any card; the highest blue (trump) wins, else the highest of the lead suit; the
winner leads the next trick; the phase ends when any hand is empty."""
import pytest

from engines.no_loose_ends.engine import winning_play

from .helpers import PASS, bid, cards, first, legal, one, play, play_card, refused, table, types


def trick(plays):
    return [{"seat": s, "card": one(x)} for s, x in plays]


def test_the_leader_may_play_any_card():
    state = table(3, hands=["R1 G2 B3 Y4", "R5", "G6"], bids=["Y9", "Y10", "Y11"], turn=0)
    assert sorted(m["card"] for m in legal(state, 0)) == sorted(cards("R1 G2 B3 Y4"))


def test_follow_suit_if_able():
    state = table(3, hands=["Y1", "R5 R6 G7 B8", "G6"], bids=["Y9", "Y10", "Y11"],
                  trick=[(0, "R1")], turn=1)
    assert sorted(m["card"] for m in legal(state, 1)) == cards("R5 R6")
    assert refused(state, 1, play_card("G7")) == "must_follow_suit"
    assert refused(state, 1, play_card("B8")) == "must_follow_suit"  # trump is no excuse
    new, events = play(state, 1, play_card("R6"))
    assert events == [{"type": "played", "seat": 1, "card": "red-6"}]
    assert new["turn"] == 2 and new["hands"][1] == cards("R5 G7 B8")


def test_unable_to_follow_any_card_may_be_played():
    state = table(3, hands=["Y1", "G7 B8 Y2", "G6"], bids=["Y9", "Y10", "Y11"],
                  trick=[(0, "R1")], turn=1)
    assert sorted(m["card"] for m in legal(state, 1)) == sorted(cards("G7 B8 Y2"))
    for card in ("G7", "B8", "Y2"):
        play(state, 1, play_card(card))


def test_a_card_not_in_hand_is_refused():
    state = table(3, hands=["Y1", "R5", "G6"], bids=["Y9", "Y10", "Y11"], trick=[(0, "R1")], turn=1)
    assert refused(state, 1, play_card("G6")) == "not_in_hand"
    assert refused(state, 2, play_card("G6")) == "not_your_turn"
    assert refused(state, 1, PASS) == "wrong_phase"
    assert refused(state, 1, bid("R5")) == "wrong_phase"


@pytest.mark.parametrize("plays, winner", [
    ([(0, "R1"), (1, "R9"), (2, "R4")], 1),   # highest of the lead suit
    ([(0, "R1"), (1, "G12"), (2, "Y11")], 0),  # off-suit cards never win, however high
    ([(0, "R12"), (1, "B1"), (2, "R4")], 1),   # any trump beats the lead suit
    ([(0, "R12"), (1, "B1"), (2, "B2")], 2),   # the highest trump
    ([(0, "B3"), (1, "B10"), (2, "R12")], 1),  # blue led: highest blue
])
def test_who_wins_a_trick(plays, winner):
    assert winning_play(trick(plays))["seat"] == winner


def test_the_winner_leads_the_next_trick():
    state = table(3, hands=["Y1 Y2", "R5 R6", "G6 G7"], bids=["Y9", "Y10", "Y11"],
                  trick=[(1, "R1"), (2, "B1")], turn=0)
    new, events = play(state, 0, play_card("Y1"))
    assert first(events, "trick_won") == {
        "type": "trick_won", "seat": 2, "card": "blue-1", "lead_suit": "red",
        "cards": cards("R1 B1 Y1"), "eligible": []}
    assert new["trick"] == [] and new["leader"] == new["turn"] == 2
    assert new["won"] == [0, 0, 1] and new["tricks_played"] == 1


def test_the_round_ends_when_any_hand_is_empty():
    # seat 1 bid more, so it holds fewer cards: its last card ends the trick phase for everyone
    state = table(2, hands=["R1 R2 R3", "R7"], bids=["Y9", "Y10 Y11 Y12"], turn=1, first=0)
    assert state["tricks_total"] == 1
    new, events = play(state, 1, play_card("R7"))
    new, events = play(new, 0, play_card("R1"))
    assert "round_scored" in types(events)
    assert new["round"] == 2

