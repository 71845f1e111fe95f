"""Every setting of the service: its environment variable, default and meaning, in one table
that `tablefold serve --help`, docs/deploy.md and the app factory all read."""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class Setting:
    key: str          # the app config key
    env: str          # the environment variable
    default: Any
    help: str
    kind: Callable = str
    flag: str | None = None   # a `tablefold serve` flag, when it has one


def flag_bool(value) -> bool:
    return str(value).strip().lower() in ("1", "true", "yes", "on")


SETTINGS = [
    Setting("REDIS_URL", "REDIS_URL", "", "the Redis to use (redis://host:6379/0, unix:///path); "
            "empty: start an embedded Redis of our own"),
    Setting("REDIS_CLUSTER", "TABLEFOLD_REDIS_CLUSTER", False,
            "REDIS_URL names a node of a Redis Cluster", flag_bool),
    Setting("ADMIN_TOKEN", "TABLEFOLD_ADMIN_TOKEN", "",
            "the operator's token: fixed seeds, the open view of running games, kept imports"),
    Setting("HOST", "TABLEFOLD_HOST", "127.0.0.1", "the address to listen on", str, "--host"),
    Setting("PORT", "TABLEFOLD_PORT", 8000, "the port to listen on", int, "--port"),
    Setting("WORKERS", "TABLEFOLD_WORKERS", 0,
            "worker processes (0: one per CPU core)", int, "--workers"),
    Setting("WORKER_CONNECTIONS", "TABLEFOLD_WORKER_CONNECTIONS", 4000,
            "open connections each worker holds at most (live streams and slow clients included)",
            int, "--worker-connections"),
    Setting("DATA", "TABLEFOLD_DATA", "var/redis",
            "the embedded Redis's data folder (kept across restarts)", str, "--data"),
    Setting("ACCESS_LOG", "TABLEFOLD_ACCESS_LOG", False, "log every request", flag_bool,
            "--access-log"),
    Setting("HEADER_SECONDS", "TABLEFOLD_HEADER_SECONDS", 10.0,
            "seconds a client has to send a request's headers (and to send the next on a kept-"
            "alive connection)", float),
    Setting("BODY_SECONDS", "TABLEFOLD_BODY_SECONDS", 10.0,
            "seconds a client has to send a request's body", float),
    Setting("STREAM_SECONDS", "TABLEFOLD_STREAM_SECONDS", 60.0,
            "a live stream ends after this long; the client reopens it", float),
    Setting("STREAM_KEEPALIVE", "TABLEFOLD_STREAM_KEEPALIVE", 10.0,
            "seconds between keep-alive comments on an idle live stream", float),
    Setting("STREAM_GATHER", "TABLEFOLD_STREAM_GATHER", 0.05,
            "seconds a live stream gathers new records, to send them under one view, for a "
            "viewer the game does not await (a seat it awaits, and the game's end, hear at "
            "once); 0: every record at once", float),
    Setting("STREAMS_PER_GAME", "TABLEFOLD_STREAMS_PER_GAME", 500,
            "live streams one game may have open", int),
    Setting("STREAMS_PER_ADDRESS", "TABLEFOLD_STREAMS_PER_ADDRESS", 50,
            "live streams one client address may have open", int),
    Setting("TICKET_SECONDS", "TABLEFOLD_TICKET_SECONDS", 300.0,
            "a stream ticket stays valid this long after its last use", float),
    Setting("IDLE_DAYS", "TABLEFOLD_IDLE_DAYS", 30.0,
            "an unfinished game without a move for this long expires with all its keys, to "
            "within an hour (finished games are kept)", float),
    Setting("IMPORT_KEEP_DAYS", "TABLEFOLD_IMPORT_KEEP_DAYS", 7.0,
            "an anonymous import is kept this long (an operator's is kept)", float),
    Setting("IMPORT_MAX_BYTES", "TABLEFOLD_IMPORT_MAX_BYTES", 16 << 20,
            "the largest log file an import accepts", int),
    Setting("IMPORT_MAX_RECORDS", "TABLEFOLD_IMPORT_MAX_RECORDS", 100_000,
            "the most records an imported log may hold", int),
    Setting("RATE_CREATE", "TABLEFOLD_RATE_CREATE", "30/minute;300/hour",
            "games one client address may create"),
    Setting("RATE_IMPORT", "TABLEFOLD_RATE_IMPORT", "10/minute;60/hour",
            "logs one client address may import"),
    Setting("RATE_JOIN", "TABLEFOLD_RATE_JOIN", "60/minute", "join codes one address may try"),
    Setting("RATE_TICKET", "TABLEFOLD_RATE_TICKET", "120/minute",
            "stream tickets one address may take"),
    Setting("TRUSTED_PROXIES", "TABLEFOLD_TRUSTED_PROXIES", 0,
            "reverse proxies in front of the service whose X-Forwarded-For names the client", int),
    Setting("BOT_MOVES_PER_REQUEST", "TABLEFOLD_BOT_MOVES_PER_REQUEST", 64,
            "seat-bot moves one request plays at most", int),
]


def from_env(environ=None) -> dict:
    """The settings as the environment gives them, defaults elsewhere."""
    environ = os.environ if environ is None else environ
    out = {}
    for s in SETTINGS:
        raw = environ.get(s.env)
        out[s.key] = s.default if raw in (None, "") else s.kind(raw)
    return out
