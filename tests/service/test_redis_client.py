"""The service's Redis client under the load a gevent worker puts on it."""
from __future__ import annotations

from service.redis_client import POOL_SIZE, connect
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
