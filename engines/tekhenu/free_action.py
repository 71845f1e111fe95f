"""Free actions: the extra action of Happiness 21 (page: "Bastet — festival") and Decree D23's at
game end: one of the six God actions with a value of your choice, no die, no scales; or skip it.
Both are an `extra` step."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.tekhenu import actions
from engines.tekhenu import data as D
from engines.tekhenu.moves import integer, text


def step_options(s, seat, step):
    out = [{"move": {"type": "skip"}}]
    for action in D.GODS:
        for value in range(1, 7):
            out += actions.as_options({"type": "extra", "action": action, "value": value},
                                      actions.options(s, seat, action, value, None))
    return out


def extra(t, seat, move, step):
    action = text(move.get("action"), "action")
    if action not in D.GODS:
        raise IllegalMove("bad_action", "A free action is one of the six God actions.")
    value = integer(move.get("value"), "value", 1, 6)
    params = actions.chosen_params(t.state, seat, action, value, None, move)
    t.emit(event("extra_taken", {"seat": seat, "action": action, "value": value,
                                 "why": step["why"]}))
    actions.perform(t, seat, action, value, None, params)


def skip(t, seat, move, step):
    t.emit(event("extra_skipped", {"seat": seat}))
