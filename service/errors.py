"""Every failure becomes one JSON shape: {"code": ..., "message": ...} plus details."""
from __future__ import annotations

import redis
from flask import Flask, jsonify
from werkzeug.exceptions import HTTPException


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str, **details):
        super().__init__(message)
        self.status, self.code, self.message, self.details = status, code, message, details


def error_response(status: int, code: str, message: str, **details):
    body = {"code": code, "message": message}
    body.update(details)
    return jsonify(body), status


HTTP_CODES = {400: "bad_request", 404: "not_found", 405: "method_not_allowed",
              413: "body_too_large", 415: "unsupported_media_type", 429: "too_many_requests"}


def install(app: Flask) -> None:
    @app.errorhandler(ApiError)
    def api_error(e: ApiError):
        return error_response(e.status, e.code, e.message, **e.details)

    @app.errorhandler(HTTPException)
    def http_error(e: HTTPException):
        data = getattr(e, "data", None) or {}
        messages = data.get("messages")
        if e.code == 400:  # webargs answers 400 only for a body that is not JSON at all
            return error_response(400, "malformed_json", "The request body is not valid JSON.")
        if messages is not None:
            # a body or query that failed its schema: the request is malformed, not illegal
            return error_response(400, "invalid_request", "The request does not match its schema.",
                                  errors=messages)
        code = HTTP_CODES.get(e.code, "http_error")
        return error_response(e.code or 500, code, e.description or e.name)

    @app.errorhandler(redis.exceptions.ConnectionError)
    @app.errorhandler(redis.exceptions.TimeoutError)
    @app.errorhandler(redis.exceptions.BusyLoadingError)
    def storage_unavailable(e: Exception):
        # Redis restarting: nothing acknowledged is lost; the client may simply retry
        response, status = error_response(503, "storage_unavailable",
                                          "The game store is restarting; retry in a moment.")
        response.headers["Retry-After"] = "1"
        return response, status

    @app.errorhandler(Exception)
    def unexpected(e: Exception):
        app.logger.exception("unhandled error")
        return error_response(500, "internal_error", "The server failed to answer this request.")
