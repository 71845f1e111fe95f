"""The 112-card deck and the scoring ladders as data."""
from collections import Counter

from engines.trinket_trove import cards as tc


def test_the_deck_holds_two_full_sets_of_each_trinket_and_four_mirrors():
    counts = Counter(tc.trinket(c) for c in tc.DECK)
    assert len(tc.DECK) == len(set(tc.DECK)) == 112
    assert counts.pop("Mirror") == 4
    assert len(counts) == 12
    assert all(counts[name] == 2 * value for name, value in tc.TRINKETS.items())


def test_values_are_the_full_set_sizes_and_mirrors_bid_eight():
    assert tc.value("mirror-1") == 8 == max(tc.value(c) for c in tc.DECK)
    assert {tc.trinket(c): tc.value(c) for c in tc.DECK if tc.trinket(c) != "Mirror"} == tc.TRINKETS
    for ladders in tc.LADDERS.values():
        assert set(ladders) == set(tc.TRINKETS)
        assert all(len(ladders[name]) == value for name, value in tc.TRINKETS.items())


def test_the_ladders_differ_exactly_at_the_three_disputed_entries():
    differ = {(name, size + 1): (tc.LADDERS["printed"][name][size], online[size])
              for name, online in tc.LADDERS["online"].items()
              for size in range(len(online)) if online[size] != tc.LADDERS["printed"][name][size]}
    # trinket-trove-differences.md: printed value, online value
    assert differ == {("Feather", 5): (90, 80), ("Key", 2): (20, 30), ("Gear", 3): (65, 55)}


def test_ladder_entries_the_rules_read_out():
    online = tc.LADDERS["online"]
    assert online["Marble"][2 - 1] == 10          # "A set of 2 Marbles, for example, would score 10"
    assert online["Feather"][4 - 1] == 50         # the scoring example's 4 Feathers
    assert online["Thimble"] == [5, 35]
    assert online["Crayon"][:4] == [20, 10, 0, 80]  # "rather than the 0 points" for 3 Crayons


def test_character_tiles():
    assert len(tc.CHARACTERS) == 7 and tc.NIMBUS not in tc.CHARACTERS
    assert {"Wander", "Brisby", "Templeton", "Gouda", "Patches", "Penfold", "Bernard"} == set(tc.CHARACTERS)


def test_table_sizes_by_collectors():
    assert [tc.timer_deck_size(n) for n in range(3, 7)] == [6, 6, 10, 10]
    assert [tc.rounds(n) for n in range(3, 7)] == [6, 6, 5, 5]
    # the timer deck lasts exactly the rounds
    assert all(tc.timer_deck_size(n) == tc.rounds(n) * tc.timer_cards_per_round(n) for n in range(3, 7))
