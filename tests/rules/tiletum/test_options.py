"""The table options of the rules page's "Options and preferences": defaults keep the base game;
Prospect for Silver's three settings (Underground map sides, Technologies, Scoring overlay face)
load through the options schema and do what they say."""
import pytest
from marshmallow import ValidationError

from engines.core import random_playout
from engines.tiletum import engine
from engines.tiletum.prospect import data as P
from tests.rules.tiletum.helpers import prospect, table
from tests.rules.tiletum.test_playouts import check_components


def test_defaults_keep_the_base_game():
    options = engine.load_options({})
    assert options == {"layout": "printed", "difficulty": "deacon", "prospect_for_silver": False,
                       "underground": "random", "technologies": "random", "overlay": "random"}
    s = table()
    assert s["prospect"] is False and "underground" not in s
    assert all(f["tile"] not in P.FAIR_TILES for f in s["fairs"])


@pytest.mark.parametrize("name,bad", [("underground", "c"), ("technologies", "all"), ("overlay", "mines"),
                                      ("prospect_for_silver", "maybe")])
def test_bad_option_values_are_refused(name, bad):
    with pytest.raises(ValidationError):
        engine.load_options({name: bad})


@pytest.mark.parametrize("side", ["a", "b"])
def test_underground_sides_all_a_or_all_b(side):
    s = prospect(underground=side)
    assert s["underground"]["sides"] == [side] * 3
    assert set(s["underground"]["towns"]) == {t for t, x in P.UNDERGROUND_TOWNS.items() if x["side"] == side}


def test_underground_sides_at_random_mix():
    seen = {tuple(prospect(underground="random", seed=f"u{i}")["underground"]["sides"]) for i in range(10)}
    assert len(seen) > 1


@pytest.mark.parametrize("face", ["houses", "pillars"])
def test_the_overlay_face_as_asked_or_at_random(face):
    assert prospect(overlay=face)["underground"]["overlay"] == face
    seen = {prospect(overlay="random", seed=f"o{i}")["underground"]["overlay"] for i in range(10)}
    assert seen == set(P.OVERLAY_FACES)


# Every value of the three settings played to the end, the fold checked after every move (the
# conformance suite plays every OneOf and Boolean combination; these three are not OneOf fields,
# to keep its product modest, so they are played here).
CASES = [(1, "a", "first_game", "houses"), (2, "b", "random", "pillars"),
         (3, "random", "first_game", "random"), (4, "a", "random", "pillars"),
         (2, "random", "random", "houses")]


@pytest.mark.parametrize("players,side,techs,face", CASES)
def test_expansion_games_fold_and_account(players, side, techs, face):
    options = {"prospect_for_silver": True, "underground": side, "technologies": techs, "overlay": face}
    state, events, _ = random_playout(engine, players, options, seed=f"exp-{players}-{side}",
                                      check_fold=True, on_move=lambda s, *_: check_components(s))
    assert engine.result(state) is not None
    sc = state["final"][0]
    assert sc["overlay"] == state["underground"]["overlay"] and "silver_vp" in sc
    if face != "random":
        assert sc["overlay"] == face
