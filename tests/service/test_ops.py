"""What an operator watches: liveness, readiness, Prometheus metrics, request ids and JSON logs,
in-process and through `tablefold serve` (several workers, whose metrics add up)."""
from __future__ import annotations

import json
import logging
import time

import redis
import requests

from engines.core import registry
from service import create_app
from service.logs import JsonLines
from service.ops import FLUSH_SECONDS, TALLY
from tests.conftest import TEST_CONFIG
from tests.service.helpers import auth, create
from tests.support.server import Server, new_table
from tests.support.tiny import Tiny


def test_healthz_and_readyz(client, fake_redis):
    assert client.get("/healthz").json == {"status": "alive"}
    assert client.get("/readyz").json == {"status": "ready"}
    fake_redis.script_flush()           # a Redis that came back empty: loaded again
    assert client.get("/readyz").status_code == 200
    gone = create_app(redis.Redis(unix_socket_path="/nonexistent", socket_connect_timeout=0.2),
                      TEST_CONFIG).test_client()
    answer = gone.get("/readyz")
    assert answer.status_code == 503 and "Redis does not answer" in answer.json["problem"]
    assert gone.get("/healthz").status_code == 200   # alive, though not ready


def test_a_request_id_is_taken_or_made_and_sent_back(client):
    assert client.get("/engines", headers={"X-Request-ID": "abc-123"}).headers["X-Request-ID"] == "abc-123"
    made = client.get("/engines", headers={"X-Request-ID": "bad id with spaces"}).headers["X-Request-ID"]
    other = client.get("/engines").headers["X-Request-ID"]
    assert len(made) == 32 and " " not in made and other != made


def test_metrics_count_requests_moves_and_streams(client):
    made = create(client)
    client.post(f"/games/{made['id']}/moves", json={"move": {"type": "add"}}, headers=auth(made["token"]))
    text = client.get("/metrics").get_data(as_text=True)
    assert 'tablefold_moves_total{engine="tiny"}' in text
    assert 'tablefold_requests_total{method="POST",route="/games/<gid>/moves",status="200"}' in text
    assert "tablefold_request_seconds_bucket" in text and "tablefold_live_streams" in text


def test_an_error_is_one_json_log_line_with_its_traceback_and_request_id(client, monkeypatch, caplog):
    class Broken(Tiny):
        name = "tiny-broken-view"

        def view(self, state, viewer):
            raise RuntimeError("the view is broken")

    monkeypatch.setitem(registry._engines, "tiny-broken-view", Broken())
    made = create(client, engine="tiny-broken-view")
    with caplog.at_level(logging.ERROR, logger="tablefold"):
        answer = client.get(f"/games/{made['id']}", headers={"X-Request-ID": "trace-me"})
    assert answer.status_code == 500 and answer.json["code"] == "internal_error"
    record = [r for r in caplog.records if r.levelno == logging.ERROR][-1]
    line = JsonLines().format(record)
    assert "\n" not in line
    logged = json.loads(line)
    assert "RuntimeError: the view is broken" in logged["error"] and logged["level"] == "error"


def created(text: str) -> float:
    """The count of answered table creations in a scrape (0 when none was counted yet)."""
    lines = [ln for ln in text.splitlines()
             if ln.startswith('tablefold_requests_total{method="POST",route="/games",status="201"')]
    return float(lines[0].split()[-1]) if lines else 0.0


def test_an_idle_worker_hands_its_counts_over_within_a_second(client):
    """No request needs to follow for a tally to reach prometheus-client: the worker's own
    flusher does it, at the production interval."""
    from prometheus_client import REGISTRY
    TALLY.flush()   # what earlier tests left in the tally
    before = REGISTRY.get_sample_value("tablefold_requests_total", {
        "route": "/games", "method": "POST", "status": "201"}) or 0.0
    create(client)   # counted in the tally; its flush is at most FLUSH_SECONDS away
    deadline = time.monotonic() + FLUSH_SECONDS + 2
    while time.monotonic() < deadline:
        now = REGISTRY.get_sample_value("tablefold_requests_total", {
            "route": "/games", "method": "POST", "status": "201"}) or 0.0
        if now == before + 1:
            break
        time.sleep(0.05)
    assert now == before + 1


def test_latency_is_counted_in_the_buckets_prometheus_would_choose(client):
    from prometheus_client import REGISTRY

    def bucket(le):
        return REGISTRY.get_sample_value("tablefold_request_seconds_bucket",
                                         {"route": "/synthetic", "le": le}) or 0.0
    before = [bucket(le) for le in ("0.001", "0.01", "10.0", "+Inf")]
    for seconds in (0.0005, 0.001, 0.004, 3.0, 99.0):   # 0.001 is in the bucket le=0.001
        TALLY.request("/synthetic", "GET", 200, seconds)
    TALLY.flush()
    after = [bucket(le) for le in ("0.001", "0.01", "10.0", "+Inf")]
    assert [a - b for a, b in zip(after, before)] == [2, 3, 4, 5]
    total = REGISTRY.get_sample_value("tablefold_request_seconds_sum", {"route": "/synthetic"})
    assert abs(total - 102.0055) < 1e-6   # first use of this route: its sum is ours alone


def test_served_metrics_add_up_over_workers_and_logs_are_json(tmp_path):
    with Server(tmp_path, workers=2) as server:
        for _ in range(6):
            new_table(server.base)
        assert requests.get(f"{server.base}/readyz").json() == {"status": "ready"}
        # each worker hands its counts over at most FLUSH_SECONDS after it answered (the worker
        # answering /metrics at once): within that time every create is counted, once
        seen, deadline = [], time.monotonic() + FLUSH_SECONDS + 2
        while time.monotonic() < deadline:
            text = requests.get(f"{server.base}/metrics").text
            seen.append(created(text))
            if seen[-1] == 6.0:
                break
            time.sleep(0.1)
        assert seen[-1] == 6.0 and all(n <= 6.0 for n in seen), seen
        lines = [ln for ln in server.log_tail(200).splitlines() if ln.startswith("{")]
        assert lines and all(json.loads(ln)["level"] for ln in lines)
