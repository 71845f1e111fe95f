"""The registry the service reads: engine name -> engine object."""
from __future__ import annotations

import importlib

from engines.core.contract import Engine

# The games shipped with tablefold, as "module:attribute" so the registry loads lazily.
BUILTIN = {
    "tic-tac-trek": "engines.tic_tac_trek:engine",
    "trinket-trove": "engines.trinket_trove:engine",
    "trok": "engines.trok:engine",
    "no-loose-ends": "engines.no_loose_ends:engine",
    "iberian-gauge": "engines.iberian_gauge:engine",
    "trickdraw": "engines.trickdraw:engine",
    "barcelona": "engines.barcelona:engine",
    "tekhenu": "engines.tekhenu:engine",
    "tiletum": "engines.tiletum:engine",
    "imperial-steam": "engines.imperial_steam:engine",
}

_engines: dict[str, Engine] = {}


def register(engine: Engine) -> Engine:
    """Add an engine (tests register their own small engines this way)."""
    _engines[engine.name] = engine
    return engine


def _load(name: str) -> None:
    if name not in _engines and name in BUILTIN:
        module, attr = BUILTIN[name].split(":")
        _engines[name] = getattr(importlib.import_module(module), attr)


def registered() -> dict[str, Engine]:
    for name in BUILTIN:
        _load(name)
    return dict(sorted(_engines.items()))


def get_engine(name: str) -> Engine | None:
    """The engine called `name`; only its own package is imported."""
    if not isinstance(name, str):
        return None
    _load(name)
    return _engines.get(name)
