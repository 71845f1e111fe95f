"""Plan B variant: a trick that cannot cover a bid makes its winning card a new bid card, which a
later trick may cover; each bullet of the variant as a test."""
from engines.no_loose_ends import engine
from engines.no_loose_ends.scoring import round_lines

from .helpers import bid_entry, cards, first, one, play, play_card, table, types

PB = {"plan_b": True}


def lines_of(state):
    return round_lines(state["bids"], state["loose_ends"], state["won"], state["snitches"],
                       state["options"]["simplified_scoring"])


def uncoverable_trick(options=PB, bids1="G9", hands=("R1 R2", "Y4 Y5", "Y1 Y2")):
    """Seat 1 wins R3 B7 Y1 with blue 7, holding only a gray 9 bid: nothing to cover."""
    return table(3, options=options, hands=list(hands), bids=["Y12", bids1, "Y11"],
                 trick=[(0, "R3"), (1, "B7")], turn=2)


def test_the_winning_card_of_a_trick_that_cannot_cover_becomes_a_new_bid_card():
    new, events = play(uncoverable_trick(), 2, play_card("Y1"))
    assert types(events) == ["played", "trick_won", "promoted"]
    assert first(events, "promoted") == {"type": "promoted", "seat": 1, "card": "blue-7",
                                         "with": cards("R3 Y1")}
    assert new["bids"][1] == [bid_entry(one("G9")),
                              bid_entry(one("B7"), promoted=True, with_=cards("R3 Y1"))]
    assert new["loose_ends"][1] == []  # no loose end
    assert engine.view(new, 2)["bids"][1][1]["promoted"] is True


def test_without_plan_b_the_same_trick_is_a_loose_end():
    new, events = play(uncoverable_trick(options={}), 2, play_card("Y1"))
    assert new["loose_ends"][1] == [cards("R3 B7 Y1")] and len(new["bids"][1]) == 1


def test_a_later_trick_covers_a_promoted_card_as_normal():
    promoted, _ = play(uncoverable_trick(), 2, play_card("Y1"))
    assert promoted["bids"][1][1]["cover"] is None
    # later: seat 1 leads blue 2 and wins; its promoted blue 7 matches the winning suit
    state = table(3, options=PB, hands=["R1 R4", "B2 Y4", "Y2 Y3"],
                  bids=["Y12", promoted["bids"][1], "Y11"], turn=1, won=[0, 1, 0])
    new, _ = play(state, 1, play_card("B2"))
    new, _ = play(new, 2, play_card("Y2"))
    new, events = play(new, 0, play_card("R1"))
    assert first(events, "covered") == {"type": "covered", "seat": 1, "bid": one("B7"),
                                        "cards": cards("B2 Y2 R1"), "automatic": True}
    assert new["bids"][1][1]["cover"] == cards("B2 Y2 R1") and new["bids"][1][1]["promoted"]


def test_a_promoted_card_does_not_count_against_the_max_bid():
    # 3 players, Max Bid 5: seat 1 bid five gray cards and still promotes a sixth bid card
    state = uncoverable_trick(bids1="G8 G9 G10 G11 G12")
    new, _ = play(state, 2, play_card("Y1"))
    assert len(new["bids"][1]) == 6 > new["max_bid"]


def test_an_all_getaway_trick_still_becomes_a_loose_end():
    options = {"plan_b": True, "getaway_cards": True}
    state = table(2, options=options, hands=["R1", "K"], bids=["G9", "Y9"], trick=[(0, "K")],
                  turn=1)
    new, events = play(state, 1, play_card("K"))
    assert types(events)[:3] == ["played", "trick_won", "loose_end"]
    line = first(events, "round_scored")["lines"][0]
    assert (line["uncovered"], line["extra_tricks"], line["points"]) == (1, 1, -2)


def test_a_snitch_who_wins_a_trick_promotes_the_winning_card_and_has_failed():
    state = table(2, options=PB, hands=["B1 R2", "Y4 Y5"], bids=["", "G9"], snitches=[0],
                  trick=[(1, "Y3")], turn=0)
    new, events = play(state, 0, play_card("B1"))
    assert first(events, "promoted") == {"type": "promoted", "seat": 0, "card": "blue-1",
                                         "with": cards("Y3")}
    assert new["bids"][0] == [bid_entry(one("B1"), promoted=True, with_=cards("Y3"))]
    line = lines_of(new)[0]
    assert line["snitch"] == "failed" and line["uncovered"] == 1 and line["points"] == -1


def test_a_bid_promoted_by_the_last_trick_is_never_covered_and_scores_minus_one():
    # the last trick (every hand empties): seat 0 wins with R5 and has nothing to cover
    state = table(2, options=PB, hands=["", "R2"], bids=[[bid_entry(one("G9"), cards("G1 G2"))], "Y9"],
                  trick=[(0, "R5")], turn=1, won=[1, 0])
    new, events = play(state, 1, play_card("R2"))
    assert types(events)[:4] == ["played", "trick_won", "promoted", "round_scored"]
    line = first(events, "round_scored")["lines"][0]
    # +2 for the covered gray 9, -1 for the promoted red 5 left uncovered; no Perfect Crime
    assert (line["covered"], line["uncovered"], line["extra_tricks"]) == (1, 1, 0)
    assert line["points"] == 2 - 1 and not line["perfect_crime"]


def test_an_uncovered_promoted_card_costs_no_more_than_the_loose_end_it_replaces():
    with_b, _ = play(uncoverable_trick(), 2, play_card("Y1"))
    without, _ = play(uncoverable_trick(options={}), 2, play_card("Y1"))
    assert lines_of(with_b)[1]["points"] == lines_of(without)[1]["points"] == -2
    assert lines_of(with_b)[1]["loose_ends"] == lines_of(without)[1]["loose_ends"] == 2


def test_a_recovered_promoted_card_scores_plus_two_and_perfect_crime_needs_it_covered():
    covered = table(2, options=PB, hands=["", ""], won=[3, 0], bids=[[
        bid_entry(one("G9"), cover=cards("G1 G2")),
        bid_entry(one("B7"), promoted=True, with_=cards("R3"), cover=cards("B1 B2"))], "Y9"])
    line = lines_of(covered)[0]
    assert line["covered"] == 2 and line["perfect_crime"] and line["points"] == 4 + 5
    uncovered = table(2, options=PB, hands=["", ""], won=[2, 0], bids=[[
        bid_entry(one("G9"), cover=cards("G1 G2")),
        bid_entry(one("B7"), promoted=True, with_=cards("R3"))], "Y9"])
    line = lines_of(uncovered)[0]
    assert not line["perfect_crime"] and line["points"] == 2 - 1
