"""Game end after round 10 and the final score: cash plus Share Value times Shares held; ties shared."""
import pytest

from engines.core import IllegalMove
from engines.iberian_gauge import engine
from engines.iberian_gauge.engine import ranking

from .helpers import MADRID, VALENCIA, ZARAGOZA, build_turn, of_type, play, railroad, table


def last_turn(cash):
    """Round 10, the last Railroad in initiative order, its last Share to act."""
    state = table(cash=cash, initiative=["orange", "purple", "yellow", "light_blue", "red"])
    state = railroad(state, "orange", share_value=40, shares=[0, 1], track=[ZARAGOZA])
    state = railroad(state, "red", share_value=20, level=2, treasury=0, shares=[2, 0], track=[MADRID])
    return build_turn(state, "red", share=1, round_=10)


def test_the_game_ends_after_round_10_with_the_final_score():
    state = last_turn([10, 20, 30])
    assert engine.result(state) is None
    new, events = play(state, 0, {"type": "decline"})
    # Red: penalty 2 spaces (₱20 -> ₱12), dividend ₱3 a Share to seats 2 and 0
    assert of_type(events, "dividend_paid")[0]["players"] == [3, 0, 3]
    assert [e["type"] for e in events][-2:] == ["build_round_ended", "game_ended"]
    assert new["phase"] == "over" and engine.active(new) == []
    assert engine.legal_moves(new, 0) == []
    # cash + Share Value x Shares: seat 0 13 + 40 + 12; seat 1 20 + 40; seat 2 33 + 12
    result = engine.result(new)
    assert result["scores"] == [65, 60, 45] == events[-1]["scores"]
    assert [(r["seat"], r["rank"], r["points"]) for r in result["ranking"]] == [
        (0, 1, 65), (1, 2, 60), (2, 3, 45)]
    assert result["ranking"][0]["cash"] == 13 and result["ranking"][0]["share_worth"] == 52
    with pytest.raises(IllegalMove) as err:
        engine.decide(new, 0, {"type": "decline"}, None)
    assert err.value.code == "game_over"


def test_railroad_treasuries_are_worth_nothing():
    state = last_turn([10, 20, 30])
    state["railroads"]["orange"]["treasury"] = 500
    new, _ = play(state, 0, {"type": "decline"})
    assert engine.result(new)["scores"] == [65, 60, 45]


def test_ties_are_shared():
    state = table(players=4, cash=[50, 30, 62, 10])
    state = railroad(state, "purple", share_value=12, shares=[0, 3, 3], track=[VALENCIA])
    state["phase"] = "over"
    # 50 + 12 = 62; 30; 62; 10 + 24 = 34
    result = engine.result(state)
    assert result["scores"] == [62, 30, 62, 34]
    assert [(r["seat"], r["rank"]) for r in result["ranking"]] == [(0, 1), (2, 1), (3, 3), (1, 4)]
    assert result["tiebreak"] == "shared"
    assert ranking(state) == result


def test_a_three_way_tie_for_first():
    state = table(cash=[20, 20, 20])
    state["phase"] = "over"
    assert [r["rank"] for r in engine.result(state)["ranking"]] == [1, 1, 1]
