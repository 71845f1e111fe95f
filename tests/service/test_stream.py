"""Live updates over server-sent events, on a real Redis, with two app instances sharing it."""
from __future__ import annotations

import json
import threading
import time

import pytest
import redis

from service import create_app
from tests.service.helpers import auth, create

FAST = {"STREAM_SECONDS": 3, "STREAM_KEEPALIVE": 0.2, "ADMIN_TOKEN": "op"}


@pytest.fixture
def apps(real_redis_url, real_redis):
    """Two service processes' worth of apps over one Redis."""
    return (create_app(redis.Redis.from_url(real_redis_url), FAST),
            create_app(redis.Redis.from_url(real_redis_url), FAST))


def read_events(resp, want_records: int, timeout: float = 5) -> list[dict]:
    """Parse SSE messages until `want_records` record events and the view after them arrived
    (or the stream ends)."""
    out, buf, deadline = [], "", time.monotonic() + timeout
    for chunk in resp.response:
        buf += chunk.decode() if isinstance(chunk, bytes) else chunk
        while "\n\n" in buf:
            message, buf = buf.split("\n\n", 1)
            fields = dict(line.split(": ", 1) for line in message.splitlines()
                          if ": " in line and not line.startswith(":"))
            if "data" in fields:
                out.append({"id": fields.get("id"), "event": fields.get("event"),
                            "data": json.loads(fields["data"])})
        done = sum(e["event"] == "record" for e in out) >= want_records and out[-1]["event"] == "view"
        if done or time.monotonic() > deadline:
            break
    resp.close()
    return out


def test_each_caller_gets_new_records_redacted_for_it_and_resumes_without_gaps(apps):
    writer, watcher = apps[0].test_client(), apps[1].test_client()
    made = create(writer)
    gid, t0 = made["id"], made["token"]
    t1 = writer.post(f"/games/{gid}/join", json={"code": made["join_codes"]["1"]}).json["token"]

    def play_later():
        time.sleep(0.4)
        writer.post(f"/games/{gid}/moves", json={"move": {"type": "draw"}}, headers=auth(t0))
        writer.post(f"/games/{gid}/moves", json={"move": {"type": "add"}}, headers=auth(t0))

    ticket0 = watcher.post(f"/games/{gid}/stream-ticket", headers=auth(t0)).json["ticket"]
    ticket1 = watcher.post(f"/games/{gid}/stream-ticket", headers=auth(t1)).json["ticket"]
    s0 = watcher.get(f"/games/{gid}/stream?ticket={ticket0}&since=1", buffered=False)
    s1 = watcher.get(f"/games/{gid}/stream?ticket={ticket1}&since=1", buffered=False)
    assert s0.mimetype == "text/event-stream"
    threading.Thread(target=play_later).start()
    seen0, seen1 = read_events(s0, 2), read_events(s1, 2)
    rec0 = [e for e in seen0 if e["event"] == "record"]
    rec1 = [e for e in seen1 if e["event"] == "record"]
    assert [e["id"] for e in rec0] == [e["id"] for e in rec1] == ["2", "3"]
    card = rec0[0]["data"]["record"]["events"][0]["card"]
    assert isinstance(card, int)
    assert "card" not in rec1[0]["data"]["record"]["events"][0]
    views1 = [e["data"] for e in seen1 if e["event"] == "view"]
    assert views1 and views1[-1]["state"]["hands"][0] == 1 and views1[-1]["seat"] == 1

    # resume after a dropped connection: a fresh ticket, from the last version seen
    ticket = watcher.post(f"/games/{gid}/stream-ticket", headers=auth(t1)).json["ticket"]
    writer.post(f"/games/{gid}/moves", json={"move": {"type": "end"}}, headers=auth(t0))
    resumed = read_events(watcher.get(f"/games/{gid}/stream?ticket={ticket}",
                                      headers={"Last-Event-ID": "3"}, buffered=False), 1)
    assert [e["id"] for e in resumed if e["event"] == "record"] == ["4"]


def test_tickets_are_single_use_and_a_spectator_may_watch(apps):
    client = apps[0].test_client()
    made = create(client)
    gid = made["id"]
    ticket = client.post(f"/games/{gid}/stream-ticket", headers=auth(made["token"])).json["ticket"]
    first = client.get(f"/games/{gid}/stream?ticket={ticket}&since=1", buffered=False)
    assert first.status_code == 200
    first.close()
    again = client.get(f"/games/{gid}/stream?ticket={ticket}&since=1")
    assert again.status_code == 401 and again.json["code"] == "bad_ticket"
    public = client.get(f"/games/{gid}/stream?since=0", buffered=False)
    events = read_events(public, 1)
    setup = [e for e in events if e["event"] == "record"][0]["data"]["record"]
    assert setup["v"] == 1 and "deck" not in setup["events"][0]


def test_a_quiet_stream_sends_keep_alives_and_ends_for_the_client_to_reopen(apps):
    client = apps[0].test_client()
    made = create(client)
    started = time.monotonic()
    resp = client.get(f"/games/{made['id']}/stream", buffered=False)
    body = b"".join(resp.response).decode()
    assert body.count(": keep-alive") >= 3
    assert 2.5 < time.monotonic() - started < 6
