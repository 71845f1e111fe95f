"""`python -m bench [--quick]`: measure tablefold and write docs/performance.md (issue 7).

One run measures everything, so that every ratio compares figures taken on the same machine at
the same time:
  (a) confirmed moves/s over HTTP (gunicorn, real Redis) vs a bare Flask endpoint that XADDs
  (b) state reads/s (GET /games/{id}) vs a bare Flask endpoint that XRANGEs a few entries
  (c) a move and a read on a game whose log holds 10 records vs 10,000
  (d) fold and random play-out throughput per registered engine
  (e) memory per live game, in Redis and in Python
Everything listens on loopback only; every server started here is stopped at the end.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import time
from dataclasses import dataclass

from bench import engines as engine_bench
from bench import load, memory, report
from bench.probe import Meter
from bench.servers import ROOT, Gunicorn, RedisServer, running


@dataclass
class Profile:
    name: str
    clients: int = 4          # client processes, each on its own games
    workers: int = 2          # gunicorn workers (as `tablefold serve`)
    threads: int = 8          # gunicorn gthread threads per worker (as `tablefold serve`)
    warmup: float = 0.3       # seconds before each measured window
    duration: float = 2.0     # measured window of a timed phase
    repeats: int = 10         # interleaved repetitions of each service/bare pair (short phases,
                              # many times: other load on the machine hits both sides alike)
    c_repeats: int = 5        # repetitions of the (c) move pair
    short_games: int = 24     # (c) short games per client per repeat
    moves_per_short: int = 8  # (c) moves per short game (its log grows from 10 to 18)
    long_length: int = 10_000
    short_length: int = 10
    engine_budget: float = 8.0   # (d) seconds per engine
    memory_games: int = 100      # (e) games per engine
    memory_budget: float = 10.0  # (e) seconds at most to make one engine's games
    profile_requests: int = 400  # requests per round of the in-process breakdown


FULL = Profile("full")
QUICK = Profile("quick", duration=1.0, repeats=5, c_repeats=3, short_games=12, engine_budget=1.5,
                memory_games=20, memory_budget=3.0, profile_requests=150)


def say(*args):
    print(*args, file=sys.stderr, flush=True)


def timed_pairs(meters, pairs, repeats, on_outcome=None):
    """Run each (label, server, phase_factory) in turn, `repeats` times, interleaved."""
    results = {label: [] for label, _s, _p in pairs}
    for rep in range(repeats):
        for label, server, make_phase in pairs:
            meter = meters[server.factory].start()
            outcome = load.run(server.port, make_phase())
            cost = meter.stop()
            results[label].append((outcome, cost))
            if on_outcome:
                on_outcome(label, outcome)
            say(f"  {label} #{rep + 1}: {outcome.per_second:,.0f}/s, mean {outcome.mean_ms:.2f} ms, "
                f"errors {outcome.errors}")
    return {label: report.Pooled(label, runs) for label, runs in results.items()}


def advanced(groups, outcome):
    """The targets with the versions the move phase left them at."""
    return [[(g, t, outcome.versions.get(g, v), lead) for g, t, v, lead in grp] for grp in groups]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a short run (under two minutes)")
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "performance.md"),
                        help="where to write the markdown (default: docs/performance.md)")
    parser.add_argument("--no-write", action="store_true", help="print the table only")
    parser.add_argument("--clients", type=int, help="client processes (default 4)")
    parser.add_argument("--workers", type=int, help="gunicorn workers (default 2)")
    parser.add_argument("--threads", type=int, help="gthread threads per worker (default 8)")
    args = parser.parse_args(argv)
    prof = QUICK if args.quick else FULL
    for name in ("clients", "workers", "threads"):
        if getattr(args, name):
            setattr(prof, name, getattr(args, name))

    # a polite kill (SIGTERM) unwinds like Ctrl-C, so every server started here is stopped
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(143))
    started = time.monotonic()
    doc = report.Report(prof)
    doc.machine = report.machine()
    with contextlib.ExitStack() as stack:
        rs = stack.enter_context(running(RedisServer()))
        client = rs.client()
        doc.machine["Redis"] = report.redis_version(client)
        from bench.fixtures import Tables
        tables = Tables(client)
        C = prof.clients

        say("building games through events.games.Games ...")
        move_games = [[tables.tiny(prof.short_length) for _ in range(4)] for _ in range(C)]
        # reads: games spread over one snapshot interval (their tails differ)
        every = tables.games.snapshot_every
        read_games = [[tables.tiny(100 + (c * 4 + j) * every // (4 * C)) for j in range(4)]
                      for c in range(C)]
        short_read = [[tables.tiny(prof.short_length) for _ in range(4)] for _ in range(C)]
        t0 = time.perf_counter()
        # opening `add` moves so that the long game stands where the short one does in the
        # 4-record cycle (10,000 - 10 is not a multiple of 4)
        long_game = tables.tiny(prof.long_length, lead=(prof.long_length - prof.short_length) % 4)
        doc.build_long_s = time.perf_counter() - t0
        long_games = [[long_game]] + [[tables.clone(long_game)] for _ in range(C - 1)]
        doc.snapshot_every = every
        doc.refold = report.refold_cost(tables, long_game)

        def targets(groups):
            return [[t.target() for t in group] for group in groups]

        def timed(kind, groups):
            return lambda: load.Phase(kind, groups, prof.warmup, prof.duration)

        svc = stack.enter_context(running(Gunicorn("service", rs.url, prof.workers, prof.threads)))
        bare = stack.enter_context(running(Gunicorn("bare", rs.url, prof.workers, prof.threads)))
        meters = {s.factory: Meter(client, {"server": os.getpgid(s.proc.pid),
                                            "redis": os.getpgid(rs.proc.pid)})
                  for s in (svc, bare)}

        say("warming up ...")
        for server, kind, groups in ((bare, "bare_append", targets(move_games)),
                                     (bare, "bare_read", targets(read_games)),
                                     (svc, "read", targets(read_games))):
            load.run(server.port, load.Phase(kind, groups, 0.0, 1.0))

        say("(a) moves vs bare append, (b) reads vs bare read ...")
        moving = {"targets": targets(move_games)}

        def track(label, outcome):
            if label == "move":
                moving["targets"] = advanced(moving["targets"], outcome)

        doc.ab = timed_pairs(meters, [
            ("bare append", bare, timed("bare_append", targets(move_games))),
            ("move", svc, lambda: load.Phase("move", moving["targets"], prof.warmup, prof.duration)),
            ("bare read", bare, timed("bare_read", targets(read_games))),
            ("read", svc, timed("read", targets(read_games))),
        ], prof.repeats, track)

        short_label, long_label = f"at {prof.short_length}", f"at {prof.long_length:,}"
        say(f"(c) log length {prof.short_length} vs {prof.long_length:,} ...")
        doc.c_reads = timed_pairs(meters, [
            (f"read {short_label}", svc, timed("read", targets(short_read))),
            (f"read {long_label}", svc, timed("read", targets(long_games))),
        ], prof.repeats)
        per_client = prof.short_games * prof.moves_per_short
        long_targets = targets(long_games)
        c_moves = {f"move {short_label}": [], f"move {long_label}": []}
        for rep in range(prof.c_repeats):
            fresh = [[tables.tiny(prof.short_length) for _ in range(prof.short_games)]
                     for _ in range(C)]
            for label, phase in (
                    (f"move {short_label}",
                     load.Phase("move", targets(fresh), 0.0, 120.0, prof.moves_per_short)),
                    (f"move {long_label}",
                     load.Phase("move", long_targets, 0.0, 120.0, per_client))):
                meter = meters["service"].start()
                outcome = load.run(svc.port, phase)
                c_moves[label].append((outcome, meter.stop()))
                say(f"  {label} #{rep + 1}: {outcome.per_second:,.0f}/s, "
                    f"mean {outcome.mean_ms:.2f} ms, errors {outcome.errors}")
                if label.endswith(long_label):
                    long_targets = advanced(long_targets, outcome)
        doc.c_moves = {label: report.Pooled(label, runs) for label, runs in c_moves.items()}
        doc.long_after = max(t[2] for grp in long_targets for t in grp)

        say("where the CPU of a request goes (in-process) ...")
        os.environ["REDIS_URL"] = rs.url
        from bench import apps, breakdown
        doc.profile = breakdown.breakdown(apps.service(), tables, prof.profile_requests)

        # the HTTP servers are done: stop them before the single-threaded measurements
        svc.stop()
        bare.stop()

        say("(e) memory per live game ...")
        doc.memory = [memory.tiny_game(tables, short_read[0][0], "tiny (synthetic)"),
                      memory.tiny_game(tables, long_game, "tiny (synthetic)")]

        say("(d) fold and play-out throughput per engine ...")
        doc.engines, doc.engines_others = engine_bench.run(prof.engine_budget, log=say)
        for fig in doc.engines:
            if fig.error and not fig.games:
                continue
            if fig.engine == "tiny" or fig.players != _engine(fig.engine).min_players:
                continue
            moves = max(1, int(fig.moves_per_game // 2))
            doc.memory.append(memory.engine_games(tables, _engine(fig.engine), fig.players,
                                                  prof.memory_games, moves, prof.memory_budget))
        doc.elapsed = time.monotonic() - started

    text = doc.markdown()
    print(text)
    if not args.no_write:
        os.makedirs(os.path.dirname(args.out), exist_ok=True)
        with open(args.out, "w") as f:
            f.write(text)
        say(f"wrote {args.out} in {doc.elapsed:.0f} s")
    return 0


def _engine(name):
    from engines.core import get_engine
    return get_engine(name)


if __name__ == "__main__":
    sys.exit(main())
