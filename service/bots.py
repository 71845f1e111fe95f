"""Seat bots: they fill a human's seat and move through the same contract as a human."""
from __future__ import annotations

from engines.core import derive_rng, sample_move
from events.games import AlreadyRecorded, Game, Games
from events.store import Conflict
from service.ops import MOVES


def choose_random(game: Game, seat: int) -> dict:
    """Uniform among the seat's legal moves."""
    rng = derive_rng(game.meta["seed"], game.version + 1, f"bot:{seat}")
    return sample_move(game.engine.legal_moves(game.state, seat), rng)


BOTS = {"random": choose_random}


def play_bots(games: Games, game: Game, limit: int) -> int:
    """Play the awaited seat bots, at most `limit` moves. Returns how many were played.

    Each bot move names the version it was chosen for and a move id made of it, so two workers
    that play the same bot at once record it once (the other answers as a retry)."""
    played = attempts = 0
    while attempts < limit and not game.read_only and not game.over():
        attempts += 1
        bots = [s for s in game.engine.awaited(game.state) if game.seats[s]["kind"] == "bot"]
        if not bots:
            break
        seat = bots[0]
        bot = game.seats[seat]["bot"]
        try:
            games.submit(game, seat, BOTS[bot](game, seat), bot=bot, expected_version=game.version,
                         move_id=f"bot-{game.version + 1}")
        except (Conflict, AlreadyRecorded):
            games.refresh(game)  # another worker moved first: look again
            continue
        played += 1
        MOVES.labels(game.engine.name).inc()
    return played
