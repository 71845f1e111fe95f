"""Hostile input that only a real HTTP server sees: bodies over the limit sent with a
Content-Length and streamed in chunks (no Content-Length), request lines and headers far too long,
requests that are not HTTP. Against `tablefold serve` (gunicorn) and its embedded Redis: never a
5xx, and a rejected request changes nothing in Redis.
"""
from __future__ import annotations

import json
import socket

import pytest
import requests

from service.app import MAX_BODY
from tests.service.helpers import snapshot_of_redis
from tests.support.server import Server, auth, in_thread, log_entries, new_table

TIMEOUT = 30


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with Server(tmp_path_factory.mktemp("http"), workers=1) as s:
        yield s


@pytest.fixture
def table(server):
    gid, tokens = new_table(server.base)
    seat = requests.get(server.url(f"/games/{gid}"), timeout=TIMEOUT).json()["active"][0]
    mine = requests.get(server.url(f"/games/{gid}"), headers=auth(tokens[seat]), timeout=TIMEOUT).json()
    return {"id": gid, "token": tokens[seat], "move": mine["legal_moves"][0]["move"]}


def chunks(body: bytes, size: int = 4096):
    for i in range(0, len(body), size):
        yield body[i:i + size]


@pytest.mark.parametrize("size", [MAX_BODY + 1, 1 << 20, 20 << 20])
def test_a_body_over_the_limit_with_content_length_is_413(server, table, size):
    r = server.redis()
    before = snapshot_of_redis(r)
    body = json.dumps({"move": table["move"]}).encode()
    body += b" " * (size - len(body))
    resp = requests.post(server.url(f"/games/{table['id']}/moves"), data=body, timeout=TIMEOUT,
                         headers={**auth(table["token"]), "Content-Type": "application/json"})
    assert resp.status_code == 413 and resp.json()["code"] == "body_too_large", resp.text[:200]
    assert snapshot_of_redis(r) == before


def test_a_streamed_body_over_the_limit_is_refused_not_cut_short(server, table):
    """BUG: without a Content-Length (chunked), the body is silently cut at 64 KiB: a valid move
    followed by more than 64 KiB of anything is played (200) instead of refused (413)."""
    r = server.redis()
    before = snapshot_of_redis(r)
    body = json.dumps({"move": table["move"]}).encode()
    body += b" " * (MAX_BODY - len(body)) + b"this is past the limit and not JSON" * 1000
    resp = requests.post(server.url(f"/games/{table['id']}/moves"), data=chunks(body),
                         timeout=TIMEOUT,
                         headers={**auth(table["token"]), "Content-Type": "application/json"})
    records = [rec["v"] for _, rec in log_entries(r, table["id"])]
    assert resp.status_code in (411, 413), \
        f"a {len(body)}-byte body was answered {resp.status_code}; the log is now {records}"
    assert snapshot_of_redis(r) == before


def test_a_streamed_body_within_the_limit_is_read_whole(server, table):
    body = json.dumps({"move": table["move"], "expected_version": 1}).encode()
    resp = requests.post(server.url(f"/games/{table['id']}/moves"), data=chunks(body, 7),
                         timeout=TIMEOUT,
                         headers={**auth(table["token"]), "Content-Type": "application/json"})
    assert resp.status_code in (200, 411), resp.text[:200]


def raw_exchange(port: int, data: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as s:
        s.sendall(data)
        out = b""
        while True:
            try:
                piece = s.recv(65536)
            except (ConnectionResetError, socket.timeout):
                break
            if not piece:
                break
            out += piece
            if b"\r\n\r\n" in out and b"Content-Length" in out:
                head, _, rest = out.partition(b"\r\n\r\n")
                length = int(head.split(b"Content-Length:")[1].split(b"\r\n")[0])
                if len(rest) >= length:
                    break
    return out


@pytest.mark.parametrize("request_bytes", [
    b"GET /games/" + b"a" * 100_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /engines HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n",
    b"GET /engines HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: a\r\n" % i for i in range(500)) + b"\r\n",
    b"GET /engines HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
    b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    b"Content-Length: 99999999999999999999\r\n\r\n{}",
    b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    b"Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
    b"GARBAGE\r\n\r\n",
    b"GET /games/\x00\xff HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /engines HTTP/9.9\r\nHost: x\r\n\r\n",
], ids=lambda b: repr(b[:28]))
def test_requests_that_break_http_get_a_4xx(server, request_bytes):
    r = server.redis()
    before = snapshot_of_redis(r)
    answer = raw_exchange(server.port, request_bytes)
    status_line = answer.split(b"\r\n", 1)[0]
    assert status_line.startswith(b"HTTP/1."), answer[:200]
    status = int(status_line.split()[1])
    assert 400 <= status < 500, answer[:300]
    assert snapshot_of_redis(r) == before
    assert requests.get(server.url("/engines"), timeout=TIMEOUT).ok


@pytest.fixture(scope="module")
def werkzeug_server(real_redis_url):
    """The app under werkzeug's own server (what `flask run` and the browser tests serve it with),
    which hands the view the raw socket: a body must be read by its length, not to the end."""
    import redis

    from service import create_app
    with in_thread(create_app(redis.Redis.from_url(real_redis_url))) as url:
        yield url


@pytest.mark.parametrize("how", ["content-length", "chunked"])
def test_werkzeugs_own_server_reads_a_body_and_answers(werkzeug_server, how):
    body = json.dumps({"engine": "tic-tac-trek", "seats": [{"kind": "human"}] * 2}).encode()
    data = body if how == "content-length" else chunks(body, 5)
    resp = requests.post(f"{werkzeug_server}/games", data=data, timeout=10,
                         headers={"Content-Type": "application/json"})
    assert resp.status_code == 201, resp.text[:200]
    assert resp.json()["id"]
    too_big = b"{" + b" " * MAX_BODY + b"}"
    resp = requests.post(f"{werkzeug_server}/games", data=too_big if how == "content-length"
                         else chunks(too_big), timeout=10, headers={"Content-Type": "application/json"})
    assert resp.status_code == 413, resp.text[:200]
