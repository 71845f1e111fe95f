"""Prospect for Silver in the King phase, the Fair and final scoring (rules page): Mines pay 1
Silver each, a marker at 0 or better unlocks a Mine, the ribbons pay 1 Silver from +3 and 2 from
+7; the Scoring overlay's faces; 1 VP per 2 Silver; the Technology Fair tile."""
import pytest

from engines.core import Table, derive_rng
from engines.tiletum import data as D
from engines.tiletum import engine
from engines.tiletum.final_scoring import final
from engines.tiletum.prospect import data as P
from engines.tiletum.prospect.scoring import overlay_product
from engines.tiletum.round_structure import end_of_round
from tests.rules.tiletum.helpers import of_type, play, prospect, res, silver, turn

Z = D.KING_ZERO
T = D.KING_TRACK.index


def king_phase(s, round_=1, tile="F1"):
    s["round"], s["pass"] = round_, 3
    s["king_bonus"] = None
    s["fairs"][round_ - 1] = {"town": "hamburg", "tile": tile}
    t = Table(engine, s)
    end_of_round(t, derive_rng("king", 1))
    return t


@pytest.mark.parametrize("value,ribbon", [(-3, 0), (0, 0), (2, 0), (3, 1), (6, 1), (7, 2), (15, 2)])
def test_the_blue_ribbons_pay_one_silver_from_plus_3_and_two_from_plus_7(value, ribbon):
    s = silver(prospect(), 0, 0)
    s["king"]["pos"][0] = T(value)
    t = king_phase(s)
    assert of_type(t.events, "silver_paid")[0]["ribbons"][0] == ribbon


def test_every_mine_pays_one_silver_and_a_marker_at_zero_or_better_unlocks_one():
    s = silver(silver(prospect(), 0, 0), 1, 0)
    s["underground"]["towns"]["u1a1"]["mines"] = [0, 1]
    s["underground"]["towns"]["u1a3"]["mines"] = [0, None]
    s["king"]["pos"] = [Z, Z - 1]  # seat 1 in the red part
    t = king_phase(s)
    ev = of_type(t.events, "silver_paid")[0]
    assert ev["mines"] == [2, 1] and ev["unlocked"] == [1, 0]
    b0, b1 = t.state["boards"]
    assert b0["silver"] == 2 and b1["silver"] == 1
    assert (b0["locked"], b0["mines"]) == (P.MINES_LOCKED - 1, P.MINES_UNLOCKED + 1)
    assert (b1["locked"], b1["mines"]) == (P.MINES_LOCKED, P.MINES_UNLOCKED)
    # read before the red part goes back to 0
    kinds = [e["type"] for e in t.events]
    assert kinds.index("king_scored") < kinds.index("silver_paid") < kinds.index("turn_order")


def test_no_mine_unlocks_once_all_three_are_unlocked():
    s = prospect()
    s["boards"][0]["locked"] = 0
    t = king_phase(s)
    assert of_type(t.events, "silver_paid")[0]["unlocked"][0] == 0


@pytest.mark.parametrize("face,h,p,m,vp", [
    ("houses", 3, 2, 4, 12), ("houses", 3, 2, 1, 6), ("houses", 3, 2, 2, 6),
    ("pillars", 3, 2, 5, 10), ("pillars", 3, 2, 1, 6), ("pillars", 0, 4, 3, 12)])
def test_the_scoring_overlay_counts_mines_only_where_you_have_more_of_them(face, h, p, m, vp):
    assert overlay_product(face, h, p, m) == vp


def test_final_scoring_with_the_overlay_silver_and_technologies():
    s = prospect(overlay="pillars")
    res(s, 0)
    s["towns"]["wien"]["pillars"].append(0)
    s["underground"]["towns"]["u1a4"]["pillars"].append(0)  # an Underground Pillar counts
    for town in ("u1a1", "u1a2", "u1a3"):
        s["underground"]["towns"][town]["mines"][0] = 0
    silver(s, 0, 7)
    s["boards"][0]["tech"] = {"architect": 2, "merchant": 1}
    sc = final(s)[0]
    assert sc["pillars"] == 2 and sc["houses"] == 1 and sc["mines"] == 3
    assert sc["overlay"] == "pillars" and sc["overlay_vp"] == 2 * 3
    assert sc["silver_vp"] == 3 and sc["technologies_vp"] == (1 + 2) + 1
    assert "houses_x_pillars" not in sc
    s["phase"] = "turn"
    seat = s["order"][-1]
    s["round"], s["pass"], s["king_bonus"] = 4, 3, None
    s["fairs"][3] = {"town": "hamburg", "tile": "F1"}
    turn(s, seat, stage="action", action="architect", ap=0)
    before = s["boards"][0]["vp"]
    new, events = play(s, seat, {"type": "end"})
    scored = of_type(events, "final_scored")[0]["scores"][0]
    king = sum(e["vp"][0] for e in of_type(events, "king_scored")) + \
        sum(e["vp"] for e in of_type(events, "king_bonus_scored") if e["seat"] == 0)
    lines = ("overlay_vp", "completed_vp", "resources_vp", "silver_vp", "technologies_vp")
    assert new["boards"][0]["vp"] == before + king + sum(scored[k] for k in lines)


def test_the_technology_fair_tile_counts_tiers_reached():
    s = prospect()
    s["boards"][0]["tech"] = {"architect": 2, "merchant": 1}
    s["boards"][0]["merchant"] = "hamburg"
    t = king_phase(s, 2, "F8")
    assert of_type(t.events, "fair_scored")[0]["vp"][0] == (D.FAIR_BOARD[1] + P.FAIR_TILES["F8"]["value"]) * 3


def test_underground_houses_count_for_a_fair_but_do_not_put_you_there():
    s = prospect()
    s["underground"]["towns"]["u1a2"]["houses"][0] = 1
    s["boards"][0]["merchant"] = s["boards"][1]["merchant"] = "hamburg"
    s["round"] = 2
    t = king_phase(s, 2)
    fair = of_type(t.events, "fair_scored")[0]
    assert fair["vp"][1] == fair["vp"][0] + D.FAIR_BOARD[1]  # one House more, in Underground
