"""The WSGI apps the benchmark serves, one factory each.

`service()` is the tablefold app as `tablefold serve` builds it: `service.create_app` with the
settings of the environment (REDIS_URL: the benchmark's Redis), which connects its own clients
(the follower's blocking reader included), plus the never-ending test engine `tiny` for the
synthetic games. Under gunicorn the benchmark runs `tablefold serve` itself (bench/serve.py);
this factory serves granian's WSGI server and the in-process breakdown.

`bare()` is the baseline, a plain Flask app on the same kind of Redis, whose endpoints do the
least a move or a read could do:
    POST /bare/<gid>/append   parse the JSON body, XADD it as one entry to a stream, answer its id
    GET  /bare/<gid>/read     XRANGE a few entries of the game's log, answer them as JSON
It answers GET /healthz for the readiness check, as the service does.
"""
from __future__ import annotations

import json
import os

READ_COUNT = 5   # entries the bare read returns


def service():
    from engines.core import register
    from service import create_app
    from service.config import from_env
    from tests.support.tiny import tiny

    register(tiny)
    return create_app(config=from_env())


def bare():
    import redis
    from flask import Flask, jsonify, request

    app = Flask("bare")
    r = redis.Redis.from_url(os.environ["REDIS_URL"])

    @app.post("/bare/<gid>/append")
    def append(gid):
        body = request.get_json()
        entry_id = r.xadd(f"bench:{{{gid}}}:bare", {"r": json.dumps(body)})
        return jsonify({"id": entry_id.decode()})

    @app.get("/bare/<gid>/read")
    def read(gid):
        entries = r.xrange(f"tf:{{{gid}}}:log", "-", "+", count=READ_COUNT)
        return jsonify({"records": [json.loads(fields[b"r"]) for _id, fields in entries]})

    app.add_url_rule("/healthz", "healthz", lambda: "ok")
    return app
