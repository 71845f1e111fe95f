"""What an operator watches: liveness and readiness, Prometheus metrics, and logs as JSON lines
with the request's id.

Metrics are kept per worker process; under `tablefold serve` (several workers) prometheus-client's
multiprocess mode adds them up (PROMETHEUS_MULTIPROC_DIR, set by the command). The counts of
requests, their latency and moves are tallied in the worker's memory and handed to
prometheus-client at most FLUSH_SECONDS later (see `Tally`).
"""
from __future__ import annotations

import atexit
import bisect
import functools
import os
import re
import threading
import time

from flask import Flask, Response, current_app, g, request
from prometheus_client import (CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram,
                               generate_latest, multiprocess)

from events.store import UniqueIds
from service import schemas as s
from service.endpoints import Routes

REQUESTS = Counter("tablefold_requests_total", "HTTP requests answered",
                   ["route", "method", "status"])
BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10, float("inf"))
LATENCY = Histogram("tablefold_request_seconds", "time to answer a request (a live stream: "
                    "until its first byte)", ["route"], buckets=BUCKETS)
MOVES = Counter("tablefold_moves_total", "moves recorded (seat bots' included)", ["engine"])
STREAMS = Gauge("tablefold_live_streams", "live streams open", multiprocess_mode="livesum")
REDIS_ERRORS = Counter("tablefold_redis_errors_total", "requests that met a Redis failure", ["kind"])

REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,64}$")
REQUEST_IDS = UniqueIds(width=16)   # 32 characters, each worker's its own


def next_id() -> str:
    """A request id unique to this worker's life (random per process, counted within it)."""
    return REQUEST_IDS.next()


routes = Routes("operations", "Liveness, readiness and metrics, for the operator")


@routes.route("/healthz", "GET", "getHealth", responses={200: s.Health})
def healthz():
    """The process is alive (it answers)."""
    return {"status": "alive"}


@routes.route("/readyz", "GET", "getReadiness", responses={200: s.Health, 503: s.Health})
def readyz():
    """Ready to serve: Redis answers and holds the service's scripts (503 otherwise)."""
    problem = current_app.extensions["tablefold.ready"]()
    if problem:
        return {"status": "not ready", "problem": problem}, 503
    return {"status": "ready"}


@routes.route("/metrics", "GET", "getMetrics",
              responses={200: ("text/plain", "Prometheus metrics, summed over the workers")})
def metrics():
    """Prometheus metrics: requests by route and status, latency, moves, live streams, Redis
    errors. Each worker's counts are at most a second behind."""
    TALLY.flush()
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    else:
        from prometheus_client import REGISTRY as registry
    return Response(generate_latest(registry), mimetype=CONTENT_TYPE_LATEST)


# a metric's child per label set, looked up once (labels() locks and validates on every call)
@functools.lru_cache(maxsize=4096)
def requests_of(route: str, method: str, status: int):
    return REQUESTS.labels(route, method, str(status))


@functools.lru_cache(maxsize=1024)
def latency_of(route: str):
    return LATENCY.labels(route)


FLUSH_SECONDS = 1.0   # how far behind the worker's tally a scrape may be


def _native_lock():
    """A lock of the operating system even under gevent's patching: held only while a few
    dict entries change, it never waits on a greenlet, and gevent's own lock is Python code."""
    try:
        from gevent import monkey
        return monkey.get_original("_thread", "allocate_lock")()
    except ImportError:
        return threading.Lock()


class Tally:
    """Requests by route, method and status, their latency and the moves recorded, counted in
    this worker's memory and handed to prometheus-client in sums at most FLUSH_SECONDS later
    (and at once before this worker answers /metrics, and at exit). In multiprocess mode every
    one of prometheus-client's increments takes a lock and writes a memory-mapped file: four a
    move, which cost about a tenth of its CPU."""

    def __init__(self, every: float = FLUSH_SECONDS):
        self.every = every
        self._lock = _native_lock()
        self._requests: dict = {}   # (route, method, status) -> count
        self._latency: dict = {}    # route -> [sum of seconds, count per bucket]
        self._moves: dict = {}      # engine -> count
        self._due = 0.0
        self._flusher_pid = 0

    def request(self, route: str, method: str, status: int, seconds: float) -> None:
        bucket = bisect.bisect_left(BUCKETS, seconds)   # prometheus: the first bound >= it
        with self._lock:
            key = (route, method, status)
            self._requests[key] = self._requests.get(key, 0) + 1
            times = self._latency.get(route)
            if times is None:
                times = self._latency[route] = [0.0, [0] * len(BUCKETS)]
            times[0] += seconds
            times[1][bucket] += 1
        self._maybe_flush()

    def move(self, engine: str) -> None:
        with self._lock:
            self._moves[engine] = self._moves.get(engine, 0) + 1
        self._maybe_flush()

    def _maybe_flush(self) -> None:
        if self._flusher_pid != os.getpid():   # first use in this process (a forked worker)
            self._flusher_pid = os.getpid()
            threading.Thread(target=self._flush_every, daemon=True, name="metrics").start()
        if time.monotonic() >= self._due:
            self.flush()

    def flush(self) -> None:
        """Hand what was counted since the last flush to prometheus-client."""
        self._due = time.monotonic() + self.every
        with self._lock:
            requests, self._requests = self._requests, {}
            latency, self._latency = self._latency, {}
            moves, self._moves = self._moves, {}
        for (route, method, status), n in requests.items():
            requests_of(route, method, status).inc(n)
        for route, (total, counts) in latency.items():
            child = latency_of(route)   # Histogram.observe, summed: its sum and its buckets
            child._sum.inc(total)
            for i, n in enumerate(counts):
                if n:
                    child._buckets[i].inc(n)
        for engine, n in moves.items():
            MOVES.labels(engine).inc(n)

    def _flush_every(self) -> None:
        """An idle worker's counts reach the scrape too (a greenlet under gevent's worker)."""
        while True:
            time.sleep(self.every)
            if time.monotonic() >= self._due:
                self.flush()


TALLY = Tally()
atexit.register(TALLY.flush)


def install(app: Flask, ready) -> None:
    """Request ids and metrics on every request; `ready()` says what keeps the service from
    serving, or nothing."""
    app.extensions["tablefold.ready"] = ready

    @app.before_request
    def start():
        ctx = g._get_current_object()
        given = request.environ.get("HTTP_X_REQUEST_ID")
        ctx.request_id = given if given and REQUEST_ID.match(given) else next_id()
        ctx.started = time.perf_counter()

    @app.after_request
    def count(response):
        req, ctx = request._get_current_object(), g._get_current_object()
        route = req.url_rule.rule if req.url_rule else "unmatched"
        now = time.perf_counter()
        TALLY.request(route, req.method, response.status_code, now - getattr(ctx, "started", now))
        response.headers["X-Request-ID"] = getattr(ctx, "request_id", "-")
        return response
