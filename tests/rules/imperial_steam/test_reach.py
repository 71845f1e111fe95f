"""Reach: over a few hundred play-outs (uniformly random seats, heuristic seats, and tables mixing
both, at every player count and layout), every main action, free action, end condition and
final scoring step is actually played. A rule that no play-out ever reaches is only ever tested
from hand-built positions; this fails if one is never reached."""
from collections import Counter
from functools import lru_cache

import pytest

from engines.core import derive_rng, fold_events, sample_move
from engines.imperial_steam import engine, heuristic
from engines.imperial_steam import data as D

LAYOUTS = ["fixed", "normal", "random"]
RANDOM_GAMES, HEURISTIC_GAMES, MIXED_GAMES = 100, 60, 60


def playout(players, layout, seed, kinds):
    """One game; kinds[seat] is "r" (uniformly random legal moves) or "h" (heuristic)."""
    options = engine.load_options({"layout": layout})
    s = fold_events(engine, players, options, engine.setup(players, options, derive_rng(seed, 1)))
    rng = derive_rng(seed, 0, "bot")
    moves, n = Counter(), 0
    while engine.result(s) is None:
        seat = engine.awaited(s)[0]
        if kinds[seat] == "h":
            move = heuristic.choose(engine, s, seat, rng)
        else:
            move = sample_move(engine.legal_moves(s, seat), rng)
        moves[move["type"]] += 1
        for ev in engine.decide(s, seat, move, derive_rng(seed, n + 2)):
            s = engine.evolve(s, ev)
        n += 1
    return s, moves


def score_steps(s) -> Counter:
    """Which final scoring steps paid or cost something in this game."""
    seen = Counter()
    for row in s["final"]["rows"]:
        for step in ("income", "goods", "keys", "hub_influence", "usage", "shareholders"):
            if row[step]:
                seen[step] += 1
        if row["contracts"]:
            seen["contracts"] += 1
        if row["filled"]:
            seen["contract gained"] += 1
        if any(c not in row["filled"] for c in s["p"][row["seat"]]["contracts"]) and s["trieste"]:
            seen["contract cost"] += 1
        if s["semmering"] == row["seat"] and row["income"]:
            seen["income doubled (Semmering)"] += 1
    for p in s["p"]:
        for key in p["keys"]:
            seen[f"{key['kind']} key"] += 1
    return seen


@lru_cache(maxsize=None)
def reach():
    """Counts over every play-out: moves made, ends, scoring steps; and Trieste per kind."""
    moves, ends, steps = Counter(), Counter(), Counter()
    trieste = Counter()
    games = [("r", i) for i in range(RANDOM_GAMES)] + [("h", i) for i in range(HEURISTIC_GAMES)] \
        + [("m", i) for i in range(MIXED_GAMES)]
    for kind, i in games:
        players = 2 + i % 3
        kinds = {"r": "r" * players, "h": "h" * players, "m": "hr" * 2}[kind][:players]
        s, made = playout(players, LAYOUTS[(i // 3) % 3], f"reach-{kind}-{i}", kinds)
        moves += made
        if s["trieste"]:
            trieste[kind] += 1
            ends["Trieste reached" + (", early end" if s["round"] < D.ROUNDS else "")] += 1
        else:
            assert s["round"] == D.ROUNDS
            ends["the normal end (Round 8)"] += 1
        steps += score_steps(s)
    return moves, ends, steps, trieste


MAIN = ["build_tracks", "second_track", "hire", "station", "factory", "produce", "buy", "order",
        "buy_train", "upgrade_train", "contract", "philanthropize", "share_up", "share_down",
        "fundraise", "pass"]
FREE = ["business", "sell_share", "deliver", "state_railway", "end_turn", "bid"]


@pytest.mark.parametrize("move", MAIN + FREE)
def test_every_move_is_played(move):
    assert reach()[0][move] > 0, f"no play-out ever made a {move!r} move"


@pytest.mark.parametrize("end", ["Trieste reached, early end", "the normal end (Round 8)"])
def test_every_end_condition_is_reached(end):
    assert reach()[1][end] > 0, f"no play-out ended by {end}"


@pytest.mark.parametrize("step", ["income", "income doubled (Semmering)", "goods", "keys",
                                  "gold key", "silver key", "hub_influence", "contracts",
                                  "contract gained", "contract cost", "usage", "shareholders"])
def test_every_scoring_step_is_reached(step):
    assert reach()[2][step] > 0, f"no play-out's final scoring had {step!r}"


def test_a_heuristic_player_reaches_trieste_in_a_fair_share_of_games():
    """The stand-in map and economy let a sensible player connect Trieste: at least a quarter of
    the all-heuristic tables do (about half, when this was written)."""
    assert reach()[3]["h"] >= HEURISTIC_GAMES // 4
