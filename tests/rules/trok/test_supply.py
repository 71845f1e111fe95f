"""1. Supply: five cards each, one face-up card per Mine, the cards stored in Carts; the deck is
rebuilt from the discards as soon as it runs out."""
from engines.core import redact_event

from .helpers import done, of_type, play, presenting

HAND = ["pickaxe", "ration", "gloves"]  # a hand with a choice left, so "done" is a move


def next_round(**kw):
    """Seat 1 ends the last Combination turn of round 2 (Trade Master 0): round 3 is supplied."""
    kw.setdefault("hands", [[], list(HAND)])
    state = presenting(2, turn=1, trade_master=0, **kw)
    return play(state, 1, done())


def test_a_round_deals_five_face_down():
    state, events = next_round()
    assert state["round"] == 3 and state["phase"] == "trok"
    assert [len(h) for h in state["hands"]] == [5, 5]
    assert [ev["count"] for ev in of_type(events, "dealt")] == [5, 5]
    assert of_type(events, "mined") == [] and of_type(events, "unloaded") == []


def test_each_mine_adds_one_face_up_card():
    state, events = next_round(upgrades=[["mine", "mine"], ["mine"]])
    assert [len(h) for h in state["hands"]] == [7, 6]
    mined = of_type(events, "mined")
    assert [(ev["seat"], len(ev["cards"])) for ev in mined] == [(0, 2), (1, 1)]
    for ev in mined:  # face up: every seat sees them
        assert redact_event(ev, None)["cards"] == ev["cards"] and ev["reveal"]
        assert all(card in state["hands"][ev["seat"]] for card in ev["cards"])


def test_stored_cards_come_back_into_the_hand():
    state, events = next_round(upgrades=[[], ["cart", "cart"]],
                               hands=[[], list(HAND)], stored=[[], []])
    assert state["stored"] == [[], []]
    # store two on the way out, and they come back in the next Supply
    before = presenting(2, turn=1, trade_master=0, hands=[[], ["hammer", "hammer", "gloves"]],
                        upgrades=[[], ["cart", "cart"]])
    state, events = play(before, 1, done("hammer", "hammer"))
    assert of_type(events, "turn_done")[0]["store"] == ["hammer", "hammer"]
    assert of_type(events, "unloaded") == [{"type": "unloaded", "seat": 1,
                                            "cards": ["hammer", "hammer"]}]
    assert state["stored"] == [[], []] and len(state["hands"][1]) == 7
    assert state["hands"][1].count("hammer") >= 2


def test_the_deck_is_rebuilt_from_the_discards_mid_deal():
    state, events = next_round(deck={"pickaxe": 3})
    kinds = [ev["type"] for ev in events if ev["type"] in ("dealt", "deck_rebuilt")]
    assert kinds == ["dealt", "deck_rebuilt", "dealt", "dealt"]
    first, rebuilt = of_type(events, "dealt")[0], of_type(events, "deck_rebuilt")[0]
    assert first["seat"] == 0 and first["cards"] == ["pickaxe"] * 3
    assert rebuilt["size"] == 58 - 3 - 3 - 0  # all but the market and the three just drawn
    assert [len(h) for h in state["hands"]] == [5, 5]
    assert sum(state["discard"].values()) == 0


def test_the_deck_is_rebuilt_as_soon_as_it_runs_out():
    state, events = next_round(deck={"hammer": 5, "helmet": 5})
    assert events[-1]["type"] == "deck_rebuilt"  # after the last card of the deal, not later
    assert sorted(state["hands"][0] + state["hands"][1]) == ["hammer"] * 5 + ["helmet"] * 5
    assert sum(state["deck"].values()) == 58 - 3 - 10 and sum(state["discard"].values()) == 0


def test_the_deck_left_with_cards_is_not_rebuilt():
    state, events = next_round(deck={"hammer": 5, "helmet": 6}, discard=["pickaxe"])
    assert of_type(events, "deck_rebuilt") == []
    assert sum(state["deck"].values()) == 1
