"""Headless Chromium (Debian's package, driven by Playwright), one browser per test module."""
from __future__ import annotations

import os

import pytest

from tests.browser.test_page import CHROMIUM, CHROMIUM_ARGS, unavailable


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        unavailable(f"{CHROMIUM} is missing (Debian: apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("Playwright for Python is not installed (pip install playwright)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
