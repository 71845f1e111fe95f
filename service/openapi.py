"""The OpenAPI description, built from the routes' own schemas, and the docs page at /docs
(Swagger UI, served from the swagger-ui-bundle package: no CDN)."""
from __future__ import annotations

import functools
import os

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from flask import Flask, Response, send_from_directory
from marshmallow import Schema, fields

from engines.core import registered
from service.endpoints import Operation, openapi_schema
from service.errors import CODES
from service.jsonio import dumps

MOVE_REFUSED = "move_refused"   # in a route's errors: the engine may refuse the move (422)

DOCS_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>tablefold API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script>SwaggerUIBundle({url: "/openapi.json", dom_id: "#docs", deepLinking: true});</script>
</body></html>
"""


class Error(Schema):
    code = fields.String(required=True, metadata={"enum": sorted(CODES),
                                                  "description": "what went wrong, for programs"})
    message = fields.String(required=True, metadata={"description": "what went wrong, for people"})
    version = fields.Integer(metadata={"description": "the game's current version (409, 422)"})
    errors = fields.Dict(metadata={"description": "field -> what is wrong with it (400)"})
    engines = fields.List(fields.String(), metadata={"description": "the games offered (404 unknown_engine)"})
    move_types = fields.List(fields.String(), metadata={"description": "the game's move types"})
    step = fields.Integer(metadata={"description": "the first step of a log that fails"})
    rematch = fields.String(metadata={"description": "the rematch already made (409 rematch_exists)"})
    details = fields.List(fields.String(), metadata={"description": "where the log diverges: the "
                                                     "paths that differ, old -> new"})


class MoveRefused(Schema):
    code = fields.String(required=True, metadata={
        "description": "the engine's own code (each game's page lists them), e.g. not_your_turn"})
    message = fields.String(required=True, metadata={"description": "the rules' reason, for the player"})
    version = fields.Integer(required=True)


def schema_name(schema) -> str:
    cls = schema if isinstance(schema, type) else type(schema)
    return cls.__name__


def build(operations: list[Operation]) -> dict:
    spec = APISpec("tablefold", "1", "3.0.3", plugins=[MarshmallowPlugin(schema_name)],
                   info={"description": "Turn-based tabletop games over HTTP. A seat proves itself "
                                        "with its bearer token; no token is a spectator."})
    spec.components.security_scheme("seat", {"type": "http", "scheme": "bearer",
                                             "description": "a seat's token (or the operator's)"})
    spec.components.schema("Error", schema=Error)
    spec.components.schema("MoveRefused", schema=MoveRefused)
    move_unions = []
    for engine in registered().values():
        mapping = {}
        for move_type, schema in engine.moves_schema.items():
            name = f"{engine.name}.{move_type}"
            spec.components.schema(name, openapi_schema(schema))
            mapping[move_type] = f"#/components/schemas/{name}"
        union = f"{engine.name}.Move"
        spec.components.schema(union, {"oneOf": [{"$ref": ref} for ref in mapping.values()],
                                       "discriminator": {"propertyName": "type", "mapping": mapping}})
        move_unions.append({"$ref": f"#/components/schemas/{union}"})
        spec.components.schema(f"{engine.name}.Options", openapi_schema(engine.options_schema))
    spec.components.schema("AnyMove", {"anyOf": move_unions,
                                       "description": "a move of the game's engine"})
    examples = load_examples()
    for op in operations:
        spec.path(path=op.path, operations={op.method.lower(): operation(op, examples.get(op.operation_id))})
    out = spec.to_dict()
    schemas = out["components"]["schemas"]
    schemas["MoveBody"]["properties"]["move"] = {
        "allOf": [{"$ref": "#/components/schemas/AnyMove"}],
        "description": "one of the game's moves: its engine's `<engine>.Move` (GET /engines lists "
                       "them); a legal-move option with its free parts filled in"}
    schemas["CreateGame"]["properties"]["options"]["anyOf"] = [
        {"$ref": f"#/components/schemas/{name}.Options"} for name in registered()]
    return out


def load_examples() -> dict:
    from service.examples import load
    return load()


def operation(op: Operation, examples: dict | None = None) -> dict:
    out = {"operationId": op.operation_id, "summary": op.summary, "tags": [op.tag],
           "responses": {}}
    if op.description:
        out["description"] = op.description
    if op.auth != "none":
        out["security"] = [{"seat": []}] + ([{}] if op.auth == "optional" else [])
    params = [{"in": "path", "name": name, "required": True,
               "schema": {"type": "integer" if kind == "int" else "string"}}
              for kind, name in _path_names(op.rule)]
    if op.query:
        params.append({"in": "query", "schema": op.query})
    if params:
        out["parameters"] = params
    examples = examples or {}
    if op.body:
        out["requestBody"] = {"required": True,
                              "content": {"application/json": {"schema": op.body}}}
        if "request" in examples:
            out["requestBody"]["content"]["application/json"]["example"] = examples["request"]
    elif op.operation_id == "importGame":
        log = {"schema": {"type": "string", "description": "an exported log: JSON Lines"}}
        out["requestBody"] = {"required": True, "content": {"application/x-ndjson": log,
                                                            "text/plain": log}}
    for status, answer in op.responses.items():
        if isinstance(answer, tuple):
            media, text = answer   # no media: an answer without a body
            out["responses"][str(status)] = {"description": text} if media is None else {
                "description": text, "content": {media: {"schema": {"type": "string"}}}}
        elif answer is None:
            out["responses"][str(status)] = {"description": "OK"}
        else:
            answers = answer if isinstance(answer, list) else [answer]
            schema = answers[0] if len(answers) == 1 else {"anyOf": answers}
            text = " Or: ".join((a.__doc__ or schema_name(a)).strip() for a in answers)
            out["responses"][str(status)] = {"description": text,
                                             "content": {"application/json": {"schema": schema}}}
    by_status: dict[int, list[str]] = {}
    generic = ("invalid_request", "malformed_json", "internal_error", "storage_unavailable")
    if op.method in ("POST", "PUT"):
        generic += ("body_too_large", "malformed_body", "body_timeout")
    for code in op.errors + generic:
        if code == MOVE_REFUSED:
            out["responses"]["422"] = {"description": "the rules refuse it (the engine's code)",
                                       "content": {"application/json": {
                                           "schema": {"$ref": "#/components/schemas/MoveRefused"}}}}
            continue
        by_status.setdefault(CODES[code][0], []).append(code)
    for status, codes in sorted(by_status.items()):
        out["responses"].setdefault(str(status), {
            "description": "; ".join(f"`{c}`: {CODES[c][1]}" for c in codes),
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}})
    for status, example in examples.get("responses", {}).items():
        content = out["responses"].get(status, {}).get("content", {}).get("application/json")
        if content is not None:
            content["example"] = example
    return out


def _path_names(rule: str) -> list[tuple[str, str]]:
    """(converter, name) of each variable part of a Flask rule."""
    import re
    return [(kind or "string", name) for kind, name in re.findall(r"<(?:(\w+):)?(\w+)>", rule)]


def install(app: Flask, operations: list[Operation]) -> None:
    described = functools.cache(lambda: dumps(build(operations)))

    @app.get("/openapi.json")
    def openapi_json():
        return Response(described(), mimetype="application/json")

    @app.get("/docs")
    def docs():
        return Response(DOCS_PAGE, mimetype="text/html")

    @app.get("/docs/assets/<path:name>")
    def docs_assets(name):
        import swagger_ui_bundle
        return send_from_directory(os.path.abspath(swagger_ui_bundle.swagger_ui_path), name,
                                   max_age=86400)
