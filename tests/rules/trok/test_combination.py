"""3. Combination: from the Trade Master clockwise, at most one combination of identical cards
(Aare) and at most one of different cards (Upgrades); Arcane Stones wild; each Vein makes one
Pickaxe wild; no card in two combinations; the perfect combination of eight."""
import pytest

from engines.core import expand, redact_event
from engines.trok import engine
from engines.trok.cards import sort_cards

from .helpers import (ROW, code, different, done, gains, identical, of_type, play,
                      presenting, take, trading)

REST = ["pickaxe", "ration", "gloves"]  # seat 1 has a choice: the round does not end at once


def solo(hand, upgrades=(), row=ROW, **kw):
    """Seat 0 presents first (Trade Master) at a table of two."""
    return presenting(2, hands=[list(hand), list(REST)], turn=0,
                      upgrades=[list(upgrades), []], row=row, **kw)


def aare_for(hand, move, upgrades=()):
    state, events = play(solo(hand, upgrades), 0, move)
    assert of_type(events, "identical_made")
    return gains(events, 0)


def test_the_order_runs_from_the_trade_master_clockwise():
    state = trading(offers=[[], ["hammer"], []], hands=[["pickaxe"] * 3] * 3, trade_master=1,
                    chooser=2, last_from=2)
    state, _ = play(state, 2, take(1, "hammer"))
    assert state["order"] == [1, 2, 0] and engine.active(state) == [1]


@pytest.mark.parametrize("hand, move, aare", [
    (["helmet"] * 3, identical("helmet", "helmet", "helmet", "helmet"), 6),
    (["helmet"] * 4, identical("helmet", *["helmet"] * 4), 9),
    (["ration"] * 5, identical("ration", *["ration"] * 5), 2 + 3 + 3),  # the rulebook's example
    (["pickaxe"] * 3, identical("pickaxe", *["pickaxe"] * 3), 1),
    (["hammer", "hammer", "arcane_stone"], identical("hammer", "hammer", "hammer", "arcane_stone"), 7),
    (["gloves", "arcane_stone", "arcane_stone"], identical("gloves", "gloves", "arcane_stone", "arcane_stone"), 3),
])
def test_identical_cards_earn_the_value_for_three_and_3_per_extra(hand, move, aare):
    assert aare_for(hand, move) == aare


@pytest.mark.parametrize("upgrades, cards, as_, aare", [
    (["aegur"], ["helmet"] * 5, "helmet", 6 + 5 + 5),
    (["aegur"], ["helmet"] * 3, "helmet", 6),
    (["dagda"], ["ration"] * 3, "ration", 7),
    (["dagda"], ["lantern"] * 4, "lantern", 7 + 3),
    (["dagda"], ["armor"] * 3, "armor", 5),          # red is not green
    (["kraal"], ["armor"] * 3, "armor", 10),
    (["kraal"], ["hammer"] * 3, "hammer", 10),
    (["kraal"], ["gloves"] * 3, "gloves", 3),        # green is not red
    (["kraal", "aegur"], ["hammer"] * 4, "hammer", 10 + 5),
    (["dagda"], ["pickaxe"] * 3, "pickaxe", 1),       # a pickaxe has no colour
])
def test_aegur_dagda_and_kraal(upgrades, cards, as_, aare):
    assert aare_for(cards, identical(as_, *cards), upgrades) == aare


def test_identical_cards_must_be_identical():
    state = solo(["helmet", "helmet", "hammer", "arcane_stone"])
    assert code(state, 0, identical("helmet", "helmet", "helmet", "hammer")) == "not_identical"
    assert code(state, 0, identical("hammer", "helmet", "helmet", "arcane_stone")) == "not_identical"
    assert code(state, 0, identical("helmet", "helmet", "helmet")) == "not_identical"  # two only
    assert code(state, 0, identical("helmet", "helmet", "helmet", "helmet")) == "not_in_hand"


def test_a_vein_turns_one_pickaxe_into_a_wild():
    hand = ["hammer", "hammer", "pickaxe", "pickaxe"]
    move = identical("hammer", "hammer", "hammer", "pickaxe")
    assert code(solo(hand), 0, move) == "not_identical"
    assert aare_for(hand, move, ["vein"]) == 7
    four = identical("hammer", "hammer", "hammer", "pickaxe", "pickaxe")
    assert code(solo(hand, ["vein"]), 0, four) == "not_identical"  # one Pickaxe per Vein
    assert aare_for(hand, four, ["vein", "vein"]) == 7 + 3
    # all wild: the player names what they count as
    wild = ["arcane_stone", "arcane_stone", "pickaxe"]
    assert aare_for(wild, identical("hammer", *wild), ["vein"]) == 7
    assert aare_for(wild, identical("pickaxe", *wild)) == 1  # Pickaxes are Pickaxes without a Vein


def test_one_combination_of_each_kind_per_turn_and_no_card_in_two():
    hand = ["helmet"] * 3 + ["hammer"] * 3 + ["ration", "gloves"]
    state, _ = play(solo(hand), 0, identical("helmet", "helmet", "helmet", "helmet"))
    assert code(state, 0, identical("hammer", "hammer", "hammer", "hammer")) == "already_made"
    assert code(state, 0, different([0], "helmet", "ration", "gloves")) == "not_in_hand"
    before = state
    state, events = play(state, 0, different([0], "hammer", "ration", "gloves"))
    # both made, no Cart: the turn passes by itself
    assert of_type(events, "turn_done") == [{"type": "turn_done", "seat": 0, "store": [], "auto": True}]
    assert state["turn"] == 1 and state["hands"][0] == ["hammer", "hammer"]
    assert code(state, 0, identical("hammer", "hammer", "hammer", "hammer")) == "not_your_turn"
    # the other way round
    state, _ = play(solo(hand), 0, different([0], "hammer", "ration", "gloves"))
    assert code(state, 0, different([0], "helmet", "hammer", "pickaxe")) == "already_made"
    assert engine.active(state) == [0] and engine.active(before) == [0]


def test_combination_cards_are_discarded_face_up():
    state = solo(["helmet"] * 3 + ["ration"])
    new, events = play(state, 0, identical("helmet", "helmet", "helmet", "helmet"))
    made = of_type(events, "identical_made")[0]
    assert redact_event(made, 1)["cards"] == ["helmet"] * 3
    assert new["discard"]["helmet"] == state["discard"]["helmet"] + 3


# --- combinations of different cards --------------------------------------------------------------

def test_x_different_cards_choose_among_the_first_x_upgrades():
    state = solo(["pickaxe", "ration", "gloves", "lantern", "armor", "helmet"])
    three = ["pickaxe", "ration", "gloves"]
    for pick in range(3):
        new, events = play(state, 0, different([pick], *three))
        assert new["upgrades"][0] == [ROW[pick]]
        assert new["row"] == ROW[:pick] + ROW[pick + 1:]  # shifted left, not replaced
    assert code(state, 0, different([3], *three)) == "bad_picks"
    assert code(state, 0, different([], *three)) == "bad_picks"
    assert code(state, 0, different([0, 1], *three)) == "bad_picks"
    new, _ = play(state, 0, different([5], "pickaxe", "ration", "gloves", "lantern", "armor", "helmet"))
    assert new["upgrades"][0] == [ROW[5]]
    options = [m for o in engine.legal_moves(state, 0) for m in expand(o)
               if m["type"] == "different"]
    assert {"type": "different", "cards": three, "picks": [2]} in options
    assert {"type": "different", "cards": three, "picks": [3]} not in options


def test_different_cards_must_differ():
    state = solo(["pickaxe", "pickaxe", "ration", "ration", "gloves", "arcane_stone", "arcane_stone"])
    assert code(state, 0, different([0], "ration", "ration", "gloves")) == "not_different"
    assert code(state, 0, different([0], "ration", "gloves")) == "not_different"
    assert code(state, 0, different([0], "pickaxe", "pickaxe", "gloves")) == "not_different"
    new, _ = play(state, 0, different([0], "ration", "arcane_stone", "arcane_stone"))  # wilds
    assert new["upgrades"][0] == ["mine"]
    veined = solo(state["hands"][0], upgrades=["vein"])
    new, events = play(veined, 0, different([0], "pickaxe", "pickaxe", "gloves"))
    assert of_type(events, "different_made")[0]["wild_pickaxes"] == 1


def test_skaa_takes_any_upgrade_in_the_row():
    state = solo(["pickaxe", "ration", "gloves"], upgrades=["skaa"])
    new, _ = play(state, 0, different([6], "pickaxe", "ration", "gloves"))
    assert new["upgrades"][0] == ["skaa", ROW[6]]


RUN = ["ration", "gloves", "lantern", "armor", "helmet"]  # 2-3-4-5-6


def test_idunn_a_run_of_five_takes_two_upgrades_among_the_first_five():
    state = solo(RUN, upgrades=["idunn"])
    new, events = play(state, 0, different([4, 1], *RUN))
    made = of_type(events, "different_made")[0]
    assert made["run"] and made["picks"] == [1, 4] and made["upgrades"] == [ROW[1], ROW[4]]
    assert new["upgrades"][0] == ["idunn", ROW[1], ROW[4]] and len(new["row"]) == 5
    assert code(state, 0, different([1, 5], *RUN)) == "bad_picks"  # among the first five
    new, events = play(state, 0, different([3], *RUN))  # one is still allowed
    assert not of_type(events, "different_made")[0]["run"]
    assert code(solo(RUN), 0, different([0, 1], *RUN)) == "bad_picks"  # no Idunn


@pytest.mark.parametrize("cards, run", [
    (["pickaxe", "ration", "gloves", "lantern", "armor"], True),
    (["gloves", "lantern", "armor", "helmet", "hammer"], True),
    (["ration", "gloves", "arcane_stone", "armor", "helmet"], True),    # the wild fills the 4
    (["pickaxe", "ration", "gloves", "lantern", "helmet"], False),      # 1-2-3-4-6
    (["ration", "gloves", "lantern", "armor", "arcane_stone"], True),
    (["pickaxe", "ration", "gloves", "lantern", "armor", "helmet"], False),  # six is not a run of five
])
def test_what_counts_as_a_run(cards, run):
    state = solo(cards, upgrades=["idunn"])
    pairs = [o for o in engine.legal_moves(state, 0)
             if o["move"]["type"] == "different" and o["move"]["cards"] == sort_cards(cards)
             and len(o.get("choose", {}).get("picks", {}).get("one_of", [[]])[0]) == 2]
    assert bool(pairs) == run
    if run:
        assert pairs[0]["choose"]["picks"]["one_of"][:2] == [[0, 1], [0, 2]]


def test_a_veined_pickaxe_may_fill_a_run():
    cards = ["pickaxe", "lantern", "armor", "helmet", "hammer"]  # 1 + 4-5-6-7; Veined: 3-4-5-6-7
    assert code(solo(cards, upgrades=["idunn"]), 0, different([0, 1], *cards)) == "bad_picks"
    _, events = play(solo(cards, upgrades=["idunn", "vein"]), 0, different([0, 1], *cards))
    made = of_type(events, "different_made")[0]
    assert made["run"] and made["wild_pickaxes"] == 1


def test_an_upgrade_applies_at_once_to_the_other_combination():
    hand = ["helmet"] * 4 + ["pickaxe", "ration", "gloves"]
    state = solo(hand, row=["aegur"] + ROW[1:])
    state, _ = play(state, 0, different([0], "pickaxe", "ration", "gloves"))
    state, events = play(state, 0, identical("helmet", *["helmet"] * 4))
    assert gains(events, 0) == 6 + 5  # Aegur, taken a moment ago
    # and a Vein taken by the different combination makes a Pickaxe wild for the identical one
    hand = ["hammer", "hammer", "pickaxe", "pickaxe", "ration", "gloves"]
    state = solo(hand)
    assert code(state, 0, identical("hammer", "hammer", "hammer", "pickaxe")) == "not_identical"
    state, _ = play(state, 0, different([1], "pickaxe", "ration", "gloves"))
    assert state["upgrades"][0] == ["vein"]
    state, events = play(state, 0, identical("hammer", "hammer", "hammer", "pickaxe"))
    assert gains(events, 0) == 7


def test_each_vein_serves_once_per_turn():
    hand = ["pickaxe"] * 3 + ["gloves", "hammer", "hammer"] + ["ration"] * 3
    state = solo(hand, upgrades=["vein"])
    state, _ = play(state, 0, different([0], "pickaxe", "pickaxe", "gloves"))  # the Vein is used
    assert code(state, 0, identical("hammer", "hammer", "hammer", "pickaxe")) == "not_identical"
    assert engine.view(state, 0)["veins_left"] == 0


def test_the_perfect_combination_with_a_vein():
    """The rulebook's example: the first Arcane Stone stands for the Armor, a Veined Pickaxe for
    the Gloves, the second Arcane Stone is the eighth card."""
    cards = ["pickaxe", "pickaxe", "ration", "lantern", "arcane_stone", "helmet", "hammer",
             "arcane_stone"]
    assert code(solo(cards), 0, different([0], *cards)) == "not_different"
    state, events = play(solo(cards, upgrades=["vein"]), 0, different([6], *cards))
    made = of_type(events, "different_made")[0]
    assert made["perfect"] and state["perfect"] == [True, False]
    assert state["upgrades"][0] == ["vein", ROW[6]]  # eight cards: any Upgrade in the row


def test_seven_types_and_an_arcane_stone_are_perfect():
    cards = ["pickaxe", "ration", "gloves", "lantern", "armor", "helmet", "hammer", "arcane_stone"]
    state, events = play(solo(cards), 0, different([0], *cards))
    assert of_type(events, "different_made")[0]["perfect"]
    assert not of_type(play(solo(cards[:7]), 0, different([0], *cards[:7]))[1],
                       "different_made")[0]["perfect"]


def test_a_seat_with_nothing_to_do_is_passed():
    state = presenting(3, hands=[["pickaxe", "ration", "gloves"], ["hammer", "hammer"],
                                 ["helmet", "helmet", "helmet"]], turn=0)
    state, events = play(state, 0, done())
    assert [(ev["seat"], ev["auto"]) for ev in of_type(events, "turn_done")] == [(0, False), (1, True)]
    assert engine.active(state) == [2]


def test_no_upgrade_left_in_the_row():
    state = solo(["pickaxe", "ration", "gloves"], row=[])
    assert code(state, 0, different([0], "pickaxe", "ration", "gloves")) == "bad_picks"
    new, events = play(state, 0, different([], "pickaxe", "ration", "gloves"))
    assert of_type(events, "different_made")[0]["upgrades"] == []
