"""Seat bots: they fill a human's seat (or a seat handed to them) and move through the same
contract as a human.

The random bot answers at once, inside the request that made it awaited. The search bot thinks for
up to two seconds a move, so it never runs in a request: the request queues the game
(`tf:bots`, a list every node's bot worker reads: service/worker.py), and the worker plays it.
Any later read queues it again, so a worker that died mid-thought strands no game.
"""
from __future__ import annotations

from engines.core import derive_rng, sample_move
from events.games import AlreadyRecorded, Game, Games, OutcomeUnknown
from events.store import Conflict
from service.ops import TALLY

BOT_QUEUE = "tf:bots"
QUEUED_SECONDS = 30   # a game queued is not queued again for this long (unless a worker takes it)


def choose_random(game: Game, seat: int, level: int | None = None) -> dict:
    """Uniform among the seat's legal moves."""
    rng = derive_rng(game.meta["seed"], game.version + 1, f"bot:{seat}")
    return sample_move(game.engine.legal_moves(game.state, seat), rng)


def choose_search(game: Game, seat: int, level: int | None = None) -> dict:
    """The search bot (engines/core/search.py), on the seat's own view: it redeals what the seat
    cannot see."""
    from engines.core.search import choose
    return choose(game.engine, game.state, seat, level or 2, f"{game.meta['seed']}:{game.version}")


BOTS = {"random": choose_random, "search": choose_search}


def parse(bot: str) -> tuple[str, int | None]:
    name, _, level = bot.partition(":")
    return name, int(level) if level else None


def awaited_bots(game: Game) -> list[tuple[int, str]]:
    bots = game.bots
    return [(s, bots[s]) for s in game.awaited() if s in bots]


def play_bots(games: Games, game: Game, limit: int, thinking: bool = False) -> int:
    """Play the awaited seat bots, at most `limit` moves. Returns how many were played.

    Without `thinking` (a request), only the random bot plays; a search bot's game is queued for
    a worker. Each bot move names the version it was chosen for and a move id made of it, so two
    workers that play the same bot at once record it once (the other answers as a retry)."""
    if not game.bots:
        return 0   # no seat is a bot's: nothing to play
    played = attempts = 0
    while attempts < limit and not game.read_only and not game.over():
        attempts += 1
        bots = awaited_bots(game)
        if not bots:
            break
        seat, bot = bots[0]
        name, level = parse(bot)
        if name == "search" and not thinking:
            queue(games, game.gid)
            break
        try:
            move = BOTS[name](game, seat, level)
            games.submit(game, seat, move, bot=name, expected_version=game.version,
                         move_id=f"bot-{game.version + 1}")
        except (Conflict, AlreadyRecorded):
            games.refresh(game)  # another worker moved first: look again
            continue
        except OutcomeUnknown:
            games.refresh(game)
            continue
        played += 1
        TALLY.move(game.engine.name)
    return played


def queue(games: Games, gid: str) -> None:
    """Ask a bot worker to play this game's search bots (once per QUEUED_SECONDS)."""
    r = games.store.r
    if r.set(f"tf:{{{gid}}}:bot_queued", 1, nx=True, ex=QUEUED_SECONDS):
        r.lpush(BOT_QUEUE, gid)
