"""Closed-loop HTTP load on loopback: a few client processes, one keep-alive connection each.

Every client works on its own games (no two clients touch one game), sends one request, reads
the whole answer, and sends the next. A phase is bounded in time (a warm-up, then a measured
window) and, for moves on short games, in count (at most `per_target` requests per game).
"""
from __future__ import annotations

import http.client
import json
import multiprocessing as mp
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field

from bench.fixtures import next_move

KINDS = ("move", "bare_append", "read", "bare_read")


@dataclass
class Phase:
    kind: str                      # one of KINDS
    targets: list[list]            # per client: [(gid, tokens, version, lead), ...]
    warmup: float = 0.5
    duration: float = 3.0
    per_target: int | None = None  # moves: at most this many per game (then the client stops)


@dataclass
class Outcome:
    kind: str
    ops: int                       # completed 2xx answers inside the measured window
    window: float
    latencies: list[float] = field(repr=False)
    statuses: Counter
    versions: dict                 # gid -> version after the phase (moves)
    client_cpu: float = 0.0        # CPU seconds the client processes used in the phase

    @property
    def per_second(self) -> float:
        return self.ops / self.window if self.window else 0.0

    @property
    def mean_ms(self) -> float:
        return 1000 * statistics.fmean(self.latencies) if self.latencies else float("nan")

    @property
    def p50_ms(self) -> float:
        return 1000 * statistics.median(self.latencies) if self.latencies else float("nan")

    @property
    def p99_ms(self) -> float:
        if len(self.latencies) < 2:
            return self.mean_ms
        return 1000 * statistics.quantiles(self.latencies, n=100)[98]

    @property
    def errors(self) -> int:
        return sum(n for s, n in self.statuses.items() if not 200 <= s < 300)


def _request(port: int, kind: str, target: list, i: int):
    gid, tokens, version, lead = target
    if kind in ("move", "bare_append"):
        seat, move = next_move(version, lead)
        body = json.dumps({"move": move, "expected_version": version})
        path = f"/games/{gid}/moves" if kind == "move" else f"/bare/{gid}/append"
        return "POST", path, body, {"Authorization": f"Bearer {tokens[seat]}",
                                    "Content-Type": "application/json"}
    path = f"/games/{gid}" if kind == "read" else f"/bare/{gid}/read"
    return "GET", path, None, {"Authorization": f"Bearer {tokens[i % 2]}"}


def _client(port: int, phase: Phase, targets: list, start_at: float, out) -> None:
    targets = [list(t) for t in targets]
    done = [0] * len(targets)
    stop_at = start_at + phase.warmup + phase.duration
    measure_from = start_at + phase.warmup
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    records, statuses = [], Counter()
    i = 0
    while time.monotonic() < start_at:
        time.sleep(0.001)
    cpu0 = time.process_time()
    while True:
        now = time.monotonic()
        if now >= stop_at:
            break
        live = [k for k in range(len(targets))
                if phase.per_target is None or done[k] < phase.per_target]
        if not live:
            break
        k = live[i % len(live)]
        method, path, body, headers = _request(port, phase.kind, targets[k], i)
        i += 1
        t0 = time.monotonic()
        try:
            conn.request(method, path, body, headers)
            resp = conn.getresponse()
            data = resp.read()
        except (http.client.HTTPException, OSError):
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            statuses[-1] += 1
            continue
        t1 = time.monotonic()
        statuses[resp.status] += 1
        if phase.kind in ("move", "bare_append"):
            if resp.status == 200:
                targets[k][2] += 1
                done[k] += 1
            elif phase.kind == "move":
                try:
                    targets[k][2] = json.loads(data)["version"]  # resync after 409/422
                except (ValueError, KeyError):
                    pass
        if 200 <= resp.status < 300 and t1 >= measure_from:
            records.append((t1, t1 - t0))
    conn.close()
    out.put((records, statuses, {t[0]: t[2] for t in targets}, time.process_time() - cpu0))


def run(port: int, phase: Phase) -> Outcome:
    ctx = mp.get_context("fork")
    out = ctx.Queue()
    start_at = time.monotonic() + 0.3
    procs = [ctx.Process(target=_client, args=(port, phase, t, start_at, out), daemon=True)
             for t in phase.targets]
    for p in procs:
        p.start()
    results = []
    try:
        for _ in procs:
            results.append(out.get(timeout=phase.warmup + phase.duration + 120))
    finally:
        for p in procs:
            p.join(10)
            if p.is_alive():
                p.kill()
                p.join()
    records = [r for res in results for r in res[0]]
    statuses = sum((res[1] for res in results), Counter())
    versions = {g: v for res in results for g, v in res[2].items()}
    measure_from = start_at + phase.warmup
    if phase.per_target is None:
        window = phase.duration
    else:  # ended by count: the window closes with the last answer
        window = (max(t for t, _ in records) - measure_from) if records else 0.0
    return Outcome(phase.kind, len(records), window, [lat for _, lat in records], statuses, versions,
                   sum(res[3] for res in results))
