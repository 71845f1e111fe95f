"""Request bodies: webargs' JSON parsing, hardened, and the Blueprint that uses it.

Python's json refuses what JSON allows in theory but a service must not: nesting deep enough to
exhaust the recursion limit, integers of thousands of digits, lone surrogates that can never be
encoded again. Each is a malformed body (400), never a 500.
"""
from __future__ import annotations

import json

import flask_smorest
from webargs import core
from webargs.flaskparser import FlaskParser

from service.errors import ApiError


def ensure_encodable(data) -> None:
    """Raise ValueError unless `data` can be written back as UTF-8 JSON."""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except (UnicodeEncodeError, RecursionError) as e:
        raise ValueError(str(e)) from e


class JsonParser(FlaskParser):
    def _raw_load_json(self, req):
        try:
            data = super()._raw_load_json(req)
        except json.JSONDecodeError:
            raise  # webargs answers these itself (400 malformed_json)
        except (RecursionError, ValueError):
            raise ApiError(400, "malformed_json", "The request body is not JSON this service accepts "
                           "(nested too deeply, or a number too long).")
        if data is not core.missing:
            try:
                ensure_encodable(data)
            except ValueError:
                raise ApiError(400, "malformed_json", "The request body holds text that is not "
                               "valid Unicode (a lone surrogate).")
        return data


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = JsonParser()
