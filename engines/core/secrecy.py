"""Hidden information as zones, and a resampler that redeals it: the secrecy test's tool.

An engine names, for a viewer, the lists in its state that the viewer cannot see (other hands, a
deck's order, face-down offers). `resample` pools the items of those zones and deals them back at
random, each zone keeping its size. The viewer's view, legal moves and refusals must not change.
"""
from __future__ import annotations

import copy
from typing import Any

from engines.core.contract import Engine


def get_path(state: Any, path: list) -> Any:
    for key in path:
        state = state[key]
    return state


def resample(engine: Engine, state: Any, viewer: Any, rng) -> Any:
    """A copy of `state` with everything hidden from `viewer` redealt."""
    out = copy.deepcopy(state)
    zones = [get_path(out, p) for p in engine.hidden_zones(out, viewer)]
    pool = [item for zone in zones for item in zone]
    rng.shuffle(pool)
    for zone in zones:
        n = len(zone)
        zone[:] = pool[:n]
        pool = pool[n:]
    return out
