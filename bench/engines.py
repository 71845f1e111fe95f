"""(d) Per registered engine: random play-outs per second and fold throughput (events/s).

In-process and single-threaded: no server, no Redis. For each player count, play random games
(engines.core.random_playout) for part of the time budget, then fold the recorded event logs
again from the empty table (engines.core.fold_events) for the rest. Every log is folded from its
own JSON copy, as the service folds records decoded from Redis.
"""
from __future__ import annotations

import contextlib
import json
import os
import signal
import time
from dataclasses import dataclass

from engines.core import fold_events, random_playout, registered


class TimeUp(Exception):
    pass


@contextlib.contextmanager
def time_limit(seconds: float):
    """Interrupt a play-out that runs far past its budget (an engine that does not end)."""
    def alarm(signum, frame):
        raise TimeUp()
    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@dataclass
class EngineFigures:
    engine: str
    players: int
    games: int = 0
    moves_per_game: float = 0.0
    events_per_game: float = 0.0
    games_per_s: float = 0.0
    moves_per_s: float = 0.0
    fold_events_per_s: float = 0.0
    fold_ms_per_game: float = 0.0
    error: str = ""


def measure(engine, players: int, budget: float) -> EngineFigures:
    fig = EngineFigures(engine.name, players)
    options = engine.load_options({})
    logs, moves, spent = [], 0, 0.0
    play_budget = budget * 0.6
    try:
        with time_limit(max(30.0, budget * 10)):
            while spent < play_budget or not logs:
                t0 = time.perf_counter()
                _state, events, n = random_playout(engine, players, options,
                                                   seed=f"bench-{players}-{len(logs)}")
                spent += time.perf_counter() - t0
                logs.append(json.dumps(events))
                moves += n
    except TimeUp:
        fig.error = "a play-out did not end within the time limit"
    except Exception as e:  # an engine in the making: report it, measure the others
        fig.error = f"{type(e).__name__}: {e}"[:200]
    if not logs:
        return fig
    fig.games = len(logs)
    fig.games_per_s = fig.games / spent if spent else 0.0
    fig.moves_per_s = moves / spent if spent else 0.0
    fig.moves_per_game = moves / fig.games
    total_events = sum(len(json.loads(log)) for log in logs)
    fig.events_per_game = total_events / fig.games
    # fold: as many passes over the recorded logs as the rest of the budget allows
    copies = [json.loads(log) for log in logs]
    folded_events, folded_games, fold_time = 0, 0, 0.0
    deadline = time.perf_counter() + max(budget - spent, budget * 0.3)
    try:
        with time_limit(max(30.0, budget * 10)):
            while time.perf_counter() < deadline or folded_games == 0:
                events = copies[folded_games % len(copies)]
                t0 = time.perf_counter()
                fold_events(engine, players, options, events)
                fold_time += time.perf_counter() - t0
                folded_events += len(events)
                folded_games += 1
                if folded_games % len(copies) == 0:
                    copies = [json.loads(log) for log in logs]  # evolve may keep parts of events
    except Exception as e:
        fig.error = fig.error or f"fold: {type(e).__name__}: {e}"[:200]
    if fold_time:
        fig.fold_events_per_s = folded_events / fold_time
        fig.fold_ms_per_game = 1000 * fold_time / folded_games
    return fig


def run(budget_per_engine: float, log=print) -> tuple[list[EngineFigures], float]:
    """The figures, and the share of the machine's CPU other processes used meanwhile."""
    from bench.probe import machine_busy
    busy0, own0, wall0 = machine_busy(), time.process_time(), time.monotonic()
    out = []
    for name, engine in registered().items():
        counts = list(range(engine.min_players, engine.max_players + 1))
        for players in counts:
            fig = measure(engine, players, budget_per_engine / len(counts))
            log(f"  (d) {name} {players}p: {fig.games_per_s:.1f} games/s, "
                f"{fig.fold_events_per_s:,.0f} events/s {fig.error}")
            out.append(fig)
    ncpu = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    others = machine_busy() - busy0 - (time.process_time() - own0)
    return out, max(others, 0.0) / (ncpu * (time.monotonic() - wall0))
