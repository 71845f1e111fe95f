"""Double-Cross: the first player to pass may snitch instead, taking its bid cards back into its
hand; only the first passer, and only one snitch a round (READINGS: once there is a snitch, every
later player must have bid at least one card to pass)."""
from engines.no_loose_ends import engine

from .helpers import DOUBLE_CROSS, PASS, bid, cards, legal, play, refused, table, types

DC = {"double_cross": True}


def planning(bids, turn=0, passed=None, pass_order=(), snitches=(), options=DC, players=3):
    return table(players, options=options, hands=["R1 R2 G3", "B5 B6 Y7", "Y1 Y2 G9 G10"][:players],
                 bids=bids, phase="planning", turn=turn, passed=passed or [False] * players,
                 pass_order=pass_order, snitches=snitches)


def test_the_first_passer_double_crosses_and_takes_the_bid_back_into_hand():
    state = planning(["R5 G6", "B1", ""])
    assert {"type": "double_cross"} in legal(state, 0)
    new, events = play(state, 0, DOUBLE_CROSS)
    assert events == [{"type": "double_crossed", "seat": 0, "cards": cards("R5 G6")}]
    assert new["bids"][0] == [] and sorted(new["hands"][0]) == sorted(cards("R1 R2 G3 R5 G6"))
    assert new["snitches"] == [0] and new["passed"] == [True, False, False]
    assert new["pass_order"] == [0] and new["turn"] == 1


def test_a_double_crosser_is_judged_as_a_snitch():
    # seat 0 double-crossed and wins nothing: +10, and seat 1's loose end costs -2
    state = table(2, options=DC, hands=["", ""], bids=["", "R3"], snitches=[0], won=[0, 1],
                  loose_ends=[[], ["Y1 Y2"]])
    from engines.no_loose_ends.scoring import round_lines
    lines = round_lines(state["bids"], state["loose_ends"], state["won"], state["snitches"], False)
    assert [ln["points"] for ln in lines] == [10, -4]


def test_only_the_first_player_to_pass_may_double_cross():
    state = planning(["R5", "B1", "G1"], turn=1, passed=[True, False, False], pass_order=[0])
    assert refused(state, 1, DOUBLE_CROSS) == "not_first_to_pass"
    assert {m["type"] for m in legal(state, 1)} == {"bid", "pass"}


def test_nothing_to_take_back_without_a_bid():
    state = planning(["", "B1", ""])
    assert refused(state, 0, DOUBLE_CROSS) == "no_bid_to_take_back"
    assert {m["type"] for m in legal(state, 0)} == {"bid", "pass"}  # passing is the snitch


def test_without_the_variant_there_is_no_double_cross():
    state = planning(["R5", "B1", ""], options={})
    assert refused(state, 0, DOUBLE_CROSS) == "variant_off"
    assert {m["type"] for m in legal(state, 0)} == {"bid", "pass"}


def test_only_one_snitch_a_round_later_players_must_bid_to_pass():
    state = planning(["R5", "", ""])
    new, _ = play(state, 0, DOUBLE_CROSS)
    assert refused(new, 1, PASS) == "must_bid"
    assert {m["type"] for m in legal(new, 1)} == {"bid"}
    new, _ = play(new, 1, bid("B5"))
    new, events = play(new, 2, bid("Y1"))
    new, events = play(new, 1, PASS)
    assert events[0]["snitch"] is False and new["snitches"] == [0]


def test_a_first_passer_who_snitched_by_passing_blocks_any_other_snitch():
    state = planning(["", "", "G1"])
    new, events = play(state, 0, PASS)
    assert events[0]["snitch"] and new["snitches"] == [0]
    assert refused(new, 1, PASS) == "must_bid"
    assert refused(new, 1, DOUBLE_CROSS) == "not_first_to_pass"


def test_without_the_variant_later_players_may_still_snitch():
    state = planning(["", "", "G1"], options={})
    new, _ = play(state, 0, PASS)
    new, events = play(new, 1, PASS)
    assert new["snitches"] == [0, 1]


def test_a_first_passer_at_the_maximum_is_asked_before_its_automatic_pass():
    # 2 players, Max Bid 6: seat 0 reaches six with nobody passed; on its next turn it is asked
    state = planning(["G1 G2 G4 G5 G6", "B1"], players=2)
    new, events = play(state, 0, bid("R1"))
    new, events = play(new, 1, bid("B5"))
    assert types(events) == ["bid"] and new["turn"] == 0  # no automatic pass
    assert sorted(m["type"] for m in legal(new, 0)) == ["double_cross", "pass"]
    crossed, events = play(new, 0, DOUBLE_CROSS)
    assert len(crossed["hands"][0]) == 2 + 6 and crossed["snitches"] == [0]


def test_once_someone_has_passed_a_player_at_the_maximum_passes_automatically():
    state = planning(["G1 G2 G4 G5 G6", "B1"], players=2)
    new, _ = play(state, 0, bid("R1"))
    new, events = play(new, 1, PASS)
    assert types(events) == ["passed", "passed", "planning_ended"]
    assert events[1]["automatic"] and events[2]["leader"] == 0
    assert engine.active(new) == [0] and new["phase"] == "tricks"
