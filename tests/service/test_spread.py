"""Connections spread evenly over `tablefold serve`'s workers (service/spread.py), and a worker that
stops taking connections never holds the others back."""
from __future__ import annotations

import os
import signal
import socket
import time
from collections import Counter

import pytest

from service.spread import FRESH_SECONDS, MAX_WAIT_SECONDS, RECHECK_SECONDS, Spread
from tests.support.server import Server

WORKERS = 2


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with Server(tmp_path_factory.mktemp("spread"), workers=WORKERS) as s:
        # the server answers as soon as one worker has loaded the app: until the others have,
        # that one takes every connection
        deadline, seen = time.monotonic() + 30, set()
        while len(seen) < WORKERS and time.monotonic() < deadline:
            with socket.create_connection(("127.0.0.1", s.port), timeout=10) as c:
                served(c)
                seen.add(holder(s, c))
            time.sleep(0.05)
        assert len(seen) == WORKERS, "not every worker took a connection within 30 s"
        yield s


def served(conn: socket.socket) -> bytes:
    """One request on a kept-alive connection; its answer's status line."""
    conn.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = conn.recv(4096)
        assert chunk, "the server closed the connection"
        head += chunk
    return head.split(b"\r\n", 1)[0]


def holder(server: Server, conn: socket.socket) -> int:
    """The worker process whose socket is the server's end of `conn` (/proc/net/tcp, then each
    worker's open files)."""
    client_port = conn.getsockname()[1]
    inode = None
    with open("/proc/net/tcp") as f:
        for line in f.readlines()[1:]:
            fields = line.split()
            local, remote = fields[1], fields[2]
            if int(local.split(":")[1], 16) == server.port and int(remote.split(":")[1], 16) == client_port:
                inode = fields[9]
    assert inode is not None, "the server's end of the connection is not in /proc/net/tcp"
    for pid in server.worker_pids():
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                if os.readlink(f"/proc/{pid}/fd/{fd}") == f"socket:[{inode}]":
                    return pid
            except OSError:
                continue
    raise AssertionError("no worker holds the connection")


def assert_shared_evenly(server: Server, conns: list[socket.socket]) -> None:
    """Each connection answered, the workers holding within 2 of each other; then closed."""
    try:
        for c in conns:
            assert served(c) == b"HTTP/1.1 200 OK"
        held = Counter(holder(server, c) for c in conns)
        assert len(held) == WORKERS
        assert max(held.values()) - min(held.values()) <= 2, held
    finally:
        for c in conns:
            c.close()


def test_a_burst_of_connections_is_shared_evenly_by_the_workers(server):
    # opened at once, as a load balancer's pool or a page's requests are: where a worker took
    # every connection queued when it woke, one of two held 13 of 20 or more
    conns = [socket.create_connection(("127.0.0.1", server.port), timeout=10) for _ in range(40)]
    assert_shared_evenly(server, conns)


def test_connections_queued_while_the_workers_were_busy_are_shared_evenly(server):
    # both workers busy (stopped here) while 40 clients connect: the kernel queues them, and
    # the first worker to wake must not take every one waiting
    pids = server.worker_pids()
    for pid in pids:
        os.kill(pid, signal.SIGSTOP)
    try:
        conns = [socket.create_connection(("127.0.0.1", server.port), timeout=10) for _ in range(40)]
    finally:
        for pid in pids:
            os.kill(pid, signal.SIGCONT)
    assert_shared_evenly(server, conns)


def test_a_worker_that_stopped_taking_connections_does_not_hold_the_others_back(server):
    conns = [socket.create_connection(("127.0.0.1", server.port), timeout=10) for _ in range(6)]
    stopped = None
    try:
        for c in conns:
            served(c)
        # the worker holding the fewest stops (as a worker stuck in a long request would): the
        # other, holding more, still takes every new connection, within its wait
        held = Counter(holder(server, c) for c in conns)
        stopped = min(server.worker_pids(), key=lambda pid: held.get(pid, 0))
        os.kill(stopped, signal.SIGSTOP)
        for _ in range(4):
            started = time.monotonic()
            c = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            conns.append(c)
            assert served(c) == b"HTTP/1.1 200 OK"
            assert time.monotonic() - started < 1.0
            assert holder(server, c) != stopped
    finally:
        if stopped is not None:
            os.kill(stopped, signal.SIGCONT)
        for c in conns:
            c.close()


def test_a_worker_waits_only_for_live_workers_and_never_for_long(monkeypatch):
    # two workers' views of one shared memory, as the arbiter's fork gives them
    mine, other = Spread(), Spread()
    other.mem, other.lock = mine.mem, mine.lock
    monkeypatch.setattr(os, "getpid", lambda: 1_000_001)
    other.slot, other.count = 1, 0
    other._write()
    monkeypatch.setattr(os, "getpid", lambda: 1_000_002)
    mine.slot = 0
    for _ in range(3):
        mine.opened()
    assert mine.should_wait()           # it holds 3, the other none: the other takes the next
    clock = [time.monotonic()]
    monkeypatch.setattr(time, "monotonic", lambda: clock[0])
    waited = []
    while mine.should_wait():           # looking again every RECHECK_SECONDS, the connection
        clock[0] += RECHECK_SECONDS     # still there: it takes it once it has waited enough
        waited.append(clock[0])
    assert MAX_WAIT_SECONDS <= len(waited) * RECHECK_SECONDS <= MAX_WAIT_SECONDS + RECHECK_SECONDS
    clock[0] += FRESH_SECONDS + 1       # the other worker has said nothing for too long
    assert not mine.should_wait()
    monkeypatch.setattr(os, "getpid", lambda: 1_000_001)
    other.refresh()                     # it speaks again
    monkeypatch.setattr(os, "getpid", lambda: 1_000_002)
    assert mine.should_wait()           # a new connection: this one waits for it again
    for _ in range(3):
        mine.closed()
    assert not mine.should_wait()       # holding no more than the least loaded
