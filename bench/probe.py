"""What a phase cost the machine: CPU seconds of process groups (from /proc) and Redis calls."""
from __future__ import annotations

import os
import time
from collections import Counter

TICK = os.sysconf("SC_CLK_TCK")
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
        self._calls = redis_calls(self.client)
        self._busy, self._wall = machine_busy(), time.monotonic()
        return self

    def stop(self) -> dict:
        cpu = {name: group_cpu(pgid) - self._cpu[name] for name, pgid in self.groups.items()}
        calls = redis_calls(self.client)
        calls.subtract(self._calls)
        return {"cpu": cpu, "calls": +calls, "busy": machine_busy() - self._busy,
                "wall": time.monotonic() - self._wall}
