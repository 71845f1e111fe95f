"""Slow and idle connections cannot starve the service: with 500 clients dribbling their headers
(one line every 3 s, forever) and 500 spectator streams held open without reading, the other
players' moves and reads still succeed, through `tablefold serve` as it ships (gevent workers,
the header time limit, the production stream settings). Only the per-address stream bound is
raised: every client here comes from one address.
"""
from __future__ import annotations

import socket
import threading
import time

import requests

from tests.support.server import UNLIMITED_ENV, Server, auth, new_table, scaled

SLOW = scaled(500, 2)
STREAMS = scaled(500, 2)
WINDOW = 25     # seconds of play while both crowds are held open


def connect(port: int, first: bytes) -> socket.socket | None:
    s = socket.socket()
    s.settimeout(5)
    try:
        s.connect(("127.0.0.1", port))
        s.sendall(first)
    except OSError:
        s.close()
        return None
    s.setblocking(False)
    return s


class Crowd:
    """Connections held open by a thread: slow ones get one more header line every 3 s (and are
    reopened when the server closes them); streams are opened once and never read."""

    def __init__(self, port: int):
        self.port, self.slow, self.streams = port, [], []
        self.stopping = threading.Event()
        self.reopened = 0

    def open_streams(self, gids: list[str], count: int) -> None:
        for i in range(count):
            gid = gids[i % len(gids)]
            s = connect(self.port, f"GET /games/{gid}/stream HTTP/1.1\r\nHost: t\r\n\r\n".encode())
            if s:
                self.streams.append(s)

    def slow_request(self) -> socket.socket | None:
        return connect(self.port, b"GET /engines HTTP/1.1\r\nHost: t\r\n")

    def dribble(self, count: int) -> None:
        self.slow = [s for s in (self.slow_request() for _ in range(count)) if s]
        while not self.stopping.wait(3):
            for i, s in enumerate(self.slow):
                try:
                    s.send(b"X-Slow: 1\r\n")
                    s.recv(1)  # the server has closed it when this reads b""
                    gone = True
                except BlockingIOError:
                    gone = False
                except OSError:
                    gone = True
                if gone:
                    s.close()
                    self.slow[i] = self.slow_request() or s
                    self.reopened += 1

    def close(self) -> None:
        self.stopping.set()
        for s in self.slow + self.streams:
            s.close()


def test_slow_and_idle_connections_do_not_starve_moves_and_reads(tmp_path):
    env = UNLIMITED_ENV  # every client here is one address: the bounds per address are lifted
    with Server(tmp_path, workers=2, env=env) as server:
        watched = [new_table(server.base)[0] for _ in range(5)]
        gid, tokens = new_table(server.base)
        crowd = Crowd(server.port)
        dribbler = threading.Thread(target=crowd.dribble, args=(SLOW,), daemon=True)
        dribbler.start()
        crowd.open_streams(watched, STREAMS)
        time.sleep(2)
        r = server.redis()
        open_streams = sum(int(r.get(f"tf:{{{g}}}:streams") or 0) for g in watched)
        assert open_streams >= 0.95 * STREAMS, open_streams
        assert len(crowd.slow) >= 0.95 * SLOW

        answered, started = [], time.monotonic()
        session = requests.Session()
        while time.monotonic() - started < WINDOW:
            view = session.get(f"{server.base}/games/{gid}", timeout=10).json()
            if view["result"] is not None:
                gid, tokens = new_table(server.base)
                continue
            seat = view["awaited"][0]
            mine = session.get(f"{server.base}/games/{gid}", headers=auth(tokens[seat]), timeout=10)
            move = session.post(f"{server.base}/games/{gid}/moves", headers=auth(tokens[seat]),
                                json={"move": mine.json()["legal_moves"][0]["move"],
                                      "expected_version": view["version"]}, timeout=10)
            lobby = requests.get(f"{server.base}/engines", timeout=10)  # a new connection each
            answered += [mine.status_code, move.status_code, lobby.status_code]
        still_open = sum(int(r.get(f"tf:{{{g}}}:streams") or 0) for g in watched)
        crowd.close()
        assert answered and set(answered) == {200}, answered
        assert len(answered) >= 30, f"only {len(answered)} answers in {WINDOW} s"
        assert still_open >= 0.95 * STREAMS, still_open
        assert crowd.reopened >= SLOW // 2, "the server never cut the slow clients off"
