"""Resources (rules page, "Key concepts"): one per open Warehouse space; a gain that does not fit
is lost, but the player may discard stored resources to make room and take only part of it, at
every gain: street actions, Sidewalk, Street-tile and Intersection benefits, Sagrada tiles."""
import pytest

from engines.core import IllegalMove
from engines.barcelona import engine
from engines.barcelona.gains import capacity
from tests.rules.barcelona.helpers import at_actions, fresh, of, play


def stores(s, seat=0):
    return sorted((o["move"]["coins"], o["move"]["cloths"]) for o in engine.legal_moves(s, seat))


def test_a_gain_that_fits_is_stored_without_a_question():
    s = at_actions(fresh(), "4,0")  # column 4: Gain Cloth and VP
    s["p"][0]["coins"] = 3
    s2, _ = play(s, 0, {"type": "cloth_vp"})
    assert (s2["p"][0]["coins"], s2["p"][0]["cloths"], s2["p"][0]["vp"]) == (3, 1, 3)
    assert not s2["pending"]


def test_full_warehouse_vp_come_and_the_player_chooses_what_to_keep():
    s = at_actions(fresh(), "4,0")
    s["p"][0]["coins"] = capacity(s["p"][0])  # four Coins fill the four open spaces
    s2, _ = play(s, 0, {"type": "cloth_vp"})
    assert s2["p"][0]["vp"] == 3  # the VP are gained even if the Cloth cannot be stored
    assert s2["pending"][0]["kind"] == "store" and engine.active(s2) == [0]
    assert stores(s2) == [(3, 1), (4, 0)]  # discard a Coin to take the Cloth, or lose the Cloth
    s3, ev = play(s2, 0, {"type": "store", "coins": 3, "cloths": 1})
    assert (s3["p"][0]["coins"], s3["p"][0]["cloths"]) == (3, 1)
    s4, _ = play(s2, 0, {"type": "store", "coins": 4, "cloths": 0})
    assert (s4["p"][0]["coins"], s4["p"][0]["cloths"], s4["p"][0]["vp"]) == (4, 0, 3)
    with pytest.raises(IllegalMove):  # the Warehouse holds no more than its open spaces
        engine.decide(s2, 0, {"type": "store", "coins": 4, "cloths": 1}, None)
    with pytest.raises(IllegalMove):  # nor anything the gain did not bring
        engine.decide(s2, 0, {"type": "store", "coins": 2, "cloths": 2}, None)


def test_mixed_gain_part_taken_any_mix_not_coins_first():
    s = at_actions(fresh(), "3,4")  # column 3: Cobblestone; 0,1 on the Sidewalk: Coin + Cloth
    s["sidewalk"].update({"1,2": 1, "1,1": 1, "0,2": 1})
    s["p"][0].update(coins=2, cloths=2)  # full before the Cobblestone frees a fifth space
    s2, _ = play(s, 0, {"type": "cobblestone", "space": "0,1"})
    # the freed space takes one of the two: the player picks which, or reshuffles
    assert stores(s2) == [(2, 3), (3, 2)]
    s3, _ = play(s2, 0, {"type": "store", "coins": 2, "cloths": 3})
    assert (s3["p"][0]["coins"], s3["p"][0]["cloths"]) == (2, 3)


def test_only_one_way_to_store_asks_nothing():
    s = at_actions(fresh(), "0,4")  # column 0: Gain Coins
    s["p"][0]["coins"] = 3
    s2, ev = play(s, 0, {"type": "coins"})
    assert s2["p"][0]["coins"] == 4 and not s2["pending"]  # one of the two Coins is lost


def test_intersection_benefits_on_another_turn_ask_their_owner():
    s = fresh()
    s["intersections"]["1,0"] = 1
    s["p"][1].update(intersections=3, coins=2, cloths=2)
    s2, _ = play(s, 0, {"type": "place", "crossing": "1,0", "top": "middle"})
    s3, _ = play(s2, 1, {"type": "benefits", "choice": ["cloth", "vp2"]})
    assert s3["pending"][0] == {"kind": "store", "seat": 1, "coins": 0, "cloths": 1,
                                "why": "cloth"}
    assert engine.active(s3) == [1] and s3["p"][1]["vp"] == 0  # the 2 VP wait: order is kept
    s4, _ = play(s3, 1, {"type": "store", "coins": 1, "cloths": 3})
    assert (s4["p"][1]["coins"], s4["p"][1]["cloths"], s4["p"][1]["vp"]) == (1, 3, 2)
    assert engine.active(s4) == [0]


def test_sagrada_tile_mix_beyond_the_warehouse():
    s = at_actions(fresh(), "0,4")
    s["p"][0].update(sagrada=6, coins=3)
    s["pending"] = [{"kind": "sagrada", "seat": 0, "steps": 1}]
    s2, _ = play(s, 0, {"type": "sagrada", "steps": 1})  # step 7: a level 4 tile
    s3, _ = play(s2, 0, {"type": "sagrada_tile", "tile": 2, "coins": 2})  # 5 Coin or Cloth
    assert stores(s3) == [(1, 3), (2, 2), (3, 1), (4, 0)]  # up to 5 Coins and 3 Cloths, 4 fit
    s4, _ = play(s3, 0, {"type": "store", "coins": 1, "cloths": 3})
    assert (s4["p"][0]["coins"], s4["p"][0]["cloths"]) == (1, 3)
