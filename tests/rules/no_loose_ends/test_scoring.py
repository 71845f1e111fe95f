"""Phase 3, Scoring: +2 per covered bid, -1 per loose end, +5 Perfect Crime; snitching; the
Simplified Scoring table; the end of the game and its tie-breaker."""
import pytest

from engines.no_loose_ends import engine
from engines.no_loose_ends.scoring import round_lines, simplified_points

from .helpers import bid_entry, cards, play, play_card, table


def seat(bids="", covered=0, extra=0, won=None):
    """A seat's round: `bids` bid cards of which the first `covered` are covered, and `extra`
    loose-end tricks. Cards are fake but distinct; scoring reads only the counts."""
    entries = [bid_entry(x, cover=["c"] if i < covered else None)
               for i, x in enumerate(cards(bids))]
    tricks = [["t"]] * extra
    return entries, tricks, covered + extra if won is None else won


def score(*seats, snitches=(), simplified=False):
    bids, loose, won = zip(*seats)
    return round_lines(list(bids), list(loose), list(won), list(snitches), simplified)


def points(*seats, **kw):
    return [ln["points"] for ln in score(*seats, **kw)]


# --- Normal Scoring -----------------------------------------------------------------------------

def test_plus_two_per_covered_bid_and_perfect_crime():
    line = score(seat("R1 R2 R3", covered=3))[0]
    assert line["perfect_crime"] and line["points"] == 3 * 2 + 5


def test_minus_one_per_uncovered_bid():
    line = score(seat("R1 R2 R3", covered=2))[0]
    assert (line["covered"], line["uncovered"], line["loose_ends"]) == (2, 1, 1)
    assert not line["perfect_crime"] and line["points"] == 4 - 1


def test_minus_one_per_extra_trick_and_no_perfect_crime():
    line = score(seat("R1 R2", covered=2, extra=2))[0]
    assert line["extra_tricks"] == 2 and line["loose_ends"] == 2
    assert not line["perfect_crime"] and line["points"] == 4 - 2


def test_loose_ends_add_up_uncovered_bids_and_extra_tricks():
    line = score(seat("R1 R2 R3 R4", covered=1, extra=2))[0]
    assert line["loose_ends"] == 3 + 2 and line["points"] == 2 - 5


# --- Snitching ----------------------------------------------------------------------------------

def test_a_successful_snitch_scores_ten_and_changes_everyone_elses_round():
    lines = score(seat(""), seat("R1 R2", covered=2), seat("G1 G2", covered=1, extra=1),
                  snitches=[0])
    assert lines[0]["snitch"] == "succeeded" and lines[0]["points"] == 10
    # no Perfect Crime this round, although seat 1 covered all and won nothing extra
    assert not lines[1]["perfect_crime"] and lines[1]["points"] == 4
    # loose ends cost -2: one uncovered bid and one extra trick
    assert lines[2]["points"] == 2 - 2 * 2


def test_a_failed_snitch_has_loose_ends_and_everyone_scores_normally():
    lines = score(seat("", extra=2), seat("R1 R2", covered=2), seat("G1 G2", covered=1, extra=1),
                  snitches=[0])
    assert lines[0]["snitch"] == "failed" and lines[0]["points"] == -2
    assert lines[1]["perfect_crime"] and lines[1]["points"] == 4 + 5
    assert lines[2]["points"] == 2 - 2


def test_two_snitches_are_judged_alone_and_a_failed_one_pays_double():
    # READINGS: one succeeds, so every other player's loose end costs -2, failed snitches included
    lines = score(seat(""), seat("", extra=1), seat("R1", covered=1), snitches=[0, 1])
    assert [ln["snitch"] for ln in lines] == ["succeeded", "failed", None]
    assert [ln["points"] for ln in lines] == [10, -2, 2]


def test_two_successful_snitches_score_ten_each():
    assert points(seat(""), seat(""), seat("R1 R2", covered=1, extra=1), snitches=[0, 1]) == \
        [10, 10, 2 - 4]


def test_a_snitch_played_through_to_the_end_of_the_round():
    # seat 0 snitched and wins nothing; seat 1 wins the last trick with R5 covering R9
    state = table(2, hands=["", "R5"], bids=["", "R9 Y9"], snitches=[0], trick=[(0, "R1")],
                  turn=1, won=[0, 2], loose_ends=[[], ["G1 G2"]])
    new, events = play(state, 1, play_card("R5"))
    scored = next(ev for ev in events if ev["type"] == "round_scored")
    # seat 1: +2 for R9, -2 for the uncovered Y9, -2 for the extra trick
    assert scored["points"] == [10, 2 - 2 - 2] and new["scores"] == [15, 3]


# --- Simplified Scoring -------------------------------------------------------------------------

@pytest.mark.parametrize("loose, pts", [(0, 4), (1, 2), (2, -2), (3, -3), (5, -5)])
def test_the_simplified_table(loose, pts):
    assert simplified_points(loose) == pts


def test_simplified_scoring_replaces_covered_points_and_perfect_crime():
    lines = score(seat("R1 R2 R3", covered=3), seat("G1 G2", covered=1),
                  seat("Y1 Y2", covered=0, extra=1), simplified=True)
    assert [ln["points"] for ln in lines] == [4, 2, -3]
    assert not any(ln["perfect_crime"] for ln in lines)


def test_simplified_with_a_successful_snitch_only_the_per_loose_end_row_doubles():
    # READINGS: the snitch's +10 stands (and is all it scores); 0 and 1 loose ends keep +4 and +2
    lines = score(seat(""), seat("R1", covered=1), seat("G1 G2", covered=1),
                  seat("Y1 Y2", extra=1), snitches=[0], simplified=True)
    assert [ln["points"] for ln in lines] == [10, 4, 2, -2 * 3]


def test_simplified_with_a_failed_snitch():
    assert points(seat("", extra=1), seat("R1 R2"), snitches=[0], simplified=True) == [2, -2]


# --- End of game --------------------------------------------------------------------------------

def finished(totals, final_round):
    state = table(len(totals), hands=[""] * len(totals))
    state["phase"], state["scores"] = "over", list(totals)
    state["history"] = [{"round": r, "lines": [{"points": 0}] * len(totals)} for r in (1, 2)]
    state["history"].append({"round": 3, "lines": [{"points": p} for p in final_round]})
    return engine.result(state)


def test_most_points_wins():
    result = finished([12, 20, 7], [5, 0, 3])
    assert result["tiebreak"] == "points" and result["scores"] == [12, 20, 7]
    assert result["ranking"] == [
        {"seat": 1, "rank": 1, "points": 20, "final_round": 0},
        {"seat": 0, "rank": 2, "points": 12, "final_round": 5},
        {"seat": 2, "rank": 3, "points": 7, "final_round": 3}]
    assert result["rounds"] == [[0, 0, 0], [0, 0, 0], [5, 0, 3]]


def test_a_tie_goes_to_the_most_points_in_the_final_round():
    result = finished([15, 15, 9], [2, 6, 9])
    assert result["tiebreak"] == "final_round"
    assert [(r["seat"], r["rank"]) for r in result["ranking"]] == [(1, 1), (0, 2), (2, 3)]


def test_still_tied_they_share_the_victory():
    result = finished([15, 15, 9, 15], [4, 4, 9, 1])
    assert result["tiebreak"] == "shared"
    assert [(r["seat"], r["rank"]) for r in result["ranking"]] == [(0, 1), (1, 1), (3, 3), (2, 4)]


def test_no_result_while_the_game_runs():
    assert engine.result(table(2, hands=["R1", "R2"], turn=0)) is None
