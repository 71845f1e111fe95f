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

# games per (engine, seats) row in the full run, by level; --games overrides. Short games (few
# bot moves) get more. Sized so that the whole run fits about 45 minutes of a shared 2-core box.
SHORT = {"tic-tac-trek", "trinket-trove", "trickdraw"}
SLOW = {"barcelona", "imperial-steam", "tiletum", "iberian-gauge", "tekhenu", "trok"}
FULL_GAMES = {"short": {1: 4, 2: 4, 3: 10}, "medium": {1: 2, 2: 2, 3: 8},
              "slow": {1: 1, 2: 1, 3: 3}}
QUICK_GAMES = {1: 1, 2: 1, 3: 1}


def games_for(engine: str, level: int, quick: bool) -> int:
    if quick:
        return QUICK_GAMES[level]
    kind = "short" if engine in SHORT else "slow" if engine in SLOW else "medium"
    return FULL_GAMES[kind][level]


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
    times: list = field(default_factory=list)   # wall-clock seconds per search-bot move
    cpu: list = field(default_factory=list)     # CPU seconds of this process per move
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
                t0, c0 = time.perf_counter(), time.process_time()
                move = choose(engine, state, seat, level, f"{seed}:{version}")
                g.times.append(time.perf_counter() - t0)
                g.cpu.append(time.process_time() - c0)
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
        cpu = sorted(t for g in done for t in g.cpu)
        lo, hi = wilson(wins, len(done))
        return {
            "games": len(done), "wins": wins, "rate": wins / len(done) if done else 0.0,
            "lo": lo, "hi": hi, "shared": sum(g.shared for g in done),
            "margin": statistics.mean(g.margin for g in done) if done else 0.0,
            "moves": len(times),
            "mean": statistics.mean(times) if times else 0.0,
            "p95": times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0,
            "max": times[-1] if times else 0.0,
            "cpu_mean": statistics.mean(cpu) if cpu else 0.0,
            "cpu_p95": cpu[min(len(cpu) - 1, int(0.95 * len(cpu)))] if cpu else 0.0,
            "cpu_max": cpu[-1] if cpu else 0.0,
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
        f"on {meta['machine']} (Python {meta['python']}). Thinking time is measured around "
        "`choose` alone, per search-bot move, as CPU time and as wall-clock time; the machine "
        "was shared with the other job of the run and with other people's work (test suites, "
        "a browser), so the wall-clock times are upper bounds of an idle machine's and the CPU "
        "times are the figures to read.",
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
        "other seat's (solo: the Cardinalbot's), mean per game. Thinking time per search-bot "
        "move: CPU seconds of the process (what the move costs, whatever else runs) and "
        "wall-clock seconds (what the table waited, on the shared machine). Target: the issue's "
        "figure for level 3 (two seats: at least 80%, three: at least 60%, solo Tiletum: more "
        "often than not).",
        "",
        "| engine | seats | level | games | wins | win rate | 95% CI | margin | moves timed "
        "| CPU s/move mean | p95 | max | wall s/move mean | p95 | level 3 target |",
        "|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for row in results:
        f = row.figures()
        goal = ""
        if row.level == 3:
            t, words = target(row.players)
            goal = ("met" if f["rate"] >= t else "**missed**") + f" ({words})"
        shared = f" ({f['shared']} shared)" if f["shared"] else ""
        errs = f" (+{len(f['errors'])} failed)" if f["errors"] else ""
        lines.append(
            f"| {row.engine} | {row.players if row.players > 1 else '1 (vs Cardinalbot)'} "
            f"| {row.level} | {f['games']}{errs} | {f['wins']}{shared} | {f['rate']:.0%} "
            f"| {f['lo']:.0%}–{f['hi']:.0%} | {f['margin']:+.1f} | {f['moves']} "
            f"| {f['cpu_mean']:.3f} | {f['cpu_p95']:.3f} | {f['cpu_max']:.3f} "
            f"| {f['mean']:.3f} | {f['p95']:.3f} | {goal} |")
    errors = [(r, e) for r in results for e in r.figures()["errors"]]
    if errors:
        lines += ["", "Errors (games not counted):", ""]
        lines += [f"- {r.engine} {r.players} seats level {r.level}: {e}" for r, e in errors[:20]]
    lines += ["", notes(results).rstrip(), "", HOW.strip(), ""]
    return "\n".join(lines)


HOW = """
## How the bot works

`engines.core.search.choose(engine, state, seat, level, seed)`, called by service/bots.py's
`choose_search` in the bot worker (service/worker.py), never in a request. Every iteration:

1. **Determinize.** A copy of the state in which everything the seat cannot see is redealt by the
   engine's own `resample(state, seat, rng)`, through an rng that sorts whatever it shuffles or
   picks from: a redeal depends on which cards are hidden and where the holes are, never on how
   they really lie, so two states the seat cannot tell apart give the same redeals. Seats that
   already made a secret simultaneous choice (a blind bid, an offer) choose again in the tree.
2. **Descend** one tree whose nodes are what the bot's seat has observed: a child is keyed by the
   move's public part (`public_move`) and its events as redacted for the seat, so hidden chance and
   other seats' hidden moves share a node. The seat to act picks by UCB1 over its moves available
   in this determinization (availability counts, as in single-observer ISMCTS); large move
   templates are sampled into a pool that grows with the visits (progressive widening).
3. **Expand** one move (the rollout policy's pick first), **roll out** to the end with the
   engine's `heuristic.choose` where it ships one (Barcelona, Imperial Steam, Tekhenu, Tiletum,
   Trickdraw) or uniform legal moves elsewhere, and **back up** each seat's reward: 0.9 for its
   rank (first 1, last 0), 0.1 for its score margin over the best other seat (solo: whether it
   beat the Cardinalbot, and by how much).

The move played is the most visited at the root. Budgets are iterations and simulated moves
(tree, rollouts, and the decides a heuristic makes to weigh its options), not time: a level plays
the same on every machine, and the same seed and the same view give the same move, which
tests/engines/core/test_search.py proves for every engine with hidden information by redealing
the hidden part with the engine's resampler and searching again (the move and every root move's
visits are equal). An engine may scale its budget (`SEARCH_SCALE` in its heuristic module:
Imperial Steam, whose simulated moves cost about twice most games'). A simulated move the engine
refuses or fails on is not played; the iteration teaches nothing.
"""


def save(table: list, meta: dict, path: str) -> None:
    import dataclasses
    import json
    with open(path, "w") as f:
        json.dump({"meta": meta, "rows": [{"engine": r.engine, "players": r.players,
                                           "level": r.level,
                                           "games": [dataclasses.asdict(g) for g in r.games]}
                                          for r in table]}, f)


def load(path: str) -> tuple[list, dict]:
    import json
    with open(path) as f:
        data = json.load(f)
    return [Row(r["engine"], r["players"], r["level"], [Game(**g) for g in r["games"]])
            for r in data["rows"]], data["meta"]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench bots", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="one game per row")
    parser.add_argument("--only", nargs="*", help="engines to play (default: every one)")
    parser.add_argument("--seats", nargs="*", type=int, help="seat counts (default: 1, 2, 3)")
    parser.add_argument("--levels", nargs="*", type=int, default=[1, 2, 3])
    parser.add_argument("--games", type=int, help="games per row (every level)")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once")
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "bots.md"))
    parser.add_argument("--no-write", action="store_true", help="print the table only")
    parser.add_argument("--save", metavar="FILE", help="also keep every game's figures (JSON)")
    parser.add_argument("--render", metavar="FILE",
                        help="play nothing: write the document from a run kept with --save")
    args = parser.parse_args(argv)
    if args.render:
        table, meta = load(args.render)
        return write(markdown(table, meta), args)

    tasks, table = [], []
    for engine, players in rows(args.only):
        if args.seats and players not in args.seats:
            continue
        for level in args.levels:
            n = args.games or games_for(engine, level, args.quick)
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
    }
    if args.save:
        save(table, meta, args.save)
    return write(markdown(table, meta), args)


def write(text: str, args) -> int:
    if args.no_write:
        print(text)
    else:
        with open(args.out, "w") as f:
            f.write(text)
        say(f"wrote {args.out}")
    return 0


def notes(table: list[Row]) -> str:
    """What the prose under the table says that depends on this run's figures: the level-3
    targets met and missed, and for each miss the numbers behind it."""
    top = [r for r in table if r.level == 3 and r.figures()["games"]]
    if not top:
        return ""
    met = [r for r in top if r.figures()["rate"] >= target(r.players)[0]]
    cpu = max((r.figures()["cpu_max"] for r in top), default=0.0)
    cpu_p95 = max((r.figures()["cpu_p95"] for r in top), default=0.0)
    out = [f"**Level 3:** the target is met in {len(met)} of {len(top)} rows. The slowest level-3 "
           f"move took {cpu:.2f} CPU seconds (the worst row's p95: {cpu_p95:.2f} s)."]
    for r in top:
        f = r.figures()
        t, words = target(r.players)
        if f["rate"] >= t:
            continue
        lost = sorted(g.margin for g in r.games if not g.error and not g.won)
        verdict = ("the interval lies below the target: a real miss" if f["hi"] < t else
                   "the interval still holds the target: too few games to tell")
        out.append(f"- **{r.engine}, {r.players} seat{'s' if r.players > 1 else ''}:** "
                   f"{f['wins']} of {f['games']} ({f['rate']:.0%}, 95% CI {f['lo']:.0%}–"
                   f"{f['hi']:.0%}; target {words}); {verdict}. Margins of the games lost: "
                   f"{', '.join(f'{m:+g}' for m in lost)}.")
    out.append("")
    per = []
    for lv in sorted({r.level for r in table}):
        by_n: dict[int, set] = {}
        for r in table:
            if r.level == lv:
                by_n.setdefault(len(r.games), set()).add(r.engine)
        per.append(f"level {lv}: " + ", ".join(
            f"{n} ({', '.join(sorted(names))})" for n, names in sorted(by_n.items(), reverse=True)))
    out.append("Games per row in this run: " + "; ".join(per) + ". The rows are small because the whole run "
        "has to fit a shared two-core machine (a level-3 game of a long engine costs half a "
        "CPU-minute to a minute); `python -m bench bots --games N` plays more.")
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())
