"""Setup: all five Railroads, a random initiative order, ₱40 each, a random Priority Deal; then
the ten rounds in their fixed order."""
import pytest

from engines.core import derive_rng, random_playout
from engines.core.playout import fold_events
from engines.iberian_gauge import engine
from engines.iberian_gauge.railroads import LOCOMOTIVES, RAILROAD_IDS, RAILROADS, ROUNDS, TOTAL_SHARES


def set_up(players, seed):
    events = engine.setup(players, {}, derive_rng(seed, 1))
    return fold_events(engine, players, {}, events), events


def test_the_railroads_and_their_shares():
    assert {r: RAILROADS[r]["shares"] for r in RAILROAD_IDS} == {
        "red": 6, "light_blue": 5, "orange": 5, "purple": 4, "yellow": 4}
    assert TOTAL_SHARES == 24 and LOCOMOTIVES == 22
    assert ROUNDS == ["stock", "build", "stock", "build", "build", "stock", "build", "build",
                      "stock", "build"]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_deals_cash_orders_the_railroads_and_opens_the_first_stock_round(players):
    state, events = set_up(players, f"setup{players}")
    assert [e["type"] for e in events] == ["game_set_up", "round_started"]
    assert sorted(state["initiative"]) == sorted(RAILROAD_IDS)
    assert state["cash"] == [40] * players
    assert 0 <= state["priority"] < players
    assert state["round"] == 1 and state["phase"] == "stock"
    assert engine.active(state) == [state["priority"]]
    for rid, rr in state["railroads"].items():
        assert rr["shares"] == [] and rr["locomotives"] == 22 and rr["share_value"] is None
    assert state["board"] == {}


def test_initiative_and_priority_are_random_and_written_into_the_setup_event():
    seen_orders, seen_priority = set(), set()
    for i in range(40):
        state, events = set_up(4, f"random{i}")
        seen_orders.add(tuple(state["initiative"]))
        seen_priority.add(state["priority"])
        assert events[0]["initiative"] == state["initiative"]
        assert events[0]["priority"] == state["priority"]
        assert set_up(4, f"random{i}")[0] == state  # the same seed deals the same table
    assert len(seen_orders) > 20 and seen_priority == {0, 1, 2, 3}


def test_player_counts():
    assert (engine.min_players, engine.max_players) == (3, 5)


def test_the_ten_rounds_come_in_their_fixed_order_and_the_initiative_never_changes():
    state, events, _ = random_playout(engine, 4, {}, seed="rounds")
    started = [(e["round"], e["kind"]) for e in events if e["type"] == "round_started"]
    assert started == list(enumerate(ROUNDS, 1))
    ended = [e["round"] for e in events if e["type"] in ("stock_round_ended", "build_round_ended")]
    assert ended == list(range(1, 11))
    assert events[-1]["type"] == "game_ended" and state["phase"] == "over"
    assert state["initiative"] == events[0]["initiative"]
