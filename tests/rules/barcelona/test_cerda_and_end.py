"""The Cerdà track, Citizen tracks, Cerdà Scoring, the end and final scoring, ties."""
import pytest

from engines.barcelona import engine, scoring
from engines.barcelona.data import (COBBLESTONE_VP, MARK_2, MARK_23, PASSENGER_VP, SECTION_SPACES,
                                    SECTIONS, TRACK_VP)
from tests.rules.barcelona.helpers import at_actions, fresh, of, play


@pytest.mark.parametrize("pos,mult", [(0, 0), (1, 1), (2, 1), (3, 1), (4, 1), (5, 2), (6, 2),
                                      (7, 3), (8, 3), (9, 4)])
def test_cerda_multiplier_table(pos, mult):
    assert scoring.multiplier(pos) == mult


def test_cerda_moves_clamp_bottom_and_overflow_top():
    s = at_actions(fresh(), "0,4")  # row 4: +2 Cerdà
    s["p"][0]["cerda"] = 8
    s2, _ = play(s, 0, {"type": "cerda"})
    assert (s2["p"][0]["cerda"], s2["p"][0]["vp"]) == (9, 2)  # one step forfeited: 2 VP
    s["p"][0]["cerda"] = 9
    s3, _ = play(s, 0, {"type": "cerda"})
    assert (s3["p"][0]["cerda"], s3["p"][0]["vp"]) == (9, 4)
    s4 = fresh(4)
    for c, cls in {"1,0": "working", "2,0": "working", "2,1": "upper"}.items():
        s4["stacks"][c] = [cls]
    s4["phase"] = "build"
    s4["p"][0]["cerda"] = 1
    s5, _ = play(s4, 0, {"type": "build", "building": "level3", "space": "b1,0",
                         "crossings": ["1,0", "2,0", "2,1"]})
    s5, _ = play(s5, 0, {"type": "sagrada", "steps": 0})
    assert s5["p"][0]["cerda"] == 0  # below the bottom is ignored


@pytest.mark.parametrize("players,marks", [(2, ["②", "②③"]), (3, ["②③"]), (4, [])])
def test_player_count_covered_spaces(players, marks):
    """The ② and ②③ spaces start covered with 2 players, the ②③ spaces with 3, none with 4;
    covered spaces take no Citizen and show no VP."""
    covered = sorted((MARK_2 if "②" in marks else []) + (MARK_23 if "②③" in marks else []))
    s = fresh(players)
    for row in s["tracks"].values():
        for section in range(SECTIONS):
            cells = row[section * SECTION_SPACES:(section + 1) * SECTION_SPACES]
            assert [i for i, c in enumerate(cells) if c == "covered"] == covered
    s["tracks"]["working"] = ["citizen" if c is None else c for c in s["tracks"]["working"]]
    s["tracks"]["middle"] = list(s["tracks"]["working"])
    s["tracks"]["upper"][0] = "citizen"
    first_open = next(i for i, c in enumerate(s["tracks"]["upper"]) if c is None)
    assert scoring.lowest_visible_vp(s["tracks"]) == TRACK_VP[first_open]


def scoring_state():
    """Seat 0 ends its turn with the Working row filled to section 1's scoring space."""
    s = at_actions(fresh(2), "0,4")
    s["tracks"]["working"][:SECTION_SPACES] = ["citizen"] * SECTION_SPACES
    s["cerda_tiles"] = ["coins", "cloths", "services"]
    s["p"][0].update(coins=3, cerda=7)   # x3
    s["p"][1].update(coins=7, cerda=4)   # x1, count at most 5
    return s


def test_cerda_scoring_value_count_multiplier_reset_and_display():
    s = scoring_state()
    s2, ev = play(s, 0, {"type": "end_actions"})
    [sc] = of(ev, "cerda_scoring")
    assert sc["points"] == [2 * 3 * 3, 2 * 5 * 1]
    assert s2["p"][0]["vp"] == 18 and s2["p"][1]["vp"] == 10
    assert s2["p"][0]["cerda"] == 3 and s2["p"][1]["cerda"] == 3  # above start: back to start
    [ref] = of(ev, "display_refreshed")
    assert ref["reveal"] and set(ref["tiles"]).isdisjoint({0, 1, 2, 3})
    assert s2["scored"] == 1 and not s2["ending"]


def test_markers_below_start_stay():
    s = scoring_state()
    s["p"][1]["cerda"] = 1
    s2, _ = play(s, 0, {"type": "end_actions"})
    assert s2["p"][1]["cerda"] == 1


def test_no_scoring_before_row_reaches_scoring_space():
    s = scoring_state()
    s["tracks"]["working"][SECTION_SPACES - 1] = None
    s2, ev = play(s, 0, {"type": "end_actions"})
    assert not of(ev, "cerda_scoring")


def third(s):
    s["scored"] = 2
    for c in ("upper",):
        s["tracks"][c] = ["citizen"] * (SECTIONS * SECTION_SPACES)
    return s


def test_third_scoring_triggers_end_after_last_seat():
    s = third(scoring_state())
    s["cerda_tiles"][2] = "services"
    s2, ev = play(s, 0, {"type": "end_actions"})  # seat 0 is first: seat 1 still plays
    assert s2["ending"] and not s2["over"] and s2["turn"] == 1
    assert s2["p"][0]["cerda"] == 7  # no reset after the third scoring
    s3 = at_actions(s2, "0,4", seat=1)
    s4, ev = play(s3, 1, {"type": "end_actions"})
    assert s4["over"] and engine.result(s4) is not None and engine.active(s4) == []


def test_end_immediate_when_last_seat_triggers():
    s = third(scoring_state())
    s["first"] = 1  # seat 0 sits to the right of the first player
    s2, _ = play(s, 0, {"type": "end_actions"})
    assert s2["over"]


def test_final_scoring_cobblestones_passengers_projects():
    assert COBBLESTONE_VP == [1, 2, 4, 7, 11, 16] and PASSENGER_VP == [1, 5, 10, 16, 23]
    s = third(scoring_state())
    s["first"] = 1
    p = s["p"][0]
    p.update(cobblestones=3, passengers=2, coins=2)
    s["tiles"] = ["coins", "cobblestones"]
    p["projects"][0] = {"tile": 0, "top": True}    # 2 VP x 2 Coins x top x2
    p["projects"][4] = {"tile": 1, "top": False}   # 2 VP x 3 Cobblestones x bottom x2
    s2, ev = play(s, 0, {"type": "end_actions"})
    final = of(ev, "game_over")[0]["final"][0]
    assert final == {"cobblestones": 4, "passengers": 5, "projects": 8 + 12}


def test_ties_cerda_then_sagrada_then_markers_then_shared():
    s = fresh(3)
    s["over"] = True
    for p in s["p"]:
        p.update(vp=10, cerda=3, sagrada=2)
    s["p"][2]["vp"] = 5
    r = engine.result(s)
    assert [x["rank"] for x in r["ranking"]] == [1, 1, 3] and r["tiebreak"] == "shared"
    s["p"][1]["cerda"] = 4
    assert engine.result(s)["ranking"][0]["seat"] == 1
    s["p"][1]["cerda"] = 3
    s["p"][0]["sagrada"] = 3
    assert engine.result(s)["ranking"][0]["seat"] == 0
    s["p"][0]["sagrada"] = 2
    s["buildings"]["b1,0"] = {"tiles": ["level1"], "markers": [1]}
    r = engine.result(s)
    assert r["ranking"][0]["seat"] == 1 and r["tiebreak"] == "markers"
