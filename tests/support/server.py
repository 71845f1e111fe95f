"""`tablefold serve` run as a subprocess for load and fault tests, and the test profile.

`Server` starts the real command (gunicorn, gthread workers, the embedded Redis unless a
`redis_url` is given) on 127.0.0.1, finds its worker and Redis processes, hands out a Redis client
on the same server, and stops the whole process group at the end, even when a test fails.
Its output goes to `server.log` beside the data folder, to read when a test fails.

TABLEFOLD_PROFILE=long scales the counts of clients, rounds and examples by `LONG_FACTOR`.
"""
from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import redis
import requests

PROFILE = os.environ.get("TABLEFOLD_PROFILE", "short")

# for suites that make far more games and tickets than a client would (tests/service/test_limits.py
# checks the service's own limits)
UNLIMITED_ENV = {**{f"TABLEFOLD_RATE_{kind}": "100000/minute"
                    for kind in ("CREATE", "IMPORT", "JOIN", "TICKET")},
                 "TABLEFOLD_STREAMS_PER_GAME": "100000", "TABLEFOLD_STREAMS_PER_ADDRESS": "100000"}
LONG_FACTOR = 10


def scaled(short: int, factor: int = LONG_FACTOR) -> int:
    """`short` in the CI profile; `factor` times as many with TABLEFOLD_PROFILE=long."""
    return short * factor if PROFILE == "long" else short


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _children(pid: int) -> list[int]:
    """Children of every thread of `pid` (the Redis supervisor thread spawns its restarts)."""
    out = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return []
    for tid in tasks:
        try:
            with open(f"/proc/{pid}/task/{tid}/children") as f:
                out += [int(p) for p in f.read().split()]
        except OSError:
            pass
    return sorted(set(out))


def _exe(pid: int) -> str:
    try:
        return os.readlink(f"/proc/{pid}/exe")
    except OSError:
        return ""


def _cmdline(pid: int) -> bytes:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read()
    except OSError:
        return b""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


class Server:
    """One `python -m service.cli serve` in its own process group."""

    def __init__(self, folder: str | Path, workers: int = 3, threads: int = 8,
                 redis_url: str | None = None, start_timeout: float = 60, env: dict | None = None):
        self.folder = Path(folder)
        self.data = self.folder / "redis"
        self.log_path = self.folder / "server.log"
        self.workers, self.threads = workers, threads
        self.redis_url = redis_url
        self.start_timeout = start_timeout
        self.env = env or {}
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    # --- life ---------------------------------------------------------------------------------
    def start(self) -> "Server":
        self.folder.mkdir(parents=True, exist_ok=True)
        env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
        if self.redis_url:
            env["REDIS_URL"] = self.redis_url
        env["PYTHONUNBUFFERED"] = "1"
        env.update(self.env)
        log = open(self.log_path, "ab")
        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "service.cli", "serve", "--host", "127.0.0.1",
                 "--port", str(self.port), "--data", str(self.data),
                 "--workers", str(self.workers)],
                env=env, cwd=str(Path(__file__).resolve().parents[2]),
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                start_new_session=True)
        finally:
            log.close()
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                self.stop()
                pytest.fail(f"tablefold serve exited at start:\n{self.log_tail()}")
            try:
                if requests.get(f"{self.base}/readyz", timeout=5).ok \
                        and len(self.worker_pids()) == self.workers:
                    return self
            except requests.RequestException:
                pass
            time.sleep(0.1)
        self.stop()
        pytest.fail(f"tablefold serve did not answer within {self.start_timeout} s:\n{self.log_tail()}")

    def stop(self) -> None:
        """Stop the master, its workers and the embedded Redis: TERM, then KILL."""
        if self.proc is None:
            return
        pids = self._group()
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            pass
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(_alive(p) for p in pids):
            time.sleep(0.1)
        for pid in [self.proc.pid, *pids]:
            if _alive(pid):
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        if self.proc.returncode is None:
            self.proc.wait(5)
        self.proc = None

    def __enter__(self) -> "Server":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def _group(self) -> list[int]:
        """Every process under the master (workers, the embedded Redis)."""
        if self.proc is None:
            return []
        out, todo = [], [self.proc.pid]
        while todo:
            for child in _children(todo.pop()):
                out.append(child)
                todo.append(child)
        return out

    # --- processes ----------------------------------------------------------------------------
    def worker_pids(self) -> list[int]:
        """The live gunicorn workers (the master's Python children)."""
        if self.proc is None:
            return []
        master_exe = _exe(self.proc.pid)
        return [p for p in _children(self.proc.pid) if _alive(p) and _exe(p) == master_exe
                and b"service.worker" not in _cmdline(p)]

    def bot_worker_pid(self) -> int | None:
        """The bot and clock worker beside the HTTP workers (service/worker.py)."""
        if self.proc is None:
            return None
        return next((p for p in _children(self.proc.pid) if _alive(p)
                     and b"service.worker" in _cmdline(p)), None)

    def redis_pid(self) -> int | None:
        """The live embedded redis-server (the master's child that is not a worker)."""
        if self.proc is None:
            return None
        master_exe = _exe(self.proc.pid)
        for p in _children(self.proc.pid):
            if _alive(p) and _exe(p) not in ("", master_exe):
                return p
        return None

    def wait_for(self, predicate, timeout: float, what: str):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = predicate()
            if value:
                return value
            time.sleep(0.05)
        pytest.fail(f"within {timeout} s: {what}\n{self.log_tail()}")

    # --- access -------------------------------------------------------------------------------
    def redis(self) -> redis.Redis:
        """A client on the service's own Redis (the embedded server's socket, or redis_url)."""
        if self.redis_url:
            return redis.Redis.from_url(self.redis_url)
        return redis.Redis(unix_socket_path=str(self.data / "redis.sock"))

    def url(self, path: str) -> str:
        return self.base + path

    def log_tail(self, lines: int = 60) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except FileNotFoundError:
            return "(no server log)"


# --- a table of two humans on a builtin engine (a worker does not load tests' engines) ----------
ENGINE = "tic-tac-trek"


def auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def new_table(base: str, timeout: float = 10) -> tuple[str, dict[int, str]]:
    """A two-seat Tic Tac Trek table: its id and both seats' tokens."""
    made = requests.post(f"{base}/games", timeout=timeout, json={
        "engine": ENGINE, "claim": 0, "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert made.status_code == 201, made.text
    body = made.json()
    joined = requests.post(f"{base}/games/{body['id']}/join", timeout=timeout,
                           json={"code": body["join_codes"]["1"]})
    assert joined.status_code == 200, joined.text
    return body["id"], {0: body["token"], 1: joined.json()["token"]}


def log_entries(r: redis.Redis, gid: str) -> list[tuple[str, dict]]:
    """The raw stream of a game: (entry id, record), oldest first."""
    import json
    return [(eid.decode(), json.loads(fields[b"r"])) for eid, fields in r.xrange(f"tf:{{{gid}}}:log")]


@contextlib.contextmanager
def in_thread(app):
    """The app on a loopback port in this process, under werkzeug's own threaded server (what
    `flask run` serves it with): yields its base URL."""
    import threading

    from werkzeug.serving import make_server
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(5)


def docs_example(name: str):
    """A client of docs/examples/, loaded as a module (its `play(base)` plays a game)."""
    import importlib.util
    path = Path(__file__).resolve().parents[2] / "docs" / "examples" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    return example
