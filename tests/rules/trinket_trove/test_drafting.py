"""Drafting, End of Round and Game End: the rules' example, own bids, the last drafter."""
import pytest

from engines.core import IllegalMove
from engines.trinket_trove import engine
from engines.trinket_trove.cards import DECK

from .helpers import (BRISBY, GOUDA, TEMPLETON, WANDER, all_cards, draft, hand_names, names,
                      of_type, play, table)

# lots 0-3: round setup; 4-7: the bids of Wander, Brisby, Templeton (0-bid), Gouda
SETUP_LOTS = [["Crayon", "Feather"], ["Thimble"], ["Shell"], ["Bell"]]
BIDS = [(WANDER, ["Key"], False), (BRISBY, ["Shell", "Thimble"], False),
        (TEMPLETON, ["Marble"], True), (GOUDA, ["Gear"], False)]
ORDER = [BRISBY, WANDER, GOUDA, TEMPLETON]


def example_table(**kw):
    return table(4, order=ORDER, lots=SETUP_LOTS, bids=BIDS, phase="drafting", **kw)


def test_the_drafting_example():
    """Brisby takes the crayon and feather and Templeton's bid; Wander Brisby's bid (Shell and
    Thimble) and the Thimble; Gouda the Shell and Key; the Gear and Bell are left to Templeton."""
    state = example_table()
    assert engine.active(state) == [BRISBY]
    state, _ = play(state, BRISBY, draft(0, 6))
    assert hand_names(state, BRISBY) == ["Crayon", "Feather", "Marble"]
    state, _ = play(state, WANDER, draft(5, 1))
    assert hand_names(state, WANDER) == ["Shell", "Thimble", "Thimble"]
    state, events = play(state, GOUDA, draft(2, 4))
    assert hand_names(state, GOUDA) == ["Key", "Shell"]
    last = [ev for ev in of_type(events, "claimed") if ev["collector"] == TEMPLETON]
    assert [ev["lot"] for ev in last] == [3, 7] and all(ev["how"] == "last" for ev in last)
    assert hand_names(state, TEMPLETON) == ["Bell", "Gear"]
    # End of Round: cards remain in the timer deck, so a new round begins in the same order
    assert of_type(events, "round_started")[0]["round"] == 2
    assert state["round"] == 2 and state["phase"] == "bidding" and state["order"] == ORDER
    assert engine.active(state) == [BRISBY] and len(state["lots"]) == 4
    assert sorted(all_cards(state)) == sorted(DECK)


def test_nobody_may_claim_their_own_bid():
    state = example_table()
    with pytest.raises(IllegalMove) as err:
        engine.decide(state, BRISBY, draft(0, 5), None)
    assert err.value.code == "own_bid"
    assert 5 not in engine.legal_moves(state, BRISBY)[0]["choose"]["lots"]["subset"]


def test_the_last_drafter_takes_what_remains_own_bid_included():
    state = example_table()
    state, _ = play(state, BRISBY, draft(0, 1))
    state, _ = play(state, WANDER, draft(2, 3))
    assert engine.active(state) == [GOUDA]
    state, events = play(state, GOUDA, draft(4, 5))
    taken = [ev["lot"] for ev in of_type(events, "claimed") if ev["collector"] == TEMPLETON]
    assert taken == [6, 7]  # lot 6 is Templeton's own 0-bid
    assert hand_names(state, TEMPLETON) == ["Gear", "Marble"]


def test_the_last_drafter_is_never_asked():
    state = example_table(turn=3)
    for lot in state["lots"][:6]:
        lot["claimed_by"] = WANDER
    assert engine.active(state) == [] and engine.legal_moves(state, TEMPLETON) == []


@pytest.mark.parametrize("move, code", [
    (draft(0, 0), "two_lots"), ({"type": "draft", "lots": [0]}, "two_lots"),
    ({"type": "draft", "lots": [0, 1, 2]}, "two_lots"), ({"type": "draft", "lots": [0, "1"]}, "bad_move"), (draft(0, 8), "no_such_lot"),
    (draft(-1, 0), "no_such_lot"), ({"type": "bid", "cards": []}, "not_now"),
])
def test_draft_refusals(move, code):
    state = example_table()
    with pytest.raises(IllegalMove) as err:
        engine.decide(state, BRISBY, move, None)
    assert err.value.code == code


def test_a_claimed_lot_cannot_be_claimed_again():
    state, _ = play(example_table(), BRISBY, draft(0, 6))
    with pytest.raises(IllegalMove) as err:
        engine.decide(state, WANDER, draft(0, 1), None)
    assert err.value.code == "lot_claimed"
    with pytest.raises(IllegalMove) as err:
        engine.decide(state, BRISBY, draft(1, 2), None)
    assert err.value.code == "not_your_turn"


def test_the_game_ends_when_the_timer_deck_is_spent():
    state = example_table(round_=6, timer=0)
    state, _ = play(state, BRISBY, draft(0, 6))
    state, _ = play(state, WANDER, draft(5, 1))
    state, events = play(state, GOUDA, draft(2, 4))
    assert not of_type(events, "round_started")
    [ended] = of_type(events, "game_ended")
    assert ended["reveal"] and state["phase"] == "over" and engine.active(state) == []
    assert engine.result(state) == ended["result"]
    with pytest.raises(IllegalMove) as err:
        engine.decide(state, BRISBY, {"type": "bid", "cards": []}, None)
    assert err.value.code == "game_over"
    assert names(c for s in range(4) for c in state["hands"][s]) == names(
        c for lot in state["lots"] for c in lot["cards"])
