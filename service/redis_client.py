"""Redis clients with every timeout and retry set here, whatever the installed redis-py's
defaults are (8.x: 5 s socket timeouts and ten retries)."""
from __future__ import annotations

import redis
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

COMMAND_SECONDS = 5.0     # an ordinary command's answer
CONNECT_SECONDS = 2.0
POOL_SIZE = 512           # connections per process; redis-py 8's pool refuses the 101st


class OneSend:
    """A connection that hands the kernel a packed command in one `send`, the rest (if any) by
    redis-py's own way: under gevent, `sendall` first asks the kernel for the socket's buffer size
    (a getsockopt call) and slices the data in Python, for every command (2% of a served move's
    CPU). A send that fails sent nothing, so redis-py's own way sends it again and says what
    failed, as it always does (a ConnectionError, which the retry knows)."""

    def send_packed_command(self, command, check_health=True):
        if self._sock is None or type(command) is not list or len(command) != 1:
            return super().send_packed_command(command, check_health)
        if check_health:
            self.check_health()
        data = command[0]
        try:
            sent = self._sock.send(data)
        except Exception:
            sent = 0
        except BaseException:   # a timeout or kill of the greenlet: the connection is in doubt
            self.disconnect()
            raise
        if sent < len(data):
            super().send_packed_command([memoryview(data)[sent:]] if sent else command, False)


class OneSendConnection(OneSend, redis.Connection):
    pass


class OneSendUnixConnection(OneSend, redis.UnixDomainSocketConnection):
    pass


ONE_SEND = {redis.Connection: OneSendConnection,
            redis.UnixDomainSocketConnection: OneSendUnixConnection}


class LeanPool(redis.BlockingConnectionPool):
    """redis-py's blocking pool with a fast path: a connection handed back waits in a plain list
    and the next command takes it from there. The pool's own way (a queue under locks, state
    counters for redis-py's metrics, a poll of the socket before every use) costs more than the
    round trip itself under gevent (~57 of ~127 µs a command, measured); it is kept for what it
    is for: making a connection, and waiting when all max_connections are out. A connection goes
    back to the queue whenever the queue is empty, so a request waiting there is woken."""

    def __init__(self, *args, connection_class=redis.Connection, **kwargs):
        super().__init__(*args, connection_class=ONE_SEND.get(connection_class, connection_class),
                         **kwargs)

    def reset(self) -> None:
        super().reset()
        self._idle: list = []

    def get_connection(self, *args, **kwargs):
        self._checkpid()
        try:
            connection = self._idle.pop()
        except IndexError:
            return super().get_connection(*args, **kwargs)
        connection.connect()   # at once when connected; a connection dropped on an error reconnects
        return connection

    def release(self, connection) -> None:
        renew = getattr(connection, "should_reconnect", None)   # redis-py 8: a server's notice
        if connection.pid != self.pid or not self.pool.queue or (renew and renew()):
            super().release(connection)   # another process's, someone may wait, or to be renewed
        else:
            self._idle.append(connection)


def _driver_info() -> dict:
    """CLIENT SETINFO's name and version, worked out once: redis-py 8 otherwise reads its package
    metadata from disk for every new connection, blocking the worker meanwhile."""
    try:
        from redis.driver_info import DriverInfo
    except ImportError:  # redis-py before 8 reads it once
        return {}
    return {"driver_info": DriverInfo()}


DRIVER = _driver_info()


def _options(socket_timeout: float) -> dict:
    return {
        **DRIVER,
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
    # a gevent worker runs hundreds of requests at once: past the pool's size a request waits
    # for a connection instead of failing
    if cluster:
        from redis.cluster import RedisCluster
        options.pop("health_check_interval")
        if not max_connections:  # a pool per node; its wait is the pool's own default, 20 s
            options.update(max_connections=POOL_SIZE,
                           connection_pool_class=LeanPool)
        return RedisCluster.from_url(url, **options)
    if max_connections:
        return redis.Redis.from_url(url, **options)
    return redis.Redis(connection_pool=LeanPool.from_url(
        url, max_connections=POOL_SIZE, timeout=socket_timeout, **options))


def subscriber(url: str, cluster: bool, keepalive_seconds: float):
    """The client the follower's subscription connects through: its socket timeout exceeds the
    silence after which the follower pings."""
    return connect(url, cluster, socket_timeout=keepalive_seconds + 10)


def storage_uri(url: str, cluster: bool) -> str:
    """The same Redis, as the rate limiter's storage names it."""
    if cluster:
        return "redis+cluster://" + url.split("://", 1)[1]
    if url.startswith("unix://"):
        return "redis+unix://" + url[len("unix://"):]
    return url
