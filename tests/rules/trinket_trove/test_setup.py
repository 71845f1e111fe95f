"""Setup and Round Setup: hands without Mirrors, the timer deck, the random turn order, lots."""
from collections import Counter

import pytest

from engines.core import derive_rng, fold_events, redact_event
from engines.trinket_trove import engine
from engines.trinket_trove import cards as tc
from engines.trinket_trove.engine import deal
from engines.trinket_trove.nimbus import NIMBUS

from .helpers import all_cards, of_type

SEEDS = range(40)


def set_up(players, seed, ladders="online"):
    options = engine.load_options({"ladders": ladders})
    events = engine.setup(players, options, derive_rng(f"setup{seed}", 1))
    return fold_events(engine, players, options, events), events


@pytest.mark.parametrize("players", range(2, 7))
def test_four_card_hands_without_mirrors_and_every_card_accounted_for(players):
    for seed in SEEDS:
        state, events = set_up(players, seed)
        dealt = of_type(events, "dealt")
        assert [ev["seat"] for ev in dealt] == list(range(players))
        for seat, hand in enumerate(state["hands"]):
            assert len(hand) == 4 and not any(tc.trinket(c) == "Mirror" for c in hand)
            assert dealt[seat]["hand"] == hand
        assert sorted(all_cards(state)) == sorted(tc.DECK)


def test_a_dealt_mirror_is_swapped_back_into_the_deck():
    swaps = 0
    for seed in range(300):
        rng = derive_rng(f"deal{seed}", 1)
        hands, swapped = deal(6, rng)
        swaps += sum(swapped)
        if sum(swapped):
            break
    assert swaps, "300 six-player deals without a single Mirror dealt"
    assert not any(tc.trinket(c) == "Mirror" for hand in hands for c in hand)
    assert all(len(h) == 4 for h in hands) and len({c for h in hands for c in h}) == 24


def test_the_swap_shows_on_the_deal_but_the_hand_is_private():
    for seed in range(200):
        state, events = set_up(6, seed)
        swapped = [ev for ev in of_type(events, "dealt") if ev["mirrors_swapped"]]
        if swapped:
            break
    ev = swapped[0]
    other = (ev["seat"] + 1) % 6
    assert "hand" not in redact_event(ev, other) and "hand" not in redact_event(ev, None)
    assert redact_event(ev, other)["mirrors_swapped"] == ev["mirrors_swapped"]
    assert redact_event(ev, ev["seat"])["hand"] == state["hands"][ev["seat"]]


@pytest.mark.parametrize("players, timer, rounds, first_lots", [
    (2, 6, 6, 1), (3, 6, 6, 1), (4, 6, 6, 1), (5, 10, 5, 2), (6, 10, 5, 2)])
def test_timer_deck_rounds_and_the_first_round_setup(players, timer, rounds, first_lots):
    state, events = set_up(players, 1)
    collectors = players + (players == 2)
    assert of_type(events, "timer_deck_made")[0]["cards"] == timer
    assert state["rounds"] == rounds and state["round"] == 1
    assert state["timer"] == timer - first_lots  # timer cards went onto the first lot(s)
    setup_lots = [lot for lot in state["lots"] if lot["bid_of"] is None]
    assert len(setup_lots) == collectors  # one lot per player (Nimbus included)
    assert [len(lot["cards"]) for lot in setup_lots] == [2] * first_lots + [1] * (collectors - first_lots)
    started = of_type(events, "round_started")[0]
    assert started["reveal"] and started["timer_cards"] == first_lots
    assert len(state["unseen"]) - state["timer"] == 112 - 4 * players - timer - collectors - \
        sum(len(lot["cards"]) for lot in state["lots"] if lot["bid_of"] == NIMBUS)


@pytest.mark.parametrize("players", range(2, 7))
def test_the_initial_turn_order_is_random(players):
    collectors = list(range(players)) + ([NIMBUS] if players == 2 else [])
    orders = set()
    for seed in SEEDS:
        state, events = set_up(players, seed)
        order = of_type(events, "turn_order_drawn")[0]["order"]
        assert sorted(order, key=str) == sorted(collectors, key=str)
        assert state["order"] == order and state["phase"] == "bidding"
        orders.add(tuple(order))
    assert len(orders) > min(4, players)  # not one fixed order


def test_characters_by_seat_and_nimbus_only_at_two():
    assert set_up(2, 0)[0]["characters"] == ["Wander", "Brisby"]
    assert set_up(2, 0)[0]["nimbus"] and not set_up(3, 0)[0]["nimbus"]
    assert set_up(6, 0)[0]["characters"] == tc.CHARACTERS[:6]


def test_nimbus_bids_at_once_when_first_in_the_initial_order():
    firsts = Counter()
    for seed in SEEDS:
        state, events = set_up(2, seed)
        first = state["order"][0]
        firsts[first == NIMBUS] += 1
        nimbus_bids = [ev for ev in of_type(events, "bid") if ev["collector"] == NIMBUS]
        if first == NIMBUS:
            assert len(nimbus_bids) == 1 and nimbus_bids[0]["by"] == NIMBUS
            assert state["turn"] == 1 and engine.active(state) == [state["order"][1]]
        else:
            assert not nimbus_bids and engine.active(state) == [first]
    assert firsts[True] and firsts[False]


def test_options_schema():
    assert engine.load_options({}) == {"ladders": "online"}
    assert engine.load_options({"ladders": "printed"}) == {"ladders": "printed"}
    from marshmallow import ValidationError
    for bad in ({"ladders": "house"}, {"ladders": 1}, {"rounds": 3}):
        with pytest.raises(ValidationError):
            engine.load_options(bad)
    assert set_up(3, 0, "printed")[0]["ladders"] == "printed"
