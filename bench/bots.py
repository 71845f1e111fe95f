"""`python -m bench bots`: the search bot (engines/core/search.py) against the random bot, per
engine and level, and against the Cardinalbot in solo Tiletum; writes docs/bots.md.

Each game is played in-process, with no server: the engine's setup and decide with the record
rngs the service would use, the search bot's seat moving by `engines.core.search.choose` (the
seed the service gives it: the game's seed and the version), every other seat by the random bot
(uniform over the legal moves, as service/bots.py's choose_random). The search bot's seat turns
round from game to game, so that no seat's advantage counts for it. A game counts as a win when
the bot's seat ranks first (a shared first place is counted as a win and said in the table); in
solo Tiletum, when the result says it won (it beat the Cardinalbot).

Thinking time is wall-clock per search-bot move, measured around `choose` alone. Games run in
`--jobs` processes (default 2), so each measured move shares the machine with the other job.

    python -m bench bots                 the full run, writes docs/bots.md
    python -m bench bots --quick         a few games per row, to try it out
    python -m bench bots --only trok --levels 3 --games 4 --no-write
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import platform
import statistics
import sys
import time
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# games per (engine, seats) row at each level in the full run; --games overrides
FULL_GAMES = {1: 10, 2: 10, 3: 20}
QUICK_GAMES = {1: 2, 2: 2, 3: 2}
SLOW = {"barcelona", "imperial-steam", "tiletum", "iberian-gauge", "tekhenu"}  # fewer games


def say(*args):
    print(*args, file=sys.stderr, flush=True)


@dataclass
class Game:
    engine: str
    players: int
    level: int
    index: int
    seat: int = 0
    rank: int = 0
    won: bool = False
    shared: bool = False       # first place shared with another seat
    margin: float = 0.0        # the bot's points minus the best other's (solo: the Cardinalbot's)
    moves: int = 0
    times: list = field(default_factory=list)
    error: str = ""


def play(engine_name: str, players: int, level: int, index: int, tag: str = "bench") -> Game:
    """One game: the search bot of `level` at seat index % players, random bots elsewhere."""
    from engines.core import derive_rng, get_engine, sample_move
    from engines.core.playout import fold_events
    from engines.core.search import choose
    engine = get_engine(engine_name)
    seed = f"{tag}:{engine_name}:{players}:{level}:{index}"
    g = Game(engine_name, players, level, index, seat=index % players)
    options = engine.load_options({})
    state = fold_events(engine, players, options, engine.setup(players, options,
                                                               derive_rng(seed, 1)))
    version, pick = 1, derive_rng(seed, 0, "who")
    try:
        while engine.result(state) is None:
            awaited = engine.awaited(state)
            seat = awaited[pick.randbelow(len(awaited))] if len(awaited) > 1 else awaited[0]
            if seat == g.seat:
                t0 = time.perf_counter()
                move = choose(engine, state, seat, level, f"{seed}:{version}")
                g.times.append(time.perf_counter() - t0)
            else:
                rng = derive_rng(seed, version + 1, f"bot:{seat}")
                move = sample_move(engine.legal_moves(state, seat), rng)
            for ev in engine.decide(state, seat, move, derive_rng(seed, version + 1)):
                state = engine.evolve(state, ev)
            version += 1
            g.moves += 1
            if g.moves > 20_000:
                raise RuntimeError("no result after 20,000 moves")
    except Exception as e:  # said in the table, the run goes on
        g.error = f"{type(e).__name__}: {e}"
        return g
    result = engine.result(state)
    mine = next(r for r in result["ranking"] if r["seat"] == g.seat)
    g.rank = mine.get("rank", 0)
    points = {r["seat"]: r.get("points", 0) or 0 for r in result["ranking"]}
    if players == 1:
        g.won = bool(mine.get("won", result.get("won")))
        rival = result.get("cardinalbot", {}).get("points", 0)
        g.margin = points[g.seat] - rival
    else:
        firsts = [r for r in result["ranking"] if r.get("rank") == 1]
        g.won = g.rank == 1
        g.shared = g.won and len(firsts) > 1
        g.margin = points[g.seat] - max(p for s, p in points.items() if s != g.seat)
    return g


def _play(args) -> Game:
    return play(*args)


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of k successes in n trials (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def rows(only: list[str] | None) -> list[tuple[str, int]]:
    """(engine, seats) rows: two seats and three seats where the engine seats them, and solo
    Tiletum (against the Cardinalbot)."""
    from engines.core import registered
    out = []
    for name, e in registered().items():
        if only and name not in only:
            continue
        for n in (1, 2, 3):
            if e.min_players <= n <= e.max_players and (n > 1 or name == "tiletum"):
                out.append((name, n))
    return out


@dataclass
class Row:
    engine: str
    players: int
    level: int
    games: list

    def figures(self) -> dict:
        done = [g for g in self.games if not g.error]
        wins = sum(g.won for g in done)
        times = sorted(t for g in done for t in g.times)
        lo, hi = wilson(wins, len(done))
        return {
            "games": len(done), "wins": wins, "rate": wins / len(done) if done else 0.0,
            "lo": lo, "hi": hi, "shared": sum(g.shared for g in done),
            "margin": statistics.mean(g.margin for g in done) if done else 0.0,
            "moves": len(times),
            "mean": statistics.mean(times) if times else 0.0,
            "p95": times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0,
            "max": times[-1] if times else 0.0,
            "errors": [g.error for g in self.games if g.error],
        }


def target(players: int) -> tuple[float, str]:
    return {1: (0.5, "more often than not"), 2: (0.8, "at least 80%"),
            3: (0.6, "at least 60%")}[players]


def markdown(results: list[Row], meta: dict) -> str:
    from engines.core.search import LEVELS
    lines = [
        "# Search bots",
        "",
        "Generated by `.venv/bin/python -m bench bots` (bench/bots.py); do not edit by hand.",
        "",
        "The search bot (`{\"kind\": \"bot\", \"bot\": \"search\", \"level\": 1|2|3}`) is "
        "information-set Monte Carlo tree search through the engine contract alone "
        "(engines/core/search.py; how it works: the section below the tables). Each row plays "
        "the bot at one level against random bots (uniform over the legal moves) in every other "
        "seat, the bot's seat turning round from game to game; solo Tiletum plays it against "
        "the Cardinalbot, the rules' automa, inside the engine.",
        "",
        f"Run: {meta['date']}, {meta['elapsed'] / 60:.0f} min, {meta['jobs']} games at a time "
        f"on {meta['machine']} (Python {meta['python']}). Thinking time is wall-clock around "
        "`choose` alone, per search-bot move; the machine was shared with the other job(s) of "
        "the run and with other work, so the times are upper bounds of an idle machine's.",
        "",
        "Budgets per move (iterations of the search; simulated moves, tree and rollouts, in all; "
        "an engine's heuristic may scale the simulated moves to its cost):",
        "",
        "| level | iterations | simulated moves |",
        "|---:|---:|---:|",
    ]
    for level, b in LEVELS.items():
        lines.append(f"| {level} | {b.iterations:,} | {b.steps:,} |")
    lines += [
        "",
        "Win rate: games the bot's seat ranked first (a first place shared counts; how many were "
        "shared is said), with its 95% Wilson interval. Margin: the bot's points minus the best "
        "other seat's (solo: the Cardinalbot's), mean per game. Target: the issue's figure for "
        "level 3 (two seats: 80%, three: 60%, solo Tiletum: more often than not).",
        "",
        "| engine | seats | level | games | wins | win rate | 95% CI | margin | moves timed "
        "| mean s/move | p95 s/move | max s/move | level 3 target |",
        "|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---|",
    ]
    for row in results:
        f = row.figures()
        goal = ""
        if row.level == 3:
            t, words = target(row.players)
            goal = ("met" if f["rate"] >= t else "**missed**") + f" ({words})"
        shared = f" ({f['shared']} shared)" if f["shared"] else ""
        errs = f" errors: {len(f['errors'])}" if f["errors"] else ""
        lines.append(
            f"| {row.engine} | {row.players if row.players > 1 else '1 (vs Cardinalbot)'} "
            f"| {row.level} | {f['games']}{errs} | {f['wins']}{shared} | {f['rate']:.0%} "
            f"| {f['lo']:.0%}–{f['hi']:.0%} | {f['margin']:+.1f} | {f['moves']} "
            f"| {f['mean']:.3f} | {f['p95']:.3f} | {f['max']:.3f} | {goal} |")
    errors = [(r, e) for r in results for e in r.figures()["errors"]]
    if errors:
        lines += ["", "Errors (games not counted):", ""]
        lines += [f"- {r.engine} {r.players} seats level {r.level}: {e}" for r, e in errors[:20]]
    lines += ["", meta.get("notes", "").rstrip(), ""]
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench bots", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="two games per row")
    parser.add_argument("--only", nargs="*", help="engines to play (default: every one)")
    parser.add_argument("--seats", nargs="*", type=int, help="seat counts (default: 1, 2, 3)")
    parser.add_argument("--levels", nargs="*", type=int, default=[1, 2, 3])
    parser.add_argument("--games", type=int, help="games per row (every level)")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once")
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "bots.md"))
    parser.add_argument("--no-write", action="store_true", help="print the table only")
    args = parser.parse_args(argv)

    per_level = QUICK_GAMES if args.quick else FULL_GAMES
    tasks, table = [], []
    for engine, players in rows(args.only):
        if args.seats and players not in args.seats:
            continue
        for level in args.levels:
            n = args.games or per_level[level]
            if not args.games and not args.quick and engine in SLOW and level < 3:
                n = max(2, n // 2)
            row = Row(engine, players, level, [])
            table.append(row)
            tasks += [(row, (engine, players, level, i)) for i in range(n)]
    # the longest first, so that the pool's tail is short
    tasks.sort(key=lambda t: (-t[0].level, t[0].engine not in SLOW))
    started = time.monotonic()
    say(f"{len(tasks)} games in {len(table)} rows, {args.jobs} at a time ...")
    by_args = {a: row for row, a in tasks}
    with multiprocessing.get_context("fork").Pool(args.jobs, maxtasksperchild=20) as pool:
        for k, g in enumerate(pool.imap_unordered(_play, [a for _, a in tasks])):
            by_args[(g.engine, g.players, g.level, g.index)].games.append(g)
            mean = statistics.mean(g.times) if g.times else 0.0
            say(f"[{k + 1}/{len(tasks)} {time.monotonic() - started:5.0f}s] {g.engine} "
                f"{g.players}p L{g.level} #{g.index}: {'won' if g.won else 'lost'} "
                f"rank {g.rank} margin {g.margin:+} ({g.moves} moves, bot {len(g.times)} at "
                f"{mean:.3f}s){' ERROR ' + g.error if g.error else ''}")
    for row in table:
        row.games.sort(key=lambda g: g.index)
    meta = {
        "date": time.strftime("%Y-%m-%d %H:%M"), "elapsed": time.monotonic() - started,
        "jobs": args.jobs, "python": platform.python_version(),
        "machine": f"{os.cpu_count()} cores, {platform.machine()} {platform.system()}",
        "notes": notes(table),
    }
    text = markdown(table, meta)
    if args.no_write:
        print(text)
    else:
        with open(args.out, "w") as f:
            f.write(text)
        say(f"wrote {args.out}")
    return 0


def notes(table: list[Row]) -> str:
    """What the prose under the table says that depends on this run's figures."""
    return ""


if __name__ == "__main__":
    sys.exit(main())
