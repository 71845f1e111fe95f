"""Build rounds: Railroads in initiative order, Shares in purchase order, occupancy, adjacency, costs
from the Treasury, declining, and automatic skips with their reason."""
import pytest

from engines.core import IllegalMove
from engines.iberian_gauge import board as bd
from engines.iberian_gauge import engine

from .helpers import (CUENCA, MADRID, VALENCIA, ZARAGOZA, advance, between, build, build_turn,
                      legal_builds, money, of_type, play, railroad, table)

DECLINE = {"type": "decline"}


def refused(state, move, code):
    with pytest.raises(IllegalMove) as err:
        engine.decide(state, state["turn"], move, None)
    assert err.value.code == code, err.value.reason
    assert err.value.reason


# --- order ---------------------------------------------------------------------------------------

def test_railroads_act_in_initiative_order_skipping_those_with_no_shares_sold():
    state = table(initiative=["yellow", "red", "purple", "orange", "light_blue"])
    state = railroad(state, "red", treasury=20, shares=[1, 0, 1], track=[MADRID])
    state = railroad(state, "orange", treasury=20, shares=[2], track=[VALENCIA])
    state, events = advance(between(state, 1))
    assert [(e["type"], e.get("railroad")) for e in events[1:]] == [
        ("railroad_skipped", "yellow"), ("railroad_turn_started", "red")]
    assert events[1]["reason"] == "no_shares_sold"
    # each Share in purchase order lets its owner build: seat 1, seat 0, seat 1
    owners = []
    while state["build"]["railroad"] == "red":
        owners.append(state["turn"])
        state, events = play(state, state["turn"], DECLINE)
    assert owners == [1, 0, 1]
    assert [(e["type"], e.get("railroad")) for e in events if "railroad" in e and e["type"] not in (
        "share_value_moved", "dividend_paid", "declined")] == [
        ("railroad_turn_ended", "red"), ("railroad_skipped", "purple"),
        ("railroad_turn_started", "orange")]
    assert engine.active(state) == [2] and state["build"]["railroad"] == "orange"
    state, events = play(state, 2, DECLINE)
    assert of_type(events, "railroad_skipped")[0]["railroad"] == "light_blue"
    assert of_type(events, "build_round_ended") == [{"type": "build_round_ended", "round": 2}]


def test_a_declined_build_is_logged_and_moves_to_the_next_share():
    state = build_turn(railroad(table(), "red", treasury=20, shares=[0, 2], track=[MADRID]), "red")
    new, events = play(state, 0, DECLINE)
    assert events[0] == {"type": "declined", "railroad": "red", "seat": 0, "share": 0}
    assert new["build"]["share"] == 1 and engine.active(new) == [2]
    assert new["railroads"]["red"]["track"] == ["10,14"] and money(new) == money(state)


def test_only_the_owner_of_the_acting_share_may_build():
    state = build_turn(railroad(table(), "red", treasury=20, shares=[0, 2], track=[MADRID]), "red")
    for seat in (1, 2):
        with pytest.raises(IllegalMove) as err:
            engine.decide(state, seat, build([10, 16]), None)
        assert err.value.code == "not_your_turn"
        assert engine.legal_moves(state, seat) == []
    refused(state, {"type": "buy", "railroad": "red"}, "not_now")
    refused(state, {"type": "pass"}, "not_now")


# --- costs ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("target, terrain, cost", [
    ([10, 16], "easy", 4), ([11, 13], "difficult", 8), (CUENCA, "urban", 4), (ZARAGOZA, "major_city", 4)])
def test_build_costs_come_from_the_treasury_and_go_to_the_bank(target, terrain, cost):
    # Red's track runs from Madrid to beside Cuenca and Zaragoza; seat 1's Share acts next
    state = railroad(table(cash=[7, 8, 9]), "red", treasury=30, shares=[0, 1],
                     track=[MADRID, [12, 14], [14, 10]])
    state = build_turn(state, "red")
    assert bd.terrain(bd.key(target)) == terrain
    new, events = play(state, 0, build(target))
    built = events[0]
    assert built == {"type": "built", "railroad": "red", "seat": 0, "share": 0, "hex": target,
                     "terrain": terrain, "build_cost": cost, "lease": [], "cost": cost}
    rr = new["railroads"]["red"]
    assert rr["track"][-1] == bd.key(target) and rr["locomotives"] == 18
    assert new["board"][bd.key(target)] == ["red"]
    assert rr["treasury"] == 30 - cost and new["cash"] == [7, 8, 9]
    assert money(new) == money(state) - cost  # paid to the bank
    assert engine.active(new) == [1]


def test_players_never_pay_for_track():
    state = build_turn(railroad(table(cash=[7, 8, 9]), "red", treasury=30, shares=[0, 1],
                                track=[MADRID]), "red")
    new, events = play(state, 0, build([11, 13]))
    assert new["cash"] == [7, 8, 9] and new["railroads"]["red"]["treasury"] == 22


def test_a_build_the_treasury_cannot_pay_is_refused():
    state = build_turn(railroad(table(), "red", treasury=7, shares=[0], track=[MADRID]), "red")
    refused(state, build([11, 13]), "cannot_afford")   # Difficult: ₱8
    play(state, 0, build([10, 16]))                     # Easy: ₱4
    assert (11, 13) not in legal_builds(state) and (10, 16) in legal_builds(state)


# --- occupancy and adjacency ---------------------------------------------------------------------

def occupied_table():
    state = railroad(table(), "red", treasury=40, shares=[0], track=[MADRID, [12, 14], [14, 10]])
    state = railroad(state, "orange", treasury=0, shares=[1],
                     track=[ZARAGOZA, CUENCA, [9, 15], [9, 13]])
    return build_turn(state, "red")


def test_easy_and_difficult_hexes_hold_one_locomotive_in_all():
    state = occupied_table()
    refused(state, build([9, 15]), "hex_full")   # Easy, Orange's
    refused(state, build([9, 13]), "hex_full")   # Difficult, Orange's
    refused(state, build([12, 14]), "hex_full")  # Difficult, Red's own
    offered = legal_builds(state)
    assert (9, 15) not in offered and (9, 13) not in offered and (12, 14) not in offered


def test_urban_and_major_city_hexes_hold_one_locomotive_per_railroad():
    state = occupied_table()
    new, _ = play(state, 0, build(CUENCA))
    assert new["board"][bd.key(CUENCA)] == ["orange", "red"]
    new, _ = play(state, 0, build(ZARAGOZA))
    assert new["board"][bd.key(ZARAGOZA)] == ["orange", "red"]
    assert (13, 15) in legal_builds(state) and (15, 9) in legal_builds(state)
    # but never twice for the same Railroad
    state["railroads"]["red"]["track"].append(bd.key(CUENCA))
    state["board"][bd.key(CUENCA)].append("red")
    refused(state, build(CUENCA), "hex_full")
    refused(state, build(MADRID), "hex_full")
    assert (13, 15) not in legal_builds(state) and (10, 14) not in legal_builds(state)


def test_a_hex_must_be_next_to_the_railroads_track_unless_leased():
    state = occupied_table()
    play(state, 0, build([10, 16]))      # next to Madrid
    play(state, 0, build([13, 13]))      # next to [12, 14]
    refused(state, build([10, 18]), "not_adjacent")
    refused(state, build([0, 0]), "no_such_hex")
    refused(state, build([10, 15]), "no_such_hex")  # col + row odd: between hexes
    adjacent = {tuple(bd.coords(n)) for h in state["railroads"]["red"]["track"] for n in bd.NEIGHBOURS[h]}
    offered = legal_builds(state)
    for h, paths in offered.items():
        assert (paths == [()]) == (h in adjacent)


# --- automatic skips ------------------------------------------------------------------------------

def test_a_railroad_out_of_locomotives_is_skipped_with_the_reason():
    state = railroad(table(), "red", treasury=40, shares=[0, 1], track=[MADRID], locomotives=0)
    state, events = advance(between(state, 1))
    skipped = of_type(events, "build_skipped")
    assert skipped == [{"type": "build_skipped", "railroad": "red", "seat": 0, "share": 0,
                        "reason": "no_locomotives"},
                       {"type": "build_skipped", "railroad": "red", "seat": 1, "share": 1,
                        "reason": "no_locomotives"}]


def test_a_railroad_that_can_afford_nothing_is_skipped_with_the_reason():
    state = railroad(table(), "red", treasury=3, shares=[2], track=[MADRID])
    _, events = advance(between(state, 1))
    assert of_type(events, "build_skipped")[0]["reason"] == "cannot_afford"
    state["railroads"]["red"]["treasury"] = 4  # now the Easy hexes beside Madrid are affordable
    state, events = advance(between(state, 1))
    assert not of_type(events, "build_skipped") and engine.active(state) == [2]
    assert set(legal_builds(state)) == {(10, 16), (9, 15)}


def test_a_railroad_with_nowhere_to_build_is_skipped_with_the_reason():
    # Red sits in every city; every Easy and Difficult hex holds another Railroad's Locomotive
    state = table()
    cities = [bd.coords(h) for h in bd.ORDER if bd.terrain(h) in ("urban", "major_city")]
    railroad(state, "red", treasury=80, shares=[0], track=cities, locomotives=5)
    rest = [bd.coords(h) for h in bd.ORDER if bd.terrain(h) in ("easy", "difficult")]
    railroad(state, "orange", shares=[1], track=rest[:120], locomotives=0)
    railroad(state, "purple", shares=[1], track=rest[120:], locomotives=0)
    _, events = advance(between(state, 1))
    reasons = {(e["railroad"], e["reason"]) for e in of_type(events, "build_skipped")}
    assert reasons == {("red", "nowhere_to_build"), ("orange", "no_locomotives"),
                       ("purple", "no_locomotives")}
    # free one Easy hex: leasing through the others reaches it
    state["board"].pop(bd.key(rest[-1]))
    state["railroads"]["purple"]["track"].pop()
    after, events = advance(between(state, 1))
    assert engine.active(after) == [0]
    assert list(legal_builds(after)) == [tuple(rest[-1])]
