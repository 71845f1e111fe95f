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


def _load_builtins() -> None:
    for name, target in BUILTIN.items():
        if name not in _engines:
            module, attr = target.split(":")
            _engines[name] = getattr(importlib.import_module(module), attr)


def registered() -> dict[str, Engine]:
    _load_builtins()
    return dict(sorted(_engines.items()))


def get_engine(name: str) -> Engine | None:
    _load_builtins()
    return _engines.get(name)
