"""Two players: Nimbus bids two cards from the deck, claims the two strongest lots, and the human
closest to First breaks its ties; it scores nothing."""
import pytest

from engines.core import IllegalMove, expand
from engines.trinket_trove import engine
from engines.trinket_trove.nimbus import NIMBUS
from events.records import checkpoint_for

from .helpers import all_cards, draft, hand_names, names, of_type, play, table

PATCHES, PENFOLD = 0, 1


def example_table():
    """The Nimbus example at the start of drafting. Lots 0-2: round setup (Bell + Mirror, Button,
    Bottlecap); 3: Patches's bid; 4: Nimbus's bid (Bottlecap and Gem); 5: Penfold's (Marble)."""
    state = table(2, order=[PATCHES, NIMBUS, PENFOLD], phase="drafting",
                  lots=[["Bell", "Mirror"], ["Button"], ["Bottlecap"]],
                  bids=[(PATCHES, ["Feather", "Gem"], False), (NIMBUS, ["Bottlecap", "Gem"], False),
                        (PENFOLD, ["Marble"], False)])
    state["characters"] = ["Patches", "Penfold"]
    return state


def test_the_nimbus_example():
    """Patches drafts the bell and mirror and Nimbus's bid. Nimbus claims Patches's bid, the only
    2-card lot left; the bottlecap and marble tie at 5, Patches chooses the marble for Nimbus,
    leaving the button and bottlecap for Penfold."""
    state = example_table()
    state, events = play(state, PATCHES, draft(0, 4))
    assert hand_names(state, PATCHES) == ["Bell", "Bottlecap", "Gem", "Mirror"]
    [first] = [ev for ev in of_type(events, "claimed") if ev["collector"] == NIMBUS]
    assert first["lot"] == 3 and first["by"] == NIMBUS and first["how"] == "nimbus"
    [tie] = of_type(events, "nimbus_tie")
    assert tie == {"type": "nimbus_tie", "chooser": PATCHES, "lots": [2, 5], "by": NIMBUS}
    # Patches, closest to First, is active for this one move
    assert engine.active(state) == [PATCHES] and engine.active(state) != [PENFOLD]
    options = engine.legal_moves(state, PATCHES)
    assert [m for o in options for m in expand(o)] == [
        {"type": "nimbus_pick", "lot": 2}, {"type": "nimbus_pick", "lot": 5}]
    assert engine.legal_moves(state, PENFOLD) == []
    state, events = play(state, PATCHES, {"type": "nimbus_pick", "lot": 5})
    picked = of_type(events, "claimed")[0]
    assert picked == {"type": "claimed", "collector": NIMBUS, "lot": 5, "cards": picked["cards"],
                      "how": "tie", "chosen_by": PATCHES, "by": NIMBUS}
    assert names(state["set_aside"]) == ["Feather", "Gem", "Marble"]
    assert hand_names(state, PENFOLD) == ["Bottlecap", "Button"]
    assert state["round"] == 2 and state["phase"] == "bidding"
    assert sorted(all_cards(state)) == sorted(all_cards(example_table()))


def test_the_other_tied_lot_and_the_refusals():
    state, _ = play(example_table(), PATCHES, draft(0, 4))
    for seat, move, code in [
        (PENFOLD, {"type": "nimbus_pick", "lot": 2}, "not_your_turn"),
        (PATCHES, {"type": "nimbus_pick", "lot": 1}, "not_tied"),
        (PATCHES, {"type": "nimbus_pick", "lot": 3}, "not_tied"),
        (PATCHES, {"type": "nimbus_pick", "lot": True}, "bad_move"),
        (PATCHES, draft(1, 2), "not_now"),
    ]:
        with pytest.raises(IllegalMove) as err:
            engine.decide(state, seat, move, None)
        assert err.value.code == code
    state, _ = play(state, PATCHES, {"type": "nimbus_pick", "lot": 2})
    assert hand_names(state, PENFOLD) == ["Button", "Marble"]


def test_nimbus_bids_two_cards_from_the_deck_as_a_two_card_bid():
    state = table(2, order=[PATCHES, NIMBUS, PENFOLD], lots=[["Bell", "Thimble"], ["Button"], ["Key"]],
                  hands={PATCHES: ["Lure", "Feather", "Gem"], PENFOLD: ["Shell"]})
    unseen = list(state["unseen"])
    state, events = play(state, PATCHES, {"type": "bid", "cards": state["hands"][PATCHES][:1]})
    [nb] = [ev for ev in of_type(events, "bid") if ev["collector"] == NIMBUS]
    assert nb["by"] == NIMBUS and nb["reveal"] and not nb["zero"]
    assert len(nb["cards"]) == 2 and set(nb["cards"]) <= set(unseen)
    assert not set(nb["cards"]) & set(state["unseen"])
    assert engine.active(state) == [PENFOLD]  # Nimbus bid inside Patches's move
    state, _ = play(state, PENFOLD, {"type": "bid", "cards": state["hands"][PENFOLD]})
    assert state["order"] == [NIMBUS, PATCHES, PENFOLD]  # 2 cards beat the 1-card bids


def test_a_move_followed_by_nimbus_is_an_undo_checkpoint():
    _, events = play(example_table(), PATCHES, draft(0, 4))
    assert checkpoint_for({"v": 9, "by": PATCHES, "events": events}, PATCHES)


def test_nimbus_never_claims_its_own_bid_unless_last():
    # Patches bids last; Nimbus's 2-card bid ranks first, so Nimbus drafts first. Its own bid is
    # the strongest lot, but it takes the Gear + Thimble and the Gem (6) instead.
    start = table(2, order=[NIMBUS, PENFOLD, PATCHES], lots=[["Gear", "Thimble"], ["Gem"], ["Shell"]],
                  bids=[(NIMBUS, ["Lure", "Feather"], False), (PENFOLD, ["Key"], False)],
                  hands={PATCHES: ["Bell"]})
    state, events = play(start, PATCHES, {"type": "bid", "cards": start["hands"][PATCHES]})
    assert state["order"] == [NIMBUS, PENFOLD, PATCHES]
    taken = [ev["lot"] for ev in of_type(events, "claimed") if ev["collector"] == NIMBUS]
    assert taken == [0, 1] and state["lots"][3]["claimed_by"] is None
    assert engine.active(state) == [PENFOLD]
    assert 3 in engine.legal_moves(state, PENFOLD)[0]["choose"]["lots"]["subset"]


def test_nimbus_last_takes_what_remains_own_bid_included():
    state = table(2, order=[PENFOLD, PATCHES, NIMBUS], phase="drafting",
                  lots=[["Gear", "Thimble"], ["Gem"], ["Shell"]],
                  bids=[(NIMBUS, ["Lure", "Feather"], False), (PENFOLD, ["Key"], False),
                        (PATCHES, ["Bell"], False)])
    state, _ = play(state, PENFOLD, draft(0, 1))
    state, events = play(state, PATCHES, draft(2, 4))
    last = [ev for ev in of_type(events, "claimed") if ev["collector"] == NIMBUS]
    assert [ev["lot"] for ev in last] == [3, 5] and all(ev["how"] == "last" for ev in last)
    assert names(state["set_aside"]) == ["Bell", "Feather", "Lure"]
    assert not of_type(events, "nimbus_tie")


def test_two_lots_tied_for_both_picks_are_taken_without_a_question():
    state = table(2, order=[PENFOLD, NIMBUS, PATCHES], phase="drafting",
                  lots=[["Gear", "Thimble"], ["Bell"], ["Button"]],
                  bids=[(NIMBUS, ["Lure"], False), (PENFOLD, ["Key"], False), (PATCHES, ["Shell"], False)])
    state, events = play(state, PENFOLD, draft(0, 1))  # leaves Button (3), Key (4), Shell (4)
    assert not of_type(events, "nimbus_tie")
    assert sorted(ev["lot"] for ev in of_type(events, "claimed") if ev["collector"] == NIMBUS) == [4, 5]
    assert hand_names(state, PATCHES) == ["Button", "Lure"]


def test_three_lots_tied_for_two_picks_ask_twice_and_the_chooser_is_the_human_closest_to_first():
    # Penfold bids last, a Gear: level with Patches's Button, the later bid goes left of it. The
    # order becomes Nimbus, Penfold, Patches: Penfold (seat 1) is the human closest to First.
    start = table(2, order=[PATCHES, NIMBUS, PENFOLD], lots=[["Key"], ["Shell"], ["Key"]],
                  bids=[(PATCHES, ["Button"], False), (NIMBUS, ["Lure", "Feather"], False)],
                  hands={PENFOLD: ["Gear"]})
    state, events = play(start, PENFOLD, {"type": "bid", "cards": start["hands"][PENFOLD]})
    assert state["order"] == [NIMBUS, PENFOLD, PATCHES]
    [tie] = of_type(events, "nimbus_tie")
    assert tie["chooser"] == PENFOLD and tie["lots"] == [0, 1, 2]  # Key, Shell, Key: 1 card, 4
    assert engine.active(state) == [PENFOLD] and engine.legal_moves(state, PATCHES) == []
    state, events = play(state, PENFOLD, {"type": "nimbus_pick", "lot": 1})
    [tie2] = of_type(events, "nimbus_tie")  # one choice per pick
    assert tie2["chooser"] == PENFOLD and tie2["lots"] == [0, 2]
    state, events = play(state, PENFOLD, {"type": "nimbus_pick", "lot": 2})
    assert not of_type(events, "nimbus_tie")
    assert names(state["set_aside"]) == ["Key", "Shell"]
    assert engine.active(state) == [PENFOLD] and state["tie"] is None  # now Penfold drafts
    assert engine.legal_moves(state, PENFOLD)[0]["move"] == {"type": "draft"}


def test_nimbus_scores_nothing_and_its_cards_leave_the_game():
    state = table(2, order=[PATCHES, NIMBUS, PENFOLD], phase="drafting", round_=6, timer=0,
                  lots=[["Bell", "Mirror"], ["Button"], ["Bottlecap"]],
                  bids=[(PATCHES, ["Feather", "Gem"], False), (NIMBUS, ["Bottlecap", "Gem"], False),
                        (PENFOLD, ["Marble"], False)],
                  hands={PATCHES: ["Lure"], PENFOLD: ["Lure"]}, set_aside=["Crayon"] * 4)
    state, _ = play(state, PATCHES, draft(0, 4))
    state, _ = play(state, PATCHES, {"type": "nimbus_pick", "lot": 5})
    result = engine.result(state)
    assert [r["seat"] for r in result["ranking"]] == [PATCHES, PENFOLD]
    assert len(result["scores"]) == 2
    assert names(state["set_aside"]) == ["Crayon"] * 4 + ["Feather", "Gem", "Marble"]
    assert result["order"] == [PATCHES, NIMBUS, PENFOLD]
