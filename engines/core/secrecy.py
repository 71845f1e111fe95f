"""Hidden information as zones, and a resampler that redeals it: the secrecy test's tool.

An engine names, for a viewer, the lists in its state that the viewer cannot see (other hands, a
deck's order, face-down offers). `redeal` pools the items of those zones and deals them back at
random, each zone keeping its size. An engine whose hidden parts hang together (an offer made of
cards still in the hand) overrides `Engine.resample` to keep them consistent. The viewer's view,
legal moves and the answers to its moves must not change.
"""
from __future__ import annotations

import copy
from typing import Any


def get_path(state: Any, path: list) -> Any:
    for key in path:
        state = state[key]
    return state


def redeal(state: Any, zones: list[list], rng) -> Any:
    """Pool the items of the zones (paths into `state`) and deal them back, sizes kept."""
    lists = [get_path(state, p) for p in zones]
    pool = [item for zone in lists for item in zone]
    rng.shuffle(pool)
    for zone in lists:
        n = len(zone)
        zone[:] = pool[:n]
        pool = pool[n:]
    return state


def resample(engine, state: Any, viewer: Any, rng) -> Any:
    """A copy of `state` with everything hidden from `viewer` redealt."""
    return engine.resample(copy.deepcopy(state), viewer, rng)
