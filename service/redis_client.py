"""Redis clients with every timeout and retry set here, whatever the installed redis-py's
defaults are (8.x: 5 s socket timeouts and ten retries)."""
from __future__ import annotations

import redis
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

COMMAND_SECONDS = 5.0     # an ordinary command's answer
CONNECT_SECONDS = 2.0


def _options(socket_timeout: float) -> dict:
    return {
        "socket_timeout": socket_timeout,
        "socket_connect_timeout": CONNECT_SECONDS,
        "health_check_interval": 30,
        # a dropped connection is retried twice, briefly: the embedded Redis restarts in ~0.5 s,
        # and an append repeated after a lost answer is recognised by its nonce
        "retry": Retry(ExponentialBackoff(cap=0.5, base=0.05), 2),
    }


def connect(url: str, cluster: bool = False, socket_timeout: float = COMMAND_SECONDS,
            max_connections: int | None = None):
    """A client for `url`; on a Redis Cluster, one that follows the cluster's redirections."""
    options = _options(socket_timeout)
    if max_connections:
        options["max_connections"] = max_connections
    if cluster:
        from redis.cluster import RedisCluster
        options.pop("health_check_interval")
        return RedisCluster.from_url(url, **options)
    return redis.Redis.from_url(url, **options)


def blocking_reader(url: str, cluster: bool, block_seconds: float):
    """A client for blocking reads (the follower's XREAD BLOCK): its socket timeout exceeds the
    block, and its pool holds one connection per followed game."""
    return connect(url, cluster, socket_timeout=block_seconds + 10, max_connections=100_000)


def storage_uri(url: str, cluster: bool) -> str:
    """The same Redis, as the rate limiter's storage names it."""
    if cluster:
        return "redis+cluster://" + url.split("://", 1)[1]
    if url.startswith("unix://"):
        return "redis+unix://" + url[len("unix://"):]
    return url
