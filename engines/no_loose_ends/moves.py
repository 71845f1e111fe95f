"""The moves of No Loose Ends: their schemas, and the body check decide relies on.

Planning:  {"type": "bid", "card": "red-7"}   increase your bid with a card from your hand
           {"type": "pass"}                   done planning (with no bid: a snitch)
           {"type": "double_cross"}           Double-Cross variant: pass as the first player to
                                              pass, take your bid back into hand and snitch
Tricks:    {"type": "play", "card": "blue-3"} play a card to the trick
           {"type": "cover", "card": "red-7"} after winning a trick: which eligible bid card to
                                              cover (asked only when more than one is eligible)
"""
from marshmallow import Schema, fields
from marshmallow.validate import OneOf

from engines.core import IllegalMove


class BidMove(Schema):
    type = fields.String(required=True, validate=OneOf(["bid"]))
    card = fields.String(required=True)


class PassMove(Schema):
    type = fields.String(required=True, validate=OneOf(["pass"]))


class DoubleCrossMove(Schema):
    type = fields.String(required=True, validate=OneOf(["double_cross"]))


class PlayMove(Schema):
    type = fields.String(required=True, validate=OneOf(["play"]))
    card = fields.String(required=True)


class CoverMove(Schema):
    type = fields.String(required=True, validate=OneOf(["cover"]))
    card = fields.String(required=True)


SCHEMAS = {"bid": BidMove, "pass": PassMove, "double_cross": DoubleCrossMove,
           "play": PlayMove, "cover": CoverMove}
WITH_CARD = {"bid", "play", "cover"}

EXAMPLES = {"bid": '{"type": "bid", "card": "red-7"}', "pass": '{"type": "pass"}',
            "double_cross": '{"type": "double_cross"}', "play": '{"type": "play", "card": "blue-3"}',
            "cover": '{"type": "cover", "card": "red-7"}'}


def parse(move) -> tuple[str, str | None]:
    """(type, card) of a well-formed move body; IllegalMove for anything else. decide is the
    authority, so it checks the body itself rather than trust the API's schema."""
    kind = move.get("type") if isinstance(move, dict) else None
    if not isinstance(kind, str) or kind not in SCHEMAS:
        raise IllegalMove("unknown_move", "A move is one of: " + ", ".join(EXAMPLES.values()) + ".")
    allowed = {"type", "card"} if kind in WITH_CARD else {"type"}
    extra = sorted(str(k) for k in move if k not in allowed)
    if extra:
        raise IllegalMove("bad_move", f"A {kind} move has no field {extra[0]!r}: "
                                      f"it is {EXAMPLES[kind]}.")
    if kind not in WITH_CARD:
        return kind, None
    card = move.get("card")
    if not isinstance(card, str):
        raise IllegalMove("bad_move", f"Name the card as a string: {EXAMPLES[kind]}.")
    return kind, card
