"""Every answer the tests receive, checked against the service's own OpenAPI description: the
status must be one the operation declares, and a JSON body must validate against that status's
schema (openapi-schema-validator, the OpenAPI 3.0 dialect of JSON Schema)."""
from __future__ import annotations

import functools
import json
import re
from typing import Any

from jsonschema.exceptions import ValidationError
from openapi_schema_validator import OAS30Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT4


class SpecMismatch(AssertionError):
    pass


class Spec:
    def __init__(self, document: dict):
        self.document = document
        self.registry = Registry().with_resource("spec", Resource(document, DRAFT4))
        self.routes = []
        for path, ops in document["paths"].items():
            pattern = re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", path) + "$")
            for method, op in ops.items():
                self.routes.append((pattern, method.upper(), op, path))
        self.checked = 0

    def operation(self, method: str, path: str) -> dict | None:
        for pattern, m, op, template in self.routes:
            if m == method and pattern.match(path):
                return op, template
        return None

    def check(self, method: str, path: str, status: int, content_type: str, body: bytes) -> None:
        found = self.operation(method, path.split("?", 1)[0])
        if found is None:
            return  # the page, the docs: not part of the API
        op, template = found
        declared = op["responses"]
        if str(status) not in declared:
            raise SpecMismatch(f"{method} {path} answered {status}, which {op['operationId']} "
                               f"does not declare ({sorted(declared)})")
        content = declared[str(status)].get("content", {})
        media = content_type.split(";")[0].strip()
        if not content and not media and not body:   # an answer declared without a body
            self.checked += 1
            return
        if media not in content:
            raise SpecMismatch(f"{method} {path} {status} answered {media}, the description "
                               f"says {sorted(content)}")
        if media != "application/json":
            return
        document = json.loads(body)
        where = "/".join(p.replace("~", "~0").replace("/", "~1") for p in
                         ("paths", template, method.lower(), "responses", str(status), "content",
                          media, "schema"))
        validator = OAS30Validator({"$ref": f"urn:spec#/{where}"}, registry=self._root_registry)
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.path))
        if errors:
            e = errors[0]
            where = "/".join(map(str, e.absolute_path)) or "the body"
            raise SpecMismatch(f"{method} {path} {status}: at {where}: {e.message[:300]}")
        self.checked += 1

    @functools.cached_property
    def _root_registry(self) -> Registry:
        return Registry().with_resource("urn:spec", Resource(self.document, DRAFT4))


_SPEC: Spec | None = None


def spec() -> Spec:
    """The description as the service publishes it (built once, from an in-process app)."""
    global _SPEC
    if _SPEC is None:
        import fakeredis
        from flask.testing import FlaskClient

        from service import create_app
        app = create_app(fakeredis.FakeRedis())
        plain = FlaskClient(app, app.response_class)  # not itself checked against the spec
        _SPEC = Spec(plain.get("/openapi.json").get_json())
    return _SPEC


def check(method: str, path: str, status: int, headers: Any, body: bytes) -> None:
    content_type = headers.get("Content-Type") or headers.get("content-type") or ""
    spec().check(method, path, status, content_type, body)


class CheckedClient:
    """Flask's test client, every answer checked against the description (a mixin made into
    the app's test client class by tests/conftest.py)."""

    def open(self, *args, **kwargs):
        response = super().open(*args, **kwargs)
        request = response.request
        if kwargs.get("buffered") is False or response.is_streamed and \
                response.mimetype == "text/event-stream":
            found = spec().operation(request.method, request.path)
            if found is not None:
                assert str(response.status_code) in found[0]["responses"], \
                    f"{request.method} {request.path} answered {response.status_code}"
            return response
        check(request.method, request.path, response.status_code, response.headers,
              response.get_data())
        return response
