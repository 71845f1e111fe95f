"""A simple Trickdraw player, for play-outs where uniformly random moves are too weak to say how
the game goes (tests/rules/trickdraw/test_reach.py): it plays a card every turn, uses effects
as the Bewitched example does (defuse a rival's Treasure, turn its own scorer up) and keeps its
turn short.

It looks only at what its seat may see: the hidden cards (deck, other hands, other players'
face-down cards) are redealt at random first (engines.core.secrecy.resample), then each candidate
move is tried on that guess and the table it leaves is valued from the seat's side. One ply, plus
the seat's own answer to an effect its move offers it.
"""
from __future__ import annotations

from engines.core import derive_rng, expand, sample_move
from engines.core.options import option_count
from engines.core.secrecy import resample
from engines.trickdraw import scoring, teams
from engines.trickdraw.engine import clone

WIN = 1000.0
CANDIDATES = 8          # concrete moves tried per option (all of them when fewer)
HAND = 0.4              # a card in hand: a point it may still become
RIVAL = 0.8             # a rival's point weighs a little less than one of ours
THREAT = 6.0            # a board one turn from The Treasure's win
PAIR_HALF = 1.5         # one of The Key, The Safe and The Temple face up


def choose(engine, state, seat, rng):
    """The move `seat` makes (it must be active)."""
    options = engine.legal_moves(state, seat)
    if state["pending"] and repeats(state):
        return {"type": "decline"}
    world = resample(engine, state, seat, rng)
    best, best_value = None, None
    for move in candidates(options, rng):
        value = value_of(engine, world, seat, move, rng, answer=True)
        value += rng.randbelow(100) / 10_000  # ties broken at random
        if best_value is None or value > best_value:
            best, best_value = move, value
    return best


def repeats(state) -> bool:
    """An offer of a card whose effect was already used this turn: two Bewitched can flip each
    other up and down for ever, so the chain is ended by declining."""
    top = state["pending"][-1]
    return state["boards"][top["seat"]][top["slot"]]["used"]


def candidates(options, rng) -> list[dict]:
    moves = []
    for option in options:
        if option_count(option) <= CANDIDATES:
            moves += list(expand(option))
        else:
            moves += [sample_move([option], rng) for _ in range(CANDIDATES)]
    return moves


def value_of(engine, world, seat, move, rng, answer: bool) -> float:
    """The table after `move`, valued for `seat`; ending the turn or declining keeps it as is
    (what others do next is not guessed)."""
    if move["type"] in ("end_turn", "decline"):
        return value(world, seat)
    events = engine.decide(world, seat, move, derive_rng("heuristic", rng.randbelow(1 << 30)))
    after = clone(world)
    for ev in events:
        after = engine.evolve(after, ev)
    if answer and after["phase"] == "playing" and after["pending"] \
            and engine.active(after) == [seat]:
        # the effect our move offers us: valued as our best answer to it
        return max(value_of(engine, after, seat, m, rng, answer=False)
                   for m in candidates(engine.legal_moves(after, seat), rng))
    return value(after, seat)


def value(state, seat) -> float:
    if state["phase"] == "over":
        return WIN if seat in state["final"]["winners"] else -WIN
    if state["phase"] == "captains":
        return 0.0  # any captain will do
    mine = teams.board_of(state, seat)
    us = set(teams.team_of(state, seat))
    total = HAND * len(state["hands"][seat])
    for owner in teams.captains(state):
        board = state["boards"][owner]
        worth = scoring.points(board)
        if scoring.treasure_wins(board, state["target"]):
            worth += THREAT
        worth += PAIR_HALF * scoring.face_up(board, "wins", "pair")
        total += worth if owner == mine else -RIVAL * worth
    if state["pending"] and teams.acting_for(state, state["pending"][-1]["seat"]) in us:
        total += 0.1  # an offer of ours still to answer
    return total
