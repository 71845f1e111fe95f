"""Helpers for driving the API in tests."""
from __future__ import annotations


def auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def create(client, engine="tiny", seats=None, claim=0, **extra):
    seats = seats or [{"kind": "human"}, {"kind": "human"}]
    body = {"engine": engine, "seats": seats, **extra}
    if claim is not None:
        body["claim"] = claim
    resp = client.post("/games", json=body)
    assert resp.status_code == 201, resp.json
    return resp.json


def snapshot_of_redis(r) -> dict:
    """Every key's full content, byte for byte, to prove a rejected request changed nothing."""
    out = {}
    for key in sorted(r.keys("*")):
        kind = r.type(key)
        if kind == b"stream":
            out[key] = r.xrange(key)
        elif kind == b"hash":
            out[key] = r.hgetall(key)
        elif kind == b"zset":
            out[key] = r.zrange(key, 0, -1, withscores=True)
        else:
            out[key] = r.dump(key)
    return out
