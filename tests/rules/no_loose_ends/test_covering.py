"""Covering a bid card: after winning a trick, the winner covers one of its uncovered bid cards
matching the winning card's number, the winning card's suit, or the lead suit; the winner chooses
when several are eligible; with none the trick is a loose end, face up below the bids."""
import pytest

from engines.no_loose_ends import engine

from .helpers import bid_entry, cards, cover, first, legal, one, play, play_card, refused, table, types


def won_by_seat_1(bids1, last="Y1", lead="R3", win="B7", options=None):
    """Seat 0 led `lead`, seat 1 played `win` (the winner); seat 2 now plays `last`."""
    return table(3, options=options, hands=["R1 R2", "G1 G2", last + " Y2"],
                 bids=["Y12", bids1, "Y11"], trick=[(0, lead), (1, win)], turn=2)


@pytest.mark.parametrize("why, bids1, eligible", [
    ("the winning card's number", "G7 Y9", "G7"),
    ("the winning card's suit", "B11 Y9", "B11"),
    ("the lead suit", "R10 Y9", "R10"),
])
def test_a_single_eligible_bid_card_is_covered_automatically(why, bids1, eligible):
    new, events = play(won_by_seat_1(bids1), 2, play_card("Y1"))
    assert types(events) == ["played", "trick_won", "covered"]
    assert first(events, "trick_won")["eligible"] == [one(eligible)]
    assert first(events, "covered") == {"type": "covered", "seat": 1, "bid": one(eligible),
                                        "cards": cards("R3 B7 Y1"), "automatic": True}
    covered = [b for b in new["bids"][1] if b["cover"]]
    assert covered == [bid_entry(one(eligible), cover=cards("R3 B7 Y1"))]
    assert new["loose_ends"][1] == [] and new["turn"] == 1


def test_no_eligible_bid_card_makes_a_loose_end_face_up_below_the_bids():
    new, events = play(won_by_seat_1("G9 Y9"), 2, play_card("Y1"))
    assert types(events) == ["played", "trick_won", "loose_end"]
    assert new["loose_ends"][1] == [cards("R3 B7 Y1")]
    assert all(b["cover"] is None for b in new["bids"][1])
    assert engine.view(new, None)["loose_ends"][1] == [cards("R3 B7 Y1")]


def test_an_already_covered_bid_card_is_not_eligible():
    bids1 = [bid_entry(one("R10"), cover=cards("R4 R5 R6"))]
    new, events = play(won_by_seat_1(bids1), 2, play_card("Y1"))
    assert first(events, "trick_won")["eligible"] == []
    assert new["loose_ends"][1] == [cards("R3 B7 Y1")]
    assert new["bids"][1][0]["cover"] == cards("R4 R5 R6")  # unchanged


def test_the_winner_chooses_when_several_are_eligible():
    state = won_by_seat_1("G7 B11 R10 Y9")
    new, events = play(state, 2, play_card("Y1"))
    assert types(events) == ["played", "trick_won"]
    assert first(events, "trick_won")["eligible"] == cards("G7 B11 R10")
    assert new["phase"] == "cover" and engine.active(new) == [1]
    assert legal(new, 1) == [{"type": "cover", "card": x} for x in cards("G7 B11 R10")]
    assert legal(new, 0) == legal(new, 2) == []
    assert refused(new, 1, cover("Y9")) == "not_eligible"
    assert refused(new, 1, cover("R1")) == "not_eligible"
    assert refused(new, 0, cover("G7")) == "not_your_turn"
    assert refused(new, 1, play_card("G1")) == "wrong_phase"
    view = engine.view(new, 0)
    assert view["cover"] == {"seat": 1, "card": "blue-7", "eligible": cards("G7 B11 R10")}
    assert view["trick"]["cards"] == [{"seat": s, "card": one(x)} for s, x in
                                      [(0, "R3"), (1, "B7"), (2, "Y1")]]
    done, events = play(new, 1, cover("R10"))
    assert events == [{"type": "covered", "seat": 1, "bid": one("R10"),
                       "cards": cards("R3 B7 Y1"), "automatic": False}]
    assert [b["cover"] for b in done["bids"][1]] == [None, None, cards("R3 B7 Y1"), None]
    assert done["phase"] == "tricks" and done["turn"] == done["leader"] == 1
    assert done["trick"] == [] and done["tricks_played"] == 1


def test_the_winning_suit_and_lead_suit_without_trump():
    # red led and won by red: a red bid is eligible through both; a yellow 9 by number
    state = table(2, hands=["R1", "R9"], bids=["Y12", "R2 Y9 G4"], trick=[(0, "R5")], turn=1)
    new, events = play(state, 1, play_card("R9"))
    assert first(events, "trick_won")["eligible"] == cards("R2 Y9")
