"""Getaway Cards variant: four black suitless cards; never bid; playable on any turn; when one is
led the next player may play any card and is then the trick leader (the latest revision's rule);
a Getaway Card never wins a trick unless every card in it is one, and then the first one wins."""
import pytest

from engines.no_loose_ends import engine
from engines.no_loose_ends.engine import lead_suit, winning_play

from .helpers import bid, cards, first, legal, one, play, play_card, refused, table

GA = {"getaway_cards": True}


def test_a_getaway_card_cannot_be_bid():
    state = table(2, options=GA, hands=["K R1 R2", "Y1"], phase="planning", turn=0,
                  passed=[False, False])
    assert refused(state, 0, bid("K")) == "getaway_not_biddable"
    assert [m["card"] for m in legal(state, 0) if m["type"] == "bid"] == cards("R1 R2")


def test_a_getaway_card_is_played_even_when_the_player_could_follow_suit():
    state = table(3, options=GA, hands=["Y1", "R5 G2 K", "G7"], bids=["Y9", "Y10", "Y11"],
                  trick=[(0, "R1")], turn=1)
    assert sorted(m["card"] for m in legal(state, 1)) == sorted(cards("R5 K"))
    new, events = play(state, 1, play_card("K"))
    assert new["trick"][-1] == {"seat": 1, "card": "getaway"}
    assert lead_suit(new["trick"]) == "red"  # a Getaway played later does not change the lead


def test_after_a_getaway_lead_the_next_player_plays_any_card_and_becomes_the_leader():
    state = table(3, options=GA, hands=["Y1", "R5 G2", "G7 R1 Y3"], bids=["Y9", "Y10", "G12"],
                  trick=[(0, "K")], turn=1)
    assert sorted(m["card"] for m in legal(state, 1)) == sorted(cards("R5 G2"))
    new, _ = play(state, 1, play_card("G2"))
    assert lead_suit(new["trick"]) == "gray"
    view = engine.view(new, None)["trick"]
    assert view["leader"] == 0 and view["lead_seat"] == 1 and view["lead_suit"] == "gray"
    # seat 2 must now follow gray, seat 1's suit
    assert sorted(m["card"] for m in legal(new, 2)) == cards("G7")
    assert refused(new, 2, play_card("R1")) == "must_follow_suit"
    done, events = play(new, 2, play_card("G7"))
    won = first(events, "trick_won")
    assert won["seat"] == 2 and won["lead_suit"] == "gray"
    # the lead suit is gray for covering too: seat 2's gray 12 is covered
    assert first(events, "covered")["bid"] == one("G12")
    assert done["turn"] == 2  # the winner leads next, as always


def test_getaway_after_getaway_leaves_the_choice_to_the_next_player():
    state = table(4, options=GA, hands=["Y1", "K", "R3 B4", "R9 Y5"], bids=["Y9", "Y10", "Y11", "Y12"],
                  trick=[(0, "K")], turn=1)
    new, _ = play(state, 1, play_card("K"))
    assert lead_suit(new["trick"]) is None
    assert sorted(m["card"] for m in legal(new, 2)) == sorted(cards("R3 B4"))
    new, _ = play(new, 2, play_card("R3"))
    assert engine.view(new, None)["trick"]["lead_seat"] == 2
    assert sorted(m["card"] for m in legal(new, 3)) == cards("R9")


@pytest.mark.parametrize("plays, winner", [
    ([(0, "K"), (1, "Y1")], 1),                          # the Getaway led does not win
    ([(0, "R5"), (1, "K"), (2, "R2")], 0),               # nor one played to follow
    ([(0, "K"), (1, "R2"), (2, "R5"), (3, "K")], 2),
    ([(0, "K"), (1, "K")], 0),                           # all Getaway Cards: the first wins
    ([(2, "K"), (0, "K"), (1, "K")], 2),
])
def test_a_getaway_card_never_wins_unless_all_are(plays, winner):
    trick = [{"seat": s, "card": one(x)} for s, x in plays]
    assert winning_play(trick)["seat"] == winner


def test_an_all_getaway_trick_covers_nothing_and_is_a_loose_end():
    state = table(2, options=GA, hands=["R1", "K R2"], bids=["R12 B12", "Y9"], trick=[(0, "K")],
                  turn=1)
    new, events = play(state, 1, play_card("K"))
    won = first(events, "trick_won")
    assert won["seat"] == 0 and won["card"] == "getaway" and won["lead_suit"] is None
    assert won["eligible"] == []
    assert new["loose_ends"][0] == [["getaway", "getaway"]] and new["turn"] == 0


def test_without_the_variant_a_getaway_move_is_just_a_card_you_do_not_have():
    state = table(2, hands=["R1", "R2"], bids=["Y1", "Y2"], turn=0)
    assert refused(state, 0, play_card("K")) == "not_in_hand"
