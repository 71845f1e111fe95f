"""The colour Helper (rules page, implementation notes): one of the two Helpers that wait for the
die, used while choosing it; the die then counts as another colour, so its Resources are of that
colour. It frees its Storehouse space at once, and leaves the game."""
import pytest

from engines.core import IllegalMove
from engines.tiletum import data as D
from tests.rules.tiletum.helpers import dice, give, legal, play, res, table, take, tile_of, turn, value_of


def ready(helper=True, others=0):
    s = table(layout="printed")
    h = tile_of("colour_helper")
    if helper:
        give(s, 0, h)
    for c in sorted(D.CHARACTERS)[:others]:
        give(s, 0, c)
    v = value_of(s, "architect")
    turn(dice(res(s, 0), ("blue", v)), 0)
    return s, h, v


def test_the_die_gives_resources_of_the_colour_the_helper_names():
    s, h, v = ready()
    new, events = play(s, 0, take("blue", v, helper=h, recolour="yellow"))
    b = new["boards"][0]
    assert b["res"]["gold"] == v and b["res"]["iron"] == 0
    assert new["turn"]["ap"] == 7 - v  # the Action is the segment's, as without it
    assert h not in b["store"] and h in new["out"]


def test_it_is_offered_alongside_each_die_and_only_for_another_colour():
    s, h, v = ready()
    moves = legal(s, 0)
    named = {m["recolour"] for m in moves if m["type"] == "take_die" and m["helper"] == h
             and m["to"] == v and not m["bonus"]}
    assert named == set(D.COLOUR_IDS) - {"blue"}
    with pytest.raises(IllegalMove) as e:
        play(s, 0, take("blue", v, helper=h, recolour="blue"))
    assert e.value.code == "same_colour"


def test_it_frees_its_storehouse_space_for_the_bonus_tile():
    s, h, v = ready(others=3)
    with pytest.raises(IllegalMove) as e:
        play(s, 0, take("blue", v, bonus=True))
    assert e.value.code == "storehouse_full"
    new, _ = play(s, 0, take("blue", v, bonus=True, helper=h, recolour="pink"))
    assert s["action_tiles"]["architect"] in new["boards"][0]["store"]
    assert new["boards"][0]["res"]["food"] == v


def test_it_is_not_a_helper_you_use_on_its_own_and_needs_both_fields():
    s, h, v = ready()
    with pytest.raises(IllegalMove) as e:
        play(s, 0, {"type": "helper", "tile": h})
    assert e.value.code == "colour_helper"
    with pytest.raises(IllegalMove) as e:
        play(s, 0, take("blue", v, helper=h))
    assert e.value.code == "colour_helper"
    s2, _, _ = ready(helper=False)
    with pytest.raises(IllegalMove) as e:
        play(s2, 0, take("blue", v, helper=h, recolour="pink"))
    assert e.value.code == "not_in_storehouse"
