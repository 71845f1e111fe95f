"""The Obelisk and the dice; Your turn (Scribes, Anubis, the scales)."""
import pytest

from engines.core import IllegalMove
from engines.tekhenu import data as D
from tests.rules.tekhenu.helpers import E, put, run, section_of, table

# The page's light table, verbatim.
PAGE_LIGHT_TABLE = {
    "sunny": {"white": "pure", "yellow": "tainted", "black": "forbidden", "brown": "forbidden",
              "gray": "tainted"},
    "shaded": {"white": "tainted", "yellow": "pure", "black": "tainted", "brown": "pure",
               "gray": "tainted"},
    "dark": {"white": "forbidden", "yellow": "forbidden", "black": "pure", "brown": "tainted",
             "gray": "tainted"},
}
# with the wheel at 0: Horus is Sunny, Hathor Shaded, Thoth Dark
SECTION_IN = {"sunny": section_of("horus"), "shaded": section_of("hathor"),
              "dark": section_of("thoth")}


@pytest.mark.parametrize("light_,colour", [(lt, c) for lt in PAGE_LIGHT_TABLE for c in D.COLOURS])
def test_light_table(light_, colour):
    s = table()
    sec = SECTION_IN[light_]
    die = put(s, sec, colour, 3)
    move = {"type": "take", "die": die, "value": 3, "action": "produce"}
    if colour == "gray":   # gray produces nothing: use it through its god instead
        s["p"][0].update(papyrus=5, bread=5, granite=5)
        move["action"] = D.GODS[sec]
        move.update({"horus": {"mode": "god"}, "hathor": {"space": 0}}.get(move["action"], {}))
    expected = PAGE_LIGHT_TABLE[light_][colour]
    if expected == "forbidden":
        with pytest.raises(IllegalMove) as e:
            E.decide(s, 0, move, None)
        assert e.value.code == "forbidden_die"
        return
    new, _ = run(s, 0, move)
    assert [d["id"] for d in new["p"][0]["scales"][expected]] == [die]


def test_gray_always_tainted_and_nothing_forbidden_in_shade():
    for light_ in PAGE_LIGHT_TABLE:
        assert PAGE_LIGHT_TABLE[light_]["gray"] == "tainted"
        assert D.PURITY[light_]["gray"] == "tainted"
    assert "forbidden" not in D.PURITY["shaded"].values()


def test_one_scribe_changes_by_one_or_two_and_scribes_stack():
    s = table()
    die = put(s, section_of("hathor"), "yellow", 3)
    s["p"][0]["scribes"] = 1
    for value in (1, 2, 4, 5):
        new, _ = run(s, 0, {"type": "take", "die": die, "value": value, "action": "produce"})
        assert new["p"][0]["scribes"] == 0
        assert new["p"][0]["scales"]["pure"][0]["value"] == value
    with pytest.raises(IllegalMove) as e:
        E.decide(s, 0, {"type": "take", "die": die, "value": 6, "action": "produce"}, None)
    assert e.value.code == "not_enough_scribes"
    s["p"][0]["scribes"] = 2
    new, _ = run(s, 0, {"type": "take", "die": die, "value": 6, "action": "produce"})
    assert new["p"][0]["scribes"] == 0 and new["p"][0]["papyrus"] == 1   # 6 yellow, marker 1


def test_no_wrap():
    s = table()
    die = put(s, section_of("hathor"), "yellow", 6)
    s["p"][0]["scribes"] = 3
    with pytest.raises(IllegalMove):
        E.decide(s, 0, {"type": "take", "die": die, "value": 7, "action": "produce"}, None)
    with pytest.raises(IllegalMove):
        E.decide(s, 0, {"type": "take", "die": die, "value": 0, "action": "produce"}, None)


def test_anubis_takes_a_forbidden_die_for_any_action_and_sits_below_the_scales():
    s = table()
    die = put(s, section_of("horus"), "black", 4)   # Forbidden in the Sunny Horus section
    s["p"][0]["papyrus"] = 2
    move = {"type": "take", "die": die, "value": 4, "action": "bastet"}
    with pytest.raises(IllegalMove):
        E.decide(s, 0, move, None)
    s["p"][0]["scribes"] = 1
    with pytest.raises(IllegalMove) as e:
        E.decide(s, 0, dict(move, anubis=True), None)
    assert e.value.code == "not_enough_scribes"
    s["p"][0]["scribes"] = 2
    new, _ = run(s, 0, dict(move, anubis=True))
    p = new["p"][0]
    assert p["scales"]["anubis"] == [{"id": die, "value": 4}]
    assert p["scales"]["pure"] == p["scales"]["tainted"] == []
    assert p["happiness"] == 3  # 1 + 4, capped by Population 3
    assert p["scribes"] == 1    # 2 for Anubis, +1 for a Bastet 4


def test_without_anubis_only_the_sections_god_or_produce():
    s = table()
    die = put(s, section_of("hathor"), "yellow", 4)
    s["p"][0]["papyrus"] = 2
    with pytest.raises(IllegalMove) as e:
        E.decide(s, 0, {"type": "take", "die": die, "value": 4, "action": "bastet"}, None)
    assert e.value.code == "wrong_action"


def test_wheel_turns_after_every_second_round_and_dice_fill_the_shaded_sections():
    s = table()
    # round 1: both seats take a filler die
    s, _ = run(s, 0, {"type": "take", "die": s["sections"][5][0]["id"], "value": 1,
                      "action": "produce"})
    s, _ = run(s, 1, {"type": "take", "die": s["sections"][5][0]["id"], "value": 1,
                      "action": "produce"})
    assert s["round"] == 2 and s["wheel"] == 0
    before = [len(x) for x in s["sections"]]
    s, events = run(s, 0, {"type": "take", "die": s["sections"][5][0]["id"], "value": 1,
                           "action": "produce"})
    s, events = run(s, 1, {"type": "take", "die": s["sections"][5][0]["id"], "value": 1,
                           "action": "produce"})
    assert s["round"] == 3 and s["wheel"] == 1
    rolled = [ev["section"] for ev in events if ev["type"] == "dice_rolled"]
    shaded = [i for i in range(6) if D.LIGHT_PATTERN[(i + 1) % 6] == "shaded"]
    assert sorted(rolled) == shaded
    for ev in events:
        if ev["type"] == "dice_rolled":
            assert len(ev["dice"]) == 2   # one per player
    assert sum(len(x) for x in s["sections"]) == sum(before) - 2 + 4
