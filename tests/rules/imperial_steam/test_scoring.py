"""Game end and final scoring, steps 1-6, and the ranking (ties share the victory)."""
import pytest

from engines.imperial_steam import engine
from engines.imperial_steam import data as D
from engines.imperial_steam import final_scoring as F

from .helpers import of_type, play, seat, table

TO_TRIESTE = ["wien-wr_neustadt", "wr_neustadt-gloggnitz", D.SEMMERING, "muerzzuschlag-bruck",
              "bruck-graz", "graz-marburg", "marburg-cilli", "cilli-laibach", "laibach-trieste"]


def bare(players=2):
    """A table whose seats own nothing that scores: no goods, no income, hubs out of reach."""
    s = table(players)
    for i in range(players):
        seat(s, i, money=100, goods={}, col=0)
    return s


def row(s, i):
    return F.final_scoring(s)["rows"][i]


def test_income_once_more_doubled_with_semmering():
    s = bare()
    seat(s, 0, passenger=2, freight=1, stations=["st_poelten"])
    seat(s, 1, passenger=2, freight=1, stations=["st_poelten"])
    s["semmering"] = 1
    assert row(s, 0)["income"] == 30 and row(s, 1)["income"] == 60


def test_goods_on_trains_and_in_warehouse_ten_each():
    s = bare()
    seat(s, 0, goods={"wood": 1, "iron": 1, "coal": 1})
    assert row(s, 0)["goods"] == 30


def test_city_keys():
    s = bare()
    s["hubs"]["graz"]["col"] = 7
    seat(s, 0, keys=[{"hub": "graz", "kind": "gold"}])
    seat(s, 1, keys=[{"hub": "graz", "kind": "silver"}])
    assert row(s, 0)["keys"] == D.gold_key_value(7)
    assert row(s, 1)["keys"] == D.silver_key_value(7)


HUB_COLS = sorted(D.HUB_TILE[c]["start"] for c in D.FIXED_HUBS.values())   # 2, 3, 5, 7


@pytest.mark.parametrize("col,pay", [(0, 0), (HUB_COLS[0], 10), (HUB_COLS[1], 30),
                                     (HUB_COLS[2], 60), (HUB_COLS[3], 100), (29, 100)])
def test_hub_influence_table(col, pay):
    s = bare()
    seat(s, 0, col=col)
    assert row(s, 0)["hub_influence"] == pay


def test_contracts_void_without_trieste():
    s = bare()
    seat(s, 0, contracts=["A1", "B2"])
    assert not s["trieste"]
    assert row(s, 0)["contracts"] == 0 and F.final_scoring(s)["money"][0] == 100


def test_contracts_gain_when_filled_cost_when_not():
    s = bare()
    s["trieste"] = True
    seat(s, 0, contracts=["A1", "B2"], tracks=TO_TRIESTE,
         factories=[{"site": "st_poelten-1", "good": "wood", "level": 1, "goods": 0}])
    assert row(s, 0)["contracts"] == 30 - 90 and row(s, 0)["filled"] == ["A1"]


def test_factories_are_rearranged_to_fill_best():
    # one wood factory: it fills B6? no, B6 needs two; a wood and a stone fill B1 (70) rather
    # than A1 (30) + nothing
    p = {"contracts": ["A1", "B1"], "factories": [
        {"good": "wood"}, {"good": "stone"}]}
    filled, net = F.best_contract_fill(p)
    assert filled == ["B1"] and net == 70 - 30


def test_track_usage_once_to_the_highest_influence_owner():
    s = bare(3)
    s["trieste"] = True
    for hub in s["hubs"].values():                # no hub influence to blur the sums
        hub["col"] = 20
    seat(s, 1, tracks=TO_TRIESTE, col=1)
    seat(s, 2, tracks=TO_TRIESTE[4:], col=2)     # from bruck on, more influence than seat 1
    seat(s, 0, contracts=["A1", "A2"], tracks=TO_TRIESTE[:4])   # reaches bruck
    scored = F.final_scoring(s)
    path = TO_TRIESTE[4:]
    assert scored["rows"][0]["usage_path"] == path and scored["rows"][0]["usage"] == 20 * 5
    assert scored["rows"][0]["contracts"] == -30 - 30
    assert scored["money"][0] == 100 - 60 - 100
    assert scored["money"][2] == 100 + 100 and scored["money"][1] == 100


def test_no_track_usage_without_contracts_or_when_reaching_trieste():
    s = bare(2)
    s["trieste"] = True
    seat(s, 1, tracks=TO_TRIESTE)
    assert row(s, 0)["usage"] == 0
    seat(s, 0, contracts=["A1"], tracks=TO_TRIESTE)
    assert row(s, 0)["usage"] == 0


@pytest.mark.parametrize("investors,left", [(0, 100), (1, 90), (3, 70), (10, 0)])
def test_shareholders_ten_percent_each(investors, left):
    s = bare()
    seat(s, 0, shareholders=investors)
    assert F.final_scoring(s)["money"][0] == left


def test_ties_share_the_victory():
    s = bare(3)
    seat(s, 2, money=90)
    s = engine.evolve(s, {"type": "game_scored", **F.final_scoring(s)})
    result = engine.result(s)
    ranks = {r["seat"]: r["rank"] for r in result["ranking"]}
    assert ranks == {0: 1, 1: 1, 2: 3} and result["scores"] == [100, 100, 90]


def test_the_last_hand_of_round_eight_scores_the_game():
    s = bare()
    s.update(round=8, hands=[0, 1], turn=1)
    seat(s, 1, goods={"wood": 1})
    s, ev = play(s, 1, {"type": "fundraise"})
    s, ev = play(s, 1, {"type": "end_turn"})        # an Investor could still buy a share
    scored = of_type(ev, "game_scored")
    assert scored and s["over"] and engine.result(s)["scores"] == [100, 120]
