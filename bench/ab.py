"""`python -m bench ab BASE NEW`: does a change make moves cheaper? Two source trees (a clone or
`git worktree` of each commit), each served by its own `tablefold serve` on its own Redis, measured
in interleaved pairs: for each pair, both trees play the same rows back to back, the tree that
goes first alternating, and a ratio is the median over the pairs of NEW ÷ BASE.

The rows are those of the targets that a serving change is meant to move: (a) confirmed moves on
the synthetic game and (f) stream-driven Tic Tac Trek, its moves on the stream's WebSocket and, as
a second row, as server-sent events with each move a POST (bench/__main__.py builds them the
same way). For each: moves/s, and the CPU the server's processes and its Redis spent per move.

Why pairs: on a shared machine the cores' speed drifts by tens of per cent over minutes, more
than most changes are worth; two trees measured seconds apart see the same machine. Even so,
know the noise before believing a ratio: run the same tree as both (`ab TREE TREE`). On the
2-core machine of docs/performance.md, 8 pairs of one tree against itself (2026-12-07) gave (a)
0.955 (0.82-1.08) and (f) 1.073 (0.86-1.22): a change worth less than about 7% needs more pairs
or does not show.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys

from bench import load
from bench.servers import RedisServer, running, tablefold_serve

ROWS = ("move", "socket", "stream")
LABELS = {"move": "(a) move", "socket": "(f) socket", "stream": "(f) SSE+POST"}


class Tree:
    """One source tree served on its own Redis, with the games its rows play."""

    def __init__(self, stack: contextlib.ExitStack, path: str, games: int):
        from bench.__main__ import FULL, Stack, moving_phases, tic_tac_trek_phases
        self.path = os.path.abspath(path)
        redis = stack.enter_context(running(RedisServer()))
        server = tablefold_serve(redis.url)
        server.cwd = self.path   # the tree's code, not this one's
        server.env["PYTHONPATH"] = self.path
        self.stack = Stack(stack, redis, stack.enter_context(running(server)))
        # the games the benchmark's own (a) and (f) rows play
        self.moves, self.moved = moving_phases(self.stack, games, FULL.short_length)
        originals = self.stack.tables.tic_tac_trek(8)
        self.tic_tac_trek = {kind: tic_tac_trek_phases(self.stack, originals, kind, games)
                             for kind in ("socket", "stream")}

    def run(self, kind: str, warmup: float, duration: float) -> tuple[float, float, int]:
        """moves/s, server and Redis CPU µs per move, errors."""
        make = self.moves if kind == "move" else self.tic_tac_trek[kind]
        meter = self.stack.meter.start()
        outcome = load.run(self.stack.server.port, make(warmup, duration))
        cost = meter.stop()
        if kind == "move":
            self.moved(outcome)
        cpu = 1e6 * sum(cost["cpu"].values()) / max(1, outcome.ops_total)
        return outcome.per_second, cpu, outcome.errors


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.3f} ({min(values):.3f}-{max(values):.3f})"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench ab", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base", help="the source tree before the change")
    parser.add_argument("new", help="the source tree with the change")
    parser.add_argument("--pairs", type=int, default=8, help="interleaved pairs (default 8)")
    parser.add_argument("--games", type=int, default=10, help="concurrent games (default 10)")
    parser.add_argument("--duration", type=float, default=2.0,
                        help="seconds measured per row (default 2.0, after 0.5 of warm-up)")
    args = parser.parse_args(argv)
    if not load.node():
        sys.exit("python -m bench ab needs Node.js (`node`): its load generator is bench/loadgen.js")
    for path in (args.base, args.new):
        if not os.path.isfile(os.path.join(path, "service", "cli.py")):
            sys.exit(f"{path}: not a tablefold source tree")

    figures = {name: {kind: [] for kind in ROWS} for name in ("base", "new")}
    with contextlib.ExitStack() as stack:
        trees = {"base": Tree(stack, args.base, args.games), "new": Tree(stack, args.new, args.games)}
        for tree in trees.values():   # every game reaches both workers before anything counts
            for kind in ROWS:
                for _ in range(3):
                    tree.run(kind, 0.0, 0.2)
        print(f"{args.pairs} pairs, {args.games} games, {args.duration} s a row", flush=True)
        for pair in range(args.pairs):
            order = ("base", "new") if pair % 2 == 0 else ("new", "base")
            for name in order:
                for kind in ROWS:
                    per_second, cpu, errors = trees[name].run(kind, 0.5, args.duration)
                    figures[name][kind].append((per_second, cpu))
                    print(f"  pair {pair + 1} {name:4s} {LABELS[kind]:10s} {per_second:7,.0f}/s  "
                          f"{cpu:6.0f} µs CPU a move" + (f"  errors {errors}" if errors else ""),
                          flush=True)

    print("\nNEW ÷ BASE, median (spread) over the pairs:")
    for kind in ROWS:
        base, new = figures["base"][kind], figures["new"][kind]
        rate = [n[0] / b[0] for b, n in zip(base, new)]
        cpu = [n[1] / b[1] for b, n in zip(base, new)]
        print(f"  {LABELS[kind]:10s} moves/s {spread(rate)}   CPU a move {spread(cpu)}")
    print("(f) ÷ (a) in each tree, median (spread) over the pairs:")
    for name in ("base", "new"):
        for kind in ("socket", "stream"):
            f_a = [f[0] / a[0] for a, f in zip(figures[name]["move"], figures[name][kind])]
            print(f"  {name:4s} {LABELS[kind]:12s} {spread(f_a)}")
    return 0
