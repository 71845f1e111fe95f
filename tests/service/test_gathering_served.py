"""The gathering of a live stream's records under `tablefold serve` itself: its gevent worker,
whose queues and timers are not those of the in-process tests (tests/service/test_stream.py).
A seat awaited hears each record at once; the seat that just moved hears its own record with the
next one, under one view, or at the end of the gathering when nothing comes. Two workers, so a
move's request and a stream meet in the same worker on some moves (where the record is that
worker's own append, heard from Redis before its answer) and not on others."""
from __future__ import annotations

import http.client
import json
import queue
import socket
import threading
import time

import pytest
import requests

from service.config import from_env
from tests.support.server import Server, auth, new_table

GATHER = 2.0   # long enough to tell "at once" from "at the end of the gathering"


def follow(base: str, gid: str, token: str, out: queue.Queue) -> socket.socket:
    """A seat's stream read in a thread: each view, as (when it came, the versions of the
    records before it, the view)."""
    host, port = base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    conn.request("GET", f"/games/{gid}/stream", headers=auth(token))
    response = conn.getresponse()
    assert response.status == 200

    def read():
        buf, records = b"", []
        try:
            while chunk := response.read1(65536):
                buf += chunk
                while b"\n\n" in buf:   # an event; records come before the view after them
                    block, buf = buf.split(b"\n\n", 1)
                    fields = dict(line.split(b": ", 1) for line in block.split(b"\n")
                                  if b": " in line)
                    if fields.get(b"event") == b"record":
                        records.append(json.loads(fields[b"data"])["record"]["v"])
                    elif fields.get(b"event") == b"view":
                        out.put((time.monotonic(), records, json.loads(fields[b"data"])))
                        records = []
        except (OSError, http.client.HTTPException):
            pass   # the test hung up
    threading.Thread(target=read, daemon=True).start()
    return conn.sock


def hang_up(socks: list[socket.socket]) -> None:
    for sock in socks:
        sock.shutdown(socket.SHUT_RDWR)   # the reading thread sees the end and stops


def heard(messages: queue.Queue, within: float):
    return messages.get(timeout=within)


def quiet(messages: queue.Queue, seconds: float) -> bool:
    try:
        messages.get(timeout=seconds)
    except queue.Empty:
        return True
    return False


def play(base: str, gid: str, token: str, view: dict) -> None:
    option = view["legal_moves"][0]
    move = dict(option["move"])
    for name, part in (option.get("choose") or {}).items():
        move[name] = part["one_of"][0]
    answer = requests.post(f"{base}/games/{gid}/moves", headers=auth(token), timeout=10,
                           json={"move": move, "expected_version": view["version"]})
    assert answer.status_code == 200, answer.text


def seated(base: str):
    """A new table with both seats following their streams: the game's id, the seats' tokens,
    their streams' messages, the sockets, the version, the seat awaited and its view."""
    gid, tokens = new_table(base)
    streams = {seat: queue.Queue() for seat in (0, 1)}
    socks = [follow(base, gid, tokens[seat], streams[seat]) for seat in (0, 1)]
    first = {seat: heard(streams[seat], 5)[2] for seat in (0, 1)}
    seat = first[0]["awaited"][0]
    time.sleep(0.3)   # the workers' subscriptions took hold
    return gid, tokens, streams, socks, first[0]["version"], seat, first[seat]


@pytest.fixture(scope="module")
def gathering(tmp_path_factory):
    with Server(tmp_path_factory.mktemp("gather"), workers=2,
                env={"TABLEFOLD_STREAM_GATHER": str(GATHER)}) as s:
        yield s


def test_the_seat_awaited_hears_at_once_and_the_mover_with_the_next_record(gathering):
    base = gathering.base
    gid, tokens, streams, socks, version, seat, view = seated(base)
    for n in range(6):
        moved = time.monotonic()
        play(base, gid, tokens[seat], view)
        other = 1 - seat
        at, records, view = heard(streams[other], 5)
        assert at - moved < 1.0, "the seat awaited heard the move late"
        assert records[-1] == version + 1 and view["version"] == version + 1
        assert view["awaited"] == [other]
        # the first move's mover has heard nothing since its first view; after that each
        # message carries two records, the mover's own and the other seat's, under one view
        assert records == ([version + 1] if n == 0 else [version, version + 1])
        version, seat = version + 1, other
    # the last mover hears its own record only at the end of the gathering
    at, records, view = heard(streams[1 - seat], GATHER + 3)
    assert records == [version] and view["version"] == version
    assert at - moved >= GATHER - 0.1
    assert quiet(streams[seat], 0.5)
    hang_up(socks)


def test_each_gathering_lasts_its_whole_time_not_only_the_first(gathering):
    """Moves far apart: each time, the seat awaited hears the move at once and the mover its
    own record at the end of a whole gathering, not only the first time (libev starts a timer
    that fired before from where it fired: started again, it calls back at once)."""
    base = gathering.base
    gid, tokens, streams, socks, version, seat, view = seated(base)
    for _ in range(3):
        moved = time.monotonic()
        play(base, gid, tokens[seat], view)
        at, records, view = heard(streams[1 - seat], 5)
        assert records == [version + 1] and at - moved < 1.0
        at, records, mine = heard(streams[seat], GATHER + 3)
        assert records == [version + 1] and mine["version"] == version + 1
        assert at - moved >= GATHER - 0.1, f"heard after {at - moved:.2f} s"
        version, seat = version + 1, 1 - seat
    hang_up(socks)


def test_at_production_settings_a_lone_record_reaches_the_mover_within_the_gathering(tmp_path):
    seconds = from_env({})["STREAM_GATHER"]
    with Server(tmp_path, workers=2) as server:
        gid, tokens, streams, socks, version, seat, view = seated(server.base)
        moved = time.monotonic()
        play(server.base, gid, tokens[seat], view)
        for who in (1 - seat, seat):
            at, records, _ = heard(streams[who], 5)
            assert records == [version + 1]
            assert at - moved < seconds + 1.0
        hang_up(socks)
