"""(e) Memory per live game: in Redis (MEMORY USAGE of the game's keys, and the growth of
used_memory over N games) and in Python (the folded state, deep size and canonical JSON size)."""
from __future__ import annotations

import sys
from dataclasses import dataclass, field

from engines.core import canonical
from events.games import Games


def deep_size(obj, seen=None) -> int:
    """Bytes of a JSON-shaped Python object and everything it holds (shared objects once)."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    if isinstance(obj, dict):
        size += sum(deep_size(k, seen) + deep_size(v, seen) for k, v in obj.items())
    elif isinstance(obj, (list, tuple, set)):
        size += sum(deep_size(v, seen) for v in obj)
    return size


def key_bytes(client, keys: list[str]) -> dict[str, int]:
    """MEMORY USAGE (exact: SAMPLES 0) of each key, by its suffix (log, meta, ids, snap...)."""
    return {k.rsplit(":", 1)[-1]: client.memory_usage(k, samples=0) or 0 for k in keys}


@dataclass
class MemoryFigures:
    label: str
    games: int
    log_length: float
    redis_keys_bytes: float          # mean over the games of the sum of MEMORY USAGE
    redis_used_per_game: float       # growth of INFO used_memory / games (NaN when not measured)
    by_key: dict = field(default_factory=dict)
    state_python_bytes: float = 0.0
    state_json_bytes: float = 0.0
    error: str = ""


def used_memory(client) -> int:
    return client.info("memory")["used_memory"]


def tiny_game(tables, table, name: str) -> MemoryFigures:
    games = tables.games
    keys = tables.keys(table.gid)
    by_key = key_bytes(tables.r, keys)
    game = games.load(table.gid)
    return MemoryFigures(f"{name}, log length {game.version:,}", 1, game.version, sum(by_key.values()), float("nan"), by_key,
                         deep_size(game.state), len(canonical(game.state).encode()))


def engine_games(tables, engine, players: int, n: int, moves: int,
                 budget: float = 20.0) -> MemoryFigures:
    """n games of `engine` with bot seats, each played `moves` moves in (live: not over).
    Fewer when making them takes longer than `budget` seconds."""
    import time
    from service.bots import play_bots

    games: Games = tables.games
    seats = [{"kind": "bot", "bot": "random"} for _ in range(players)]
    options = engine.load_options({})
    label = f"{engine.name}, {players} players, after {moves} moves"
    before = used_memory(tables.r)
    made = []
    deadline = time.monotonic() + budget
    try:
        for _ in range(n):
            if made and time.monotonic() > deadline:
                break
            game, _codes = games.create(engine, options, seats)
            play_bots(games, game, moves)
            made.append(game)
    except Exception as e:
        return MemoryFigures(label, len(made), 0, 0, float("nan"),
                             error=f"{type(e).__name__}: {e}"[:200])
    if not made:
        return MemoryFigures(label, 0, 0, 0, float("nan"), error="no game made")
    grown = used_memory(tables.r) - before
    totals, by_key = [], {}
    for game in made:
        sizes = key_bytes(tables.r, tables.keys(game.gid))
        totals.append(sum(sizes.values()))
        for k, v in sizes.items():
            by_key[k] = by_key.get(k, 0) + v / len(made)
    return MemoryFigures(
        label, len(made), sum(g.version for g in made) / len(made), sum(totals) / len(totals),
        grown / len(made), {k: round(v) for k, v in by_key.items()},
        sum(deep_size(g.state) for g in made) / len(made),
        sum(len(canonical(g.state).encode()) for g in made) / len(made))
