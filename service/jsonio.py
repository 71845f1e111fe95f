"""JSON in and out of the service, through orjson.

Requests: orjson refuses what JSON allows in theory but a service must not (nesting deeper than
1024, lone surrogates, numbers beyond a double); every such body is malformed (400), never a 500.
The API's numbers are whole numbers, so a body holding any other number is refused too.
"""
from __future__ import annotations

import json
import re
from typing import Any

import orjson
from flask import Response, current_app
from flask.json.provider import JSONProvider

from service.errors import ApiError


def parse_body(data: bytes) -> Any:
    try:
        value = orjson.loads(data) if data else None
    except orjson.JSONDecodeError as e:
        raise ApiError("malformed_json", f"The request body is not JSON this service accepts: {e}.")
    if FRACTION.search(data) and has_fraction(value):
        raise ApiError("invalid_request", "Numbers in a request are whole numbers.",
                       errors={"body": ["a number with a fraction or an exponent"]})
    return value


# every JSON number with a fraction or an exponent has a digit right before its "." or "e": a
# body without one holds none, and the walk below is needed only when a string might hide it
FRACTION = re.compile(rb"[0-9][.eE]")


def has_fraction(value: Any) -> bool:
    if isinstance(value, float):
        return True
    if isinstance(value, dict):
        return any(has_fraction(v) for v in value.values())
    if isinstance(value, list):
        return any(has_fraction(v) for v in value)
    return False


def dumps(value: Any) -> bytes:
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:  # what orjson does not write (integers beyond 64 bits)
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def json_response(value: Any, status: int = 200) -> Response:
    return current_app.response_class(dumps(value), status=status, mimetype="application/json")


class OrjsonProvider(JSONProvider):
    """Flask's own JSON (jsonify, error pages) through orjson as well."""

    def dumps(self, obj, **kwargs) -> str:
        return dumps(obj).decode()

    def loads(self, s, **kwargs):
        return orjson.loads(s)

    def response(self, *args, **kwargs):
        value = args[0] if len(args) == 1 else (args or kwargs)
        return current_app.response_class(dumps(value), mimetype="application/json")
