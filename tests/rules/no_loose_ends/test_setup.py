"""Setup: the deck by player count, hand sizes, the cards set aside, 5 points once, a random
first player passing clockwise each round; the table options."""
from collections import Counter

import pytest
from marshmallow import ValidationError

from engines.core import derive_rng, fold_events
from engines.no_loose_ends import engine
from engines.no_loose_ends import cards as c

from .helpers import PASS, accounted, play, refused, table, types


def set_up(players, options=None, seed="setup"):
    options = engine.load_options(options or {})
    events = engine.setup(players, options, derive_rng(seed, 1))
    return events, fold_events(engine, players, options, events)


def test_description_and_options():
    assert engine.describe() == {"name": "no-loose-ends", "title": "No Loose Ends", "version": 1,
                                 "min_players": 2, "max_players": 5}
    assert engine.load_options({}) == {"double_cross": False, "getaway_cards": False,
                                       "simplified_scoring": False, "plan_b": False}
    every = dict.fromkeys(["double_cross", "getaway_cards", "simplified_scoring", "plan_b"], True)
    assert engine.load_options(every) == every
    with pytest.raises(ValidationError):
        engine.load_options({"plan_b": "sometimes"})
    with pytest.raises(ValidationError):
        engine.load_options({"no_such_variant": True})


def test_the_deck_has_64_cards_in_the_box():
    assert len(c.deck(4, getaway=True)) == 64
    assert Counter(c.suit_of(x) for x in c.deck(4, True)) == {
        "blue": 15, "gray": 15, "red": 15, "yellow": 15, None: 4}


# players, values used, cards per player, max bid: the Setup table
TABLE = [(2, 12, 15, 6), (3, 12, 16, 5), (4, 15, 15, 4), (5, 15, 12, 3)]


@pytest.mark.parametrize("players, top, hand, max_bid", TABLE)
@pytest.mark.parametrize("getaway", [False, True])
def test_deal_by_player_count(players, top, hand, max_bid, getaway):
    events, state = set_up(players, {"getaway_cards": getaway})
    deck = 4 * top + (4 if getaway else 0)
    assert [len(h) for h in state["hands"]] == [hand] * players
    assert len(state["set_aside"]) == deck - players * hand
    assert state["max_bid"] == max_bid
    assert max(c.value_of(x) or 0 for h in state["hands"] + [state["set_aside"]] for x in h) <= top
    assert accounted(state)
    # 13-15 removed at 2-3 players: the deck holds exactly the values 1..top
    assert sorted({c.value_of(x) for x in c.deck(players, False)}) == list(range(1, top + 1))
    assert (c.GETAWAY in c.deck(players, getaway)) == getaway


def test_the_deal_is_private_and_the_set_aside_cards_secret():
    events, state = set_up(2)
    assert types(events) == ["game_started", "round_started", "dealt", "dealt", "set_aside"]
    for seat, ev in enumerate(e for e in events if e["type"] == "dealt"):
        assert ev["vis"] == {"cards": [seat]} and ev["count"] == 15 and ev["reveal"]
        assert ev["cards"] == state["hands"][seat]
    aside = events[-1]
    assert aside["vis"] == {"cards": []} and aside["count"] == 18


def test_five_points_once_and_round_one():
    _, state = set_up(3)
    assert state["scores"] == [5, 5, 5]
    assert state["round"] == 1 and state["phase"] == "planning"
    assert state["turn"] == state["first"] == state["start"]
    assert engine.active(state) == [state["first"]]


def test_the_first_player_is_random():
    firsts = {set_up(4, seed=f"s{i}")[1]["first"] for i in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_the_next_round_is_dealt_afresh_and_its_first_player_is_clockwise():
    # round 1's last trick: seat 0 plays its last card; seat 2 wins with R4, which covers nothing
    state = table(3, hands=["R2", "", ""], bids=["R1", "G1", "Y1"], trick=[(1, "R3"), (2, "R4")],
                  turn=0, first=2)
    new, events = play(state, 0, {"type": "play", "card": "red-2"})
    assert types(events) == ["played", "trick_won", "loose_end", "round_scored", "round_started",
                             "dealt", "dealt", "dealt"]
    assert events[3]["points"] == [-1, -1, -2] and new["scores"] == [4, 4, 3]
    assert new["history"] == [{"round": 1, "lines": events[3]["lines"]}]
    assert new["round"] == 2 and new["first"] == 0  # clockwise from seat 2
    assert new["phase"] == "planning" and new["turn"] == 0
    assert [len(h) for h in new["hands"]] == [16, 16, 16]
    assert new["bids"] == [[], [], []] and new["loose_ends"] == [[], [], []]
    assert new["won"] == [0, 0, 0] and new["trick"] == [] and new["pass_order"] == []
    assert accounted(new)


def test_three_rounds_then_the_game_ends():
    state = table(2, hands=["R1", ""], bids=["R3", "R4"], trick=[(1, "R2")], turn=0, round_=3,
                  first=1)
    state["history"] = [{"round": r, "lines": []} for r in (1, 2)]
    new, events = play(state, 0, {"type": "play", "card": "red-1"})
    assert types(events) == ["played", "trick_won", "covered", "round_scored", "game_ended"]
    assert len(new["history"]) == 3 and new["round"] == 3
    assert new["phase"] == "over" and engine.active(new) == []
    assert engine.result(new) is not None
    assert refused(new, 0, PASS) == "game_over"
