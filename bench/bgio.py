"""boardgame.io 0.50, installed at bench time outside the repository, for one row of the
serving-model comparison (bench/bgio.js holds its game, server and clients).

`npm install boardgame.io@0.50` goes to a folder under the system's temporary directory, kept
between runs (a second run skips the install); nothing is added to the repository.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile

from bench.load import HERE
from bench.servers import Served

VERSION = "0.50"
FOLDER = os.path.join(tempfile.gettempdir(), f"tablefold-bench-boardgame.io-{VERSION}")
SCRIPT = os.path.join(HERE, "bgio.js")


def modules() -> str:
    return os.path.join(FOLDER, "node_modules")


def install(log=print) -> str:
    """The node_modules folder holding boardgame.io 0.50 (installed now unless it is there).
    Raises RuntimeError with npm's words when it cannot be installed."""
    if os.path.exists(os.path.join(modules(), "boardgame.io", "package.json")):
        return modules()
    npm = shutil.which("npm")
    if not shutil.which("node") or not npm:
        raise RuntimeError("node and npm are not installed")
    os.makedirs(FOLDER, exist_ok=True)
    log(f"  npm install boardgame.io@{VERSION} into {FOLDER} ...")
    proc = subprocess.run([npm, "install", "--no-audit", "--no-fund", "--no-save",
                           f"boardgame.io@{VERSION}"], cwd=FOLDER, capture_output=True, text=True,
                          timeout=600)
    if proc.returncode != 0:
        raise RuntimeError(f"npm install failed: {(proc.stderr or proc.stdout)[-500:]}")
    return modules()


def env() -> dict:
    return {"NODE_PATH": modules(), "NODE_ENV": "production"}


def server() -> Served:
    return Served("boardgame.io", ["node", SCRIPT, "server", "{port}"], env())


def version() -> str:
    import json
    try:
        with open(os.path.join(modules(), "boardgame.io", "package.json")) as f:
            return json.load(f)["version"]
    except (OSError, ValueError, KeyError):
        return "?"


def client_command(port: int) -> list[str]:
    return ["node", SCRIPT, "client", str(port)]
