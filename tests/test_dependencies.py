"""What runs is what constraints.txt pins: the versions a fresh install resolves (./scripts/lock)
are the versions the suite tests, and the ones ./scripts/serve installs."""
from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def pinned() -> dict[str, str]:
    out = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            name, _, version = line.partition("==")
            out[name.lower().replace("_", "-")] = version
    return out


def test_every_installed_package_is_the_pinned_version():
    pins = pinned()
    wrong = {}
    for name, version in pins.items():
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            installed = None
        if installed != version:
            wrong[name] = (version, installed)
    assert not wrong, f"installed versions differ from constraints.txt (run ./scripts/test): {wrong}"


def test_every_direct_dependency_is_pinned_and_bounded_above():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    requirements = project["dependencies"] + project["optional-dependencies"]["test"]
    pins = pinned()
    for requirement in requirements:
        name = re.split(r"[<>=!\[ ]", requirement, 1)[0].lower().replace("_", "-")
        assert name in pins, f"{name} is not pinned in constraints.txt"
        assert "<" in requirement, f"{requirement} has no upper bound on its major version"
