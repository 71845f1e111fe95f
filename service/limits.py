"""Abuse bounds: per-client-address rate limits (flask-limiter, on the service's own Redis), and
the client's address itself (behind TRUSTED_PROXIES reverse proxies, from X-Forwarded-For)."""
from __future__ import annotations

import functools

from flask import Flask, current_app, g, request
from flask_limiter import Limiter


def client_address() -> str:
    return request.remote_addr or "unknown"


def install(app: Flask, storage_uri: str, storage_options: dict | None = None) -> Limiter:
    limiter = Limiter(key_func=client_address, app=app, storage_uri=storage_uri,
                      storage_options=storage_options or {}, strategy="fixed-window",
                      headers_enabled=True, key_prefix="tf:limits")
    app.extensions["tablefold.limiter"] = limiter
    if not limiter.enabled:   # RATELIMIT_ENABLED off: flask-limiter installed no hooks
        return limiter
    # only the routes that name a limit check one (`limited`), and only their answers carry its
    # headers: moves and reads pay nothing (the limiter's context lives on the request's own)
    app.before_request_funcs[None].remove(limiter._check_request_limit)
    app.teardown_request_funcs[None].remove(limiter._Limiter__release_context)
    funcs = app.after_request_funcs[None]
    inject = next(f for f in funcs if getattr(f, "args", None) == (limiter,))
    funcs[funcs.index(inject)] = lambda response: inject(response) if g.get("limited") else response
    return limiter


def limited(setting: str):
    """Bound how often one client address may call the view, by the app's `setting`
    (e.g. "30/minute;300/hour")."""
    def decorate(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            limiter = current_app.extensions["tablefold.limiter"]
            g.limited = True
            with limiter.limit(current_app.config[setting], scope=setting):
                return func(*args, **kwargs)
        return wrapper
    return decorate
