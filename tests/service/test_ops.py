"""What an operator watches: liveness, readiness, Prometheus metrics, request ids and JSON logs,
in-process and through `tablefold serve` (several workers, whose metrics add up)."""
from __future__ import annotations

import json
import logging

import redis
import requests

from engines.core import registry
from service import create_app
from service.logs import JsonLines
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


def test_served_metrics_add_up_over_workers_and_logs_are_json(tmp_path):
    with Server(tmp_path, workers=2) as server:
        for _ in range(6):
            new_table(server.base)
        assert requests.get(f"{server.base}/readyz").json() == {"status": "ready"}
        text = requests.get(f"{server.base}/metrics").text
        created = [ln for ln in text.splitlines()
                   if ln.startswith('tablefold_requests_total{method="POST",route="/games",status="201"')]
        assert created and float(created[0].split()[-1]) == 6.0, created
        lines = [ln for ln in server.log_tail(200).splitlines() if ln.startswith("{")]
        assert lines and all(json.loads(ln)["level"] for ln in lines)
