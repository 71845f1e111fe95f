"""Leasing: shortest paths through other Railroads' Easy and Difficult hexes, the builder's choice
among equally short paths, and the fees paid to each owner."""
import pytest

from engines.core import IllegalMove
from engines.iberian_gauge import board as bd
from engines.iberian_gauge import engine

from .helpers import (CUENCA, MADRID, SEVILLE, VALENCIA, ZARAGOZA, build, build_turn,
                      legal_builds, money, play, railroad, table)

TARGET = [11, 17]       # Difficult, two hexes from Madrid
VIA_EASY = [10, 16]     # Orange's, Easy: lease ₱2
VIA_HARD = [11, 15]     # Purple's, Difficult: lease ₱4
DETOUR = [9, 15]        # Yellow's, Easy, also next to Madrid


def two_paths(treasury=40):
    """Red in Madrid; the target is reached through Orange's Easy hex or Purple's Difficult one."""
    state = railroad(table(), "red", treasury=treasury, shares=[0, 1], track=[MADRID])
    state = railroad(state, "orange", treasury=5, shares=[1], track=[ZARAGOZA, VIA_EASY])
    state = railroad(state, "purple", treasury=6, shares=[2], track=[VALENCIA, VIA_HARD])
    state = railroad(state, "yellow", treasury=7, shares=[2], track=[SEVILLE, DETOUR])
    return build_turn(state, "red")


def refused(state, move, code):
    with pytest.raises(IllegalMove) as err:
        engine.decide(state, state["turn"], move, None)
    assert err.value.code == code, err.value.reason
    assert err.value.reason


def test_two_equally_short_paths_are_both_offered_for_the_builder_to_choose():
    state = two_paths()
    assert not bd.touches(bd.key(TARGET), {bd.key(MADRID)})
    assert legal_builds(state)[tuple(TARGET)] == [(tuple(VIA_EASY),), (tuple(VIA_HARD),)]
    option = [o for o in engine.legal_moves(state, 0) if o["move"].get("hex") == TARGET
              if o["move"]["type"] == "build"][0]
    assert option["move"] == {"type": "build", "hex": TARGET}
    assert sorted(option["choose"]["lease"]["one_of"]) == [[VIA_EASY], [VIA_HARD]]


def test_the_chosen_path_decides_the_cost_and_who_is_paid():
    state = two_paths()
    easy, events = play(state, 0, build(TARGET, [VIA_EASY]))
    assert events[0]["lease"] == [{"hex": VIA_EASY, "railroad": "orange", "fee": 2}]
    assert events[0]["build_cost"] == 8 and events[0]["cost"] == 10
    assert easy["railroads"]["red"]["treasury"] == 30
    assert easy["railroads"]["orange"]["treasury"] == 7 and easy["railroads"]["purple"]["treasury"] == 6

    hard, events = play(state, 0, build(TARGET, [VIA_HARD]))
    assert events[0]["lease"] == [{"hex": VIA_HARD, "railroad": "purple", "fee": 4}]
    assert events[0]["cost"] == 12
    assert hard["railroads"]["red"]["treasury"] == 28
    assert hard["railroads"]["orange"]["treasury"] == 5 and hard["railroads"]["purple"]["treasury"] == 10
    # only the build cost leaves the table; the lease fee changes hands
    assert money(easy) == money(state) - 8 == money(hard)
    # the leased hexes stay their owners'; the Locomotive goes on the target only
    assert easy["board"][bd.key(VIA_EASY)] == ["orange"] and easy["board"][bd.key(TARGET)] == ["red"]


def test_a_path_the_treasury_cannot_pay_is_not_offered_while_the_cheaper_one_is():
    state = two_paths(treasury=10)
    assert legal_builds(state)[tuple(TARGET)] == [(tuple(VIA_EASY),)]
    play(state, 0, build(TARGET, [VIA_EASY]))
    refused(state, build(TARGET, [VIA_HARD]), "cannot_afford")


def test_a_longer_path_is_refused():
    state = two_paths()
    assert bd.adjacent(bd.key(DETOUR), bd.key(VIA_EASY))
    refused(state, build(TARGET, [DETOUR, VIA_EASY]), "lease_not_shortest")


def test_no_lease_when_the_hex_is_next_to_the_track():
    state = two_paths()
    refused(state, build([11, 13], [VIA_HARD]), "lease_not_needed")
    assert legal_builds(state)[(11, 13)] == [()]


def test_a_lease_must_run_unbroken_from_the_track_to_the_hex():
    state = two_paths()
    refused(state, build([9, 17], [VIA_HARD]), "lease_not_connected")       # not next to [9, 17]
    refused(state, build(TARGET, [VIA_EASY, VIA_EASY]), "lease_not_connected")
    refused(state, build([10, 20], [VIA_EASY]), "lease_not_connected")
    refused(state, build(TARGET, [[10, 18]]), "lease_empty_hex")          # empty terrain
    refused(state, build(TARGET, [[12, 22]]), "lease_empty_hex")
    refused(state, build(TARGET, [[0, 0]]), "no_such_hex")
    refused(state, build(TARGET, "10,16"), "bad_move")
    refused(state, build(TARGET, [[10]]), "bad_move")


def test_a_lease_reaches_every_hex_next_to_the_leased_track():
    state = two_paths()
    offered = legal_builds(state)
    leased = {h: p for h, p in offered.items() if p != [()]}
    # one leased hex: every empty hex next to Orange's, Purple's or Yellow's hex near Madrid
    around = {tuple(bd.coords(n)) for via in (VIA_EASY, VIA_HARD, DETOUR)
              for n in bd.NEIGHBOURS[bd.key(via)]}
    near = {tuple(bd.coords(n)) for n in bd.NEIGHBOURS[bd.key(MADRID)]} | {tuple(MADRID)}
    assert set(leased) == around - near
    assert all(len(p) == 1 for paths in leased.values() for p in paths)


def city_wall():
    """Red beside Orange's track, which runs through the Urban hex Cuenca."""
    state = railroad(table(), "red", treasury=40, shares=[0, 1], track=[VALENCIA, [11, 15]])
    state = railroad(state, "orange", treasury=0, shares=[2], track=[ZARAGOZA, [12, 14], CUENCA, [14, 14]])
    return build_turn(state, "red")


def test_a_lease_never_passes_through_an_urban_hex_or_a_major_city():
    state = city_wall()
    refused(state, build([15, 15], [[12, 14], CUENCA, [14, 14]]), "lease_through_city")
    assert (15, 15) not in legal_builds(state)  # Orange's [14, 14] is cut off behind Cuenca
    refused(state, build([15, 15], [[12, 14], [13, 13], [14, 14]]), "lease_empty_hex")


def test_a_lease_routes_around_a_city():
    state = city_wall()
    state = railroad(state, "purple", treasury=0, shares=[2], track=[SEVILLE, [13, 13]])
    assert legal_builds(state)[(15, 15)] == [((12, 14), (13, 13), (14, 14))]
    new, events = play(state, 0, build([15, 15], [[12, 14], [13, 13], [14, 14]]))
    assert [(f["railroad"], f["fee"]) for f in events[0]["lease"]] == [
        ("orange", 4), ("purple", 4), ("orange", 4)]
    assert events[0]["cost"] == 8 + 12
    assert new["railroads"]["orange"]["treasury"] == 8 and new["railroads"]["purple"]["treasury"] == 4
    assert new["railroads"]["red"]["treasury"] == 20


def test_a_lease_does_not_run_through_the_railroads_own_track_or_its_own_city():
    state = city_wall()
    state["railroads"]["red"]["track"].append(bd.key(CUENCA))
    state["board"][bd.key(CUENCA)].append("red")
    # Red now sits in Cuenca: Orange's [14, 14] is next to its track, and [15, 15] one lease away
    refused(state, build([15, 15], [[12, 14], CUENCA, [14, 14]]), "lease_own_track")
    refused(state, build([15, 15], [[11, 15], [12, 14]]), "lease_own_track")
    assert legal_builds(state)[(15, 15)] == [((14, 14),)]
    play(state, 0, build([15, 15], [[14, 14]]))


def test_the_leased_target_needs_room_too():
    state = two_paths()
    state = railroad(state, "light_blue", shares=[2], track=[[5, 31], TARGET])
    refused(state, build(TARGET, [VIA_EASY]), "hex_full")
    assert tuple(TARGET) not in legal_builds(state)


def test_two_leased_hexes_of_one_owner_both_pay_it():
    state = railroad(table(), "red", treasury=40, shares=[0, 1], track=[MADRID])
    state = railroad(state, "orange", treasury=0, shares=[2], track=[ZARAGOZA, [10, 16], [10, 18]])
    state = build_turn(state, "red")
    assert legal_builds(state)[(10, 20)] == [((10, 16), (10, 18))]
    new, events = play(state, 0, build([10, 20], [[10, 16], [10, 18]]))
    assert [f["fee"] for f in events[0]["lease"]] == [2, 4]  # Easy, then Difficult
    assert new["railroads"]["orange"]["treasury"] == 6 and events[0]["cost"] == 8 + 6
