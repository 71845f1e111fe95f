"""A Redis reply lost on its way back: the append script ran, then the connection broke before
its answer arrived (Redis killed at that instant, a network blip).

What must hold, whatever the Redis client does about it: the move (or undo) is in the log once; the
caller is told either that it was recorded (200) or that the outcome is unknown (a 5xx JSON error,
after which a retry with the same move_id answers 200 at the version it was recorded at); a
recorded move is never answered with a refusal (409/422), never applied twice.

Two Redis clients: the one the service builds (`Redis.from_url`, which redis-py gives no command
retries) and one that retries a command on a new connection after a connection error (redis-py's
own default for `Redis(host=...)`, and the obvious way to ride out a Redis restart). A retried
EVALSHA runs the append script a second time.

Deterministic, in-process, on a real Redis server: a connection class that reads the real reply of
the next EVALSHA (so the script did run) and then reports the connection lost.
"""
from __future__ import annotations

import hashlib

import pytest
import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from events.store import APPEND
from service import create_app
from tests.conftest import TEST_CONFIG
from tests.service.helpers import auth, create
from tests.support.server import log_entries


APPEND_SHA = hashlib.sha1(APPEND.encode()).hexdigest()


class LosesOneReply(redis.UnixDomainSocketConnection):
    """Loses the reply of the next append (the EVALSHA of the append script) once armed, after
    Redis has executed it."""

    armed = False

    def send_command(self, *args, **kwargs):
        self._sent = args[:2]
        return super().send_command(*args, **kwargs)

    def read_response(self, *args, **kwargs):
        response = super().read_response(*args, **kwargs)
        sent = getattr(self, "_sent", ())
        if LosesOneReply.armed and len(sent) == 2 and str(sent[0]).upper() == "EVALSHA" \
                and sent[1] == APPEND_SHA:
            LosesOneReply.armed = False
            raise redis.ConnectionError("the reply was lost on its way back (test)")
        return response


CLIENTS = {
    "as_the_service_builds_it": {},
    "retrying_commands": {"retry": Retry(NoBackoff(), 3)},
}


@pytest.fixture(params=sorted(CLIENTS))
def flaky(request, real_redis, real_redis_url):
    """The app on a real Redis whose client loses the reply of the armed EVALSHA."""
    client = redis.Redis.from_url(real_redis_url, **CLIENTS[request.param])
    client.connection_pool.connection_class = LosesOneReply
    LosesOneReply.armed = False
    app = create_app(client, TEST_CONFIG)
    http = app.test_client()
    made = create(http)  # a tiny game: seat 0 acts, a turn of several moves
    yield http, made["id"], made["token"], real_redis
    LosesOneReply.armed = False
    client.close()


def send(http, path, body, token):
    LosesOneReply.armed = True
    resp = http.post(path, json=body, headers=auth(token))
    assert not LosesOneReply.armed, "the fault was not injected: no EVALSHA was sent"
    return resp


def records(r, gid):
    return [rec for _, rec in log_entries(r, gid)[1:]]


def assert_recorded_or_unknown(resp, version):
    """200 at the version it was recorded at, or an honest 5xx: the outcome is unknown."""
    if resp.status_code >= 500:
        assert (resp.status_code, resp.json.get("code")) == (503, "outcome_unknown"), resp.data
        assert "read the game" in resp.json["message"]   # how to find out
        return
    assert resp.status_code == 200, \
        f"the move was recorded at version {version}, yet the answer is {resp.status_code} {resp.json}"
    assert resp.json.get("recorded_at", version) == version, resp.json


def test_with_a_move_id_the_move_is_recorded_once_and_a_retry_is_acknowledged(flaky):
    http, gid, token, r = flaky
    body = {"move": {"type": "add"}, "expected_version": 1, "move_id": "m-1"}
    resp = send(http, f"/games/{gid}/moves", body, token)
    assert [rec["move"] for rec in records(r, gid)] == [{"type": "add"}]
    assert_recorded_or_unknown(resp, 2)
    again = http.post(f"/games/{gid}/moves", json=body, headers=auth(token))
    assert (again.status_code, again.json.get("recorded_at")) == (200, 2), again.json
    assert len(records(r, gid)) == 1


def test_a_recorded_move_is_never_answered_stale(flaky):
    """BUG with a retrying client: the script's second run finds the version moved on (by this very
    move) and the service answers 409 stale_version for a move that is in the log."""
    http, gid, token, r = flaky
    resp = send(http, f"/games/{gid}/moves", {"move": {"type": "add"}, "expected_version": 1}, token)
    assert [rec["move"] for rec in records(r, gid)] == [{"type": "add"}]
    assert_recorded_or_unknown(resp, 2)


def test_a_move_without_expected_version_is_never_applied_twice(flaky):
    """BUG with a retrying client: without expected_version, post_move retries a Conflict itself;
    it reloads the game (which now holds the move), decides the same move again and appends it a
    second time: one POST, two records, the counter bumped twice."""
    http, gid, token, r = flaky
    resp = send(http, f"/games/{gid}/moves", {"move": {"type": "add"}}, token)
    recorded = records(r, gid)
    assert [rec["move"] for rec in recorded] == [{"type": "add"}], \
        f"one POST, {len(recorded)} records: {[(rec['v'], rec['move']) for rec in recorded]}"
    assert_recorded_or_unknown(resp, 2)


def test_a_recorded_undo_is_never_answered_stale(flaky):
    """BUG with a retrying client: the same for undo: it is in the log, the answer is 409."""
    http, gid, token, r = flaky
    assert http.post(f"/games/{gid}/moves", json={"move": {"type": "add"}},
                     headers=auth(token)).status_code == 200
    resp = send(http, f"/games/{gid}/undo", {"to": "step"}, token)
    undone = [rec for rec in records(r, gid) if rec.get("undo")]
    assert len(undone) == 1, undone
    assert_recorded_or_unknown(resp, 3)
