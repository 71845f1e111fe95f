"""The README's curl walk-through works as written, against `tablefold serve`."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support.server import Server

README = Path(__file__).resolve().parents[1] / "README.md"


def walkthrough() -> str:
    section = README.read_text().split("## Play a game with curl", 1)[1]
    return re.search(r"```sh\n(.*?)```", section, re.S).group(1)


def test_the_curl_walkthrough_plays_a_move(tmp_path):
    if shutil.which("curl") is None:
        if os.environ.get("CI"):
            pytest.fail("CI must have curl for the README's walk-through")
        pytest.skip("curl is not installed here")
    with Server(tmp_path, workers=1) as server:
        script = walkthrough().replace("localhost:8000", server.base)
        for attempt in range(5):   # new tables, new tiles: the first legal move is always legal
            ran = subprocess.run(["bash", "-euo", "pipefail", "-c", script], capture_output=True,
                                 text=True, timeout=60)
            assert ran.returncode == 0, ran.stderr
            assert re.search(r'"recorded_at":[23],', ran.stdout), ran.stdout   # after the bot's, if first
            assert '"code"' not in ran.stdout and '"records":[' in ran.stdout
