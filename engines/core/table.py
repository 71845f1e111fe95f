"""decide's scratch table: a copy of the state onto which each event is folded as it is made.

An automatic consequence (the next deal, a rules bot's pick, end-of-round scoring) then reads the
table as the events before it left it, and decide never touches the state it was given.
"""
from __future__ import annotations

import copy
from typing import Any


class Table:
    def __init__(self, engine, state: Any):
        self.engine = engine
        self.state = copy.deepcopy(state)
        self.events: list[dict] = []

    def emit(self, ev: dict) -> None:
        self.events.append(ev)
        self.state = self.engine.evolve(self.state, ev)
