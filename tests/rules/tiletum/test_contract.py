"""The engine contract: listed moves are accepted, others refused, garbage raises IllegalMove
only, views show piles as sizes, and nothing a seat sees depends on the piles' contents."""
import copy

import pytest
from hypothesis import given, settings, strategies as st

from engines.core import ALL, IllegalMove, canonical, derive_rng, random_playout
from engines.core.secrecy import resample
from engines.tiletum import data as D
from engines.tiletum.prospect import data as P
from engines.tiletum import engine
from engines.tiletum.moves import SCHEMAS


def positions(players=3, seed="positions", every=7, options=None):
    out = []

    def grab(state, *_):
        if engine.result(state) is None and len(out) < 40 and len(out) * every <= grab.n:
            out.append(copy.deepcopy(state))
        grab.n += 1
    grab.n = 0
    random_playout(engine, players, options or {}, seed=seed, on_move=grab)
    return out


SILVER = {"prospect_for_silver": True}
POSITIONS = positions() + positions(1, "solo-silver", 3, SILVER) + positions(3, "silver", 7, SILVER)


def test_every_listed_move_is_accepted():
    for state in POSITIONS:
        seat = engine.active(state)[0]
        before = canonical(state)
        for option in engine.legal_moves(state, seat):
            engine.decide(state, seat, option["move"], derive_rng("acc", 1))
        assert canonical(state) == before


def test_moves_not_listed_are_refused():
    rng = derive_rng("unlisted", 0)
    for state in POSITIONS[:15] + POSITIONS[40:55] + POSITIONS[-10:]:
        seat = engine.active(state)[0]
        listed = [o["move"] for o in engine.legal_moves(state, seat)]
        tried = 0
        for kind in SCHEMAS:
            for _ in range(20):
                move = random_move(kind, rng)
                if move in listed:
                    continue
                try:
                    engine.decide(state, seat, move, derive_rng("x", 1))
                except IllegalMove:
                    tried += 1
                    continue
                raise AssertionError(f"unlisted move {move} accepted")
        assert tried > 100
        for other in range(state["players"]):
            if other != seat:
                assert engine.legal_moves(state, other) == []
                for option in engine.legal_moves(state, seat)[:5]:
                    try:
                        engine.decide(state, other, option["move"], derive_rng("x", 1))
                        raise AssertionError("a seat not on turn moved")
                    except IllegalMove as e:
                        assert e.code == "not_your_turn"


def random_move(kind, rng):
    tiles = sorted(D.TILES)
    pick = lambda xs: xs[rng.randbelow(len(xs))]
    return {k: v for k, v in {
        "type": kind, "resource": pick(D.RESOURCES), "tile": pick(tiles + sorted(P.UNDERGROUND_BONUS)), "building": rng.randbelow(6),
        "town": pick(D.TOWN_IDS + P.UNDERGROUND_TOWN_IDS), "colour": pick(D.COLOUR_IDS), "value": rng.randint(1, 6),
        "to": rng.randint(1, 6), "bonus": bool(rng.randbelow(2)),
        "action": pick(D.CHARACTER_TYPES + [None]), "pawn": pick(["architect", "merchant"]),
        "slot": rng.randbelow(5), "floor": rng.randint(1, 3), "give": pick(D.RESOURCES),
        "get": pick(D.RESOURCES), "extra": pick(D.RESOURCES + [None]), "take": bool(rng.randbelow(2)),
        "helper": pick([x for x in tiles if D.TILES[x]["kind"] == "colour_helper"] + [None, None]), "recolour": pick(D.COLOUR_IDS + [None]),
        "map": rng.randint(0, 4), "tech": pick(P.TECH_IDS), "space": rng.randbelow(3),
    }.items() if k == "type" or k in SCHEMAS[kind]().fields}


junk = st.recursive(st.none() | st.booleans() | st.integers(-3, 10) | st.text(max_size=6)
                    | st.sampled_from(sorted(D.TILES)[:5] + D.TOWN_IDS[:3] + D.RESOURCES + D.COLOUR_IDS),
                    lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=4), c, max_size=3),
                    max_leaves=6)


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(sorted(SCHEMAS) + ["", "nope"]),
       body=st.dictionaries(st.sampled_from(["resource", "tile", "building", "town", "colour", "value",
                                             "to", "bonus", "action", "pawn", "slot", "floor", "give",
                                             "get", "extra", "take", "map", "tech", "space", "helper",
                                             "recolour", "x"]), junk, max_size=6),
       pos=st.integers(0, len(POSITIONS) - 1), seat=st.integers(-1, 3))
def test_garbage_raises_illegal_move_only(kind, body, pos, seat):
    state = POSITIONS[pos]
    before = canonical(state)
    try:
        engine.decide(state, seat, {"type": kind, **body}, derive_rng("fuzz", 1))
    except IllegalMove:
        pass
    assert canonical(state) == before


def test_views_show_piles_as_sizes_and_nothing_depends_on_their_contents():
    rng = derive_rng("views", 0)
    for state in POSITIONS[::5]:
        for viewer in list(range(state["players"])) + [None]:
            v = engine.view(state, viewer)
            assert v["characters"]["pile"] == len(state["characters"]["pile"])
            assert v["contracts"]["pile"] == len(state["contracts"]["pile"])
            assert v["bonus_pile"] == len(state["bonus_pile"])
            other = resample(engine, state, viewer, rng)
            assert engine.view(other, viewer) == v
            if viewer is not None:
                assert engine.legal_moves(other, viewer) == engine.legal_moves(state, viewer)
        assert engine.view(state, ALL)["characters"]["pile"] == state["characters"]["pile"]


@pytest.mark.parametrize("players,options", [(2, {}), (1, SILVER)])
def test_every_draw_from_a_pile_is_a_reveal(players, options):
    _, events, _ = random_playout(engine, players, options, seed="reveals")
    for ev in events:
        if ev["type"] in ("characters_drawn", "contracts_drawn", "cleanup", "dice_rolled",
                          "corruption", "decree", "surprises_bought"):
            assert ev.get("reveal") is True
        else:
            assert not ev.get("reveal")


def test_no_move_after_the_end():
    state, _, _ = random_playout(engine, 2, {}, seed="end")
    assert engine.active(state) == [] and engine.legal_moves(state, 0) == []
    try:
        engine.decide(state, 0, {"type": "end"}, derive_rng("x", 1))
        raise AssertionError("a move after the end")
    except IllegalMove as e:
        assert e.code == "game_over"
