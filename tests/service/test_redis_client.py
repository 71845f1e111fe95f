"""The service's Redis client under the load a gevent worker puts on it."""
from __future__ import annotations

import redis

from service.redis_client import POOL_SIZE, LeanPool, connect
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
