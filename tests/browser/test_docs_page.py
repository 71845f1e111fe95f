"""The API's docs page (/docs, Swagger UI from the swagger-ui-bundle package) renders every
operation of the description in headless Chromium, with no request leaving the machine."""
from __future__ import annotations

import os

import pytest
import requests

from tests.support.server import Server

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def test_docs_render_every_operation(tmp_path):
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the browser tests: {CHROMIUM} is missing")
        pytest.skip(f"{CHROMIUM} is missing (Debian: apt-get install chromium)")
    from playwright.sync_api import sync_playwright
    with Server(tmp_path, workers=1) as server:
        spec = requests.get(f"{server.base}/openapi.json", timeout=10).json()
        operations = [op["operationId"] for ops in spec["paths"].values() for op in ops.values()]
        outside = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page()
            page.on("request", lambda r: outside.append(r.url)
                    if not r.url.startswith(server.base) else None)
            page.goto(f"{server.base}/docs")
            page.wait_for_selector(".opblock", timeout=20_000)
            shown = page.eval_on_selector_all(".opblock", "els => els.map(e => e.id)")
            browser.close()
        for op in operations:
            assert any(op in element for element in shown), f"/docs does not show {op}"
        assert outside == [], f"/docs fetched from outside: {outside}"
