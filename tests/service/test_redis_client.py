"""The service's Redis client under the load a gevent worker puts on it."""
from __future__ import annotations

import pytest
import redis

from service.redis_client import POOL_SIZE, LeanPool, OneSendConnection, connect
from tests.support.blocking import blocked_at_once


def test_more_requests_at_once_than_redis_py_pools_by_default_all_get_answers(real_redis_url):
    # redis-py 8's pool refuses a 101st connection ("Too many connections"); a worker serving
    # hundreds of live streams opens that many at once
    client = connect(real_redis_url)
    answers, failures = blocked_at_once(client, "nothing-here", 150)
    assert failures == []
    assert answers == [None] * 150


def test_past_the_pool_size_a_command_waits_for_a_connection(real_redis_url):
    client = connect(real_redis_url)
    done, failures = blocked_at_once(client, "nothing", POOL_SIZE + 20, 0.3)
    assert failures == []
    assert len(done) == POOL_SIZE + 20
    assert client.connection_pool.max_connections == POOL_SIZE


def test_connections_handed_back_are_used_again_and_never_exceed_the_bound(real_redis_url):
    # the fast path keeps returned connections in a list; waves of commands past the bound
    # still wait for one and make no more than the bound
    pool = LeanPool.from_url(real_redis_url, max_connections=8, timeout=5)
    client = redis.Redis(connection_pool=pool)
    for wave in range(3):
        answers, failures = blocked_at_once(client, f"nothing-{wave}", 40, 0.05)
        assert failures == [] and answers == [None] * 40
    assert len(pool._connections) == 8
    assert all(client.ping() for _ in range(100))
    assert len(pool._connections) == 8


def test_a_connection_redis_closed_is_made_again_on_its_next_use(real_redis_url):
    client, other = connect(real_redis_url), connect(real_redis_url)
    assert client.set("kept", "1")
    other.client_kill_filter(_type="normal", skipme=True)   # every connection but this one
    assert client.get("kept") == b"1"


def test_a_command_larger_than_the_socket_buffer_arrives_whole(real_redis_url):
    # one send takes what the kernel's buffer holds; the rest must follow it, in order
    client = connect(real_redis_url)
    assert type(client.connection_pool.get_connection()).__name__.startswith("OneSend")
    big = bytes(range(256)) * (32 * 1024)   # 8 MiB
    assert client.set("big", big)
    assert client.get("big") == big
    assert client.strlen("big") == len(big)


class Socket:
    """A socket whose kernel takes `takes` bytes of a send, or fails every send and sendall."""

    def __init__(self, takes: int | None = None):
        self.takes, self.sent = takes, []

    def send(self, data):
        if self.takes is None:
            raise BrokenPipeError(32, "Broken pipe")
        self.sent.append(bytes(data[:self.takes]))
        return min(self.takes, len(data))

    def sendall(self, data):
        if self.takes is None:
            raise BrokenPipeError(32, "Broken pipe")
        self.sent.append(bytes(data))

    def shutdown(self, how):
        pass

    def close(self):
        pass


def connection_on(sock):
    conn = OneSendConnection()
    conn._sock = sock
    return conn


def test_what_the_first_send_leaves_follows_it_in_order():
    sock = Socket(takes=3)
    connection_on(sock).send_packed_command([b"*1\r\n$4\r\nPING\r\n"], check_health=False)
    assert b"".join(sock.sent) == b"*1\r\n$4\r\nPING\r\n"
    assert sock.sent[0] == b"*1\r"


def test_a_send_that_fails_is_a_connection_error_and_drops_the_connection():
    # the retry around a command knows ConnectionError, not the socket's own OSError
    conn = connection_on(Socket())
    with pytest.raises(redis.ConnectionError):
        conn.send_packed_command([b"*1\r\n$4\r\nPING\r\n"], check_health=False)
    assert conn._sock is None
