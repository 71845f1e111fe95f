"""2. Trök, the trading chain: take a card from another seat's offer, keep it or trade it at the
market; the seat just taken from chooses next; three identical market cards are replaced for
3 Aare (Thrud: +2); the shortchanged seat; a seat left with only its own offer."""

from engines.core import redact_event
from engines.trok import engine

from .helpers import code, gains, of_type, offer, play, play_all, table, take, trading


def zelia_and_alex():
    """The rulebook's example: Zélia (seat 0) offers 18, Alex (seat 1) 9; the market shows a
    hammer."""
    state = table(2, hands=[["hammer", "hammer", "lantern", "pickaxe", "ration"],
                            ["armor", "ration", "ration", "gloves", "pickaxe"]],
                  market=["pickaxe", "gloves", "hammer"], trade_master=1)
    state, events = play_all(state, [(0, offer("hammer", "hammer", "lantern")),
                                      (1, offer("armor", "ration", "ration"))])
    assert of_type(events, "offers_revealed")[0]["totals"] == [18, 9]
    assert state["trade_master"] == 0 and engine.active(state) == [0]
    return state


def test_the_trade_master_takes_the_armor_and_keeps_it():
    state = zelia_and_alex()
    new, events = play(state, 0, take(1, "armor"))
    assert events == [{"type": "taken", "seat": 0, "from": 1, "card": "armor", "swap": None}]
    assert "armor" in new["hands"][0] and new["offers"][1] == ["ration", "ration"]
    assert new["market"] == state["market"]
    assert engine.active(new) == [1]  # Alex, just taken from, chooses next


def test_the_trade_master_trades_the_armor_for_the_hammer():
    state = zelia_and_alex()
    new, _ = play(state, 0, take(1, "armor", swap="hammer"))
    assert new["hands"][0] == ["pickaxe", "ration", "hammer"] and "armor" not in new["hands"][0]
    assert new["market"] == ["pickaxe", "gloves", "armor"]
    assert engine.active(new) == [1]


def test_cards_come_only_from_another_seats_offer():
    state = zelia_and_alex()
    assert code(state, 0, take(0, "hammer")) == "own_offer"
    assert code(state, 0, take(1, "hammer")) == "card_not_offered"
    assert code(state, 0, take(2, "hammer")) == "no_offer"
    assert code(state, 0, take(1, "armor", swap="lantern")) == "not_at_market"
    assert code(state, 1, take(0, "hammer")) == "not_your_turn"
    options = engine.legal_moves(state, 0)
    assert options == [{"move": {"type": "take", "from": 1, "card": c},
                        "choose": {"swap": {"one_of": [None, "pickaxe", "gloves", "hammer"]}}}
                       for c in ("ration", "armor")]


def test_a_chain_that_ends_on_the_trade_master_is_fair():
    state = trading(offers=[["hammer"] * 3, ["ration"] * 3, ["gloves"] * 3],
                    hands=[["pickaxe"] * 2] * 3)
    chain = [(0, take(1, "ration")), (1, take(2, "gloves")), (2, take(0, "hammer")),
             (0, take(2, "gloves")), (2, take(1, "ration")), (1, take(0, "hammer")),
             (0, take(1, "ration")), (1, take(2, "gloves")), (2, take(0, "hammer"))]
    for i, (seat, move) in enumerate(chain):
        assert engine.active(state) == [seat], i
        state, events = play(state, seat, move)
    assert of_type(events, "trading_ended") == [{"type": "trading_ended", "fair": True,
                                                 "shortchanged": None}]
    assert [len(h) for h in state["hands"]] == [5, 5, 5]
    assert state["phase"] == "combination" and state["order"] == [0, 1, 2]


def test_a_chain_that_ends_on_another_seat_shortchanges_it():
    state = trading(offers=[["hammer"] * 3, ["ration"] * 3, ["gloves"] * 3],
                    hands=[["pickaxe"] * 2] * 3)
    state, events = play_all(state, [
        (0, take(2, "gloves")), (2, take(1, "ration")), (1, take(0, "hammer")),
        (0, take(1, "ration")), (1, take(0, "hammer")), (0, take(2, "gloves")),
        (2, take(0, "hammer")), (0, take(1, "ration")), (1, take(2, "gloves"))])
    assert of_type(events, "taken")[-1]["from"] == 2 and of_type(events, "given") == []
    assert of_type(events, "trading_ended") == [{"type": "trading_ended", "fair": False,
                                                 "shortchanged": 2}]
    assert [len(h) for h in state["hands"]] == [6, 5, 4]
    assert engine.active(state) == [0] and state["shortchanged"] == 2
    state, _ = play(state, 0, {"type": "give", "card": "gloves"})
    assert [len(h) for h in state["hands"]] == [5, 5, 5] and state["phase"] == "combination"


def shortchanging_chain():
    """Seat 1 and the Trade Master empty each other's offers; seat 0 then takes from seat 2,
    who is left with only its own offer (the special case) and takes both back."""
    state = trading(offers=[["hammer"] * 3, ["ration"] * 3, ["gloves", "lantern", "lantern"]],
                    hands=[["pickaxe", "armor"], ["pickaxe"] * 2, ["pickaxe"] * 2])
    return play_all(state, [
        (0, take(1, "ration")), (1, take(0, "hammer")), (0, take(1, "ration")),
        (1, take(0, "hammer")), (0, take(1, "ration")), (1, take(0, "hammer")),
        (0, take(2, "gloves"))])


def special_case():
    state, _ = shortchanging_chain()
    assert engine.active(state) == [2] and state["offers"] == [[], [], ["lantern", "lantern"]]
    assert [o["move"]["from"] for o in engine.legal_moves(state, 2)] == [2]
    state, _ = play(state, 2, take(2, "lantern"))
    assert engine.active(state) == [2]
    state, events = play(state, 2, take(2, "lantern", swap="pickaxe"))
    assert "lantern" in state["market"] and state["hands"][2].count("pickaxe") == 3
    assert of_type(events, "trading_ended") == [{"type": "trading_ended", "fair": False,
                                                 "shortchanged": 2}]
    # seat 2 holds one card too few and the Trade Master one too many
    assert [len(h) for h in state["hands"]] == [6, 5, 4]
    assert state["phase"] == "shortchange" and engine.active(state) == [0]
    assert [o["move"]["card"] for o in engine.legal_moves(state, 0)] == [
        "pickaxe", "ration", "gloves", "armor"]
    return state


def test_a_seat_left_with_only_its_own_offer_takes_it_back_or_trades_it():
    special_case()


def test_the_trade_master_gives_the_shortchanged_seat_a_card_of_their_choice():
    state = special_case()
    assert engine.public_move(state, 0, {"type": "give", "card": "armor"}) == {"type": "give"}
    assert code(state, 0, {"type": "give", "card": "hammer"}) == "not_in_hand"
    new, events = play(state, 0, {"type": "give", "card": "armor"})
    given = of_type(events, "given")[0]
    assert given["seat"] == 0 and given["to"] == 2 and given["card"] == "armor"
    assert redact_event(given, 2)["card"] == "armor" and "card" not in redact_event(given, 1)
    assert "card" not in redact_event(given, None)
    assert [len(h) for h in new["hands"]] == [5, 5, 5] and "armor" in new["hands"][2]
    assert new["phase"] == "combination" and new["turn"] == 0


def test_with_only_one_kind_of_card_the_gift_is_automatic():
    state = trading(offers=[[], [], ["gloves"]], hands=[["hammer"] * 4, ["pickaxe"] * 2, ["pickaxe"] * 2],
                    chooser=2, last_from=2)
    new, events = play(state, 2, take(2, "gloves"))
    given = of_type(events, "given")[0]
    assert given["auto"] and given["card"] == "hammer" and given["vis"] == {"card": [0, 2]}
    assert new["phase"] == "combination"


def test_a_trade_master_left_with_only_its_own_offer_trades_fairly():
    state = trading(offers=[["hammer", "helmet"], [], []], hands=[["pickaxe"] * 3, ["pickaxe"] * 3,
                    ["pickaxe"] * 3], chooser=0, last_from=0)
    assert [o["move"]["from"] for o in engine.legal_moves(state, 0)] == [0, 0]
    state, _ = play(state, 0, take(0, "hammer"))
    state, events = play(state, 0, take(0, "helmet", swap="gloves"))
    assert of_type(events, "trading_ended")[0]["fair"] and state["phase"] == "combination"


# --- the market renewed -------------------------------------------------------------------------

def renewal(upgrades=None, deck=None, market=("hammer", "hammer", "pickaxe")):
    state = trading(offers=[["ration"], ["hammer", "gloves"], ["lantern"]], market=market,
                    hands=[["pickaxe"] * 3] * 3, upgrades=upgrades, deck=deck)
    return play(state, 0, take(1, "hammer", swap="pickaxe"))


def test_three_identical_market_cards_are_replaced_and_pay_3_aare():
    state, events = renewal(deck={"helmet": 2, "armor": 1, "ration": 5})
    assert of_type(events, "market_cleared")[0]["cards"] == ["hammer"] * 3
    drawn = of_type(events, "market_drawn")[0]
    assert drawn["reveal"] and len(drawn["cards"]) == 3 and state["market"] == drawn["cards"]
    assert state["discard"]["hammer"] >= 3
    assert gains(events, 0) == 3 and state["aare"] == [3, 0, 0]
    earned = of_type(events, "earned")[0]
    assert redact_event(earned, 0)["aare"] == 3
    assert "aare" not in redact_event(earned, 1) and "aare" not in redact_event(earned, None)


def test_thrud_pays_2_to_every_owner_and_5_to_the_trader():
    state, events = renewal(upgrades=[["thrud"], [], []])
    assert state["aare"] == [5, 0, 0]
    state, events = renewal(upgrades=[[], [], ["thrud"]])
    assert state["aare"] == [3, 0, 2]


def test_no_renewal_without_three_identical():
    state, events = renewal(market=("hammer", "armor", "pickaxe"))
    assert of_type(events, "market_cleared") == [] and state["aare"] == [0, 0, 0]
    assert state["market"] == ["armor", "hammer", "hammer"]


def test_a_renewal_that_draws_three_identical_stands():
    state, events = renewal(deck={"ration": 3})
    assert state["market"] == ["ration"] * 3  # no trade made them identical: they stay
    assert len(of_type(events, "market_cleared")) == 1
    # the deck ran out: rebuilt from the discards at once, the three hammers included
    assert of_type(events, "deck_rebuilt") and state["deck"]["hammer"] >= 3


def test_keeping_a_card_never_renews_the_market():
    state = trading(offers=[["ration"], ["hammer", "gloves"], ["lantern"]],
                    market=("hammer", "hammer", "hammer"), hands=[["pickaxe"] * 3] * 3)
    state, events = play(state, 0, take(1, "hammer"))
    assert of_type(events, "market_cleared") == [] and state["market"] == ["hammer"] * 3
