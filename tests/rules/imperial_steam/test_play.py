"""Whole games: random play-outs for every player count and layout (fold == live state, decide
never mutates, components accounted for), listed moves accepted, unlisted and garbage refused,
views that keep the bid secret, and a game that ends early at Trieste."""
import copy

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engines.core import ALL, IllegalMove, derive_rng, random_playout
from engines.imperial_steam import engine
from engines.imperial_steam import data as D
from engines.imperial_steam import final_scoring as F

from .helpers import check_components, listed, opening, play, seat, table

LAYOUTS = ["fixed", "normal", "random"]
POSITIONS = []          # a few positions met in play-outs, for the move tests below


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("layout", LAYOUTS)
def test_random_playout(players, layout):
    def check(state, who, move, events):
        check_components(state)
        if len(POSITIONS) < 60 and not state["over"] and len(events) % 3 == 0:
            POSITIONS.append(copy.deepcopy(state))

    final, events, moves = random_playout(engine, players, {"layout": layout},
                                          seed=f"play-{players}-{layout}", check_fold=True,
                                          on_move=check)
    result = engine.result(final)
    assert final["over"] and result is not None
    assert sorted(r["seat"] for r in result["ranking"]) == list(range(players))
    assert final["round"] == D.ROUNDS or final["trieste"]
    assert sum(1 for e in events if e["type"] == "round_started") == final["round"]


def positions():
    if not POSITIONS:
        for players in (2, 3, 4):
            random_playout(engine, players, {}, seed=f"pos-{players}",
                           on_move=lambda s, *_: POSITIONS.append(copy.deepcopy(s))
                           if not s["over"] and len(POSITIONS) % 7 == 0 else None)
    return POSITIONS[::3]


def test_every_listed_move_is_accepted():
    rng = derive_rng("listed", 0)
    for s in positions():
        who = engine.awaited(s)[0]
        moves = listed(s, who)
        assert moves
        for move in (moves if len(moves) <= 30 else [rng.choice(moves) for _ in range(30)]):
            engine.decide(s, who, move, derive_rng("x", 1))


def canonical(move):
    """Lists of goods and sites are multisets (their order is free); tracks keep their order."""
    return {k: (sorted(v) if k in ("goods", "discard", "sites") and
                all(isinstance(x, str) for x in v) else v) for k, v in move.items()}


def same_as_listed(move, moves):
    return canonical(move) in [canonical(m) for m in moves]


def test_unlisted_moves_are_refused():
    """Moves one step off a listed one (another amount, an unknown id) are refused unless listed."""
    for s in positions():
        who = engine.awaited(s)[0]
        moves = listed(s, who)
        for move in moves[:40]:
            for key, value in move.items():
                if key == "type":
                    continue
                for other in ([value + 10, value - 1] if type(value) is int else
                              [not value] if type(value) is bool else
                              [value + ["wood"], value[:-1]] if isinstance(value, list) else
                              [value + "x"]):
                    bent = dict(move, **{key: other})
                    if same_as_listed(bent, moves):
                        continue
                    with pytest.raises(IllegalMove):
                        engine.decide(s, who, bent, derive_rng("x", 1))
        for other in range(s["players"]):
            if other not in engine.active(s):
                assert engine.legal_moves(s, other) == []
                with pytest.raises(IllegalMove):
                    engine.decide(s, other, {"type": "fundraise"}, derive_rng("x", 1))


junk = st.recursive(st.none() | st.booleans() | st.integers(-5, 300) | st.text(max_size=12)
                    | st.sampled_from(["wood", "linz", "A1", "st_poelten-1", "training-1",
                                       "wien-st_poelten"]),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=6)
fields = ["amount", "tracks", "workers", "column", "bridge", "tunnel", "city", "site", "worker",
          "sites", "discard", "good", "goods", "level", "train", "id", "steps", "influence",
          "share", "flip", "conn"]


@settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck))
@given(kind=st.sampled_from(list(engine.moves_schema) + ["", "nope"]),
       body=st.dictionaries(st.sampled_from(fields), junk, max_size=4),
       which=st.integers(0, 10**6), who=st.integers(-1, 4))
def test_garbage_raises_only_illegal_move(kind, body, which, who):
    states = positions()
    s = states[which % len(states)]
    move = dict(body, type=kind)
    before = copy.deepcopy(s)
    try:
        engine.decide(s, who, move, derive_rng("g", 1))
    except IllegalMove:
        pass
    assert s == before


def test_views():
    s, _ = opening(3)
    s = play(s, 0, {"type": "bid", "amount": 30})[0]
    assert engine.view(s, 1)["seats"][0]["bid"] is None
    assert engine.view(s, None)["seats"][0]["bid"] is None
    assert engine.view(s, 0)["seats"][0]["bid"] == 30
    assert engine.view(s, ALL)["seats"][0]["bid"] == 30
    v = engine.view(s, None)
    assert "30" not in str([x for x in v["seats"]][0]["bid"])
    assert v["phase"] == "bid" and v["awaited"] == [1, 2] and v["active"] == [0, 1, 2]
    # after the reveal everything is public (money is public in this implementation)
    for x in (1, 2):
        s = play(s, x, {"type": "bid", "amount": 0})[0]
    assert engine.view(s, None)["last_bids"] == [30, 0, 0]
    assert engine.hidden_zones(s, None) == []


def test_a_game_that_ends_early_at_trieste():
    """From a stacked round 6, seat 0 one tunnel short of Trieste, holding a contract; played
    on by a bot that always builds when it can."""
    tracks = ["wien-wr_neustadt", "wr_neustadt-gloggnitz", D.SEMMERING, "muerzzuschlag-bruck",
              "bruck-graz", "graz-marburg", "marburg-cilli", "cilli-laibach"]
    s = table(2, turn=0)
    s = engine.evolve(s, {"type": "round_started", "round": 6})
    s["turn"] = 0
    s["order"] = [0, 1]
    one, two = [c for c in s["display"] if c.startswith("A")][:2]   # one-factory contracts
    seat(s, 0, tracks=tracks, tunnel=True, training=[0, 0, 2], contracts=[one],
         goods={"wood": 1, "stone": 1, "iron": 2}, trains=[5], freight=4, reserved=1)
    seat(s, 1, contracts=[two], freight=2, reserved=1, goods={"wood": 1, "coal": 1})
    for c in tracks:
        s["tracks"][c] = [0]
    s["engineers"]["tunnel"] -= 1
    s["display"] = [c for c in s["display"] if c not in (one, two)]
    rng = derive_rng("early", 0)
    n = 0
    while not s["over"]:
        who = engine.awaited(s)[0]
        moves = listed(s, who)
        builds = [m for m in moves if m["type"] == "build_tracks"]
        builds = [m for m in builds if "laibach-trieste" in m["tracks"]] or builds
        move = builds[0] if builds else rng.choice(moves)
        s, _ = play(s, who, move, n)
        check_components(s)
        n += 1
    assert s["trieste"] and s["round"] == 6
    rows = s["final"]["rows"]
    for x in (0, 1):
        filled, net = F.best_contract_fill(s["p"][x])
        assert rows[x]["contracts"] == net and rows[x]["filled"] == filled
    assert rows[1]["usage"] == 20 * len(rows[1]["usage_path"]) > 0


def test_renderer_places_every_city():
    from pathlib import Path
    import engines.imperial_steam as pkg
    js = (Path(pkg.__file__).parent / "renderer.js").read_text()
    block = js[js.index("const POS"):js.index("};", js.index("const POS"))]
    assert all(f"{city}: [" in block for city in D.CITIES)
    assert engine.view(table(2), None)["connections"]["laibach-trieste"] == \
        ["laibach", "trieste", "tunnel"]
