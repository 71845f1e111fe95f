"""Final Score: the rules' example, both ladders, full sets first, Mirrors, the tie-break; the
Mirror assignment against an exhaustive search."""
from collections import Counter
from itertools import combinations_with_replacement

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from engines.trinket_trove import cards as tc
from engines.trinket_trove.engine import final_result
from engines.trinket_trove.scoring import score_hand

from .helpers import table


def hand(**counts):
    """Card ids for a hand given as trinket=count."""
    out = []
    for name, n in counts.items():
        out += [c for c in tc.DECK if tc.trinket(c) == name.capitalize()][:n]
    assert Counter(tc.trinket(c) for c in out) == Counter({k.capitalize(): v for k, v in counts.items()})
    return out


def sets_of(scored):
    return [(s["trinket"], s["cards"], s["mirrors"], s["points"]) for s in scored["sets"]]


@pytest.mark.parametrize("ladders", ["online", "printed"])
def test_the_scoring_example(ladders):
    """4 Feathers 50, a full set of Thimbles 35, the 3rd Thimble 5, the Mirror as a 4th Crayon 80:
    170 (the printed book says 4 Crayons are "worth 90", 180, against its own table)."""
    scored = score_hand(hand(feather=4, thimble=3, crayon=3, mirror=1), ladders)
    assert scored["points"] == 170
    assert sets_of(scored) == [("Feather", 4, 0, 50), ("Crayon", 4, 1, 80),
                               ("Thimble", 2, 0, 35), ("Thimble", 1, 0, 5)]
    assert scored["mirrors_unused"] == 0


@pytest.mark.parametrize("counts, online, printed", [
    ({"feather": 5}, 80, 90), ({"key": 2}, 30, 20), ({"gear": 3}, 55, 65),
    ({"feather": 4, "mirror": 1}, 80, 90), ({"gear": 2, "mirror": 1}, 55, 65),
])
def test_the_disputed_ladder_entries(counts, online, printed):
    assert score_hand(hand(**counts), "online")["points"] == online
    assert score_hand(hand(**counts), "printed")["points"] == printed


def test_a_full_set_is_completed_before_a_second_set_starts():
    scored = score_hand(hand(crayon=8), "online")
    assert sets_of(scored) == [("Crayon", 6, 0, 120), ("Crayon", 2, 0, 10)]  # never 4 + 4 = 160
    assert scored["points"] == 130
    assert score_hand(hand(lure=14), "online")["points"] == 350


def test_several_mirrors_may_join_one_set():
    scored = score_hand(hand(crayon=1, mirror=3), "online")
    assert sets_of(scored) == [("Crayon", 4, 3, 80)]


def test_a_set_never_grows_past_its_full_size():
    scored = score_hand(hand(thimble=1, mirror=3), "online")
    assert sets_of(scored) == [("Thimble", 2, 1, 35), ("Thimble", 2, 2, 35)]
    assert all(s["cards"] <= tc.TRINKETS[s["trinket"]] for s in scored["sets"])


def test_mirrors_alone_score_nothing():
    scored = score_hand(hand(mirror=4), "online")
    assert scored == {"points": 0, "sets": [], "mirrors_unused": 4}


def test_a_mirror_that_would_lower_the_score_is_left_out():
    scored = score_hand(hand(crayon=1, mirror=1), "online")  # 2 Crayons: 10 < 20
    assert scored["points"] == 20 and scored["mirrors_unused"] == 1
    scored = score_hand(hand(crayon=1, key=1, mirror=1), "online")  # 2 Keys: +20
    assert scored["points"] == 50 and sets_of(scored)[1] == ("Key", 2, 1, 30)


def test_ties_go_to_the_seat_closest_to_first_in_the_final_turn_order():
    order = [2, 0, 1]  # Templeton First, then Wander, then Brisby
    state = table(3, order=order, phase="over",
                  hands={0: ["Bell", "Bell"], 1: ["Thimble", "Thimble"], 2: ["Key", "Shell"]})
    result = final_result(state)
    assert result["scores"] == [30, 35, 20] and result["tiebreak"] == "points"
    assert [(r["seat"], r["rank"], r["points"]) for r in result["ranking"]] == [(1, 1, 35), (0, 2, 30), (2, 3, 20)]
    tied = table(3, order=order, phase="over",
                 hands={0: ["Bell", "Bell"], 1: ["Gear", "Gear"], 2: ["Bell", "Bell"]})
    result = final_result(tied)
    assert result["scores"] == [30, 20, 30] and result["tiebreak"] == "turn_order"
    assert [(r["seat"], r["rank"], r["turn_order"]) for r in result["ranking"]] == [(2, 1, 1), (0, 2, 2), (1, 3, 3)]
    assert result["ranking"][0]["character"] == "Templeton"
    tied["order"] = [0, 1, 2]  # the same hands with Wander First: Wander wins
    assert [r["seat"] for r in final_result(tied)["ranking"]] == [0, 2, 1]


def test_the_result_lists_each_seats_scored_sets():
    state = table(2, order=[1, "nimbus", 0], phase="over",
                  hands={0: ["Feather"] * 4 + ["Thimble"] * 3 + ["Crayon"] * 3 + ["Mirror"], 1: ["Bell"]})
    result = final_result(state)
    first, second = result["ranking"]
    assert (first["seat"], first["points"], second["points"]) == (0, 170, 10)
    assert sum(s["points"] for s in first["sets"]) == 170 and first["mirrors_unused"] == 0
    assert second["sets"] == [{"trinket": "Bell", "cards": 1, "mirrors": 0, "points": 10}]


# --- the Mirror assignment against an exhaustive search -------------------------------------------

def exhaustive(counts: dict, mirrors: int, ladders: str) -> int:
    """Try every way to give each Mirror to a held trinket or to none (Mirrors are alike, so
    every multiset of targets), scoring sets by filling full sets one card at a time."""
    def points(name, n):
        total, ladder, full = 0, tc.LADDERS[ladders][name], tc.TRINKETS[name]
        while n > 0:
            size = min(n, full)
            total += ladder[size - 1]
            n -= size
        return total

    # gain[t][k]: what k Mirrors add to trinket t
    gain = {t: [points(t, n + k) - points(t, n) for k in range(mirrors + 1)] for t, n in counts.items()}
    best = 0
    for targets in combinations_with_replacement([None] + sorted(counts), mirrors):
        given = {}
        for t in targets:
            if t is not None:
                given[t] = given.get(t, 0) + 1
        best = max(best, sum(gain[t][k] for t, k in given.items()))
    return sum(points(t, n) for t, n in counts.items()) + best


HANDS = st.fixed_dictionaries({}, optional={
    name: st.integers(1, 2 * value) for name, value in tc.TRINKETS.items()})


@settings(max_examples=2500, deadline=None)
@example(counts={"Crayon": 1}, mirrors=1, ladders="online")       # a Mirror best left out
@example(counts={"Crayon": 1, "Key": 1}, mirrors=4, ladders="online")
@example(counts={"Thimble": 1}, mirrors=4, ladders="online")      # Mirrors make second sets
@example(counts={"Crayon": 12, "Lure": 13}, mirrors=4, ladders="printed")
@example(counts={}, mirrors=4, ladders="online")
@given(counts=HANDS, mirrors=st.integers(0, 4), ladders=st.sampled_from(sorted(tc.LADDERS)))
def test_the_mirror_assignment_equals_an_exhaustive_search(counts, mirrors, ladders):
    cards = hand(**{name.lower(): n for name, n in counts.items()}, mirror=mirrors)
    scored = score_hand(cards, ladders)
    assert scored["points"] == exhaustive(counts, mirrors, ladders)
    # and the sets shown add up: every real card once, Mirrors used or unused, no set too big
    assert sum(s["points"] for s in scored["sets"]) == scored["points"]
    used = Counter()
    for s in scored["sets"]:
        assert 1 <= s["cards"] <= tc.TRINKETS[s["trinket"]] and 0 <= s["mirrors"] <= s["cards"]
        assert s["points"] == tc.LADDERS[ladders][s["trinket"]][s["cards"] - 1]
        used[s["trinket"]] += s["cards"] - s["mirrors"]
    assert dict(used) == counts
    assert sum(s["mirrors"] for s in scored["sets"]) + scored["mirrors_unused"] == mirrors
