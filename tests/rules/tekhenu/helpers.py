"""Stacked positions for Tekhenu's rule tests."""
from __future__ import annotations

import copy

from engines.core import derive_rng, expand, fold_events
from engines.tekhenu import engine
from engines.tekhenu import data as D

E = engine


def started(players=2, seed="t", options=None):
    """A game folded from setup through Decrees, draft and Destiny to round 1 of play."""
    options = E.load_options(options or {})
    events = E.setup(players, options, derive_rng(seed, 1))
    s = fold_events(E, players, options, events)
    n = 2
    while s["phase"] != "play" or s["pending"]:
        seat = E.awaited(s)[0]
        move = next(expand(E.legal_moves(s, seat)[0]))
        s = apply(s, seat, move, seed=f"{seed}{n}")
        n += 1
    return s


def apply(s, seat, move, seed="m"):
    """decide + evolve; returns the new state (the old one is untouched)."""
    events = E.decide(s, seat, move, derive_rng(seed, 5))
    s = copy.deepcopy(s)
    for ev in events:
        s = E.evolve(s, ev)
    return s


def run(s, seat, move, seed="m"):
    events = E.decide(s, seat, move, derive_rng(seed, 5))
    new = copy.deepcopy(s)
    for ev in events:
        new = E.evolve(new, ev)
    return new, events


def table(players=2, seed="t", **fields):
    """Round 1, seat order 0..n-1, every die in supply, plain supplies for everyone."""
    s = started(players, seed)
    s["order"] = list(range(players))
    s["turn"] = 0
    s["wheel"] = 0
    for sec in s["sections"]:
        sec.clear()
    s["supply"] = list(range(len(D.DIE_COLOUR)))
    for p in s["p"]:
        p.update({"papyrus": 0, "bread": 0, "limestone": 0, "granite": 0, "gold": 0,
                  "scribes": 0, "faith": 0, "vp": 0, "population": 3, "happiness": 1,
                  "production": {r: 1 for r in D.RESOURCES},
                  "excess": {r: 0 for r in D.RESOURCES}, "cards": [], "milestones": []})
    for k in range(4, 8):   # filler: brown dice in Osiris's Shaded section, so play goes on
        put(s, 5, "brown", 1, k)
    s.update(fields)
    return s


def die_of(colour, k=0):
    return [i for i, c in enumerate(D.DIE_COLOUR) if c == colour][k]


def put(s, section, colour, value, k=0):
    """Put a die of `colour` (the k-th of that colour) into `section` with `value`."""
    die = die_of(colour, k)
    s["supply"].remove(die)
    s["sections"][section].append({"id": die, "value": value})
    return die


def section_of(god):
    return D.GODS.index(god)


def give(s, seat, **kw):
    s["p"][seat].update(kw)
    return s


def vp_gains(events, seat):
    return sum(ev["delta"].get("vp", 0) for ev in events
               if ev["type"] == "gain" and ev["seat"] == seat)
