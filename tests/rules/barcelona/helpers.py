"""Stack Barcelona positions directly, and play moves on them."""
import copy

from engines.core import derive_rng
from engines.barcelona import engine
from engines.barcelona.data import PRINTED_LAYOUT


def fresh(players=2, hands=None, first=0):
    """A started table with the printed Action layout and chosen opening hands."""
    state = engine.initial(players, {"layout": "printed"})
    hands = hands or [["working", "middle"] for _ in range(players)]
    ev = {"type": "table_set", "cerda_tiles": ["coins", "cloths", "services"],
          "tiles": ["wide", "narrow", "projects", "corners", "passengers", "cobblestones"],
          "display": [0, 1, 2, 3], "layout": dict(PRINTED_LAYOUT), "first": first, "hands": hands,
          "reveal": True}
    return engine.evolve(state, ev)


def play(state, seat, move, seed="t"):
    """decide then fold; returns (new state, events). The given state is untouched."""
    events = engine.decide(state, seat, move, derive_rng(seed, 5))
    new = copy.deepcopy(state)
    for ev in events:
        new = engine.evolve(new, ev)
    return new, events


def at_actions(state, crossing, seat=None):
    """The mover has stacked Citizens on `crossing` and may take its street actions."""
    seat = state["turn"] if seat is None else seat
    state["stacks"][crossing] = ["working", "middle"]
    state["p"][seat]["hand"] = []
    state["crossing"], state["phase"], state["used"] = crossing, "actions", []
    return state


def of(events, kind):
    return [e for e in events if e["type"] == kind]
