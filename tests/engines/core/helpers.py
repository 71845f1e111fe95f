"""What the core mechanisms' tests share: a ranking for their tiny engines, and random games of
a tiny engine run through every check the conformance suite makes of a real one."""
from __future__ import annotations

from engines.core import derive_rng, random_playout
from tests.conformance.suite import (check_position, check_record_secrecy, check_result,
                                     check_secrecy, check_undo_redo)


def ranking(scores: list[int]) -> dict:
    """Most points first; equal points share a rank (a standard competition ranking)."""
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    return {"ranking": [{"seat": s, "rank": 1 + sum(x > scores[s] for x in scores),
                         "points": scores[s]} for s in order],
            "scores": list(scores)}


def conform(engine, players: int, games: int = 3) -> int:
    """Random games checked as the conformance suite checks every registered engine: the fold
    rebuilds the live state, every position and record keeps its secrets, undo and redo give the
    same events, the result is a ranking. Returns how many moves were played."""
    played = 0
    for game in range(games):
        seed = f"core-{engine.name}-{players}-{game}"
        rng = derive_rng(seed, 0, "checks")
        version = [1]

        def check(state, *_):
            if engine.result(state) is None:
                check_position(engine, players, state, rng, seed)
                check_secrecy(engine, players, state, rng, seed, redeals=1)

        def every_record(state, seat, move, events, move_rng):
            version[0] += 1
            check_record_secrecy(engine, players, state, seat, move, events, move_rng)
            check_undo_redo(engine, state, seat, move, events, move_rng, seed, version[0])

        final, _, moves = random_playout(engine, players, {}, seed=seed, check_fold=True,
                                         on_move=check, on_decide=every_record)
        check_result(engine, players, final)
        played += moves
    return played
