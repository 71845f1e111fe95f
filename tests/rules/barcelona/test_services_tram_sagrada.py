"""Public Services, Move Your Tram and the Sagrada Família track."""
import pytest

from engines.core import IllegalMove
from engines.barcelona import engine, city
from engines.barcelona.data import PASSENGERS, SAGRADA_TILES, SERVICE_STACK
from tests.rules.barcelona.helpers import at_actions, fresh, play


def service(players=4, coins=3, **p):
    s = at_actions(fresh(players), "3,3")  # the Diagonal: Build a Public Service
    s["p"][0].update(coins=coins, **p)
    return s


def test_service_stack_and_two_player_stacks():
    assert [(t["coins"], t["vp"]) for t in SERVICE_STACK] == [(3, 10), (2, 6), (1, 3)]
    assert fresh(4)["services"]["universitat"] == [0, 1, 2]
    assert fresh(3)["services"]["universitat"] == [0, 1, 2]
    assert fresh(2)["services"]["universitat"] == [0, 1]  # the cheapest is not used


def test_service_pays_top_gains_vp_and_cerda_once_per_type():
    s = service()
    s2, _ = play(s, 0, {"type": "public_service", "service": "museu_modernisme"})
    p = s2["p"][0]
    assert (p["coins"], p["vp"], p["cerda"]) == (0, 10, 5)
    assert s2["services"]["museu_modernisme"] == [1, 2]
    assert s2["pending"][0] == {"kind": "sagrada", "seat": 0, "steps": 2}
    s2["p"][1]["coins"] = 2
    s2["pending"] = []
    s3 = at_actions(s2, "3,3", seat=0)
    s3["p"][0]["coins"] = 2
    assert "museu_modernisme" not in [o["move"].get("service") for o in engine.legal_moves(s3, 0)]


def test_sant_antoni_cloth_per_block():
    s = service()
    s["buildings"] = {"b1,0": {"tiles": ["level1"], "markers": [0]},
                      "b2,0": {"tiles": ["level1"], "markers": [1, 0]},
                      "t0u": {"tiles": ["corner"], "markers": [0]},
                      "t0l": {"tiles": ["corner"], "markers": [0]},
                      "b3,0": {"tiles": ["level1"], "markers": [1]}}
    s2, _ = play(s, 0, {"type": "public_service", "service": "sant_antoni"})
    assert s2["p"][0]["cloths"] == 3  # blocks 1,0 / 2,0 / 0,0


@pytest.mark.parametrize("svc,actions", [("estacio_franca", ["tram"]),
                                         ("hospital_santa_creu", ["intersection"]),
                                         ("passeig_companys", ["wide_street", "narrow_streets"]),
                                         ("universitat", ["cobblestone"]),
                                         ("pavello_operacions", ["take_project"])])
def test_service_grants_action(svc, actions):
    s = service()
    s2, _ = play(s, 0, {"type": "public_service", "service": svc})
    assert s2["pending"][0]["actions"] == actions
    assert {"type": "decline"} in [o["move"] for o in engine.legal_moves(s2, 0)]


def test_universitat_ignores_adjacency_and_hospital_coins():
    s2, _ = play(service(), 0, {"type": "public_service", "service": "universitat"})
    assert "0,0" in [o["move"]["space"] for o in engine.legal_moves(s2, 0) if "space" in o["move"]]
    s = service(intersections=4, cloths=1)
    s3, _ = play(s, 0, {"type": "public_service", "service": "hospital_santa_creu"})
    s4, _ = play(s3, 0, {"type": "intersection", "crossing": "4,4"})  # 2 Coins +1 ignored
    assert s4["p"][0]["cloths"] == 0 and s4["intersections"]["4,4"] == 0


def test_operacions_ignores_cloth_cost():
    s = service(coins=4)
    s2, _ = play(s, 0, {"type": "public_service", "service": "pavello_operacions"})
    s3, _ = play(s2, 0, {"type": "take_project", "tile": 0, "slot": 5})  # 1 Coin + 2 Cloths
    assert s3["p"][0]["coins"] == 0 and s3["p"][0]["projects"][4]["tile"] == 0


def tram_state(space="r1.1"):
    s = at_actions(fresh(), "2,1")  # row 1: Move Your Tram
    s["trams"][0] = space
    return s


def targets(s):
    return sorted({o["move"]["space"] for o in engine.legal_moves(s, 0) if o["move"]["type"] == "tram"})


def test_tram_first_placement_anywhere_free():
    s = at_actions(fresh(), "2,1")
    s["trams"][1] = "c0.0"
    s["passengers"]["c0.1"] = 1
    t = targets(s)
    assert "c0.0" not in t and "c0.1" not in t and len(t) == len(city.SPACE_IDS) - 2


def test_tram_moves_one_or_two_without_reversing():
    s = tram_state("r1.1")  # between 1,1 and 2,1
    t = targets(s)
    assert "r1.1" not in t
    assert {"r1.0", "r1.2", "c1.0", "c2.1", "d1", "d0"} <= set(t)  # 1 space (d at 1,1)
    assert "r1.3" in t and "c3.0" in t  # 2 spaces, turning at a crossing
    assert "r0.0" in t  # 2 spaces: up column 1 to 1,0, then along row 0
    assert "r3.0" not in t  # three spaces away


def test_own_tiles_are_free():
    s = tram_state("r1.1")
    far = "r1.3"
    s["street_tiles"]["r1.2"] = {"seat": 0, "kind": "narrow"}
    s["street_tiles"]["r1.3"] = {"seat": 0, "kind": "narrow"}
    assert "c4.1" in targets(s)  # r1.2, r1.3 free then one more
    s["street_tiles"]["r1.2"]["seat"] = 1
    s["street_tiles"]["r1.3"]["seat"] = 1
    assert "c4.1" not in targets(s) and far in targets(s)


def test_passenger_cost_rescoring_and_street_action():
    assert [(p["coins"], p["cloths"]) for p in PASSENGERS][0] == (1, 0)
    s = tram_state("r1.1")
    s["street_tiles"]["r1.2"] = {"seat": 1, "kind": "narrow"}
    s["street_tiles"]["r1.3"] = {"seat": 1, "kind": "narrow"}
    assert {"type": "tram", "space": "r1.2", "passenger": True} not in \
        [o["move"] for o in engine.legal_moves(s, 0)]  # no Coin for the first Passenger
    s["p"][0]["coins"] = 1
    s2, ev = play(s, 0, {"type": "tram", "space": "r1.2", "passenger": True})
    assert s2["passengers"]["r1.2"] == 0 and s2["p"][0]["coins"] == 0
    assert s2["p"][1]["vp"] == 2  # the owner scores the line again
    assert s2["pending"][0]["actions"] == ["tram"]  # row 1's action: it chains


def test_sagrada_steps_optional_and_tiles():
    s = at_actions(fresh(), "0,4")
    s["pending"] = [{"kind": "sagrada", "seat": 0, "steps": 2}]
    assert engine.legal_moves(s, 0)[0]["choose"]["steps"]["one_of"] == [0, 1, 2]
    s2, _ = play(s, 0, {"type": "sagrada", "steps": 2})
    assert s2["p"][0]["sagrada"] == 2 and s2["pending"][0] == {"kind": "sagrada_tile", "seat": 0,
                                                               "level": 1}
    opts = engine.legal_moves(s2, 0)
    assert [o["move"]["tile"] for o in opts] == [0, 1, 2, 3]
    s3, _ = play(s2, 0, {"type": "sagrada_tile", "tile": 1, "coins": 0})  # 3 VP + Cloth
    assert (s3["p"][0]["vp"], s3["p"][0]["cloths"]) == (3, 1)
    assert s3["sagrada_pool"]["1"] == [0, 2, 3]
    assert SAGRADA_TILES[4][0] == {"vp": 18}
    with pytest.raises(IllegalMove):
        engine.decide(s2, 0, {"type": "sagrada_tile", "tile": 0, "coins": 1}, None)


def test_tram_passes_other_trams_but_never_ends_on_one():
    s = tram_state("r1.0")  # between 0,1 and 1,1
    s["trams"][1] = "r1.1"  # the next space along row 1
    t = targets(s)
    assert "r1.1" not in t  # may not end on another Tram
    assert "r1.2" in t  # but passes it: two spaces along row 1
    s["trams"][1] = None
    assert "r1.1" in targets(s)


def test_estacio_de_franca_waives_the_passengers_coin_not_its_cloth():
    s = service(coins=3)  # the service's top tile costs all 3 Coins
    s2, _ = play(s, 0, {"type": "public_service", "service": "estacio_franca"})
    assert s2["p"][0]["coins"] == 0 and s2["pending"][0]["actions"] == ["tram"]
    moves = [o["move"] for o in engine.legal_moves(s2, 0)]
    assert {"type": "tram", "space": "c0.0", "passenger": True} in moves  # 1 Coin, waived
    s3, _ = play(s2, 0, {"type": "tram", "space": "c0.0", "passenger": True})
    assert s3["passengers"]["c0.0"] == 0 and s3["p"][0]["coins"] == 0
    # the third Passenger costs 1 Cloth + 1 Coin: with no Cloth, not even the waiver helps
    s4 = service(coins=3, passengers=2)
    s5, _ = play(s4, 0, {"type": "public_service", "service": "estacio_franca"})
    assert not any(o["move"].get("passenger") for o in engine.legal_moves(s5, 0))
    s4["p"][0]["cloths"] = 1
    s5, _ = play(s4, 0, {"type": "public_service", "service": "estacio_franca"})
    s6, _ = play(s5, 0, {"type": "tram", "space": "c0.0", "passenger": True})
    assert (s6["p"][0]["coins"], s6["p"][0]["cloths"], s6["p"][0]["passengers"]) == (0, 0, 3)
    # without the service, the same Passenger's Coin is paid
    s7 = tram_state("r1.1")
    s7["p"][0].update(coins=1, cloths=1, passengers=2)
    s8, _ = play(s7, 0, {"type": "tram", "space": "r1.2", "passenger": True})
    assert (s8["p"][0]["coins"], s8["p"][0]["cloths"]) == (0, 0)


def test_intersection_benefits_in_the_order_chosen():
    from tests.rules.barcelona.helpers import fresh as fresh_table
    s = fresh_table()
    s["intersections"]["1,0"] = 1
    s["p"][1].update(intersections=5, cerda=9)
    s2, _ = play(s, 0, {"type": "place", "crossing": "1,0", "top": "middle"})
    s3, _ = play(s2, 1, {"type": "benefits", "choice": ["sagrada", "cerda"]})
    assert s3["pending"][0]["kind"] == "sagrada" and s3["p"][1]["vp"] == 0  # Cerdà waits
    s4, _ = play(s3, 1, {"type": "sagrada", "steps": 1})
    s5, _ = play(s4, 1, {"type": "sagrada_tile", "tile": 3, "coins": 0})  # +1 Cerdà + 2 VP
    assert s5["p"][1]["vp"] == 2 + 2 + 2  # tile VP, then two forfeited steps at the top
    assert engine.active(s5) == [0]
