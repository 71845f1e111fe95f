"""Closed-loop HTTP load on loopback, from one Node process (bench/loadgen.js).

A phase names its kind, its slots (one game in play at a time each; a slot takes its next game
when the current one ends or has had `per_game` moves), a warm-up and a measured window. The
generator answers what it counted; `run` turns that into an Outcome. Every slot works on games of
its own (no two slots touch one game).
"""
from __future__ import annotations

import contextlib
import json
import os
import shutil
import statistics
import subprocess
import tempfile
from collections import Counter
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))
LOADGEN = os.path.join(HERE, "loadgen.js")
KINDS = ("move", "append", "read", "bare_read", "stream", "socket", "poll")


def node() -> str | None:
    return shutil.which("node")


@dataclass
class Phase:
    kind: str                      # one of KINDS
    slots: list[list]              # per slot: its games, each (gid, tokens, version, lead)
    warmup: float = 0.5
    duration: float = 2.0
    per_game: int | None = None    # moves on one game before the slot takes its next
    idle_streams: int = 0          # spectators' live streams held open during the phase,
    idle_games: list = field(default_factory=list)   # ... on these games (nobody moves in them)

    @property
    def games(self) -> int:
        return len(self.slots)


@dataclass
class Outcome:
    kind: str
    ops: int                       # confirmed moves (2xx reads) inside the measured window
    ops_total: int                 # ... over the whole phase, warm-up included
    window: float
    latencies: list[float] = field(repr=False)   # seconds, of the window's operations
    statuses: Counter
    versions: dict                 # gid -> version after the phase (tiny moves)
    client_cpu: float = 0.0        # CPU seconds the generator used in the measured window
    client_cpu_total: float = 0.0  # ... over its whole life (start-up included)
    requests: int = 0              # every request sent (polls and stream opens included)
    views: int = 0                 # views the clients read (stream events, polls)
    exhausted: int = 0             # slots (seats, for streams) that ran out of games
    errors_seen: list = field(default_factory=list)

    @property
    def per_second(self) -> float:
        return self.ops / self.window if self.window else 0.0

    @property
    def mean_ms(self) -> float:
        return 1000 * statistics.fmean(self.latencies) if self.latencies else float("nan")

    @property
    def errors(self) -> int:
        return sum(n for s, n in self.statuses.items()
                   if not (isinstance(s, int) and 200 <= s < 300)
                   and not str(s).startswith(("stream 2", "socket 101")))


def run(port: int, phase: Phase, command: list[str] | None = None,
        env: dict | None = None, ports: list[int] | None = None) -> Outcome:
    """Run the phase from one Node process: bench/loadgen.js, or `command` (which is handed the
    phase file and the answer file after its own arguments, as bench/bgio.js client is).
    `ports`: several API nodes, each connection on one of them in turn."""
    config = {"port": port, "ports": ports or [port], "kind": phase.kind, "warmup": phase.warmup, "games": phase.games,
              "duration": phase.duration, "idle_streams": phase.idle_streams,
              "idle_games": phase.idle_games,
              "slots": [{"games": [{"gid": g, "tokens": t, "version": v, "lead": lead}
                                   for g, t, v, lead in slot], "per_game": phase.per_game}
                        for slot in phase.slots]}
    with tempfile.NamedTemporaryFile("w", prefix="tf-bench-phase-", suffix=".json",
                                     delete=False) as f:
        json.dump(config, f)
    answer = f.name[:-5] + ".out.json"
    try:
        proc = subprocess.run((command or [node(), LOADGEN]) + [f.name, answer],
                              capture_output=True, text=True, env=env,
                              timeout=phase.warmup + phase.duration + 120)
        if proc.returncode != 0:
            raise RuntimeError(f"loadgen failed ({proc.returncode}): {proc.stderr[-2000:]}")
        with open(answer) as a:
            out = json.load(a)
    finally:
        for path in (f.name, answer):
            with contextlib.suppress(OSError):
                os.unlink(path)
    statuses = Counter({(int(k) if k.lstrip("-").isdigit() else k): v
                        for k, v in out["statuses"].items()})
    return Outcome(phase.kind, out["ops"], out["ops_total"], out["window"],
                   [x / 1000 for x in out["lat"]], statuses, out["versions"], out["cpu_window"],
                   out["cpu_total"], out["requests"], out["views"], out["exhausted"],
                   out["errors"])
