"""What a phase cost the machine: CPU seconds of process groups (from /proc) and Redis calls."""
from __future__ import annotations

import os
import re
import socket
import threading
import time
from collections import Counter

from events import store

TICK = os.sysconf("SC_CLK_TCK")
# the service's scripts (events/store.py) by their SHA1, as EVALSHA names them
SCRIPTS = {store.sha1(source): name for name, source in (
    ("append", store.APPEND), ("load", store.LOAD), ("stream opened", store.OPEN_STREAMS),
    ("stream closed", store.CLOSE_STREAMS), ("join", store.REDEEM),
    ("metadata", store.SET_META), ("metadata", store.CLAIM))}
# the store's scripts as one (events/store.py's Batch), by their place in it
BATCH_SHA = store.sha1(store.batch_source(store.SCRIPTS))
BATCH_HEAD = b'"' + store.batch_source(()).split("\n")[0].encode()   # as EVAL's source starts
IN_BATCH = [SCRIPTS[store.sha1(source)] for source in store.SCRIPTS]
ARG = re.compile(rb'"((?:[^"\\]|\\.)*)"')
NOT_COUNTED = {"hello", "client", "info", "ping", "memory", "config", "scan", "copy"}


def group_cpu(pgid: int) -> float:
    """CPU seconds (user + system) used so far by the live processes of a process group."""
    total = 0
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        rest = stat[stat.rfind(")") + 2:].split()
        if int(rest[2]) == pgid:
            total += int(rest[11]) + int(rest[12])
    return total / TICK


def group_rss(pgid: int) -> int:
    """Resident bytes of the live processes of a process group."""
    page = os.sysconf("SC_PAGE_SIZE")
    total = 0
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
            if int(stat[stat.rfind(")") + 2:].split()[2]) != pgid:
                continue
            with open(f"/proc/{name}/statm") as f:
                total += int(f.read().split()[1]) * page
        except OSError:
            continue
    return total


def cpu_speed(rounds: int = 3) -> float:
    """Milliseconds of this process's CPU time for a fixed piece of interpreter work (dict
    reads and writes in a loop), the best of `rounds`. CPU time is not shared with other
    processes, so it moves only with how fast the cores run our code: their clock, and what
    other tenants of the host do to the caches they share. Timed before every row, it shows the
    machine's own speed drifting over a run, which no CPU-share figure shows."""
    best = float("inf")
    for _ in range(rounds):
        t0 = time.process_time()
        counts: dict = {}
        for i in range(200_000):
            counts[i & 1023] = counts.get(i & 511, 0) + i
        best = min(best, time.process_time() - t0)
    return 1000 * best


def machine_busy() -> float:
    """CPU seconds all CPUs spent busy since boot (every process, ours and others')."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    return (sum(fields[:8]) - idle) / TICK


def redis_calls(client) -> Counter:
    stats = client.info("commandstats")
    return Counter({k[len("cmdstat_"):]: v["calls"] for k, v in stats.items()
                    if k[len("cmdstat_"):] not in NOT_COUNTED})


class Meter:
    """CPU of the named process groups and Redis calls between start() and stop()."""

    def __init__(self, client, groups: dict[str, int]):
        self.client, self.groups = client, groups

    def start(self) -> "Meter":
        self._cpu = {name: group_cpu(pgid) for name, pgid in self.groups.items()}
        self._calls = redis_calls(self.client) if self.client is not None else Counter()
        self._busy, self._wall = machine_busy(), time.monotonic()
        return self

    def stop(self) -> dict:
        cpu = {name: group_cpu(pgid) - self._cpu[name] for name, pgid in self.groups.items()}
        calls = redis_calls(self.client) if self.client is not None else Counter()
        calls.subtract(self._calls)
        return {"cpu": cpu, "calls": +calls, "busy": machine_busy() - self._busy,
                "wall": time.monotonic() - self._wall}


class Monitor:
    """Every command one Redis server is sent while it runs (MONITOR, on a connection of its
    own), split into what clients sent, one round trip each (a script is one: EVALSHA), and what
    scripts ran inside Redis (MONITOR marks those `[0 lua]`). INFO commandstats counts both, so
    only MONITOR tells round trips apart. MONITOR slows Redis down: the benchmark attaches it
    to warm-up phases only, never to a timed one."""

    LINE = re.compile(rb'\[\d+ ([^\]]*)\] "([^"]+)"(?: "([0-9a-f]{40})")?')

    def __init__(self, sock_path: str):
        self.sock_path = sock_path
        self.sent, self.scripted = Counter(), Counter()
        self.scripts = Counter()   # the script calls sent, by the script called
        self.batches = Counter()   # batch script calls ("calls") and the script calls in them

    def start(self) -> "Monitor":
        self._sock = socket.socket(socket.AF_UNIX)
        self._sock.connect(self.sock_path)
        self._sock.sendall(b"MONITOR\r\n")
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()
        return self

    def _read(self) -> None:
        rest = b""
        self._sock.settimeout(0.2)
        while not self._stop.is_set():
            try:
                data = self._sock.recv(1 << 20)
            except socket.timeout:
                continue
            except OSError:
                return
            if not data:
                return
            data = rest + data
            cut = data.rfind(b"\r\n")
            if cut < 0:
                rest = data
                continue
            rest = data[cut + 2:]
            for line in data[:cut].split(b"\r\n"):
                match = self.LINE.search(line)
                if match is None:
                    continue
                who, command, sha = match.groups()
                name = command.decode(errors="replace").lower()
                if name in NOT_COUNTED:
                    continue
                (self.scripted if who == b"lua" else self.sent)[name] += 1
                if who == b"lua":
                    continue
                if name == "evalsha" and sha.decode() == BATCH_SHA:
                    self._batch(ARG.findall(line, match.end()))
                elif name == "eval" and BATCH_HEAD in line:   # a batch's first
                    self._batch(ARG.findall(line, match.end(2) + 1)[1:])
                elif name == "evalsha":
                    self.scripts[SCRIPTS.get(sha.decode(), "another script")] += 1

    def _batch(self, args: list[bytes]) -> None:
        """A batch script call (events/store.py's BATCH_CALLS): the script calls in it."""
        try:
            at = 1 + int(args[0])   # past the keys
            calls = int(args[at])
            at += 1
            for _ in range(calls):
                self.scripts[IN_BATCH[int(args[at]) - 1]] += 1
                at += 3 + int(args[at + 2])
        except (IndexError, ValueError):   # MONITOR cut a long line short
            self.scripts["another script"] += 1
            return
        self.batches["calls"] += 1
        self.batches["in them"] += calls

    def stop(self) -> dict:
        time.sleep(0.1)  # what Redis already wrote to us
        self._stop.set()
        self._thread.join(2)
        self._sock.close()
        return {"sent": +self.sent, "scripted": +self.scripted, "scripts": +self.scripts,
                "batches": +self.batches}
