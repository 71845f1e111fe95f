"""Components and Setup: the market of three, the Upgrade row of seven, the Trade Master token,
and round 1's Supply of five cards each."""
import pytest

from engines.core import ALL, derive_rng, redact_event
from engines.trok import engine
from engines.trok import upgrades as up
from engines.trok.cards import ARCANE, COPIES, EQUIPMENT, TOTAL_CARDS, TYPES, value
from engines.trok.engine import Trok

from .helpers import assert_accounted, of_type


def test_the_equipment_of_the_components_list():
    assert {t: EQUIPMENT[t][:2] for t in TYPES} == {
        "pickaxe": (1, 11), "ration": (2, 10), "gloves": (3, 9), "lantern": (4, 8),
        "armor": (5, 7), "helmet": (6, 6), "hammer": (7, 5)}
    assert COPIES[ARCANE] == 2 and TOTAL_CARDS == 58
    assert value(ARCANE) == 10


def test_the_upgrades_are_27_of_15_kinds_with_stand_in_counts():
    assert len(up.UPGRADES) == 15 and up.TOTAL_UPGRADES == 27
    assert up.STAND_IN  # the sources give no per-kind count
    assert sorted(up.IMPROVEMENTS) == ["cart", "mine", "vein"]
    assert all(up.COUNTS[k] == 5 for k in up.IMPROVEMENTS)
    assert len(up.DWARVES) == 12 and all(up.COUNTS[k] == 1 for k in up.DWARVES)


def test_player_counts():
    assert (Trok.min_players, Trok.max_players) == (2, 5)


def setup(players, seed="setup"):
    events = engine.setup(players, {}, derive_rng(seed, 1))
    state = engine.initial(players, {})
    for ev in events:
        engine.evolve(state, ev)
    return state, events


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_lays_the_market_the_row_and_deals_five_each(players):
    state, events = setup(players)
    assert len(state["market"]) == 3 and len(state["row"]) == 7
    assert state["trade_master"] is None  # the token waits beside the board
    assert [len(h) for h in state["hands"]] == [5] * players
    assert state["round"] == 1 and state["phase"] == "trok"
    assert engine.active(state) == engine.awaited(state) == list(range(players))
    assert state["aare"] == [0] * players
    assert sum(state["deck"].values()) == 58 - 3 - 5 * players
    assert sum(state["upgrade_deck"].values()) == 20
    assert_accounted(state)
    assert [ev["type"] for ev in events[:3]] == ["market_drawn", "row_filled", "round_started"]
    assert all(ev.get("reveal") for ev in of_type(events, "market_drawn") + of_type(events, "dealt"))


def test_each_seat_sees_only_its_own_deal():
    state, events = setup(3)
    for ev in of_type(events, "dealt"):
        seat = ev["seat"]
        assert redact_event(ev, seat)["cards"] == state["hands"][seat]
        for other in (None, (seat + 1) % 3):
            assert "cards" not in redact_event(ev, other)
            assert redact_event(ev, other)["count"] == 5


def test_setup_is_random_and_reproducible():
    a, b = setup(4, "one"), setup(4, "one")
    assert a == b
    markets = {tuple(setup(4, f"seed{i}")[0]["market"]) for i in range(12)}
    assert len(markets) > 6


def test_the_open_view_shows_the_piles_and_a_seat_their_sizes():
    state, _ = setup(2)
    assert engine.view(state, ALL)["deck"] == state["deck"]
    assert "deck" not in engine.view(state, 0) and engine.view(state, 0)["deck_size"] == 45
