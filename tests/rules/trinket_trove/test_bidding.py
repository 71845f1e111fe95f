"""Bidding & Turn Order: the rules' example, 0-bids, the ranking, the bid row as it re-sorts."""
import pytest

from engines.core import IllegalMove
from engines.trinket_trove import engine
from engines.trinket_trove.engine import bid_rank

from .helpers import (BRISBY, GOUDA, TEMPLETON, WANDER, bid, hand_names, ids, lot_names, of_type,
                      play, table)

ROUND_LOTS = [["Crayon", "Feather"], ["Thimble"], ["Shell"], ["Bell"]]


def example_table():
    """Four collectors bidding in the order Wander, Brisby, Templeton, Gouda (seats 0-3)."""
    return table(4, order=[WANDER, BRISBY, TEMPLETON, GOUDA], lots=ROUND_LOTS, hands={
        WANDER: ["Key", "Lure", "Marble"], BRISBY: ["Shell", "Thimble", "Gem"],
        TEMPLETON: ["Button", "Bottlecap"], GOUDA: ["Gear", "Feather"]})


def row_of(state):
    return [state["lots"][i]["bid_of"] for i in engine.view(state, None)["bid_row"]]


def test_the_bidding_example():
    """Wander bids 1 Key; Brisby 2 cards (Shell + Thimble); Templeton bids 0; Gouda 1 Gear:
    Brisby, Wander, Gouda, Templeton. The bid row re-sorts as each bid comes in."""
    state = example_table()
    state, _ = play(state, WANDER, bid(state, WANDER, "Key"))
    assert row_of(state) == [WANDER]
    state, _ = play(state, BRISBY, bid(state, BRISBY, "Shell", "Thimble"))
    assert row_of(state) == [BRISBY, WANDER]
    state, events = play(state, TEMPLETON, {"type": "bid", "cards": []})
    assert row_of(state) == [BRISBY, WANDER, TEMPLETON]
    assert hand_names(state, TEMPLETON) == ["Bottlecap", "Button"]  # a 0-bid keeps the hand
    state, events = play(state, GOUDA, bid(state, GOUDA, "Gear"))
    assert of_type(events, "turn_order_set")[0]["order"] == [BRISBY, WANDER, GOUDA, TEMPLETON]
    assert state["order"] == [BRISBY, WANDER, GOUDA, TEMPLETON]
    assert state["phase"] == "drafting" and engine.active(state) == [BRISBY]
    assert hand_names(state, BRISBY) == ["Gem"] and hand_names(state, GOUDA) == ["Feather"]


def test_a_zero_bid_flips_the_decks_top_card_as_a_reveal():
    state = example_table()
    state["turn"] = 2  # Templeton's turn
    deck_before, hand_before = len(state["unseen"]), list(state["hands"][TEMPLETON])
    new, events = play(state, TEMPLETON, {"type": "bid", "cards": []})
    [ev] = of_type(events, "bid")
    assert ev["zero"] and ev["reveal"] and len(ev["cards"]) == 1 and ev["collector"] == TEMPLETON
    assert ev["cards"][0] in state["unseen"] and ev["cards"][0] not in new["unseen"]
    assert len(new["unseen"]) == deck_before - 1 and new["hands"][TEMPLETON] == hand_before
    lot = new["lots"][-1]
    assert lot["zero"] and lot["bid_of"] == TEMPLETON and lot["cards"] == ev["cards"]


def test_a_bid_from_the_hand_is_not_a_reveal():
    state = example_table()
    _, events = play(state, WANDER, bid(state, WANDER, "Key", "Lure"))
    [ev] = of_type(events, "bid")
    assert not ev.get("reveal") and sorted(ev["cards"]) == sorted(ids(state, WANDER, "Key", "Lure"))


def zero_bids_in_a_row(flips):
    """Each seat of a table bids 0 in turn, the deck's top card being `flips[i]`."""
    players = len(flips)
    state = table(players, order=list(range(players)), lots=[["Bell"]] * players,
                  hands={s: ["Button"] for s in range(players)})
    pool = list(state["unseen"])
    for seat, flip in enumerate(flips):
        state["unseen"] = [next(c for c in pool if c.startswith(flip.lower() + "-"))]  # the top card
        state, _ = play(state, seat, {"type": "bid", "cards": []})
        if seat < players - 1:
            assert lot_names(state, len(state["lots"]) - 1) == [flip]
    return state


def test_zero_bids_rank_among_themselves_by_the_flipped_value_then_the_later_bid():
    """A 0 bid flipping a 5 is placed left of a later 0 bid flipping a 3, and a second 0 bid
    flipping a 5 goes left of the earlier 5."""
    state = zero_bids_in_a_row(["Marble", "Gear", "Bottlecap"])
    assert state["order"] == [2, 0, 1]


def test_a_zero_bid_ranks_below_every_bid_of_cards():
    state = table(3, order=[0, 1, 2], lots=[["Bell"]] * 3,
                  hands={0: ["Thimble"], 1: ["Button"], 2: ["Lure"]})
    state["unseen"] = [c for c in state["unseen"] if c.startswith("mirror-")]  # flips a Mirror: 8
    state, _ = play(state, 0, {"type": "bid", "cards": []})
    state, _ = play(state, 1, bid(state, 1, "Button"))
    state, _ = play(state, 2, {"type": "bid", "cards": []})
    assert state["order"] == [1, 2, 0]  # Button (1 card, 3) over both Mirror 0-bids; later 0 first


@pytest.mark.parametrize("bids, order", [
    # more cards first, whatever their value
    ([(0, ["Lure"], False), (1, ["Bell", "Thimble"], False), (2, ["Mirror"], False)], [1, 2, 0]),
    # same count: higher total value
    ([(0, ["Gear", "Bell"], False), (1, ["Key", "Thimble"], False), (2, ["Shell"], False)], [1, 0, 2]),
    # same count and value: the later bid (Key + Thimble = Shell + Bell = 6)
    ([(0, ["Key", "Thimble"], False), (1, ["Shell", "Bell"], False), (2, ["Gear"], False)], [1, 0, 2]),
    ([(0, ["Key"], False), (1, ["Shell"], False), (2, ["Key"], False)], [2, 1, 0]),
])
def test_the_ranking_rule(bids, order):
    state = table(3, order=[0, 1, 2], lots=[["Bell"]] * 3, bids=bids, turn=3)
    assert [state["lots"][i]["bid_of"] for i in sorted(
        range(3, 6), key=lambda i: bid_rank(state["lots"][i]), reverse=True)] == order
    # and decide sets exactly that order when the last bid comes in
    last_who, last_names, _ = bids[-1]
    start = table(3, order=[0, 1, 2], lots=[["Bell"]] * 3, bids=bids[:-1], hands={2: last_names})
    new, _ = play(start, 2, bid(start, 2, *last_names))
    assert new["order"] == order


def test_bids_go_from_first_to_last_and_the_order_stays_for_the_next_round():
    state = example_table()
    with pytest.raises(IllegalMove) as err:
        engine.decide(state, BRISBY, bid(state, BRISBY, "Shell"), None)
    assert err.value.code == "not_your_turn"
    assert engine.active(state) == [WANDER]


def test_bid_refusals():
    state = example_table()
    key = ids(state, WANDER, "Key")[0]
    for move, code in [
        ({"type": "bid", "cards": ids(state, BRISBY, "Shell")}, "not_in_hand"),
        ({"type": "bid", "cards": [key, key]}, "duplicate_card"),
        ({"type": "bid", "cards": ["key-99"]}, "not_in_hand"),
        ({"type": "draft", "lots": [0, 1]}, "not_now"),
        ({"type": "nimbus_pick", "lot": 0}, "not_now"),
        ({"type": "bid", "cards": key}, "bad_move"),
    ]:
        with pytest.raises(IllegalMove) as err:
            engine.decide(state, WANDER, move, None)
        assert err.value.code == code, move
