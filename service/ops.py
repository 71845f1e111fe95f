"""What an operator watches: liveness and readiness, Prometheus metrics, and logs as JSON lines
with the request's id.

Metrics are kept per worker process; under `tablefold serve` (several workers) prometheus-client's
multiprocess mode adds them up (PROMETHEUS_MULTIPROC_DIR, set by the command).
"""
from __future__ import annotations

import os
import re
import time
import uuid

from flask import Flask, Response, g, request
from prometheus_client import (CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram,
                               generate_latest, multiprocess)

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


def install(app: Flask, ready) -> None:
    """Request ids, metrics and the operator's endpoints. `ready()` says what is not ready, or
    nothing."""

    @app.before_request
    def start():
        given = request.headers.get("X-Request-ID", "")
        g.request_id = given if REQUEST_ID.match(given) else uuid.uuid4().hex
        g.started = time.perf_counter()

    @app.after_request
    def count(response):
        route = request.url_rule.rule if request.url_rule else "unmatched"
        REQUESTS.labels(route, request.method, str(response.status_code)).inc()
        LATENCY.labels(route).observe(time.perf_counter() - getattr(g, "started", time.perf_counter()))
        response.headers["X-Request-ID"] = request_id()
        return response

    @app.get("/healthz")
    def healthz():
        """The process is alive (it answers)."""
        return {"status": "alive"}

    @app.get("/readyz")
    def readyz():
        """Ready to serve: Redis answers and the service's scripts are loaded in it."""
        problem = ready()
        if problem:
            return {"status": "not ready", "problem": problem}, 503
        return {"status": "ready"}

    @app.get("/metrics")
    def metrics():
        if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
            registry = CollectorRegistry()
            multiprocess.MultiProcessCollector(registry)
        else:
            from prometheus_client import REGISTRY as registry
        return Response(generate_latest(registry), mimetype=CONTENT_TYPE_LATEST)
