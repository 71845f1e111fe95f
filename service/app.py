"""The application factory: configuration from the environment, the store, the follower, routes."""
from __future__ import annotations

import contextlib
import functools
import io
import logging

from flask import Flask, current_app, request
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.wsgi import get_input_stream

from events.follow import Follower
from events.games import Games
from events.store import Store
from service import errors, limits, ops
from service.config import from_env
from service.errors import ApiError
from service.jsonio import OrjsonProvider

MAX_BODY = 64 * 1024


def bounded_body() -> None:
    """Read the body before the view does, up to the route's limit and within BODY_SECONDS: a
    chunked body has no Content-Length for the limit to check (werkzeug would cut it short
    silently), and a client sending its body slowly must not hold a worker."""
    environ = request.environ
    chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
    if not chunked and not environ.get("CONTENT_LENGTH"):
        return  # no body (a read): nothing to bound
    limit = current_app.config["IMPORT_MAX_BYTES"] if request.path == "/games/import" \
        else current_app.config["MAX_CONTENT_LENGTH"]
    request.max_content_length = limit
    if request.content_length is not None and request.content_length > limit:
        raise ApiError("body_too_large", f"The request body is larger than {limit} bytes.")
    try:
        with deadline(current_app.config["BODY_SECONDS"]):
            # Content-Length bounds the read (werkzeug's own server hands over the raw socket)
            body = get_input_stream(environ, safe_fallback=False).read(limit + 1)
    except TimeoutError:
        raise ApiError("body_timeout", "The request body did not arrive in time.")
    except Exception:  # the server's own reader: a malformed chunk
        raise ApiError("malformed_body", "The request body is malformed.")
    if len(body) > limit:
        raise ApiError("body_too_large", f"The request body is larger than {limit} bytes.")
    request.environ["wsgi.input"] = io.BytesIO(body)
    request.environ["CONTENT_LENGTH"] = str(len(body))
    request.environ.pop("HTTP_TRANSFER_ENCODING", None)


def deadline(seconds: float):
    """A time limit on what follows, under gevent's worker (elsewhere the server's own)."""
    timeout = _gevent_timeout()
    return timeout(seconds, TimeoutError) if timeout else contextlib.nullcontext()


@functools.cache
def _gevent_timeout():
    """gevent's Timeout when this process is gevent's (its worker patches before the app loads)."""
    try:
        import gevent
        from gevent import monkey
    except ImportError:
        return None
    return gevent.Timeout if monkey.is_module_patched("socket") else None


def ready(store: Store) -> str:
    """What keeps the service from serving, or "": Redis must answer and hold our scripts (a
    Redis that restarted empty gets them loaded again)."""
    try:
        if not store.scripts_loaded():
            store.load_scripts()
        return "" if store.scripts_loaded() else "the scripts are not loaded in Redis"
    except Exception as e:  # any failure to reach Redis is the answer
        return f"Redis does not answer: {type(e).__name__}: {e}"


def create_app(redis_client=None, config: dict | None = None, reader=None) -> Flask:
    """The service. With no client, it connects to REDIS_URL (a cluster node when
    TABLEFOLD_REDIS_CLUSTER is set); tests hand in a client of their own (and the client the
    follower subscribes through)."""
    app = Flask(__name__)
    app.json = OrjsonProvider(app)
    app.config.update(from_env())
    app.config.update(MAX_CONTENT_LENGTH=MAX_BODY, RATELIMIT_STORAGE="memory://")
    app.config.update(config or {})
    cfg = app.config
    if redis_client is None:
        from service.redis_client import connect, storage_uri, subscriber
        url = cfg["REDIS_URL"] or "redis://localhost:6379/0"
        redis_client = connect(url, cfg["REDIS_CLUSTER"])
        reader = subscriber(url, cfg["REDIS_CLUSTER"], cfg["STREAM_KEEPALIVE"])
        cfg["RATELIMIT_STORAGE"] = storage_uri(url, cfg["REDIS_CLUSTER"])
    games = Games(Store(redis_client), idle_seconds=cfg["IDLE_DAYS"] * 86400)
    app.extensions["tablefold"] = games
    app.extensions["tablefold.follower"] = Follower(
        games, reader or redis_client, keepalive_seconds=cfg["STREAM_KEEPALIVE"])
    if cfg["TRUSTED_PROXIES"]:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=cfg["TRUSTED_PROXIES"],
                                x_proto=cfg["TRUSTED_PROXIES"])
    logging.getLogger("tablefold").setLevel(logging.INFO)

    ops.install(app, lambda: ready(games.store))
    errors.install(app)
    limits.install(app, cfg["RATELIMIT_STORAGE"],
                   {"socket_timeout": 2} if cfg["RATELIMIT_STORAGE"].startswith("redis") else None)
    app.before_request(bounded_body)
    from service import api, live, openapi, watch
    operations = []
    for routes in (api.routes, watch.routes, live.routes, ops.routes):
        operations += routes.install(app)
    openapi.install(app, operations)
    from service.pages import pages  # the web page: plain Flask, not part of the OpenAPI spec
    app.register_blueprint(pages)
    return app
