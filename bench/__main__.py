"""`python -m bench [--quick]`: measure tablefold and write docs/performance.md (`python -m bench
bots`: the search bots, docs/bots.md: bench/bots.py; `python -m bench ab BASE NEW`: a change's
effect on (a) and (f), two source trees in interleaved pairs: bench/ab.py).

One run measures everything, so that every ratio compares figures taken on the same machine at
the same time, every row interleaved with the others, repeat after repeat:
  (a) confirmed moves/s over HTTP at 1, 10 and 50 concurrent 2-seat games (`tablefold serve`)
  (b) state reads/s (GET /games/{id}) against a bare Flask endpoint that XRANGEs a few entries
  (c) a move and a read on a game whose log holds 10 records against 10,000
  (d) fold and random play-out throughput per registered engine
  (e) memory per live game, in Redis and in Python
  (f) Tic Tac Trek played by clients that follow their seats' live streams
  (g) Tic Tac Trek played by polling clients (GET the view, then POST)
  (h) the floors: the bare Flask XADD endpoint under `tablefold serve`'s server, and a minimal
      asyncio HTTP server doing the same XADD (redis.asyncio)
  two API nodes on a 3-master Redis Cluster beside one node on one Redis (bench/cluster.py)
  and the serving models: the service under gunicorn gevent with service/httpd.py's
  connections (the chosen one), gunicorn's own gevent worker, gunicorn sync (4 processes) and
  granian's WSGI server, and boardgame.io 0.50 (in-memory) beside them.
Everything listens on loopback only; every server started here is stopped at the end, also
on failure or Ctrl-C.
"""
from __future__ import annotations

import argparse
import contextlib
import importlib.util
import math
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

from bench import load, report
from bench.probe import Meter, Monitor, cpu_speed
from bench.servers import ROOT, RedisServer, Served, asyncio_floor, granian, running, \
    tablefold_serve

GRANIAN = "granian==2.8.9"   # bench only: not a dependency of tablefold
IDLE_STREAMS = 200           # spectators' live streams held open while moves are measured


@dataclass
class Profile:
    name: str
    games: tuple = (1, 10, 50)   # concurrent 2-seat games
    warmup: float = 0.5          # seconds before each measured window
    duration: float = 2.0        # measured window of a phase
    repeats: int = 3             # interleaved repetitions of every row
    sample: float = 1.5          # a phase of each row with Redis MONITOR attached ...
    sample_warmup: float = 0.5   # ... after this long without it (warm caches), in
    warm_phases: int = 4         # ... this many phases, each on new connections
    c_games: int = 10            # (c): games in play at once
    moves_per_short: int = 8     # (c): moves on a short game (its log grows from 10 to 18)
    long_length: int = 10_000
    short_length: int = 10
    engine_budget: float = 2.0   # (d) seconds per engine
    memory_games: int = 50       # (e) games per engine
    memory_budget: float = 4.0   # (e) seconds at most to make one engine's games
    profile_requests: int = 400  # requests per round of the in-process breakdown
    granian_threads: int = 8     # granian's blocking threads per worker


FULL = Profile("full")
QUICK = Profile("quick", warmup=0.3, duration=0.8, repeats=1, sample=0.6, engine_budget=0.5,
                memory_games=10, memory_budget=1.5, profile_requests=150)


def say(*args):
    print(*args, file=sys.stderr, flush=True)


@dataclass
class Row:
    key: str                     # e.g. "move gevent 10"
    server: Served
    kind: str
    games: int
    make: Callable[[float, float], load.Phase]   # (warmup, duration) -> a phase on fresh games
    meter: Meter
    monitor: str | None = None   # the unix socket of the server's Redis (MONITOR samples)
    command: list | None = None  # another generator than bench/loadgen.js (boardgame.io)
    env: dict | None = None
    after: Callable | None = None
    runs: list = field(default_factory=list)
    sampled: dict = field(default_factory=dict)
    rss: tuple = ()              # server resident bytes before the phase, and in its window

    def run(self, warmup: float, duration: float, monitor: bool = False):
        phase = self.make(warmup, duration)
        mon = Monitor(self.monitor).start() if monitor and self.monitor else None
        sampler = None
        if phase.idle_streams:
            import threading
            from bench.probe import group_rss
            before, mid = group_rss(self.server.pgid), []
            sampler = threading.Timer(warmup + duration / 2,
                                      lambda: mid.append(group_rss(self.server.pgid)))
            sampler.start()
        meter = self.meter.start()
        try:
            outcome = load.run(self.server.port, phase, self.command, self.env)
        finally:
            cost = meter.stop()
            seen = mon.stop() if mon else None
            if sampler is not None:
                sampler.join()
                self.rss = (before, mid[0] if mid else before)
        if self.after:
            self.after(outcome)
        return outcome, cost, seen


class Stack:
    """One HTTP server with a Redis of its own, and the games built on that Redis."""

    def __init__(self, stack: contextlib.ExitStack, redis: RedisServer, server: Served | None):
        from bench.fixtures import Tables
        self.redis, self.server = redis, server
        self.client = redis.client()
        self.tables = Tables(self.client)
        groups = {"redis": os.getpgid(redis.proc.pid)}
        if server is not None:
            groups["server"] = server.pgid
        self.meter = Meter(self.client, groups)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["bots"]:   # `python -m bench bots`: the search bots (bench/bots.py)
        from bench import bots
        return bots.main(argv[1:])
    if argv[:1] == ["ab"]:   # `python -m bench ab BASE NEW`: a change, in interleaved pairs
        from bench import ab
        return ab.main(argv[1:])
    if argv[:1] == ["cluster"]:   # `python -m bench cluster`: two nodes on a cluster (bench/cluster.py)
        from bench import cluster
        return cluster.main(argv[1:])
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a short run (under three minutes)")
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "performance.md"),
                        help="where to write the markdown (default: docs/performance.md)")
    parser.add_argument("--no-write", action="store_true", help="print the document only")
    parser.add_argument("--repeats", type=int, help="interleaved repetitions of every row")
    parser.add_argument("--save", metavar="FILE",
                        help="also keep the run's figures (a pickle) to render again later")
    parser.add_argument("--render", metavar="FILE",
                        help="measure nothing: write the document from a run kept with --save")
    args = parser.parse_args(argv)
    if args.render:
        import pickle
        with open(args.render, "rb") as f:
            doc = pickle.load(f)
        return write(doc, args)
    prof = QUICK if args.quick else FULL
    if args.repeats:
        prof.repeats = args.repeats
    if not load.node():
        sys.exit("python -m bench needs Node.js (`node`): its load generator is bench/loadgen.js")

    # a polite kill (SIGTERM) unwinds like Ctrl-C, so every server started here is stopped
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(143))
    started = time.monotonic()
    doc = report.Report(prof)
    doc.machine = report.machine()
    from bench.serve import gunicorn_settings
    doc.gunicorn = gunicorn_settings()
    with contextlib.ExitStack() as stack:
        def redis() -> RedisServer:
            return stack.enter_context(running(RedisServer()))

        def serve(server: Served) -> Served:
            say(f"starting {server.name} ...")
            return stack.enter_context(running(server))

        svc_redis = redis()
        doc.machine["Redis"] = report.redis_version(svc_redis.client())
        svc = Stack(stack, svc_redis, serve(tablefold_serve(svc_redis.url)))
        bare_r = redis()
        bare = Stack(stack, bare_r, serve(tablefold_serve(bare_r.url, "bare")))
        floor_r = redis()
        floor = Stack(stack, floor_r, serve(asyncio_floor(floor_r.url)))
        sync_r = redis()
        sync = Stack(stack, sync_r, serve(tablefold_serve(sync_r.url, worker_class="sync",
                                                          workers=4, name="gunicorn sync")))
        one_r = redis()
        one = Stack(stack, one_r, serve(tablefold_serve(one_r.url, workers=1,
                                                        name="gunicorn gevent, 1 worker")))
        parser_r = redis()
        gunicorn_parser = Stack(stack, parser_r, serve(tablefold_serve(
            parser_r.url, worker_class="gevent", name="gunicorn gevent, gunicorn's parser")))
        models = {"gevent": svc, "gunicorn": gunicorn_parser, "gevent1": one, "sync": sync}
        doc.granian = granian_version()
        if doc.granian:
            gr_r = redis()
            models["granian"] = Stack(stack, gr_r, serve(granian(gr_r.url, os.cpu_count() or 1,
                                                                 prof.granian_threads)))
        bgio_server = None
        try:
            from bench import bgio
            bgio.install(log=say)
            bgio_server = serve(bgio.server())
            doc.bgio = bgio.version()
        except Exception as e:  # said in the document
            doc.bgio_error = f"{type(e).__name__}: {e}"
            say(f"boardgame.io: {doc.bgio_error}")

        say("building games through events.games.Games ...")
        rows = build_rows(prof, doc, svc, bare, floor, models, bgio_server)

        say("warm-up of every row, with MONITOR on its Redis (round trips per operation) ...")
        for row in rows:
            # unmonitored: what MONITOR sees is the steady state. Each phase connects anew, and
            # the kernel hands each connection to either worker: after a few, each game a row
            # plays is held by every worker its seats' connections may reach (a one-time load
            # and SUBSCRIBE per game and worker)
            for _ in range(prof.warm_phases):
                row.run(0.0, prof.sample_warmup / prof.warm_phases)
            outcome, cost, seen = row.run(0.0, prof.sample, monitor=True)
            row.sampled = {"ops": outcome.ops_total, "seen": seen,
                           "streams": outcome.statuses.get("stream 200", 0)
                           + outcome.statuses.get("socket 101", 0)}
            say(f"  {row.key}: {outcome.per_second:,.0f}/s (with MONITOR), errors "
                f"{outcome.errors} {outcome.errors_seen[:1]}")

        for rep in range(prof.repeats):
            say(f"repeat {rep + 1} of {prof.repeats} ...")
            for row in rows:
                doc.speeds.append(cpu_speed())
                outcome, cost, _ = row.run(prof.warmup, prof.duration)
                row.runs.append((outcome, cost))
                say(f"  {row.key}: {outcome.per_second:,.0f}/s, mean {outcome.mean_ms:.2f} ms, "
                    f"errors {outcome.errors} {outcome.errors_seen[:1]}"
                    f"{'; slots out of games: ' + str(outcome.exhausted) if outcome.exhausted else ''}")
        say(f"moves while spectators hold {IDLE_STREAMS} idle live streams ...")
        idle_rows = []
        for name, stack in models.items():
            slots = [[t.target()] for t in stack.tables.clone(stack.tables.tiny(10), 10)]
            watched = [t.gid for t in stack.tables.clone(stack.tables.tiny(10), 20)]
            idle_rows.append(Row(f"idle {name} 10", stack.server, "move", 10,
                                 lambda warmup, duration, slots=slots, watched=watched: load.Phase(
                                     "move", slots, warmup, duration,
                                     idle_streams=IDLE_STREAMS, idle_games=watched),
                                 stack.meter, stack.redis.sock))
        for row in idle_rows:
            outcome, cost, _ = row.run(prof.warmup, prof.duration)
            row.runs.append((outcome, cost))
            say(f"  {row.key}: {outcome.per_second:,.0f}/s, errors {outcome.errors}, "
                f"streams opened {outcome.statuses.get('stream 200', 0)}, server RSS "
                f"{row.rss[0] / 2**20:.0f} -> {row.rss[1] / 2**20:.0f} MiB")
        rows += idle_rows
        doc.idle_streams = IDLE_STREAMS
        doc.rss = {row.key: row.rss for row in idle_rows}
        doc.rows = {row.key: report.Pooled(row.key, row.runs, row.sampled, row.games)
                    for row in rows}
        doc.long_after = max(doc.long_versions.values()) if doc.long_versions else 0

        # the HTTP servers are done: stop them before the single-threaded measurements
        for s in (*models.values(), bare, floor):
            s.server.stop()
        if bgio_server:
            bgio_server.stop()

        say("two API nodes on a 3-master Redis Cluster beside one node on one Redis ...")
        from bench import cluster
        doc.cluster = cluster.measure(prof.repeats, prof.warmup, prof.duration, log=say)

        say("the served worker, profiled (cProfile in every worker) ...")
        doc.served = served_profiles(prof, svc)

        say("where the CPU of a request goes (in-process) ...")
        os.environ["REDIS_URL"] = svc_redis.url
        from bench import apps, breakdown
        doc.profile = breakdown.breakdown(apps.service(), apps.bare(), svc.tables,
                                          prof.profile_requests)

        say("(e) memory per live game ...")
        from bench import engines as engine_bench
        from bench import memory
        tables = svc.tables
        doc.memory = [memory.tiny_game(tables, doc.short_read, "tiny (synthetic)"),
                      memory.tiny_game(tables, doc.long_game, "tiny (synthetic)")]

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

    if args.save:
        import pickle
        for name in ("long_game", "short_read"):
            setattr(doc, name, None)
        with open(args.save, "wb") as f:
            pickle.dump(doc, f)
    return write(doc, args)


def write(doc, args) -> int:
    text = doc.markdown()
    if args.no_write:
        print(text)
    else:
        os.makedirs(os.path.dirname(args.out), exist_ok=True)
        with open(args.out, "w") as f:
            f.write(text)
        say(f"wrote {args.out} in {doc.elapsed:.0f} s")
    return 0


def served_profiles(prof: Profile, svc: Stack, n: int = 10) -> dict:
    """(a) moves and (f) stream-driven Tic Tac Trek, each on a `tablefold serve` of its own whose
    workers run under cProfile, at n games: where a served move's CPU goes, HTTP server included.
    Then, unprofiled, what ran it (`by_greenlet`): the same two and the bare Flask append, each
    on a server of its own whose workers charge their CPU to the greenlet that spent it."""
    import glob
    import json
    import shutil
    import tempfile
    from bench import breakdown
    out: dict = {"by_greenlet": {}}
    t = svc.tables

    def slots(kind: str) -> list:
        if kind == "move":
            return [[x.target()] for x in t.clone(t.tiny(prof.short_length), n)]
        if kind == "append":
            return [[(f"bare-{i}-{os.urandom(4).hex()}", ["-", "-"], 10, 0)] for i in range(n)]
        originals = t.tic_tac_trek(4)
        per_slot = math.ceil(300 * (prof.warmup + prof.duration) / 20) + 2
        return [[x.target() for x in t.clone(originals[i % 4], per_slot)] for i in range(n)]

    def measured(kind: str, app: str, how: str, folder: str):
        """One phase on a server whose workers write `how` (profile, greenlets) into `folder`
        when asked: the phase's outcome and the files they wrote."""
        server = tablefold_serve(svc.redis.url, app=app, name=f"{how}-{kind}",
                                 **{how: os.path.join(folder, "worker")})
        phase_slots = slots(kind)
        with running(server):
            outcome = load.run(server.port, load.Phase(kind, phase_slots, prof.warmup,
                                                       prof.duration))
            ask_dump(server.port)
        return outcome, glob.glob(os.path.join(folder, "worker.*"))

    for kind in ("move", "socket"):
        folder = tempfile.mkdtemp(prefix="tf-bench-profile-")
        try:
            outcome, files = measured(kind, "service", "profile", folder)
            if files:
                out[kind] = breakdown.served_profile(files, outcome.ops_total)
                out[kind]["per_second"] = outcome.per_second
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    for kind, app in (("move", "service"), ("append", "bare"), ("socket", "service")):
        folder = tempfile.mkdtemp(prefix="tf-bench-greenlets-")
        try:
            outcome, files = measured(kind, app, "greenlets", folder)
            spent: Counter = Counter()
            for name in files:   # one per worker, summed
                with open(name) as f:
                    spent.update(json.load(f))
            out["by_greenlet"][kind] = {what: 1e6 * seconds / max(outcome.ops_total, 1)
                                        for what, seconds in spent.items()}
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    return out


def ask_dump(port: int, tries: int = 40) -> None:
    """GET the dump path on new connections until every worker has had one (or `tries`)."""
    import http.client
    from bench.serve import DUMP_PATH
    for _ in range(tries):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", DUMP_PATH, headers={"Connection": "close"})
        conn.getresponse().read()
        conn.close()
        time.sleep(0.02)


def granian_version() -> str:
    """granian's version, installed into this virtualenv for the benchmark when it is missing
    (bench only: tablefold does not depend on it). Empty when it cannot be had."""
    if importlib.util.find_spec("granian") is None:
        say(f"pip install {GRANIAN} (bench only) ...")
        proc = subprocess.run([sys.executable, "-m", "pip", "install", "-q", GRANIAN],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            say(f"granian: {proc.stderr[-300:]}")
            return ""
    from importlib import metadata
    return metadata.version("granian")


def moving_phases(stack: Stack, n: int, length: int):
    """(a)'s phases: n slots of one synthetic game each, moved on from where the last phase left
    them (`after` carries the versions the phase reached over)."""
    slots = [[t.target()] for t in stack.tables.clone(stack.tables.tiny(length), n)]

    def make(warmup, duration):
        return load.Phase("move", slots, warmup, duration)

    def after(outcome):
        for slot in slots:
            gid, tokens, _v, lead = slot[0]
            slot[0] = (gid, tokens, outcome.versions.get(gid, slot[0][2]), lead)
    return make, after


def tic_tac_trek_phases(stack: Stack, originals: list, kind: str, n: int):
    """(f)'s and (g)'s phases: fresh Tic Tac Trek games for every phase, copies of a few new
    tables (`originals`; the seats play at random, so copies play out differently)."""
    rate = min(1800.0, 6000.0 / n)  # moves/s one slot may reach, twice what one reached

    def make(warmup, duration):
        per_slot = math.ceil(rate * (warmup + duration) / 20) + 2
        slots = []
        for i in range(n):
            copies = stack.tables.clone(originals[i % len(originals)], per_slot)
            slots.append([t.target() for t in copies])
        return load.Phase(kind, slots, warmup, duration)
    return make


def build_rows(prof: Profile, doc, svc: Stack, bare: Stack, floor: Stack, models: dict,
               bgio_server) -> list[Row]:
    """Every row of the run, each with the games it plays on (built here, on its server's
    Redis). Moves on the synthetic game reuse their games across repeats (the versions they
    reach are carried over); Tic Tac Trek rows and (c)'s short games get fresh games each time."""
    from bench import bgio
    rows: list[Row] = []
    every = svc.tables.games.snapshot_every
    doc.snapshot_every = every

    def moving(stack: Stack, n: int):
        return moving_phases(stack, n, prof.short_length)

    def reading(stack: Stack, kind: str, n: int):
        # games spread over one snapshot interval (their tails after the snapshot differ)
        bases = [stack.tables.tiny(100 + k * every // 8) for k in range(8)]
        slots = [[t.target()] for i in range(n) for t in stack.tables.clone(bases[i % 8])]
        return lambda warmup, duration: load.Phase(kind, slots, warmup, duration)

    def appending(n: int):
        slots = [[(f"bare-{i}-{os.urandom(4).hex()}", ["-", "-"], 10, 0)] for i in range(n)]
        return lambda warmup, duration: load.Phase("append", slots, warmup, duration)

    originals: list = []

    def tic_tac_trek(kind: str, n: int):
        if not originals:
            originals.extend(svc.tables.tic_tac_trek(8))
        return tic_tac_trek_phases(svc, originals, kind, n)

    def row(key, stack, kind, n, make, after=None, server=None, **kw):
        rows.append(Row(key, server or stack.server, kind, n, make, stack.meter,
                        stack.redis.sock, after=after, **kw))

    for n in prof.games:
        # the two rows of each target's ratio back to back (at most one row between), so that
        # the machine's drift within a repeat moves them alike
        make, after = moving(svc, n)
        row(f"append asyncio {n}", floor, "append", n, appending(n))
        row(f"append flask {n}", bare, "append", n, appending(n))
        row(f"move gevent {n}", svc, "move", n, make, after)
        row(f"socket gevent {n}", svc, "socket", n, tic_tac_trek("socket", n))
        row(f"stream gevent {n}", svc, "stream", n, tic_tac_trek("stream", n))
        row(f"poll gevent {n}", svc, "poll", n, tic_tac_trek("poll", n))
        row(f"read gevent {n}", svc, "read", n, reading(svc, "read", n))
        row(f"bare read flask {n}", bare, "bare_read", n, reading(bare, "bare_read", n))
        for name, stack in models.items():
            if name == "gevent":
                continue
            make, after = moving(stack, n)
            row(f"move {name} {n}", stack, "move", n, make, after)
            row(f"read {name} {n}", stack, "read", n, reading(stack, "read", n))
        if bgio_server is not None:
            nobody = Meter(None, {"server": bgio_server.pgid})  # no Redis
            rows.append(Row(f"move boardgame.io {n}", bgio_server, "bgio", n,
                            lambda warmup, duration, n=n: load.Phase(
                                "bgio", [[]] * n, warmup, duration),
                            nobody, None, bgio.client_command(bgio_server.port),
                            dict(os.environ, **bgio.env())))

    # (c) a log of 10 records against one of 10,000
    t = svc.tables
    C = prof.c_games
    t0 = time.perf_counter()
    # opening `add` moves so that the long game stands where the short one does in the 4-record
    # cycle (10,000 - 10 is not a multiple of 4)
    long_game = t.tiny(prof.long_length, lead=(prof.long_length - prof.short_length) % 4)
    doc.build_long_s = time.perf_counter() - t0
    doc.long_game = long_game
    doc.refold = report.refold_cost(t, long_game)
    short_game = t.tiny(prof.short_length)
    doc.short_read = short_game
    long_slots = [[x.target()] for x in t.clone(long_game, C)]
    doc.long_versions = {}

    def long_after(outcome):
        for slot in long_slots:
            gid, tokens, _v, lead = slot[0]
            slot[0] = (gid, tokens, outcome.versions.get(gid, slot[0][2]), lead)
            doc.long_versions[gid] = slot[0][2]

    def short_moves(warmup, duration):
        per_slot = math.ceil(250 * (warmup + duration) / prof.moves_per_short) + 2
        return load.Phase("move", [[x.target() for x in t.clone(short_game, per_slot)]
                                   for _ in range(C)], warmup, duration, prof.moves_per_short)

    short_reads = [[x.target()] for x in t.clone(short_game, C)]
    row(f"move at {prof.short_length}", svc, "move", C, short_moves)
    row(f"move at {prof.long_length:,}", svc, "move", C,
        lambda warmup, duration: load.Phase("move", long_slots, warmup, duration), long_after)
    row(f"read at {prof.short_length}", svc, "read", C,
        lambda warmup, duration: load.Phase("read", short_reads, warmup, duration))
    row(f"read at {prof.long_length:,}", svc, "read", C,
        lambda warmup, duration: load.Phase("read", long_slots, warmup, duration))
    return rows


def _engine(name):
    from engines.core import get_engine
    return get_engine(name)


if __name__ == "__main__":
    sys.exit(main())
