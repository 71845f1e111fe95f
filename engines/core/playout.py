"""Play an engine in a loop without a server: random play-outs for tests, bots and benchmarks."""
from __future__ import annotations

import copy

from engines.core.contract import Engine, canonical
from engines.core.options import sample_move
from engines.core.rng import derive_rng


def fold_events(engine: Engine, players: int, options: dict, events: list[dict]):
    state = engine.initial(players, options)
    for ev in events:
        state = engine.evolve(state, ev)
    return state


def random_playout(engine: Engine, players: int, options: dict | None = None, seed: str = "seed",
                   max_moves: int = 100_000, check_fold: bool = False, on_move=None,
                   on_decide=None):
    """Play uniformly random legal moves until the game ends. Returns (state, events, moves).

    With check_fold, after every move the events folded from scratch must equal the live state,
    and decide must not have touched the state it was given. on_decide(state, seat, move, events,
    rng) sees each move before its events are folded; on_move(state, seat, move, events) after.
    """
    options = engine.load_options(options or {})
    events = engine.setup(players, options, derive_rng(seed, 1))
    state = fold_events(engine, players, options, events)
    moves = 0
    bot_rng = derive_rng(seed, 0, "bot")
    while engine.result(state) is None:
        if moves >= max_moves:
            raise RuntimeError(f"{engine.name}: no result after {max_moves} moves")
        awaited = engine.awaited(state)
        if not awaited:
            raise AssertionError(f"{engine.name}: nobody is awaited in a running game")
        seat = awaited[bot_rng.randbelow(len(awaited))]
        move = sample_move(engine.legal_moves(state, seat), bot_rng)
        before = canonical(state) if check_fold else None
        rng = derive_rng(seed, moves + 2)  # the rng of the record it makes: setup is record 1
        new = engine.decide(state, seat, move, rng)
        if check_fold:
            assert canonical(state) == before, f"{engine.name}: decide mutated the state"
        if on_decide:
            on_decide(state, seat, move, new, rng)
        for ev in new:
            state = engine.evolve(state, ev)
        events.extend(new)
        moves += 1
        if on_move:
            on_move(state, seat, move, new)
        if check_fold:
            refolded = fold_events(engine, players, options, copy.deepcopy(events))
            assert canonical(refolded) == canonical(state), f"{engine.name}: fold differs from live state"
    return state, events, moves
