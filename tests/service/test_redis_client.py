"""The service's Redis client under the load a gevent worker puts on it."""
from __future__ import annotations

import threading

from service.redis_client import POOL_SIZE, connect


def test_more_requests_at_once_than_redis_py_pools_by_default_all_get_answers(real_redis_url):
    # redis-py 8's pool refuses a 101st connection ("Too many connections"); a worker serving
    # hundreds of live streams opens that many at once
    client = connect(real_redis_url)
    answers, failures = [], []

    def wait_on_redis():
        try:
            answers.append(client.blpop(["nothing-here"], timeout=0.5))
        except Exception as e:  # what the request would have answered 503 for
            failures.append(repr(e))

    threads = [threading.Thread(target=wait_on_redis) for _ in range(150)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
    assert answers == [None] * 150


def test_past_the_pool_size_a_command_waits_for_a_connection(real_redis_url):
    client = connect(real_redis_url)
    done = []
    threads = [threading.Thread(target=lambda: done.append(client.blpop(["nothing"], timeout=0.3)))
               for _ in range(POOL_SIZE + 20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(done) == POOL_SIZE + 20
    assert client.connection_pool.max_connections == POOL_SIZE
