"""The six Actions (rules page, "The Actions"), a module each; the Joker performs another one
(turn.py names it when the die is taken). The Prospector Action of Prospect for Silver is in
prospect/underground.py."""
from __future__ import annotations

from engines.tiletum.actions import architect, character, contract, king, merchant, pawns
from engines.tiletum.prospect import underground

OPTIONS = {"architect": architect.options, "merchant": merchant.options,
           "character": character.options, "contract": contract.options,
           "prospector": underground.options}  # the Prospector Action, with Prospect for Silver


def action_moves(state, seat, ctx) -> list[dict]:
    """Concrete moves of the Action in ctx affordable with its AP (ctx may be hypothetical).
    The King Action asks for none: it moves the marker at once."""
    if ctx is None or ctx["ap"] < 1 or ctx["action"] not in OPTIONS:
        return []
    return OPTIONS[ctx["action"]](state, seat, ctx)


MOVES = {**pawns.MOVES, **architect.MOVES, **merchant.MOVES, **character.MOVES, **contract.MOVES}
EVENTS = {**pawns.EVENTS, **architect.EVENTS, **merchant.EVENTS, **character.EVENTS,
          **contract.EVENTS, **king.EVENTS}
