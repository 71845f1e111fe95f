"""The search bot (engines/core/search.py) through the engine contract: a legal move for every
engine from positions random play reaches, the same move for the same seed, a move that depends
only on what its seat may see (the engine's own resampler redeals the rest), and a bot that sees
an obvious win and beats the random bot. Quick: level 1, small budgets, few games (the strength
figures are the benchmark's: python -m bench bots, docs/bots.md)."""
from __future__ import annotations

import pytest

from engines.core import derive_rng, registered, sample_move
from engines.core.playout import fold_events
from engines.core.search import LEVELS, Budget, choose, search

ENGINES = sorted(registered())
DEPTHS = (0, 7, 23)   # random moves before the position looked at


def position(engine, players: int, seed: str, depth: int):
    """The state after `depth` random moves (fewer if the game ends first), and its seat to
    move."""
    options = engine.load_options({})
    state = fold_events(engine, players, options, engine.setup(players, options,
                                                               derive_rng(seed, 1)))
    rng = derive_rng(seed, 0, "test")
    for n in range(depth):
        if engine.result(state) is not None:
            break
        seat = engine.awaited(state)[0]
        move = sample_move(engine.legal_moves(state, seat), rng)
        for ev in engine.decide(state, seat, move, derive_rng(seed, n + 2)):
            state = engine.evolve(state, ev)
    if engine.result(state) is not None:  # ended: a shorter game
        return position(engine, players, seed, depth // 2)
    return state, engine.awaited(state)[0]


def positions(engine, players: int, depths=DEPTHS):
    for depth in depths:
        yield depth, *position(engine, players, f"search-{engine.name}-{depth}", depth)


def legal(engine, state, seat, move) -> bool:
    engine.decide(state, seat, move, derive_rng("check", 1))   # raises IllegalMove if not
    return True


@pytest.mark.parametrize("name", ENGINES)
def test_level_1_plays_a_legal_move_the_same_for_the_same_seed(name):
    engine = registered()[name]
    players = engine.min_players
    for depth, state, seat in positions(engine, players):
        move = choose(engine, state, seat, 1, f"seed-{depth}")
        assert legal(engine, state, seat, move), (depth, move)
        assert choose(engine, state, seat, 1, f"seed-{depth}") == move


def hidden(engine, state, seat) -> bool:
    """Whether the seat cannot see something here: a hidden zone that holds anything."""
    from engines.core.secrecy import get_path
    return any(get_path(state, z) for z in engine.hidden_zones(state, seat))


def first_hidden(engine, players: int, seed: str, moves: int = 200):
    """The first position of a random game where the seat to move cannot see everything."""
    state, _ = position(engine, players, seed, 0)
    rng = derive_rng(seed, 0, "test")
    for n in range(moves):
        if engine.result(state) is not None:
            return None
        seat = engine.awaited(state)[0]
        if hidden(engine, state, seat):
            return n, state, seat
        move = sample_move(engine.legal_moves(state, seat), rng)
        for ev in engine.decide(state, seat, move, derive_rng(seed, n + 2)):
            state = engine.evolve(state, ev)
    return None


# Games where the seat to move sees everything (no hand, no hidden draw pile it could read).
OPEN_GAMES = {"tic-tac-trek", "barcelona", "iberian-gauge"}


@pytest.mark.parametrize("name", ENGINES)
def test_the_move_depends_only_on_the_seats_view(name):
    """Redeal what the seat cannot see (the engine's resample, another rng): the same seed
    chooses the same move, so the bot never read the hidden cards."""
    engine = registered()[name]
    players = engine.min_players
    checked = 0
    looked = [p for p in positions(engine, players, DEPTHS[1:]) if hidden(engine, *p[1:])]
    if not looked:   # hidden information only at some moments (a blind bid): find one
        looked = [p for p in [first_hidden(engine, players, f"hidden-{name}")] if p]
    for depth, state, seat in looked:
        mine = search(engine, state, seat, LEVELS[1], f"view-{depth}")   # choose's search
        for k in range(2):
            other = engine.resample(_copy(state), seat, derive_rng(f"redeal-{depth}", k))
            assert engine.view(other, seat) == engine.view(state, seat)
            # the same move, and the whole search with it: every move's visits at the decision
            theirs = search(engine, other, seat, LEVELS[1], f"view-{depth}")
            assert (theirs.move, theirs.visits) == (mine.move, mine.visits), (depth, k)
        checked += 1
    if name in OPEN_GAMES:   # nothing hidden from the seat to move: nothing for the bot to read
        assert not checked, f"{name} hides something from the seat to move: drop it from OPEN_GAMES"
    else:
        assert checked, f"{name}: no position hides anything from the seat to move"


def _copy(state):
    import copy
    return copy.deepcopy(state)


def test_a_redeal_that_changes_the_hidden_cards_changes_nothing_the_search_does():
    """A stronger form, where the hidden cards are sure to move: a Trinket Trove hand the seat
    cannot see, redealt; the whole search (visits per move, not only the move) is the same."""
    engine = registered()["trinket-trove"]
    state, seat = position(engine, 2, "search-hands", 3)
    other = engine.resample(_copy(state), seat, derive_rng("redeal", 9))
    assert other != state   # something the seat cannot see did move
    budget = Budget(iterations=40, steps=400)
    a, b = search(engine, state, seat, budget, "s"), search(engine, other, seat, budget, "s")
    assert a.move == b.move and a.visits == b.visits


def last_placement(engine, seed: str):
    """A Tic Tac Trek position at its last tile where where it goes decides who wins: some cells
    win for the seat to move, some do not."""
    state, _ = position(engine, 2, seed, 0)
    rng = derive_rng(seed, 0, "to-the-end")
    n = 0
    while True:
        seat = engine.awaited(state)[0]
        moves = [m for o in engine.legal_moves(state, seat) for m in _expand(o)]
        outcomes = {}
        for m in moves:
            after = _copy(state)
            for ev in engine.decide(state, seat, m, derive_rng(seed, n + 2)):
                after = engine.evolve(after, ev)
            r = engine.result(after)
            if r is None:
                break
            outcomes[str(m)] = next(x["rank"] for x in r["ranking"] if x["seat"] == seat) == 1
        else:
            if len(set(outcomes.values())) == 2:
                return state, seat, outcomes
            return None
        move = sample_move(engine.legal_moves(state, seat), rng)
        for ev in engine.decide(state, seat, move, derive_rng(seed, n + 2)):
            state = engine.evolve(state, ev)
        n += 1


def _expand(option):
    from engines.core import expand
    return expand(option)


def test_the_search_finds_the_winning_last_move_in_tic_tac_trek():
    engine = registered()["tic-tac-trek"]
    found = 0
    for k in range(60):
        got = last_placement(engine, f"last-{k}")
        if got is None:
            continue
        state, seat, outcomes = got
        move = choose(engine, state, seat, 2, f"find-{k}")
        assert outcomes[str(move)], (k, move, outcomes)
        found += 1
        if found == 3:
            break
    assert found, "no decisive last move in 60 games"


def match(engine, level: int, game: int):
    """One game of the search bot (seat game % 2) against the random bot: whether it won."""
    seed = f"match-{game}"
    state, _ = position(engine, 2, seed, 0)
    bot, n = game % 2, 0
    while engine.result(state) is None:
        seat = engine.awaited(state)[0]
        if seat == bot:
            move = choose(engine, state, seat, level, f"{seed}:{n}")
        else:
            move = sample_move(engine.legal_moves(state, seat), derive_rng(seed, n, "random"))
        for ev in engine.decide(state, seat, move, derive_rng(seed, n + 2)):
            state = engine.evolve(state, ev)
        n += 1
    return next(r["rank"] for r in engine.result(state)["ranking"] if r["seat"] == bot) == 1


def test_level_1_beats_the_random_bot_at_tic_tac_trek():
    engine = registered()["tic-tac-trek"]
    won = [match(engine, 1, game) for game in range(8)]
    assert sum(won) >= 6, won
