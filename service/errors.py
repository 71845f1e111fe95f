"""Every failure becomes one JSON shape: {"code", "message"} plus the details named below. The
codes are one table, which the OpenAPI description publishes as the error schema's enum."""
from __future__ import annotations

import logging

import redis
from flask import Flask
from werkzeug.exceptions import HTTPException

# code -> (HTTP status, what it means). A move the rules refuse (422) carries the engine's own
# code instead (see each game's page); those are not listed here.
CODES: dict[str, tuple[int, str]] = {
    "malformed_json": (400, "the body is not JSON this service accepts"),
    "malformed_body": (400, "the request body could not be read (a broken chunked body)"),
    "bad_http_request": (400, "the request is not valid HTTP/1.1 (answered by the server, which "
                              "then closes the connection)"),
    "headers_too_large": (431, "the request line and headers exceed 64 KiB or 100 fields"),
    "invalid_request": (400, "the body or query does not match its schema; `errors` says where"),
    "invalid_move": (400, "the move body does not match its move type's schema; `errors` says where"),
    "unknown_move_type": (400, "the move's type is not a move of this game; `move_types` lists them"),
    "invalid_options": (400, "the table options are not valid; `errors` says where"),
    "player_count": (400, "the game is not played by that many seats"),
    "bad_claim": (400, "the seat to claim is not a human seat of the table"),
    "bad_side": (400, "the side asked for is not a seat of the game or `all`"),
    "bad_log": (400, "the file is not a tablefold log; the message says where"),
    "bad_websocket_request": (400, "a WebSocket request needs version 13 and a valid key"),
    "websocket_unavailable": (400, "the server does not take WebSocket connections; use the "
                                   "server-sent events"),
    "bad_message": (400, "a WebSocket message is not a JSON object with a known `type`"),
    "bad_token": (401, "the Authorization header is not `Bearer <token>`"),
    "token_required": (401, "only a seated player may do this: send the seat's token"),
    "unknown_token": (401, "the token is not a seat of any game"),
    "bad_ticket": (401, "the stream ticket is unknown or expired"),
    "wrong_game": (403, "the token is a seat of another game"),
    "not_a_seat": (403, "the operator token holds no seat"),
    "read_only": (403, "the game is hosted read-only, for watching and replay"),
    "seed_forbidden": (403, "only the operator may fix a seed"),
    "open_view_forbidden": (403, "the open view is for finished games and the operator"),
    "side_forbidden": (403, "another seat's side is shown once the game is over"),
    "export_forbidden": (403, "a log is exported once the game is over, or by the operator"),
    "bad_join_code": (403, "the join code is unknown or was used"),
    "seat_taken": (409, "the seat of the open table is taken"),
    "not_operator": (403, "only the operator may do this"),
    "not_running": (409, "the game is over"),
    "not_handed_over": (409, "no bot plays that seat"),
    "not_over": (409, "the game is still being played"),
    "rematch_exists": (409, "a rematch of this game was made already; `rematch` names it"),
    "no_such_game": (404, "there is no such game (or it expired)"),
    "no_such_step": (404, "the game has no such step; `version` is its last"),
    "unknown_engine": (404, "no game of that name is offered; `engines` lists them"),
    "no_renderer": (404, "the game has no renderer of its own"),
    "not_found": (404, "no such address"),
    "method_not_allowed": (405, "the address does not take that method"),
    "stale_version": (409, "the game moved on since `expected_version`; `version` is the current one"),
    "move_id_reused": (409, "the move_id was used for another move; `version` is the current one"),
    "engine_version": (409, "the game was recorded by an engine version this server cannot fold"),
    "body_timeout": (408, "the body did not arrive within the time a client has for it"),
    "body_too_large": (413, "the body is larger than the limit in the message"),
    "unsupported_media_type": (415, "send the body as application/json"),
    "log_engine_version": (422, "the log's engine or engine version is not offered here"),
    "log_diverges": (422, "the log does not replay; `step` is the first step that fails"),
    "log_too_long": (422, "the log holds more records than an import accepts"),
    "too_many_requests": (429, "a rate limit was reached; Retry-After says when to try again"),
    "too_many_streams": (429, "too many live streams are open for this game or client address"),
    "internal_error": (500, "the server failed to answer (a bug: the log says more)"),
    "storage_unavailable": (503, "the game store is unreachable; nothing was changed; retry"),
    "outcome_unknown": (503, "the store failed while recording the move: it may or may not be "
                             "recorded; retry with the same move_id, or read the game"),
}


class ApiError(Exception):
    def __init__(self, code: str, message: str, status: int | None = None, headers=None,
                 **details):
        super().__init__(message)
        assert code in CODES, f"an error code the table does not list: {code}"
        self.status = status or CODES[code][0]
        self.code, self.message, self.details, self.headers = code, message, details, headers or {}


class MoveRefused(Exception):
    """A move or undo the rules refuse: 422 with the engine's own code and reason."""

    def __init__(self, code: str, reason: str, version: int):
        super().__init__(reason)
        self.code, self.reason, self.version = code, reason, version


def error_response(status: int, code: str, message: str, headers=None, **details):
    from service.jsonio import json_response
    body = {"code": code, "message": message}
    body.update(details)
    response = json_response(body, status)
    for k, v in (headers or {}).items():
        response.headers[k] = v
    return response


HTTP_CODES = {400: "invalid_request", 404: "not_found", 405: "method_not_allowed",
              413: "body_too_large", 415: "unsupported_media_type", 429: "too_many_requests"}

log = logging.getLogger("tablefold")


def install(app: Flask) -> None:
    @app.errorhandler(ApiError)
    def api_error(e: ApiError):
        return error_response(e.status, e.code, e.message, e.headers, **e.details)

    @app.errorhandler(MoveRefused)
    def move_refused(e: MoveRefused):
        return error_response(422, e.code, e.reason, version=e.version)

    @app.errorhandler(HTTPException)
    def http_error(e: HTTPException):
        code = HTTP_CODES.get(e.code, "invalid_request" if (e.code or 500) < 500 else "internal_error")
        headers = {}
        if e.code == 429:
            headers["Retry-After"] = str(getattr(e, "retry_after", None) or 1)
            message = f"Too many requests: the limit is {e.description}."
        elif e.code == 413:
            message = "The request body is too large."
        else:
            message = e.description or e.name
        if e.code == 405 and getattr(e, "valid_methods", None):   # the methods the path takes
            headers["Allow"] = ", ".join(sorted(e.valid_methods))
        return error_response(e.code or 500, code, message, headers)

    @app.errorhandler(redis.exceptions.ConnectionError)
    @app.errorhandler(redis.exceptions.TimeoutError)
    @app.errorhandler(redis.exceptions.BusyLoadingError)
    def storage_unavailable(e: Exception):
        # nothing was written (a move whose outcome is unknown is answered apart): retry
        from service.ops import REDIS_ERRORS
        REDIS_ERRORS.labels("unavailable").inc()
        log.warning("storage unavailable: %s", e)
        return error_response(503, "storage_unavailable",
                              "The game store is unreachable; nothing was changed. Retry in a moment.",
                              {"Retry-After": "1"})

    @app.errorhandler(Exception)
    def unexpected(e: Exception):
        log.exception("unhandled error")
        return error_response(500, "internal_error", "The server failed to answer this request.")
