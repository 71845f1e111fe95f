"""The WSGI apps the benchmark serves under gunicorn, one factory each.

`service()` is the tablefold app exactly as `tablefold serve` builds it (service.create_app on the
Redis at REDIS_URL), with the never-ending test engine `tiny` registered for the synthetic games.

`bare()` is the baseline: a plain Flask app on the same Redis, under the same server config, whose
endpoints do the least a move or a read could do:
    POST /bare/<gid>/append   parse the JSON body, XADD it as one entry to a stream, answer its id
    GET  /bare/<gid>/read     XRANGE a few entries of the game's log, answer them as JSON
Both apps answer GET /ping for the readiness check.
"""
from __future__ import annotations

import json
import os

import redis
from flask import Flask, jsonify, request

READ_COUNT = 5   # entries the bare read returns


def _client() -> redis.Redis:
    return redis.Redis.from_url(os.environ["REDIS_URL"])


def _ping():
    return "ok"


def service() -> Flask:
    from engines.core import register
    from service import create_app
    from tests.support.tiny import tiny

    register(tiny)
    app = create_app(_client())
    app.add_url_rule("/ping", "bench_ping", _ping)
    return app


def bare() -> Flask:
    app = Flask("bare")
    r = _client()

    @app.post("/bare/<gid>/append")
    def append(gid):
        body = request.get_json()
        entry_id = r.xadd(f"bench:{{{gid}}}:bare", {"r": json.dumps(body)})
        return jsonify({"id": entry_id.decode()})

    @app.get("/bare/<gid>/read")
    def read(gid):
        entries = r.xrange(f"tf:{{{gid}}}:log", "-", "+", count=READ_COUNT)
        return jsonify({"records": [json.loads(fields[b"r"]) for _id, fields in entries]})

    app.add_url_rule("/ping", "ping", _ping)
    return app
