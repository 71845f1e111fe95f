"""The OpenAPI description is whole: a valid document, every route of the API in it, every
error code the service can send in its enum, and its examples (from a real game) valid against
their own schemas."""
from __future__ import annotations

import json

from openapi_spec_validator import validate

from service.errors import CODES
from service.examples import load
from tests.support.spec import spec


def test_the_description_is_valid_and_names_every_route(app):
    document = spec().document
    validate(document)
    import re
    # every rule but the web page's own (its blueprint), the description itself and /static
    page = ("pages.", "openapi_json", "docs", "docs_assets", "static")
    api_rules = {re.sub(r"<\w+:", "<", r.rule) for r in app.url_map.iter_rules()
                 if not r.endpoint.startswith(page)}
    described = {p.replace("{", "<").replace("}", ">") for p in document["paths"]}
    assert api_rules == described
    for path, ops in document["paths"].items():
        for method, op in ops.items():
            assert op["operationId"] and op["summary"], (method, path)
            for status, answer in op["responses"].items():
                if status.startswith("2"):
                    assert "content" in answer or status == "204", (method, path, status)
    enum = document["components"]["schemas"]["Error"]["properties"]["code"]["enum"]
    assert sorted(enum) == sorted(CODES)


def test_every_example_validates_against_its_operation():
    document = spec().document
    checked = 0
    for path, ops in document["paths"].items():
        for method, op in ops.items():
            for status, answer in op["responses"].items():
                example = answer.get("content", {}).get("application/json", {}).get("example")
                if example is not None:
                    spec().check(method.upper(), path.replace("{gid}", "G"), int(status),
                                 "application/json", json.dumps(example).encode())
                    checked += 1
    assert checked >= len(load()) , checked


def test_the_docs_page_is_served_from_the_package(client):
    page = client.get("/docs")
    assert page.status_code == 200 and b"/openapi.json" in page.data and b"https://" not in page.data
    script = client.get("/docs/assets/swagger-ui-bundle.js")
    assert script.status_code == 200 and len(script.data) > 100_000
