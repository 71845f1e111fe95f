"""The application factory: configuration from the environment, the store, the follower, routes."""
from __future__ import annotations

import contextlib
import functools
import io
import logging

from flask import Flask, current_app, request
from werkzeug.exceptions import HTTPException
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.wsgi import get_input_stream

from events.follow import Follower
from events.gathered import Gathered
from events.games import Games
from events.store import Store
from service import errors, limits, ops
from service.config import from_env
from service.endpoints import BODY
from service.errors import ApiError
from service.jsonio import OrjsonProvider

MAX_BODY = 64 * 1024


def bounded_body() -> None:
    """Read the body before the view does, up to the route's limit and within BODY_SECONDS: a
    chunked body has no Content-Length for the limit to check (werkzeug would cut it short
    silently), and a client sending its body slowly must not hold a worker."""
    req = request._get_current_object()  # one lookup through the context, not one per use
    environ = req.environ
    chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
    length = environ.get("CONTENT_LENGTH", "")
    if not chunked and not length:
        return  # no body (a read): nothing to bound
    config = current_app.config
    limit = config["IMPORT_MAX_BYTES"] if req.path == "/games/import" else config["MAX_CONTENT_LENGTH"]
    req.max_content_length = limit
    # the header itself, not werkzeug's content_length (which costs a move a few µs)
    if not chunked and length.isascii() and length.isdigit() and int(length) > limit:
        raise ApiError("body_too_large", f"The request body is larger than {limit} bytes.")
    received = environ["wsgi.input"]
    try:
        if getattr(received, "complete", False):   # service/httpd.py has the whole body in hand
            body = received.read(limit + 1)
        else:
            with deadline(config["BODY_SECONDS"]):
                # Content-Length bounds the read (werkzeug's own server hands over the raw socket)
                body = get_input_stream(environ, safe_fallback=False).read(limit + 1)
    except TimeoutError:
        raise ApiError("body_timeout", "The request body did not arrive in time.")
    except Exception:  # the server's own reader: a malformed chunk
        raise ApiError("malformed_body", "The request body is malformed.")
    if len(body) > limit:
        raise ApiError("body_too_large", f"The request body is larger than {limit} bytes.")
    environ["wsgi.input"] = io.BytesIO(body)
    environ[BODY] = body   # what the route reads, without werkzeug's stream around it
    environ["CONTENT_LENGTH"] = str(len(body))
    environ.pop("HTTP_TRANSFER_ENCODING", None)


def deadline(seconds: float):
    """A time limit on what follows, under gevent's worker (elsewhere the server's own)."""
    timeout = _gevent_timeout()
    return timeout(seconds, TimeoutError) if timeout else contextlib.nullcontext()


def on_hang_up(environ: dict, notify):
    """Call `notify()` as soon as the client closes the connection of this request, where the
    server hands over its socket (gunicorn's `gunicorn.socket`) under gevent; elsewhere a closed
    connection shows only when a write fails. Returns what stops the watch. A live stream waits
    for records, not for its client: without this it would hold its place (the per-address and
    per-game bounds) until its next keep-alive, up to STREAM_KEEPALIVE after the client left."""
    sock = environ.get("gunicorn.socket")
    if sock is None or _gevent_timeout() is None:
        return lambda: None
    import socket

    from gevent import get_hub

    # a watcher on the event loop rather than a greenlet per stream: an open stream costs no
    # greenlet's stack, and its opening no spawn and no kill
    raw = getattr(sock, "_sock", sock)   # the kernel's socket under gevent's, non-blocking
    watcher = get_hub().loop.io(sock.fileno(), 1)

    def readable():
        try:
            gone = raw.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
        except BlockingIOError:
            return   # nothing to read after all: keep watching
        except OSError:
            gone = True
        watcher.stop()
        if gone:   # readable with data: a client talking on a stream; left to the keep-alive
            notify()
    watcher.start(readable)
    return watcher.close


def event_queue():
    """A queue for what one greenlet hands another: gevent's own (compiled) under gevent's worker,
    where the standard library's, patched, takes Python-level locks on every put and get."""
    if _gevent_timeout() is None:
        import queue
        return queue.Queue()
    from gevent.queue import Queue
    return Queue()


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


class Service(Flask):
    """Flask, with two answers kept instead of worked out on every request: whether a view or
    hook is a coroutine (`inspect` on each of a request's hooks), and which route a method and
    path match (werkzeug binds an adapter to the request's host and walks its routing state
    machine: about a tenth of a move's CPU, for an answer that depends on the two alone)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._sync: dict = {}
        self.matched = functools.lru_cache(maxsize=4096)(self._match)

    def ensure_sync(self, func):
        sync = self._sync.get(func)
        if sync is None:
            sync = self._sync[func] = super().ensure_sync(func)
        return sync

    def create_url_adapter(self, request):
        # with SERVER_NAME or TRUSTED_HOSTS the host takes part in routing: Flask's own way
        if request is None or self.config["SERVER_NAME"] or self.config["TRUSTED_HOSTS"]:
            return super().create_url_adapter(request)
        return RememberedRoutes(self, request)

    def _match(self, method: str, path: str):
        """(rule, arguments) of the route `method` and `path` reach, or None when they reach
        none as they stand (a 404, a 405, a redirect: the request's own adapter answers those,
        as its host and scheme go into a redirect)."""
        try:
            return self.url_map.bind("", default_method=method, path_info=path).match(
                return_rule=True)
        except HTTPException:
            return None


class RememberedRoutes:
    """A request's URL adapter: a match answered from the app's memory of (method, path); the
    adapter bound to the request (url_for, anything else) built only when asked for."""

    __slots__ = ("app", "request", "_bound")

    def __init__(self, app: Service, request):
        self.app, self.request, self._bound = app, request, None

    def match(self, path_info=None, method=None, return_rule=False, query_args=None,
              websocket=None):
        environ = self.request.environ
        path = environ.get("PATH_INFO") or "/"
        if return_rule and path_info is None and method is None and path.isascii():
            found = self.app.matched(environ["REQUEST_METHOD"], path)
            if found is not None:
                return found[0], dict(found[1])   # the view may change its arguments
        return self.bound.match(path_info, method, return_rule, query_args, websocket)

    @property
    def bound(self):
        if self._bound is None:
            self._bound = Flask.create_url_adapter(self.app, self.request)
        return self._bound

    def __getattr__(self, name):
        return getattr(self.bound, name)


def create_app(redis_client=None, config: dict | None = None, reader=None) -> Flask:
    """The service. With no client, it connects to REDIS_URL (a cluster node when
    TABLEFOLD_REDIS_CLUSTER is set); tests hand in a client of their own (and the client the
    follower subscribes through)."""
    app = Service(__name__)
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
    mux = None
    if _gevent_timeout() is not None:   # one connection for the worker's script calls
        from service.redis_mux import for_client
        mux = for_client(redis_client)
    games = Games(Store(redis_client, mux), idle_seconds=cfg["IDLE_DAYS"] * 86400)
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
    app.extensions["tablefold.ended_streams"] = Gathered(games.store.close_streams,
                                                         live.ENDS_GATHERED_SECONDS)
    from service.pages import pages  # the web page: plain Flask, not part of the OpenAPI spec
    app.register_blueprint(pages)
    return app
