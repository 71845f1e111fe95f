"""Stock rounds: floating, buying, the one-Share-per-Railroad limit, passing, the all-pass streak and
the Priority Deal, sell-out, automatic passes."""
import pytest

from engines.core import IllegalMove
from engines.iberian_gauge import engine

from .helpers import (BARCELONA, LISBON, MADRID, SEVILLE, VALENCIA, VIGO, ZARAGOZA, advance,
                      between, money, of_type, play, railroad, stock_round, table)


def refused(state, seat, move, code):
    with pytest.raises(IllegalMove) as err:
        engine.decide(state, seat, move, None)
    assert err.value.code == code, err.value.reason
    assert err.value.reason


def float_move(rid="red", value=24, city=MADRID):
    return {"type": "float", "railroad": rid, "share_value": value, "city": list(city)}


# --- floating --------------------------------------------------------------------------------

def test_floating_pays_the_starting_value_into_the_treasury_and_places_a_locomotive():
    state = stock_round(table())
    new, events = play(state, 0, float_move("purple", 28, MADRID))
    assert events[0] == {"type": "railroad_floated", "seat": 0, "railroad": "purple",
                         "share_value": 28, "city": MADRID}
    rr = new["railroads"]["purple"]
    assert new["cash"] == [12, 40, 40] and rr["treasury"] == 28
    assert rr["share_value"] == 28 and rr["dividend_level"] == 1
    assert rr["shares"] == [0] and rr["locomotives"] == 21 and rr["track"] == ["10,14"]
    assert new["board"] == {"10,14": ["purple"]}
    assert money(new) == money(state)
    assert new["turn"] == 1


def test_starting_share_values_are_the_seven_spaces_from_12_to_36():
    state = stock_round(table())
    for value in (12, 16, 20, 24, 28, 32, 36):
        new, _ = play(state, 0, float_move(value=value))
        assert new["railroads"]["red"]["share_value"] == value
    for value in (8, 10, 14, 40, 80, -12, "24", 24.0, True, None):
        refused(state, 0, float_move(value=value), "bad_share_value")
    option = [o for o in engine.legal_moves(state, 0) if o["move"].get("railroad") == "red"
              and o["move"]["type"] == "float"][0]
    assert option["choose"]["share_value"]["one_of"] == [12, 16, 20, 24, 28, 32, 36]


def test_the_starting_value_must_be_affordable():
    state = stock_round(table(cash=[21, 40, 40]))
    refused(state, 0, float_move(value=24), "cannot_afford")
    play(state, 0, float_move(value=20))
    option = [o for o in engine.legal_moves(state, 0) if o["move"]["type"] == "float"][0]
    assert option["choose"]["share_value"]["one_of"] == [12, 16, 20]


def test_a_floating_railroad_needs_a_major_city_holding_no_other_railroad():
    state = railroad(table(), "orange", shares=[1], track=[MADRID])
    state = stock_round(state)
    refused(state, 0, float_move("red", 24, MADRID), "city_taken")
    refused(state, 0, float_move("red", 24, [13, 15]), "not_a_major_city")  # Cuenca is Urban
    refused(state, 0, float_move("red", 24, [0, 1]), "not_a_major_city")    # off the map
    refused(state, 0, float_move("orange", 24, ZARAGOZA), "already_floated")
    play(state, 0, float_move("red", 24, ZARAGOZA))
    option = [o for o in engine.legal_moves(state, 0) if o["move"] == {"type": "float", "railroad": "red"}][0]
    cities = option["choose"]["city"]["one_of"]
    assert len(cities) == 6 and MADRID not in cities


def test_a_city_built_into_also_counts_as_taken():
    state = railroad(table(), "orange", shares=[1], track=[MADRID, [14, 10], ZARAGOZA])
    state = stock_round(state)
    refused(state, 0, float_move("red", 24, ZARAGOZA), "city_taken")


def test_once_all_seven_major_cities_are_taken_any_major_city_will_do():
    state = railroad(table(), "orange", shares=[1], track=[MADRID, ZARAGOZA, VALENCIA])
    state = railroad(state, "purple", shares=[2], track=[SEVILLE, LISBON, VIGO])
    state = stock_round(state)
    refused(state, 0, float_move("red", 24, MADRID), "city_taken")  # Barcelona is still empty
    state = railroad(state, "yellow", shares=[2], track=[BARCELONA])
    state = stock_round(state)
    new, _ = play(state, 0, float_move("red", 24, MADRID))
    assert new["board"]["10,14"] == ["orange", "red"]
    option = [o for o in engine.legal_moves(state, 0) if o["move"] == {"type": "float", "railroad": "red"}][0]
    assert len(option["choose"]["city"]["one_of"]) == 7


# --- buying --------------------------------------------------------------------------------------

def test_buying_pays_the_share_value_into_the_treasury_and_takes_the_next_share():
    state = railroad(table(cash=[40, 30, 40]), "red", share_value=28, treasury=5, shares=[0],
                     track=[MADRID])
    state = stock_round(state, turn=1)
    new, events = play(state, 1, {"type": "buy", "railroad": "red"})
    assert events[0] == {"type": "share_bought", "seat": 1, "railroad": "red", "price": 28, "share": 1}
    assert new["cash"] == [40, 2, 40] and new["railroads"]["red"]["treasury"] == 33
    assert new["railroads"]["red"]["shares"] == [0, 1]
    assert new["railroads"]["red"]["share_value"] == 28  # purchases never move the Share Value
    assert money(new) == money(state)


def test_buying_refusals():
    state = railroad(table(cash=[40, 20, 40]), "red", share_value=24, shares=[0, 0, 1, 2, 1, 0],
                     track=[MADRID])
    state = railroad(state, "purple", share_value=24, shares=[0], track=[ZARAGOZA])
    state = stock_round(state, turn=1)
    refused(state, 1, {"type": "buy", "railroad": "red"}, "sold_out")
    refused(state, 1, {"type": "buy", "railroad": "purple"}, "cannot_afford")
    refused(state, 1, {"type": "buy", "railroad": "yellow"}, "not_floated")
    refused(state, 1, {"type": "buy", "railroad": "green"}, "no_such_railroad")
    refused(state, 0, {"type": "buy", "railroad": "purple"}, "not_your_turn")
    assert engine.legal_moves(state, 0) == []
    kinds = [(o["move"]["type"], o["move"].get("railroad")) for o in engine.legal_moves(state, 1)]
    assert ("buy", "red") not in kinds and ("buy", "purple") not in kinds


def test_at_most_one_share_per_railroad_per_player_per_round():
    state = railroad(table(), "red", share_value=12, shares=[0], track=[MADRID])
    state = railroad(state, "orange", share_value=12, shares=[2], track=[ZARAGOZA])
    state = stock_round(state, turn=0, bought=[["red"], [], []])
    refused(state, 0, {"type": "buy", "railroad": "red"}, "one_share_per_round")
    assert {"move": {"type": "buy", "railroad": "red"}} not in engine.legal_moves(state, 0)
    play(state, 0, {"type": "buy", "railroad": "orange"})  # another Railroad is fine
    # a floated Railroad counts: the floater may not buy its second Share in the same round
    floated, _ = play(stock_round(table()), 0, float_move("yellow", 12, VALENCIA))
    floated, _ = play(floated, 1, {"type": "pass"})
    floated, _ = play(floated, 2, {"type": "pass"})
    refused(floated, 0, {"type": "buy", "railroad": "yellow"}, "one_share_per_round")
    # the next Stock round the limit starts afresh
    later = stock_round(state, turn=0, round_=3)
    play(later, 0, {"type": "buy", "railroad": "red"})


# --- passing, the all-pass streak and the Priority Deal -------------------------------------------

def test_passing_does_not_lock_a_player_out():
    state = railroad(table(), "red", share_value=12, shares=[2], track=[MADRID])
    state = stock_round(state, turn=0)
    state, _ = play(state, 0, {"type": "pass"})
    state, _ = play(state, 1, {"type": "buy", "railroad": "red"})
    state, _ = play(state, 2, {"type": "pass"})
    assert state["turn"] == 0 and state["phase"] == "stock"
    state, events = play(state, 0, {"type": "buy", "railroad": "red"})
    assert state["railroads"]["red"]["shares"] == [2, 1, 0]


def test_the_round_ends_when_all_have_passed_in_a_row_and_the_first_of_them_takes_the_priority_deal():
    state = railroad(table(priority=0), "red", share_value=12, shares=[2], track=[MADRID])
    state = stock_round(state, turn=0)
    state, _ = play(state, 0, {"type": "buy", "railroad": "red"})
    state, _ = play(state, 1, {"type": "pass"})
    state, _ = play(state, 2, {"type": "pass"})
    assert state["stock"]["passes"] == 2 and state["stock"]["streak_start"] == 1
    state, events = play(state, 0, {"type": "pass"})
    ended = of_type(events, "stock_round_ended")
    assert ended == [{"type": "stock_round_ended", "round": 1, "reason": "all_passed", "priority": 1}]
    assert state["priority"] == 1 and state["phase"] == "build" and state["round"] == 2


def test_a_purchase_breaks_the_streak():
    state = railroad(table(priority=0), "red", share_value=12, shares=[2], track=[MADRID])
    state = stock_round(state, turn=0)
    state, _ = play(state, 0, {"type": "pass"})
    state, _ = play(state, 1, {"type": "pass"})
    state, _ = play(state, 2, {"type": "buy", "railroad": "red"})
    assert state["stock"]["passes"] == 0
    state, _ = play(state, 0, {"type": "pass"})
    state, _ = play(state, 1, {"type": "pass"})
    state, events = play(state, 2, {"type": "pass"})
    assert of_type(events, "stock_round_ended")[0]["priority"] == 0  # seat 0 began the final streak


def test_the_holder_keeps_the_priority_deal_when_it_begins_the_final_streak():
    state = stock_round(table(priority=2), turn=2)
    for seat in (2, 0):
        state, _ = play(state, seat, {"type": "pass"})
    state, events = play(state, 1, {"type": "pass"})
    assert of_type(events, "stock_round_ended")[0]["priority"] == 2 and state["priority"] == 2


def test_the_next_stock_round_opens_with_the_priority_deal_holder():
    # round 3: seats 0 and 1 have passed; nothing is floated, so rounds 4 and 5 build nothing
    state = stock_round(table(priority=2), turn=2, round_=3, passes=2, streak_start=0)
    new, events = play(state, 2, {"type": "pass"})
    assert [(e["type"], e.get("round")) for e in events if e["type"].endswith("round_started")
            or e["type"].endswith("round_ended")] == [
        ("stock_round_ended", 3), ("round_started", 4), ("build_round_ended", 4),
        ("round_started", 5), ("build_round_ended", 5), ("round_started", 6)]
    assert len(of_type(events, "railroad_skipped")) == 10
    assert new["round"] == 6 and new["priority"] == 0 and engine.active(new) == [0]


# --- sell-out --------------------------------------------------------------------------------------

def sold_but_one(state):
    """Every Share sold but the last Yellow one."""
    state = railroad(state, "red", share_value=4, shares=[0, 1, 2] * 2, track=[MADRID])
    state = railroad(state, "light_blue", share_value=4, shares=[0, 1, 2, 0, 1], track=[ZARAGOZA])
    state = railroad(state, "orange", share_value=4, shares=[0, 1, 2, 0, 1], track=[VALENCIA])
    state = railroad(state, "purple", share_value=4, shares=[0, 1, 2, 0], track=[SEVILLE])
    return railroad(state, "yellow", share_value=4, shares=[0, 1, 2], track=[LISBON])


def test_the_round_ends_at_once_when_all_24_shares_are_sold():
    state = stock_round(sold_but_one(table(priority=1)), turn=1, passes=1, streak_start=0)
    new, events = play(state, 1, {"type": "buy", "railroad": "yellow"})
    assert [e["type"] for e in events][:2] == ["share_bought", "stock_round_ended"]
    assert events[1]["reason"] == "sold_out" and events[1]["priority"] == 1
    assert not of_type(events, "passed")  # no one else gets a turn
    assert new["phase"] == "build" and new["priority"] == 1


def test_a_stock_round_after_sell_out_ends_as_soon_as_it_starts():
    state = sold_but_one(table(priority=1))
    state["railroads"]["yellow"]["shares"].append(2)
    new, events = advance(between(state, 5))
    assert [e["type"] for e in events][:2] == ["round_started", "stock_round_ended"]
    assert events[0]["round"] == 6 and events[1]["reason"] == "sold_out"
    assert not of_type(events, "passed") and new["priority"] == 1
    assert events[2] == {"type": "round_started", "round": 7, "kind": "build"}


# --- automatic passes ----------------------------------------------------------------------------

def test_a_player_who_can_afford_nothing_is_passed_automatically_and_it_counts_as_a_pass():
    state = railroad(table(cash=[40, 8, 40], priority=0), "red", share_value=12, shares=[0],
                     track=[MADRID])
    state = stock_round(state, turn=0)
    state, events = play(state, 0, {"type": "pass"})
    assert of_type(events, "passed") == [
        {"type": "passed", "seat": 0, "auto": False, "reason": None},
        {"type": "passed", "seat": 1, "auto": True, "reason": "no_legal_purchase"}]
    assert state["turn"] == 2 and state["stock"]["passes"] == 2
    state, events = play(state, 2, {"type": "pass"})
    assert of_type(events, "stock_round_ended")[0]["priority"] == 0


def test_an_automatic_pass_can_begin_the_final_streak_and_take_the_priority_deal():
    # seat 1 has ₱11: less than any Share and any starting value
    state = railroad(table(cash=[40, 11, 40], priority=0), "red", share_value=12, shares=[2],
                     track=[MADRID])
    state = stock_round(state, turn=0)
    state, events = play(state, 0, {"type": "buy", "railroad": "red"})
    assert of_type(events, "passed")[0]["seat"] == 1 and state["stock"]["streak_start"] == 1
    state, _ = play(state, 2, {"type": "pass"})
    state, events = play(state, 0, {"type": "pass"})
    assert of_type(events, "stock_round_ended")[0]["priority"] == 1


def test_the_one_share_limit_and_sold_out_railroads_also_make_a_player_unable_to_buy():
    # seat 1 is rich, but has bought the only Railroad with Shares left, and every other is sold
    # out (READINGS: "cannot afford anything" is no legal purchase at all)
    state = sold_but_one(table(cash=[40, 80, 40], priority=0))
    state = stock_round(state, turn=0, bought=[[], ["yellow"], []])
    state["railroads"]["yellow"]["shares"] = [0, 1, 2]
    new, events = play(state, 0, {"type": "pass"})
    assert of_type(events, "passed")[-1] == {"type": "passed", "seat": 1, "auto": True,
                                             "reason": "no_legal_purchase"}
    assert new["turn"] == 2


def test_when_nobody_can_buy_the_whole_round_passes_itself():
    state = railroad(table(cash=[3, 3, 3], priority=1), "red", share_value=12, shares=[2],
                     track=[MADRID])
    new, events = advance(between(state, 2))
    passes = [(e["seat"], e["auto"]) for e in events if e["type"] == "passed"]
    assert passes == [(1, True), (2, True), (0, True)]
    ended = of_type(events, "stock_round_ended")[0]
    assert ended["reason"] == "all_passed" and ended["priority"] == 1
    assert events[-1]["type"] != "game_ended"
    assert [e["round"] for e in events if e["type"] == "round_started"][:2] == [3, 4]
