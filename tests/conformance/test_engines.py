"""Conformance and secrecy, run over every registered engine, player count and option set.

Random games per case: 2 in the short profile (CI), 20 with TABLEFOLD_PROFILE=long.
"""
from __future__ import annotations

import os

import pytest

from engines.core import derive_rng, random_playout, registered
from tests.conformance.suite import (check_position, check_record_secrecy, check_result,
                                     check_secrecy, check_undo_redo, option_sets)

PLAYOUTS = 20 if os.environ.get("TABLEFOLD_PROFILE") == "long" else 2
CHECKS_PER_GAME = 12  # positions of each game that get the full, slower checks


def cases():
    for name, engine in registered().items():
        for players in range(engine.min_players, engine.max_players + 1):
            for options in option_sets(engine):
                label = ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "default"
                yield pytest.param(name, players, options, id=f"{name}-{players}p-{label}")


@pytest.mark.parametrize("name,players,options", list(cases()))
def test_random_games_conform(name, players, options):
    engine = registered()[name]
    for game in range(PLAYOUTS):
        seed = f"conformance-{name}-{players}-{game}"
        rng = derive_rng(seed, 0, "checks")
        checked = []

        def check(state, *_):
            if engine.result(state) is None and len(checked) < CHECKS_PER_GAME and rng.randbelow(3) == 0:
                check_position(engine, players, state, rng, seed)
                check_secrecy(engine, players, state, rng, seed)
                checked.append(True)

        version = [1]

        def every_record(state, seat, move, events, move_rng):
            version[0] += 1
            check_record_secrecy(engine, players, state, seat, move, events, move_rng)
            check_undo_redo(engine, state, seat, move, events, move_rng, seed, version[0])

        final, _, _ = random_playout(engine, players, options, seed=seed, check_fold=True,
                                     on_move=check, on_decide=every_record)
        check_result(engine, players, final)
