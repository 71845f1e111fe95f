"""The API's routes, each declared once: its validation and its OpenAPI description come from
the same marshmallow schemas.

A request body is checked by a validator compiled (fastjsonschema) from the JSON Schema that
apispec derives from the route's marshmallow schema, the one the description publishes. A query
string is loaded by its marshmallow schema. Views return plain data; it is written as JSON.
"""
from __future__ import annotations

import functools
import inspect
import re
from dataclasses import dataclass, field
from typing import Any, Callable

import fastjsonschema
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin, OpenAPIConverter
from flask import Flask, Response, request
from marshmallow import Schema, ValidationError, missing

from service.errors import ApiError
from service.jsonio import json_response, parse_body

BODY = "tablefold.body"   # service/app.py puts a request's body there once it has read it

# --- schemas as validators ---------------------------------------------------------------------
_converter = OpenAPIConverter("3.0.3", lambda schema: None, APISpec("x", "1", "3.0.3"))


def openapi_schema(schema: type[Schema] | Schema) -> dict:
    """The schema as OpenAPI 3.0 writes it, nested schemas in place."""
    return _converter.schema2jsonschema(schema() if isinstance(schema, type) else schema)


def json_schema(schema: type[Schema] | Schema) -> dict:
    """The JSON Schema of a marshmallow schema, nested schemas written in place, with the
    defaults that marshmallow would fill in."""
    instance = schema() if isinstance(schema, type) else schema
    out = _converter.schema2jsonschema(instance)
    for name, f in instance.fields.items():
        key = f.data_key or name
        if f.load_default is not missing and key in out.get("properties", {}):
            default = f.load_default() if callable(f.load_default) else f.load_default
            out["properties"][key]["default"] = default
    return plain(out)


def plain(node: Any) -> Any:
    """OpenAPI 3.0's dialect made JSON Schema: `nullable` becomes a type that admits null."""
    if isinstance(node, list):
        return [plain(n) for n in node]
    if not isinstance(node, dict):
        return node
    out = {k: plain(v) for k, v in node.items() if k not in ("nullable", "discriminator", "example")}
    if node.get("nullable") and "type" in out:
        out["type"] = [out["type"], "null"]
    return out


@functools.cache
def compiled(schema: type[Schema]) -> Callable[[Any], Any]:
    return fastjsonschema.compile(json_schema(schema), use_default=True)


def validate(schema: type[Schema], data: Any, code: str = "invalid_request",
             message: str = "The request does not match its schema.") -> Any:
    """`data` checked against `schema` (defaults filled in), or a 400 naming the field."""
    try:
        return compiled(schema)(data)
    except fastjsonschema.JsonSchemaValueException as e:
        where = ".".join(e.path[1:]) or "body"
        raise ApiError(code, message, errors={where: [e.message.replace("data.", "", 1)
                                                      .replace("data ", "", 1)]})


# --- routes -------------------------------------------------------------------------------------
@dataclass
class Operation:
    rule: str
    method: str
    operation_id: str
    summary: str
    description: str
    tag: str
    body: type[Schema] | None = None
    query: type[Schema] | None = None
    responses: dict = field(default_factory=dict)  # status -> schema, or (media type, description)
    errors: tuple = ()                               # error codes the route may answer
    auth: str = "none"                               # none | optional | seat

    @property
    def path(self) -> str:
        return re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", self.rule)


class Routes:
    """Routes declared with their schemas, registered on an app by `install`."""

    def __init__(self, tag: str, description: str = ""):
        self.tag, self.description = tag, description
        self.operations: list[tuple[Operation, Callable]] = []

    def route(self, rule: str, method: str, operation_id: str, *, body=None, query=None,
              responses=None, errors=(), auth="none"):
        def decorate(func):
            doc = inspect.getdoc(func) or ""
            summary, _, rest = doc.partition("\n")
            op = Operation(rule, method, operation_id, summary.strip(), rest.strip(), self.tag,
                           body, query, responses or {200: None}, tuple(errors), auth)
            self.operations.append((op, func))
            return func
        return decorate

    def install(self, app: Flask) -> list[Operation]:
        for op, func in self.operations:
            app.add_url_rule(op.rule, op.operation_id, handler(op, func), methods=[op.method])
        return [op for op, _ in self.operations]


def handler(op: Operation, func: Callable) -> Callable:
    status = min(s for s in op.responses if s < 300)
    query_schema = op.query() if op.query else None
    query_defaults = {name: f.load_default() if callable(f.load_default) else f.load_default
                      for name, f in query_schema.fields.items()
                      if f.load_default is not missing} if query_schema else None
    takes = inspect.signature(func).parameters
    query_required = query_schema is not None and any(f.required for f in query_schema.fields.values())

    def view(**path):
        kwargs = dict(path)
        if query_schema is not None:
            kwargs["query"] = load_query(query_schema) if request.args or query_required \
                else dict(query_defaults)
        if op.body is not None:
            kwargs["body"] = validate(op.body, parse_body(body_of(request)))
        elif "raw" in takes:
            kwargs["raw"] = body_of(request)
        result = func(**kwargs)
        if isinstance(result, Response):
            return result
        if isinstance(result, tuple):
            result, code = result
            return json_response(result, code)
        return json_response(result, status)

    view.__name__ = op.operation_id
    return view


def body_of(req) -> bytes:
    """The request's body: as the app's first hook read it (service/app.py), or werkzeug's."""
    body = req.environ.get(BODY)
    return body if body is not None else req.get_data()


def load_query(schema: Schema) -> dict:
    try:
        return schema.load(request.args.to_dict())
    except ValidationError as e:
        raise ApiError("invalid_request", "The query does not match its schema.", errors=e.messages)
