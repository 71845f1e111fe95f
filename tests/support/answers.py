"""The contract every engine's decide keeps, as one assertion the rule tests share."""
from __future__ import annotations

import copy
import json

from engines.core import IllegalMove, canonical


def assert_answers(engine, state, seat, move, rng) -> None:
    """decide answers any move with events that evolve cleanly or with an IllegalMove carrying a
    code and a reason, and never touches the state it was given."""
    before = canonical(state)
    try:
        events = engine.decide(state, seat, move, rng)
    except IllegalMove as err:
        assert err.code and err.reason
    else:
        assert json.loads(json.dumps(events)) == events
        new = copy.deepcopy(state)
        for ev in events:
            new = engine.evolve(new, ev)
    assert canonical(state) == before
