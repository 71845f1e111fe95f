"""Abuse bounds as they ship: rate limits per client address on creating games, joining,
importing and taking stream tickets (the service's defaults, not raised), and games that nobody
plays expire with all their keys while finished ones are kept."""
from __future__ import annotations

import pytest

from service import create_app
from service.config import from_env
from tests.service.helpers import auth, create

DEFAULTS = from_env({})


@pytest.fixture
def shipped(fake_redis):
    """The app with the shipped limits and expiry (only the operator token set)."""
    return create_app(fake_redis, {"ADMIN_TOKEN": "operator-secret"}).test_client()


def per_minute(setting: str) -> int:
    first = DEFAULTS[setting].split(";")[0]
    count, _, unit = first.partition("/")
    assert unit == "minute"
    return int(count)


def test_creating_games_is_limited_per_address(shipped):
    allowed = per_minute("RATE_CREATE")
    body = {"engine": "tiny", "seats": [{"kind": "human"}] * 2}
    answers = [shipped.post("/games", json=body) for _ in range(allowed)]
    assert {a.status_code for a in answers} == {201}
    refused = shipped.post("/games", json=body)
    assert refused.status_code == 429 and refused.json["code"] == "too_many_requests"
    assert int(refused.headers["Retry-After"]) > 0
    other = shipped.post("/games", json=body, environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert other.status_code == 201   # another address has its own count


def test_with_rate_limits_switched_off_nothing_is_refused(fake_redis):
    """RATELIMIT_ENABLED (flask-limiter's own switch) off: the app starts and limits nothing."""
    client = create_app(fake_redis, {"RATELIMIT_ENABLED": False}).test_client()
    body = {"engine": "tiny", "seats": [{"kind": "human"}] * 2}
    answers = [client.post("/games", json=body) for _ in range(per_minute("RATE_CREATE") + 1)]
    assert {a.status_code for a in answers} == {201}


def test_join_codes_and_stream_tickets_are_limited_per_address(shipped):
    made = create(shipped)
    for _ in range(per_minute("RATE_JOIN")):
        shipped.post(f"/games/{made['id']}/join", json={"code": "guess"})
    assert shipped.post(f"/games/{made['id']}/join", json={"code": "guess"}).status_code == 429
    for _ in range(per_minute("RATE_TICKET")):
        shipped.post(f"/games/{made['id']}/stream-ticket", headers=auth(made["token"]))
    refused = shipped.post(f"/games/{made['id']}/stream-ticket", headers=auth(made["token"]))
    assert refused.status_code == 429 and refused.json["code"] == "too_many_requests"


def test_imports_are_limited_per_address(shipped):
    for _ in range(per_minute("RATE_IMPORT")):
        shipped.post("/games/import", data="not a log")
    assert shipped.post("/games/import", data="not a log").status_code == 429


def test_an_unplayed_game_expires_and_a_finished_one_is_kept(shipped, fake_redis):
    idle = DEFAULTS["IDLE_DAYS"] * 86400
    made = create(shipped, options={"rounds": 1})
    gid = made["id"]
    keys = [k.decode() for k in fake_redis.keys(f"tf:{{{gid}}}:*")]
    assert {"tf:{%s}:log" % gid, "tf:{%s}:meta" % gid} <= set(keys)
    for key in keys:
        assert 0 < fake_redis.ttl(key) <= idle, key
    t1 = shipped.post(f"/games/{gid}/join", json={"code": made["join_codes"]["1"]}).json["token"]
    tokens = {0: made["token"], 1: t1}
    for body in ({"type": "end"}, {"type": "end"}, {"type": "choose", "n": 1},
                 {"type": "choose", "n": 2}):
        seat = shipped.get(f"/games/{gid}").json["awaited"][0]
        assert shipped.post(f"/games/{gid}/moves", json={"move": body},
                            headers=auth(tokens[seat])).status_code == 200
    assert shipped.get(f"/games/{gid}").json["result"] is not None
    for key in fake_redis.keys(f"tf:{{{gid}}}:*"):
        if b":ticket:" not in key and b":streams" not in key:
            assert fake_redis.ttl(key) == -1, key   # a finished game is a replay: kept
