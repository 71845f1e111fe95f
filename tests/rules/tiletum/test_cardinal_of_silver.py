"""The Cardinal of Silver (rules page, "Solo mode"): with Prospect for Silver on, its Silver
Decrees and Challenges, Prospector Actions, King's Surprise cards after each of the first three
King phases (as many as its Silver allows, 1 / 3 / 5 Silver for 1 / 2 / 3), counted by the
Technology Fair tile; 1 VP per Silver; 30 VP and 1 Silver at Bishop."""
import pytest

from engines.core import Table, derive_rng
from engines.tiletum import cardinalbot
from engines.tiletum import data as D
from engines.tiletum import engine
from engines.tiletum.final_scoring import final
from engines.tiletum.prospect import data as P
from engines.tiletum.round_structure import end_of_round
from tests.rules.tiletum.helpers import dice, of_type, prospect, silver, table, turn, wedge_value

BOT = 1


def solo(**options):
    s = prospect(1, **options)
    s["challenges"] = []
    return s


def king_phase(s, round_):
    s["round"], s["pass"], s["king_bonus"] = round_, 3, None
    s["fairs"][round_ - 1] = {"town": "hamburg", "tile": "F1"}
    t = Table(engine, s)
    end_of_round(t, derive_rng("k", round_))
    return t


def test_it_plays_with_its_silver_decrees_and_may_draw_silver_challenges():
    s = prospect(1)
    assert set(P.SILVER_DECREES) <= set(s["decrees"]["cards"])
    drawn = set()
    for i in range(15):
        drawn |= set(prospect(1, seed=f"c{i}", difficulty="bishop")["challenges"])
    assert drawn & set(P.SILVER_CHALLENGES)
    assert not set(P.SILVER_DECREES) & set(table(1)["decrees"]["cards"])  # not without it


@pytest.mark.parametrize("difficulty,vp,coins", [("priest", 0, 0), ("deacon", 0, 0), ("bishop", 30, 1)])
def test_at_bishop_it_starts_on_30_vp_with_1_silver(difficulty, vp, coins):
    s = prospect(1, difficulty=difficulty)
    start = sum(D.CHALLENGES[c].get("start_vp", 0) for c in s["challenges"] if c in D.CHALLENGES)
    assert s["boards"][BOT]["vp"] == vp + start and s["boards"][BOT]["silver"] == coins
    assert s["boards"][0]["silver"] == 0  # the player is first


@pytest.mark.parametrize("coins,cards,left", [(0, 0, 0), (1, 1, 0), (2, 1, 1), (3, 2, 0), (4, 2, 1),
                                              (5, 3, 0), (9, 3, 4)])
def test_it_buys_as_many_kings_surprise_cards_as_its_silver_allows(coins, cards, left):
    s = solo()
    s["boards"][BOT].update(silver=0)
    s["king"]["pos"][BOT] = D.KING_ZERO  # no ribbon Silver
    t = Table(engine, silver(s, BOT, coins))
    from engines.tiletum.prospect.cardinal import buy_surprises
    s["round"] = 2
    buy_surprises(t, derive_rng("s", 1))
    b = t.state["boards"][BOT]
    assert len(b["surprises"]) == cards and b["silver"] == left
    if cards:
        ev = of_type(t.events, "surprises_bought")[0]
        assert ev["reveal"] and ev["by"] == "cardinalbot"
        assert not set(ev["cards"]) & set(t.state["underground"]["surprises"])


def test_it_buys_after_the_first_three_king_phases_only():
    for round_, buys in [(1, True), (3, True), (4, False)]:
        s = silver(solo(), BOT, 5)
        t = king_phase(s, round_)
        assert bool(of_type(t.events, "surprises_bought")) is buys
        kinds = [e["type"] for e in t.events]
        if buys:
            assert kinds.index("silver_paid") < kinds.index("surprises_bought") < kinds.index("turn_order")


def test_the_technology_fair_tile_counts_its_kings_surprise_cards():
    s = solo()
    s["boards"][BOT]["surprises"] = ["KS1", "KS2"]
    s["round"], s["pass"], s["king_bonus"] = 2, 3, None
    s["fairs"][1] = {"town": "hamburg", "tile": "F8"}
    t = Table(engine, s)
    end_of_round(t, derive_rng("f", 1))
    assert of_type(t.events, "fair_scored")[0]["vp"][BOT] == (D.FAIR_BOARD[1] + 1) * 2


def test_it_scores_one_vp_per_silver_and_its_cards():
    s = solo()
    silver(silver(s, BOT, 7), 0, 7)
    s["boards"][BOT]["surprises"] = ["KS1", "KS8"]
    player, bot = final(s)
    assert player["silver_vp"] == 3 and bot["silver_vp"] == 7
    assert bot["surprise_vp"] == P.KING_SURPRISES["KS1"]["vp"] + P.KING_SURPRISES["KS8"]["vp"]


def test_a_die_over_the_prospector_wedge_makes_it_hire_and_dig():
    s = solo(layout="printed")
    v = wedge_value(s, "prospector")
    s["decrees"] = {"cards": ["D7"], "pawn": 0}  # its first line: a die over the Prospector wedge
    dice(s, ("blue", v), ("pink", 6 if s["underground"]["wheel"][5] != "prospector" else 1))
    turn(s, BOT)
    t = Table(engine, s)
    cardinalbot.play_turn(t, derive_rng("bot", 1))
    kinds = [e["type"] for e in t.events]
    assert of_type(t.events, "die_taken")[0]["action"] == "prospector"
    assert "prospector_hired" in kinds and "mine_placed" in kinds
    assert all(e.get("by") == "cardinalbot" for e in t.events)
    b = t.state["boards"][BOT]
    assert b["prospectors"][0] is not None and b["silver"] >= 1
    mined = [e for e in t.events if e["type"] == "mine_placed"]
    assert len(mined) <= P.MINES_UNLOCKED
