"""The bot worker: one process per node, beside the HTTP workers, for what must not run in a
request. It plays the search bots of the games queued for it (service/bots.py), and it enforces
turn clocks: every half second it takes the clocked games whose deadline has passed
(`tf:deadlines`) and applies the table's rule to each seat whose time ran out. Every node runs
one; two workers racing for one game record one move (each append names the version it expects).

    python -m service.worker       # started and restarted by `tablefold serve`
"""
from __future__ import annotations

import logging
import threading
import time

import redis

from events import clock as clocks
from events.games import Game, Games, OutcomeUnknown
from events.store import Conflict
from service.bots import BOT_QUEUE, play_bots

log = logging.getLogger("tablefold.worker")
TICK = 0.5          # seconds between looks at the deadlines
RETURN_MS = 30_000  # a seat taken back after its time ran out has at least this long to move


def play_queued(games: Games, wait: float = 5) -> str | None:
    """Take one queued game and play its bots (search bots included). Returns its id."""
    got = games.store.r.brpop([BOT_QUEUE], timeout=wait)
    if not got:
        return None
    gid = got[1].decode() if isinstance(got[1], bytes) else got[1]
    games.store.r.delete(f"tf:{{{gid}}}:bot_queued")
    game = games.load(gid)
    if game is not None:
        play_bots(games, game, 200, thinking=True)
    return gid


def enforce(games: Games, gid: str, now: float) -> list[int]:
    """Apply the table's rule to every seat of `gid` whose clock ran out. Returns those seats."""
    game = games.load(gid)
    if game is None or not game.meta.get("clock") or game.over() or game.entry.clock is None:
        games.store.set_deadline(gid, None)
        return []
    late = clocks.out_of_time(game.entry.clock, game.entry.at, now)
    rule = game.meta["clock"]["on_timeout"]
    for seat in late:
        try:
            if rule == "lose":
                games.table_record(game, {"table": {"seat": seat, "to": "lost",
                                                    "reason": "out of time"}}, {"forfeit": seat})
                break
            move = game.engine.skip_move(game.state, seat) if rule == "skip" else None
            if move is not None:
                games.submit(game, seat, move, bot="clock", expected_version=game.version,
                             move_id=f"clock-{game.version + 1}")
                continue
            bots = {str(s): b for s, b in (game.meta.get("bots") or {}).items()}
            bots[str(seat)] = "random"
            games.table_record(game, {"table": {"seat": seat, "to": "bot", "bot": "random",
                                                "reason": "out of time"}}, {"bots": bots})
        except (Conflict, OutcomeUnknown):
            return []   # another node acted first (or the store failed): the next tick looks again
    if late:
        play_bots(games, game, 200, thinking=True)
    games.keep_deadline(game)
    return late


def enforce_due(games: Games, now: float) -> int:
    count = 0
    for gid in games.store.due(now):
        count += len(enforce(games, gid, now))
    return count


def hand_over(games: Games, game: Game, seat: int, bot: str, reason: str) -> dict:
    bots = {str(s): b for s, b in (game.meta.get("bots") or {}).items()}
    bots[str(seat)] = bot
    name = bot.partition(":")[0]
    return games.table_record(game, {"table": {"seat": seat, "to": "bot", "bot": name,
                                               "reason": reason}}, {"bots": bots})


def take_back(games: Games, game: Game, seat: int) -> dict:
    bots = {str(s): b for s, b in (game.meta.get("bots") or {}).items() if int(s) != seat}
    return games.table_record(game, {"table": {"seat": seat, "to": "player", "reason": "returned"}},
                              {"bots": bots}, least_ms={seat: RETURN_MS})


def run(games: Games, stopping: threading.Event) -> None:
    def bots():
        while not stopping.is_set():
            try:
                play_queued(games)
            except redis.RedisError as e:
                log.warning("bot worker: %s", e)
                time.sleep(1)
            except Exception:
                log.exception("bot worker")

    threading.Thread(target=bots, name="bots", daemon=True).start()
    while not stopping.wait(TICK):
        try:
            enforce_due(games, time.time())
        except redis.RedisError as e:
            log.warning("clocks: %s", e)
        except Exception:
            log.exception("clocks")


def main() -> None:
    import logging.config

    from events.store import Store
    from service.config import from_env
    from service.logs import config
    from service.redis_client import connect
    logging.config.dictConfig(config(False))
    settings = from_env()
    client = connect(settings["REDIS_URL"], settings["REDIS_CLUSTER"], socket_timeout=15)
    games = Games(Store(client), idle_seconds=settings["IDLE_DAYS"] * 86400)
    log.info("bot worker and clocks started")
    run(games, threading.Event())


if __name__ == "__main__":
    main()
