"""Cards (page: "Cards"): Blessings are one-shot, Technologies permanent; "when one of your cards
applies to what you are doing, the game offers it" — a `card_offer` step for the card's owner."""
import pytest

from engines.core import IllegalMove
from engines.tekhenu import data as D
from tests.rules.tekhenu.helpers import E, die_of, put, run, section_of, table

BASTET, THOTH, HATHOR = section_of("bastet"), section_of("thoth"), section_of("hathor")


def bastet(s, seat=0, value=5):
    """`seat` takes a Bastet die (2 Papyrus given)."""
    s["p"][seat]["papyrus"] += 2
    free = [k for k in range(8) if die_of("black", k) in s["supply"]]
    die = put(s, BASTET, "black", value, k=free[0])
    return run(s, seat, {"type": "take", "die": die, "value": value, "action": "bastet"})


def on(action, kind):
    return [c for c, v in D.CARDS.items() if v["kind"] == kind and v["on"] == action]


def test_every_technology_and_blessing_applies_to_one_action():
    for c in D.CARDS.values():
        if c["kind"] in ("technology", "blessing"):
            assert c["on"] in D.ACTIONS and c["reward"]


def test_a_technology_is_offered_after_its_action_and_stays():
    tech = on("bastet", "technology")[0]               # T04: 1 Gold (stand-in)
    s = table()
    s["p"][0]["cards"] = [tech]
    new, _ = bastet(s)
    assert new["pending"] == [{"seat": 0, "kind": "card_offer", "action": "bastet",
                               "cards": [tech]}]
    assert E.active(new) == [0] and new["p"][0]["gold"] == 0
    assert E.legal_moves(new, 0) == [{"move": {"type": "use"},
                                      "choose": {"cards": {"subset": [tech], "min": 0,
                                                           "max": 1}}}]
    used, _ = run(new, 0, {"type": "use", "cards": [tech]})
    assert used["p"][0]["gold"] == D.CARDS[tech]["reward"]["gold"]
    assert used["p"][0]["cards"] == [tech] and used["pending"] == [] and E.active(used) == [1]
    declined, _ = run(new, 0, {"type": "use", "cards": []})
    assert declined["p"][0]["gold"] == 0 and declined["p"][0]["cards"] == [tech]
    # permanent: offered again at the next Bastet
    used["turn"] = 0
    again, _ = bastet(used)
    assert again["pending"][0]["cards"] == [tech]


def test_a_blessing_is_offered_when_it_applies_and_is_gone_once_used():
    blessing = on("hathor", "blessing")[0]             # B03: 2 Scribes (stand-in)
    s = table()
    s["p"][0].update(cards=[blessing], bread=2)
    die = put(s, HATHOR, "yellow", 1)
    new, _ = run(s, 0, {"type": "take", "die": die, "value": 1, "action": "hathor", "space": 0})
    assert new["pending"][0]["cards"] == [blessing]
    used, _ = run(new, 0, {"type": "use", "cards": [blessing]})
    assert used["p"][0]["scribes"] == D.CARDS[blessing]["reward"]["scribes"]
    assert used["p"][0]["cards"] == [] and blessing in used["discard"]
    kept, _ = run(new, 0, {"type": "use", "cards": []})   # saved for later
    assert kept["p"][0]["cards"] == [blessing] and blessing not in kept["discard"]


def test_only_the_cards_that_apply_are_offered_and_any_of_them_may_be_used():
    techs, blessings = on("bastet", "technology"), on("bastet", "blessing")
    other = on("ra", "technology")[0]
    s = table(players=3)
    s["p"][0]["cards"] = [other] + techs + blessings
    new, _ = bastet(s)
    offered = new["pending"][0]["cards"]
    assert offered == techs + blessings and other not in offered
    pick = [offered[-1], offered[0]]                   # any order
    used, events = run(new, 0, {"type": "use", "cards": pick})
    ev = [e for e in events if e["type"] == "cards_used"][0]
    assert ev["cards"] == [offered[0], offered[-1]]
    assert ev["declined"] == offered[1:-1]
    for bad in ([other], [offered[0], offered[0]], ["nope"], "T01", [3]):
        with pytest.raises(IllegalMove):
            E.decide(new, 0, {"type": "use", "cards": bad}, None)


def test_no_offer_when_no_card_applies_nor_to_other_players():
    tech = on("bastet", "technology")[0]
    s = table()
    s["p"][1]["cards"] = [tech]                        # seat 1's card, seat 0's Bastet
    new, _ = bastet(s)
    assert new["pending"] == [] and E.active(new) == [1]
    s["p"][0]["cards"] = on("ra", "technology")
    new, _ = bastet(s)
    assert new["pending"] == []


def test_cards_taken_by_thoth_do_not_apply_to_that_same_thoth_action():
    thoth_tech = on("thoth", "technology")[0]
    s = table()
    s["p"][0]["papyrus"] = 3
    s["market"][0] = [thoth_tech] + [c for c in s["market"][0] if c != thoth_tech][:2]
    die = put(s, THOTH, "black", 1)
    new, _ = run(s, 0, {"type": "take", "die": die, "value": 1, "action": "thoth"})
    assert [st["kind"] for st in new["pending"]] == ["thoth"]
    after, _ = run(new, 0, {"type": "cards", "section": 0, "cards": [thoth_tech]})
    assert after["pending"] == [] and thoth_tech in after["p"][0]["cards"]
    # a card held before: the Thoth step first, then the offer
    s = table()
    s["p"][0].update(papyrus=3, cards=[thoth_tech])
    die = put(s, THOTH, "black", 1)
    new, _ = run(s, 0, {"type": "take", "die": die, "value": 1, "action": "thoth"})
    assert [st["kind"] for st in new["pending"]] == ["thoth", "card_offer"]
    new, _ = run(new, 0, {"type": "cards", "section": 0, "cards": new["market"][0][:1]})
    assert new["pending"][0]["cards"] == [thoth_tech]


def test_cards_apply_to_a_free_action_too():
    tech = on("bastet", "technology")[0]
    s = table()
    s["p"][0].update(cards=[tech], papyrus=2)
    s["pending"] = [{"seat": 0, "kind": "extra", "why": "happiness 21"}]
    new, _ = run(s, 0, {"type": "extra", "action": "bastet", "value": 3})
    assert new["pending"] == [{"seat": 0, "kind": "card_offer", "action": "bastet",
                               "cards": [tech]}]


def test_card_offers_are_public_moves():
    tech = on("bastet", "technology")[0]
    s = table()
    s["p"][0]["cards"] = [tech]
    new, _ = bastet(s)
    move = {"type": "use", "cards": [tech]}
    assert E.public_move(new, 0, move) == move


def test_a_blessing_offered_twice_is_used_once():
    """Two offers of one Blessing can be owed at once (an action, then a free action of the same
    kind before the first offer is answered). Once used it is in the discard pile: the later
    offer no longer holds it (found by the search bot, which raised on removing it twice)."""
    blessing = on("bastet", "blessing")[0]
    s = table()
    s["p"][0].update(cards=[blessing], papyrus=2)
    offer = {"seat": 0, "kind": "card_offer", "action": "bastet", "cards": [blessing]}
    s["pending"] = [dict(offer), dict(offer)]
    used, _ = run(s, 0, {"type": "use", "cards": [blessing]})
    assert used["p"][0]["cards"] == [] and used["discard"].count(blessing) == 1
    assert E.legal_moves(used, 0) == [{"move": {"type": "use"},
                                       "choose": {"cards": {"subset": [], "min": 0, "max": 0}}}]
    with pytest.raises(IllegalMove):
        run(used, 0, {"type": "use", "cards": [blessing]})
    done, _ = run(used, 0, {"type": "use", "cards": []})
    assert done["pending"] == [] and done["discard"].count(blessing) == 1
