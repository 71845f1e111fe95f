"""The pages operators and client authors follow stay true to the code."""
from __future__ import annotations

from pathlib import Path

from service.config import SETTINGS

ROOT = Path(__file__).resolve().parents[1]


def test_the_deploy_page_names_every_setting_with_its_default():
    page = (ROOT / "docs" / "deploy.md").read_text()
    table = {}
    for line in page.splitlines():
        if line.startswith("| `"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            for name in cells[0].replace("`", "").split(","):
                table[name.strip()] = cells[1]
    for s in SETTINGS:
        assert s.env in table, f"docs/deploy.md does not name {s.env}"
        if isinstance(s.default, str) and s.default and "/" in s.default:
            assert s.default in table[s.env], f"{s.env}: the page says {table[s.env]}, the code {s.default}"
