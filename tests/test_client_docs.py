"""The samplers docs/clients.md gives client authors, run as written against the legal-move
options of every engine: every move they choose is one the options allow."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from engines.core import random_playout
from engines.core.options import allows
from engines.core.registry import BUILTIN, get_engine

PAGE = Path(__file__).resolve().parents[1] / "docs" / "clients.md"


def block(language: str) -> str:
    return re.search(rf"```{language}\n(.*?)```", PAGE.read_text(), re.S).group(1)


def positions() -> list[list[dict]]:
    """The options of a few positions of a random game of every engine."""
    out = []
    for name in BUILTIN:
        engine = get_engine(name)

        def keep(state, *_):
            for seat in engine.awaited(state):
                options = engine.legal_moves(state, seat)
                if options and len(out) < 4000:
                    out.append(options)

        random_playout(engine, engine.min_players, {}, seed=f"docs-{name}", on_move=keep)
    return out


OPTIONS = positions()


def test_the_python_sampler_only_chooses_allowed_moves():
    scope: dict = {}
    exec(block("python"), scope)
    import random
    rng = random.Random(7)
    for options in OPTIONS:
        move = scope["sample"](options, rng)
        assert allows(options, move), (options, move)


def test_the_javascript_sampler_only_chooses_allowed_moves(tmp_path):
    if shutil.which("node") is None:
        import os
        if os.environ.get("CI"):
            pytest.fail("CI must have Node.js")
        pytest.skip("Node.js is not installed here")
    (tmp_path / "options.json").write_text(json.dumps(OPTIONS))
    script = block("javascript") + """
const fs = require("fs");
const all = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
let seed = 7;
const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
process.stdout.write(JSON.stringify(all.map((o) => sample(o, random))));
"""
    (tmp_path / "sample.cjs").write_text(script)
    out = subprocess.run(["node", str(tmp_path / "sample.cjs"), str(tmp_path / "options.json")],
                         capture_output=True, text=True, timeout=60, check=True)
    moves = json.loads(out.stdout)
    assert len(moves) == len(OPTIONS)
    for options, move in zip(OPTIONS, moves):
        assert allows(options, move), (options, move)
