"""The application factory: configuration from the environment, one store, blueprints."""
from __future__ import annotations

import io
import os

import redis
from flask import Flask, current_app, request
from flask_smorest import Api

from engines.core import registered
from events.games import Games
from events.store import Store
from service import errors
from service.errors import ApiError

IMPORT_LIMIT = 16 << 20  # an exported log may be far larger than a move

MAX_BODY = 64 * 1024


def bounded_body() -> None:
    """A chunked body has no Content-Length for the size limit to check, and werkzeug would cut
    it short silently: read it here, up to the limit, and refuse what is longer (413)."""
    if request.content_length is not None or "chunked" not in \
            request.headers.get("Transfer-Encoding", "").lower():
        return
    limit = IMPORT_LIMIT if request.path == "/games/import" else current_app.config["MAX_CONTENT_LENGTH"]
    try:
        body = request.environ["wsgi.input"].read(limit + 1)
    except Exception:  # the server's own reader: a malformed chunk
        raise ApiError(400, "malformed_body", "The chunked request body is malformed.")
    if len(body) > limit:
        raise ApiError(413, "body_too_large", f"The request body is larger than {limit} bytes.")
    request.environ["wsgi.input"] = io.BytesIO(body)
    request.environ["CONTENT_LENGTH"] = str(len(body))
    request.environ.pop("HTTP_TRANSFER_ENCODING", None)


def create_app(redis_client: redis.Redis | None = None, config: dict | None = None) -> Flask:
    app = Flask(__name__)
    app.config.update(
        API_TITLE="tablefold",
        API_VERSION="1",
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        OPENAPI_SWAGGER_UI_PATH=None,
        MAX_CONTENT_LENGTH=MAX_BODY,
        ADMIN_TOKEN=os.environ.get("TABLEFOLD_ADMIN_TOKEN", ""),
        BOT_MOVES_PER_REQUEST=64,
    )
    app.config.update(config or {})
    if redis_client is None:
        redis_client = redis.Redis.from_url(os.environ.get("REDIS_URL", "redis://localhost:6379/0"))
    app.extensions["tablefold"] = Games(Store(redis_client))

    api = Api(app)
    errors.install(app)  # after Api, whose own handlers it replaces
    app.before_request(bounded_body)
    from service.api import blp as games_blp
    from service.watch import blp as watch_blp
    api.register_blueprint(games_blp)
    api.register_blueprint(watch_blp)
    from service.pages import pages  # the web page: plain Flask, not part of the OpenAPI spec
    app.register_blueprint(pages)
    for engine in registered().values():
        for move_type, schema in engine.moves_schema.items():
            api.spec.components.schema(f"{engine.name}.{move_type}", schema=schema)
    return app
