"""The actions (page: "Actions"): the six God actions and Produce, one module each. Each module
says what the action may do now (`options`: a list of (fixed, choose) move parts, empty when it
cannot be taken) and does it (`perform`). Here: the dispatch, and what follows every action
(your cards that apply, the Horus statues' bonuses)."""
from __future__ import annotations

from engines.core import IllegalMove
from engines.tekhenu import cards
from engines.tekhenu.actions import bastet, hathor, horus, osiris, produce, ra, thoth

ACTION = {"horus": horus, "ra": ra, "hathor": hathor, "bastet": bastet, "thoth": thoth,
          "osiris": osiris, "produce": produce}
GODS = ("horus", "ra", "hathor", "bastet", "thoth", "osiris")


def options(s, seat, action, value, colour):
    """The ways `seat` may perform `action` with die `value`: a list of (fixed, choose) pairs,
    where choose maps a move field to the values it may take. Empty when it cannot."""
    module = ACTION.get(action)
    return module.options(s, seat, value, colour) if module else []


def perform(t, seat, action, value, colour, params):
    ACTION[action].perform(t, seat, value, colour, params)
    cards.after_action(t, seat, action)
    if action in GODS:
        horus.trigger(t, seat, action)


def match_params(templates, move):
    """The action's parameters if the move names one of the templates' choices, else None."""
    def same(v, o):
        return type(v) is type(o) and v == o
    for fixed, choose in templates:
        if all(same(move.get(k), v) for k, v in fixed.items()) and \
                all(any(same(move.get(k), o) for o in opts) for k, opts in choose.items()):
            params = dict(fixed)
            params.update({k: move[k] for k in choose})
            return params
    return None


def chosen_params(s, seat, action, value, colour, move):
    """The parameters of `move` for this action, or IllegalMove saying why not."""
    templates = options(s, seat, action, value, colour)
    if not templates:
        raise IllegalMove("action_not_possible", f"You cannot take {action} with a {value} "
                          "now: its cost, a free space or your supply is missing.")
    params = match_params(templates, move)
    if params is None:
        raise IllegalMove("bad_choice", f"Those choices are not open for {action} with a "
                                        f"{value} (see the legal moves).")
    return params


def as_options(base: dict, templates) -> list[dict]:
    """Legal-move options: the base move with each template's fixed and free parts."""
    out = []
    for fixed, choose in templates:
        mv = dict(base)
        mv.update(fixed)
        opt = {"move": mv}
        if choose:
            opt["choose"] = {k: {"one_of": list(v)} for k, v in choose.items()}
        out.append(opt)
    return out
