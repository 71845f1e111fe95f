"""Two API nodes on a 3-master Redis Cluster beside one node on one Redis, in one run.

`python -m bench cluster` prints this section alone; `python -m bench` puts it in
docs/performance.md. On one 2-core machine both configurations share the same cores, so the
figure shows what the cluster costs, not how it scales. Rows, each run in turn, repeat after
repeat:
  move N   confirmed moves/s of the synthetic game at N concurrent 2-seat games; on the cluster,
           seat 0's connection goes to one node and seat 1's to the other (a proxy without game
           affinity), so every move reaches the node that did not make the last one
  read N   GET /games/{id}, the seats in turn (so the nodes in turn)
with the server CPU per operation (the API nodes' process groups and every redis-server) and
the Redis commands per operation (INFO commandstats over every master; a script's inner
commands included).
"""
from __future__ import annotations

import contextlib
import datetime
import statistics
import sys
from dataclasses import dataclass, field

import redis

from bench import load
from bench.fixtures import Tables
from bench.probe import group_cpu, redis_calls
from bench.servers import RedisServer, running, tablefold_serve
from service.redis_client import connect
from tests.support.cluster import Cluster   # the same local cluster the cluster tests run

ROWS = (("move", 10), ("move", 50), ("read", 10))


@dataclass
class Setup:
    name: str
    ports: list[int]                 # its API nodes
    tables: Tables                   # games made straight through events.games on its Redis
    groups: list[int]                # process groups whose CPU is the server's
    counted: list[redis.Redis]       # the Redis servers whose commands are counted

    def cpu(self) -> float:
        return sum(group_cpu(g) for g in self.groups)

    def calls(self) -> int:
        return sum(sum(redis_calls(c).values()) for c in self.counted)


@dataclass
class Figure:
    """One row in one set-up over the repeats."""
    per_second: list[float] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)      # server CPU per operation
    calls: list[float] = field(default_factory=list)       # Redis commands per operation
    mean_ms: list[float] = field(default_factory=list)
    errors: int = 0


def run_row(setup: Setup, kind: str, games: int, warmup: float, duration: float) -> tuple:
    slots = [[setup.tables.tiny(10).target()] for _ in range(games)]
    phase = load.Phase(kind, slots, warmup, duration)
    cpu, calls = setup.cpu(), setup.calls()
    out = load.run(setup.ports[0], phase, ports=setup.ports)
    cpu, calls = setup.cpu() - cpu, setup.calls() - calls
    ops = max(1, out.ops_total)
    return out, 1000 * cpu / ops, calls / ops


def measure(repeats: int = 3, warmup: float = 0.5, duration: float = 2.0, log=print) -> dict:
    """{(kind, games): {setup name: Figure}} and the set-ups' descriptions."""
    figures: dict = {row: {} for row in ROWS}
    with contextlib.ExitStack() as stack:
        one_redis = stack.enter_context(running(RedisServer()))
        log("starting one node on one Redis ...")
        one = stack.enter_context(running(tablefold_serve(one_redis.url, name="one node")))
        log("starting a 3-master Redis Cluster and two nodes on it ...")
        cluster = stack.enter_context(Cluster(masters=3))
        env = {"TABLEFOLD_REDIS_CLUSTER": "1"}
        nodes = [stack.enter_context(running(tablefold_serve(cluster.url, name=f"node {n}",
                                                             env=env)))
                 for n in ("A", "B")]
        setups = [
            Setup("one node, one Redis", [one.port], Tables(one_redis.client()),
                  [one.pgid, one_redis.proc.pid], [one_redis.client()]),
            Setup("two nodes, 3-master cluster", [n.port for n in nodes],
                  Tables(connect(cluster.url, cluster=True)),
                  [n.pgid for n in nodes] + [p.pid for p in cluster.procs.values()],
                  [cluster.node(p) for p in cluster.ports]),
        ]
        for rep in range(repeats + 1):   # the first round warms up and is not counted
            for kind, games in ROWS:
                for setup in setups:
                    out, cpu_ms, calls = run_row(setup, kind, games, warmup, duration)
                    log(f"  {'warm-up' if rep == 0 else f'repeat {rep}'}: {kind} {games} "
                        f"{setup.name}: {out.per_second:,.0f}/s, errors {out.errors} "
                        f"{out.errors_seen[:1]}")
                    if rep == 0:
                        continue
                    fig = figures[(kind, games)].setdefault(setup.name, Figure())
                    fig.per_second.append(out.per_second)
                    fig.cpu_ms.append(cpu_ms)
                    fig.calls.append(calls)
                    fig.mean_ms.append(out.mean_ms)
                    fig.errors += out.errors
    return {"figures": figures, "setups": [s.name for s in setups],
            "repeats": repeats, "duration": duration,
            "when": datetime.datetime.now().strftime("%Y-%m-%d %H:%M")}


def markdown(result: dict) -> list[str]:
    if not result:
        return []
    one, two = result["setups"]
    lines = [f"Two `tablefold serve` nodes (TABLEFOLD_REDIS_CLUSTER=1) on a local 3-master Redis "
             f"Cluster (tests/support/cluster.py), beside one node on one Redis, on the same "
             f"machine in the same run: {result['repeats']} interleaved repeats of "
             f"{result['duration']:.0f} s windows, fresh games for every window. Both share the "
             "machine's cores, so this shows the cluster's overhead, not its scale. On the "
             "cluster, a game's two seats talk to different nodes, so every move reaches the node "
             "that did not make the last one." + (f" Measured {result['when']}." if "when" in result
                                                  else ""), "",
             f"| row | {one}: ops/s | CPU ms/op | Redis commands/op | {two}: ops/s | CPU ms/op "
             "| Redis commands/op | ops/s ratio (median, range) | errors |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for (kind, games), by in result["figures"].items():
        a, b = by.get(one), by.get(two)
        if not a or not b:
            continue
        ratios = [y / x for x, y in zip(a.per_second, b.per_second) if x]
        med = statistics.median
        lines.append(
            f"| {kind} {games} | {med(a.per_second):,.0f} | {med(a.cpu_ms):.2f} | "
            f"{med(a.calls):.1f} | {med(b.per_second):,.0f} | {med(b.cpu_ms):.2f} | "
            f"{med(b.calls):.1f} | {med(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f}) | "
            f"{a.errors + b.errors} |")
    return lines


def main(argv=None) -> int:
    import argparse
    parser = argparse.ArgumentParser(prog="python -m bench cluster", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--duration", type=float, default=2.0)
    args = parser.parse_args(argv)
    result = measure(args.repeats, duration=args.duration,
                     log=lambda *a: print(*a, file=sys.stderr, flush=True))
    print("\n".join(markdown(result)))
    return 0
