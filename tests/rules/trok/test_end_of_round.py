"""4. End of Round: unused cards discarded (Carts store one each, never an Arcane Stone); every
End of Round effect; the row refilled to seven while Upgrades last. End of Game: 50 Aare (the
wealthiest wins) or THE perfect combination (wins outright; several: the wealthiest of them)."""
import pytest

from engines.core import ALL, redact_event
from engines.trok import engine

from .helpers import ROW, code, different, done, gains, of_type, play, presenting

HAND = ["pickaxe", "ration", "gloves", "arcane_stone"]


def last_turn(hands=None, upgrades=None, market=("pickaxe", "ration", "gloves"), **kw):
    """Seat 1 presents last in round 2 (Trade Master 0); its "done" ends the round."""
    return presenting(2, hands=hands or [["hammer", "helmet"], list(HAND)], turn=1,
                      trade_master=0, upgrades=upgrades or [[], []], market=market, **kw)


def end(state, move=None):
    return play(state, 1, move or done())


def test_unused_cards_are_discarded_privately():
    state = last_turn()
    new, events = end(state)
    discarded = of_type(events, "hand_discarded")
    assert [(ev["seat"], ev["count"]) for ev in discarded] == [(0, 2), (1, 4)]
    assert discarded[1]["cards"] == ["pickaxe", "ration", "gloves", "arcane_stone"]
    assert "cards" not in redact_event(discarded[1], 0) and "cards" not in redact_event(discarded[1], None)
    assert new["round"] == 3 and [len(h) for h in new["hands"]] == [5, 5]


def test_each_cart_stores_one_card_but_never_an_arcane_stone():
    state = last_turn(upgrades=[[], ["cart"]])
    assert code(state, 1, done("arcane_stone")) == "cannot_store_arcane_stone"
    assert code(state, 1, done("pickaxe", "ration")) == "too_many_stored"
    assert code(state, 1, done("hammer")) == "not_in_hand"
    new, events = end(state, done("gloves"))
    assert of_type(events, "turn_done")[0]["store"] == ["gloves"]
    assert of_type(events, "hand_discarded")[1]["count"] == 3
    assert of_type(events, "unloaded") == [{"type": "unloaded", "seat": 1, "cards": ["gloves"]}]
    two = last_turn(upgrades=[[], ["cart", "cart"]])
    assert {"move": {"type": "done", "store": ["pickaxe", "gloves"]}} in engine.legal_moves(two, 1)
    assert all("arcane_stone" not in o["move"].get("store", []) for o in engine.legal_moves(two, 1))
    new, _ = end(two, done("pickaxe", "gloves"))
    assert len(new["hands"][1]) == 7


@pytest.mark.parametrize("owned, market, aare", [
    (["grid"], (), 1),
    (["mother_dwerg"], (), 1),                                   # herself
    (["mother_dwerg", "grid", "zoral", "mine"], ("ration", "gloves", "hammer"), 3 + 1),  # + Grid
    (["father_dwerg"], (), 0),
    (["father_dwerg", "mine", "vein", "vein", "cart"], (), 4),
    (["zoral"], ("pickaxe", "pickaxe", "hammer"), 2),
    (["astrid"], ("ration", "lantern", "hammer"), 4),
    (["astrid"], ("pickaxe", "armor", "arcane_stone"), 0),
    (["ylud"], ("armor", "helmet", "gloves"), 6),
    (["ylud", "zoral", "astrid"], ("pickaxe", "gloves", "hammer"), 3 + 1 + 2),
])
def test_end_of_round_effects(owned, market, aare):
    state = last_turn(upgrades=[[], owned], market=market or ("pickaxe", "ration", "gloves"),
                      row=[k for k in ROW if k not in owned][:3])
    new, events = end(state)
    assert gains(events, 1) == aare and new["aare"] == [0, aare]
    assert gains(events, 0) == 0
    for ev in of_type(events, "earned"):  # the amount is the owner's alone
        assert "aare" not in redact_event(ev, 0) and redact_event(ev, 1)["aare"] == aare


def test_the_market_effects_read_the_market_before_the_next_round():
    state = last_turn(upgrades=[["ylud"], []], market=("hammer", "hammer", "helmet"))
    new, events = end(state)
    assert new["aare"] == [9, 0]


def test_the_row_is_refilled_to_seven_while_upgrades_last():
    state = last_turn(row=["mine", "vein"])
    new, events = end(state)
    (filled,) = of_type(events, "row_filled")
    assert len(filled["upgrades"]) == 5 and filled["reveal"] and len(new["row"]) == 7
    assert new["row"][:2] == ["mine", "vein"]  # the remaining cards keep their places
    # with the Upgrade deck nearly out, the row stays short
    state = last_turn(row=["mine"], upgrades=[["vein"] * 5 + ["cart"] * 5 + ["mine"] * 2,
                                              ["thrud", "grid", "aegur", "dagda", "kraal", "idunn",
                                               "skaa", "mother_dwerg", "father_dwerg", "zoral",
                                               "astrid", "ylud"]])
    assert state["upgrade_deck"]["mine"] == 2 and sum(state["upgrade_deck"].values()) == 2
    new, events = end(state)
    assert new["row"] == ["mine"] * 3 and sum(new["upgrade_deck"].values()) == 0


# --- End of Game -----------------------------------------------------------------------------------

def test_the_game_ends_at_the_end_of_a_round_with_50_aare():
    state = last_turn(aare=[49, 30], upgrades=[["grid"], []])
    new, events = end(state)  # Grid's 1 Aare at the End of Round makes 50
    assert events[-1] == {"type": "game_ended", "reason": "wealth", "perfect": []}
    assert new["over"] and engine.active(new) == [] and of_type(events, "round_started") == []
    result = engine.result(new)
    assert result["scores"] == [50, 30] and result["winners"] == [0]
    assert [(r["seat"], r["rank"]) for r in result["ranking"]] == [(0, 1), (1, 2)]
    assert result["tiebreak"] == "aare" and result["reason"] == "wealth"
    assert code(new, 0, done()) == "game_over"


def test_below_50_the_game_goes_on():
    new, events = end(last_turn(aare=[48, 30], upgrades=[["grid"], []]))
    assert not new["over"] and new["round"] == 3


def test_the_wealthiest_wins_and_equal_wealth_shares_the_win():
    new, _ = end(last_turn(aare=[52, 61]))
    assert engine.result(new)["winners"] == [1]
    new, _ = end(last_turn(aare=[55, 55]))
    result = engine.result(new)
    assert result["winners"] == [0, 1] and result["tiebreak"] == "shared"
    assert [r["rank"] for r in result["ranking"]] == [1, 1]


PERFECT = ["pickaxe", "ration", "gloves", "lantern", "armor", "helmet", "hammer", "arcane_stone"]


def test_the_perfect_combination_wins_outright():
    state = last_turn(hands=[[], list(PERFECT)], aare=[70, 5])
    new, events = play(state, 1, different([0], *PERFECT))  # both made or impossible: round ends
    assert events[-1] == {"type": "game_ended", "reason": "perfect", "perfect": [1]}
    result = engine.result(new)
    assert result["winners"] == [1] and result["tiebreak"] == "perfect"
    assert [(r["seat"], r["rank"], r["perfect"]) for r in result["ranking"]] == [(1, 1, True), (0, 2, False)]


def test_several_perfect_combinations_the_wealthiest_of_them_wins():
    state = presenting(3, hands=[[], list(PERFECT), list(PERFECT[:7]) + ["pickaxe"]], turn=1,
                       trade_master=0, aare=[90, 20, 10], upgrades=[[], [], ["vein"]],
                       perfect=[False, False, False])
    state, _ = play(state, 1, different([0], *PERFECT))
    state, events = play(state, 2, different([0], *(PERFECT[:7] + ["pickaxe"])))
    assert events[-1]["perfect"] == [1, 2]
    result = engine.result(state)
    assert result["winners"] == [1] and result["tiebreak"] == "perfect_then_aare"
    assert [r["seat"] for r in result["ranking"]] == [1, 2, 0]


def test_aare_is_hidden_from_the_others_until_the_end():
    state = last_turn(aare=[12, 30])
    assert [s["aare"] for s in engine.view(state, 0)["seats"]] == [12, None]
    assert [s["aare"] for s in engine.view(state, 1)["seats"]] == [None, 30]
    assert [s["aare"] for s in engine.view(state, None)["seats"]] == [None, None]
    assert [s["aare"] for s in engine.view(state, ALL)["seats"]] == [12, 30]
    over, _ = end(last_turn(aare=[50, 30]))
    assert [s["aare"] for s in engine.view(over, None)["seats"]] == [50, 30]
    assert engine.view(over, None)["result"]["scores"] == [50, 30]
