"""Immediate Bonuses (Urban, Major City, thresholds, the five-Major-Cities Special Dividend), the
Share Value penalty and the dividends, with the bounds of both tracks."""
import pytest

from engines.iberian_gauge import board as bd
from engines.iberian_gauge import engine

from .helpers import (BARCELONA, CUENCA, LISBON, MADRID, SEVILLE, VALENCIA, VIGO, ZARAGOZA,
                      advance, between, build, build_turn, money, of_type, play, railroad, table)

NEXT_TO_CUENCA = [12, 14]
NEXT_TO_ZARAGOZA = [14, 10]
NEXT_TO_BARCELONA = [20, 8]
DECLINE = {"type": "decline"}


def red_building(level=1, share_value=24, treasury=40, shares=(0, 1), track=None, **kw):
    """Red to build for seat 0's Share, seat 1's Share still to come (so the turn stays open)."""
    track = track or [MADRID, NEXT_TO_CUENCA, NEXT_TO_ZARAGOZA]
    state = railroad(table(), "red", share_value=share_value, level=level, treasury=treasury,
                     shares=shares, track=track, **kw)
    return build_turn(state, "red")


def bonus_events(events):
    return [(e["type"], e["reason"], e["spaces"], e.get("level", e.get("share_value")))
            for e in events if e["type"] in ("dividend_level_moved", "share_value_moved")]


def test_an_urban_hex_raises_the_dividend_level_one_space():
    new, events = play(red_building(level=1), 0, build(CUENCA))
    assert bonus_events(events) == [("dividend_level_moved", "urban", 1, 2)]
    assert new["railroads"]["red"]["dividend_level"] == 2 and new["railroads"]["red"]["share_value"] == 24


def test_a_major_city_raises_the_dividend_level_two_spaces_and_the_share_value_one():
    new, events = play(red_building(level=1), 0, build(ZARAGOZA))
    assert bonus_events(events) == [("dividend_level_moved", "major_city", 2, 3),
                                    ("share_value_moved", "major_city", 1, 28)]
    assert new["railroads"]["red"]["dividend_level"] == 3 and new["railroads"]["red"]["share_value"] == 28


def test_easy_and_difficult_hexes_earn_no_bonus():
    for target in ([10, 16], [11, 13]):
        new, events = play(red_building(level=3), 0, build(target))
        assert bonus_events(events) == []
        assert new["railroads"]["red"]["dividend_level"] == 3


@pytest.mark.parametrize("city, before, after, crossed", [
    (CUENCA, 1, 2, []), (CUENCA, 3, 4, [4]), (CUENCA, 6, 7, [7]), (CUENCA, 9, 10, [10]),
    (CUENCA, 12, 13, [13]), (CUENCA, 13, 14, []), (CUENCA, 14, 15, [15]), (CUENCA, 16, 17, [17]),
    (CUENCA, 18, 19, [19]), (CUENCA, 19, 19, []),
    (ZARAGOZA, 1, 3, []), (ZARAGOZA, 2, 4, [4]), (ZARAGOZA, 5, 7, [7]), (ZARAGOZA, 12, 14, [13]),
    (ZARAGOZA, 13, 15, [15]), (ZARAGOZA, 14, 16, [15]), (ZARAGOZA, 15, 17, [17]),
    (ZARAGOZA, 17, 19, [19]), (ZARAGOZA, 18, 19, [19]), (ZARAGOZA, 19, 19, []),
])
def test_every_threshold_crossed_adds_a_share_value_space(city, before, after, crossed):
    new, events = play(red_building(level=before, share_value=40), 0, build(city))
    rr = new["railroads"]["red"]
    assert rr["dividend_level"] == after
    thresholds = [e["threshold"] for e in events if e["type"] == "share_value_moved"
                  and e["reason"] == "threshold"]
    assert thresholds == crossed
    city_bonus = 1 if city == ZARAGOZA else 0
    assert rr["share_value"] == 40 + 4 * (city_bonus + len(crossed))


def test_the_bonuses_come_in_the_rules_order():
    _, events = play(red_building(level=5), 0, build(ZARAGOZA))
    assert [(e["type"], e.get("reason")) for e in events] == [
        ("built", None), ("dividend_level_moved", "major_city"), ("share_value_moved", "major_city"),
        ("share_value_moved", "threshold")]


def test_the_share_value_stops_at_80():
    new, events = play(red_building(level=5, share_value=76), 0, build(ZARAGOZA))
    assert new["railroads"]["red"]["share_value"] == 80
    assert [e["share_value"] for e in of_type(events, "share_value_moved")] == [80, 80]


# --- the five-Major-Cities Special Dividend -------------------------------------------------------

def four_cities(**kw):
    """Red's network holds four Major Cities (Madrid, where it floated, among them)."""
    return red_building(track=[MADRID, VIGO, LISBON, SEVILLE, NEXT_TO_ZARAGOZA, NEXT_TO_BARCELONA],
                        **kw)


def test_the_fifth_major_city_pays_the_special_dividend_per_share_and_per_unsold_share():
    state = four_cities(shares=(0, 1, 0), treasury=40)
    new, events = play(state, 0, build(ZARAGOZA))
    special = of_type(events, "special_dividend_paid")
    assert special == [{"type": "special_dividend_paid", "railroad": "red", "per_share": 10,
                        "players": [20, 10, 0], "treasury": 30}]
    assert events[-1] == special[0]  # after the Major City bonuses
    assert new["cash"] == [60, 50, 40] and new["railroads"]["red"]["treasury"] == 40 - 4 + 30
    assert money(new) == money(state) - 4 + 60
    assert new["railroads"]["red"]["special_dividend_paid"]


@pytest.mark.parametrize("rid, amount", [("red", 10), ("light_blue", 12), ("orange", 12),
                                         ("purple", 15), ("yellow", 15)])
def test_the_special_dividend_amounts(rid, amount):
    state = railroad(table(), rid, treasury=40, shares=[2, 1],
                     track=[MADRID, VIGO, LISBON, SEVILLE, NEXT_TO_ZARAGOZA])
    state = build_turn(state, rid)
    _, events = play(state, 2, build(ZARAGOZA))
    paid = of_type(events, "special_dividend_paid")[0]
    assert paid["per_share"] == amount and paid["players"] == [0, amount, amount]


def test_the_special_dividend_is_paid_once():
    state = four_cities(shares=(0, 1, 0))
    state, _ = play(state, 0, build(ZARAGOZA))
    state, events = play(state, 1, build(BARCELONA))  # the sixth Major City
    assert of_type(events, "special_dividend_paid") == []
    already = four_cities(special_dividend_paid=True)
    _, events = play(already, 0, build(ZARAGOZA))
    assert of_type(events, "special_dividend_paid") == []


def test_fewer_than_five_major_cities_pay_no_special_dividend():
    state = red_building(track=[MADRID, VIGO, LISBON, NEXT_TO_ZARAGOZA])
    _, events = play(state, 0, build(ZARAGOZA))
    assert of_type(events, "special_dividend_paid") == []


def test_the_special_dividend_reaches_the_treasury_at_once_and_can_pay_the_next_build():
    # READINGS (docs): Immediate Bonuses apply right after each build, before the next Share acts
    state = four_cities(shares=(0, 1), treasury=4)
    new, events = play(state, 0, build(ZARAGOZA))
    assert new["railroads"]["red"]["treasury"] == 40  # 0 after the build, + 4 unsold x ₱10
    assert not of_type(events, "build_skipped") and engine.active(new) == [1]


# --- step 3: the Share Value penalty ---------------------------------------------------------------

def test_no_new_city_drops_the_share_value_one_space_per_player_owned_share():
    state = red_building(shares=(0, 1, 0), share_value=24)
    for seat in (0, 1):
        state, _ = play(state, seat, DECLINE)
    state, events = play(state, 0, build([10, 16]))
    moved = of_type(events, "share_value_moved")
    assert [(e["reason"], e["spaces"], e["share_value"]) for e in moved] == [("penalty", -3, 12)]
    assert state["railroads"]["red"]["share_value"] == 12


def test_the_penalty_applies_even_when_the_railroad_could_not_build():
    state = railroad(table(), "red", share_value=24, treasury=0, shares=[2, 1], track=[MADRID])
    _, events = advance(between(state, 1))
    assert [e["reason"] for e in of_type(events, "build_skipped")] == ["cannot_afford"] * 2
    assert [(e["reason"], e["spaces"], e["share_value"])
            for e in of_type(events, "share_value_moved")] == [("penalty", -2, 16)]


@pytest.mark.parametrize("city", [CUENCA, ZARAGOZA])
def test_a_new_urban_or_major_city_this_turn_spares_the_penalty(city):
    state = red_building(shares=(0, 1), share_value=24)
    state, _ = play(state, 0, build(city))
    state, events = play(state, 1, DECLINE)
    assert [e["reason"] for e in of_type(events, "share_value_moved")] == []
    assert state["railroads"]["red"]["share_value"] == (28 if city == ZARAGOZA else 24)


def test_the_share_value_never_drops_below_4():
    state = red_building(shares=(0, 1, 0, 1), share_value=12, treasury=0)
    state["build"]["share"] = 3
    state["turn"] = 1
    new, events = play(state, 1, DECLINE)
    assert of_type(events, "share_value_moved")[0]["share_value"] == 4
    assert new["railroads"]["red"]["share_value"] == 4


# --- step 4: dividends -------------------------------------------------------------------------------

def test_the_dividend_pays_each_player_per_share_and_the_treasury_per_unsold_share():
    # Purple at Dividend level 4: ₱7 a Share; seats 0 (2 Shares) and 2 (1 Share); 1 unsold
    state = railroad(table(cash=[1, 2, 3]), "purple", share_value=24, level=4, treasury=0,
                     shares=[0, 2, 0], track=[MADRID])
    state = build_turn(state, "purple", share=2)
    new, events = play(state, 0, DECLINE)
    paid = of_type(events, "dividend_paid")
    assert paid == [{"type": "dividend_paid", "railroad": "purple", "per_share": 7, "level": 4,
                     "players": [14, 0, 7], "treasury": 7}]
    assert new["cash"] == [15, 2, 10] and new["railroads"]["purple"]["treasury"] == 7
    assert money(new) == money(state) + 28
    kinds = [e["type"] for e in events]
    assert kinds.index("share_value_moved") < kinds.index("dividend_paid") < kinds.index("railroad_turn_ended")


@pytest.mark.parametrize("rid, level, per_share", [
    ("red", 1, 2), ("red", 5, 5), ("red", 19, 17), ("light_blue", 12, 13), ("orange", 19, 20),
    ("purple", 1, 3), ("yellow", 16, 22), ("yellow", 19, 25)])
def test_the_dividends_track(rid, level, per_share):
    state = railroad(table(), rid, level=level, treasury=0, shares=[1], track=[MADRID])
    _, events = advance(between(state, 1))
    assert of_type(events, "dividend_paid")[0]["per_share"] == per_share


def test_a_sold_out_railroad_pays_nothing_into_its_treasury():
    state = railroad(table(), "yellow", level=1, treasury=0, shares=[1, 1, 2, 0], track=[MADRID])
    _, events = advance(between(state, 1))
    paid = of_type(events, "dividend_paid")[0]
    assert paid["treasury"] == 0 and paid["players"] == [3, 6, 3]


def test_the_dividend_uses_the_level_after_this_turns_bonuses():
    state = red_building(level=3, shares=(0,), treasury=40)
    _, events = play(state, 0, build(CUENCA))
    assert of_type(events, "dividend_paid")[0]["level"] == 4


def test_bd_sanity_for_these_scenarios():
    assert bd.terrain(bd.key(CUENCA)) == "urban" and bd.terrain(bd.key(ZARAGOZA)) == "major_city"
    assert bd.adjacent(bd.key(NEXT_TO_CUENCA), bd.key(CUENCA))
    assert bd.adjacent(bd.key(NEXT_TO_ZARAGOZA), bd.key(ZARAGOZA))
    assert bd.adjacent(bd.key(NEXT_TO_BARCELONA), bd.key(BARCELONA))
    assert bd.key(VALENCIA) in bd.MAJOR_CITIES
