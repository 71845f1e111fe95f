"""What an operator watches: liveness and readiness, Prometheus metrics, and logs as JSON lines
with the request's id.

Metrics are kept per worker process; under `tablefold serve` (several workers) prometheus-client's
multiprocess mode adds them up (PROMETHEUS_MULTIPROC_DIR, set by the command).
"""
from __future__ import annotations

import functools
import itertools
import os
import re
import time

from flask import Flask, Response, current_app, g, request
from prometheus_client import (CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram,
                               generate_latest, multiprocess)

from service import schemas as s
from service.endpoints import Routes
from service.logs import request_id

REQUESTS = Counter("tablefold_requests_total", "HTTP requests answered",
                   ["route", "method", "status"])
LATENCY = Histogram("tablefold_request_seconds", "time to answer a request (a live stream: "
                    "until its first byte)", ["route"],
                    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10))
MOVES = Counter("tablefold_moves_total", "moves recorded (seat bots' included)", ["engine"])
STREAMS = Gauge("tablefold_live_streams", "live streams open", multiprocess_mode="livesum")
REDIS_ERRORS = Counter("tablefold_redis_errors_total", "requests that met a Redis failure", ["kind"])

REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,64}$")
_PREFIX, _COUNT = os.urandom(8).hex(), itertools.count(1)


def next_id() -> str:
    """A request id unique to this worker's life (random per process, counted within it)."""
    return f"{_PREFIX}{next(_COUNT):016x}"


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
    errors."""
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


def install(app: Flask, ready) -> None:
    """Request ids and metrics on every request; `ready()` says what keeps the service from
    serving, or nothing."""
    app.extensions["tablefold.ready"] = ready

    @app.before_request
    def start():
        ctx = g._get_current_object()
        given = request.headers.get("X-Request-ID")
        ctx.request_id = given if given and REQUEST_ID.match(given) else next_id()
        ctx.started = time.perf_counter()

    @app.after_request
    def count(response):
        req, ctx = request._get_current_object(), g._get_current_object()
        route = req.url_rule.rule if req.url_rule else "unmatched"
        requests_of(route, req.method, response.status_code).inc()
        latency_of(route).observe(time.perf_counter() - getattr(ctx, "started", time.perf_counter()))
        response.headers["X-Request-ID"] = request_id()
        return response
