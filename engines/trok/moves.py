"""TRÖK's moves: one schema per move type, and the body checks decide relies on.

Cards are named ("pickaxe" ... "hammer", "arcane_stone"); a list of cards is a multiset, in any
order. decide is the authority, so it checks each body itself rather than trust the API's schema.
"""
from __future__ import annotations

from marshmallow import Schema, fields
from marshmallow.validate import Length, OneOf, Range

from engines.core import IllegalMove
from engines.core.moves import move_kind
from engines.trok.cards import CARDS, TYPES

_card = fields.String(validate=OneOf(CARDS))


def _type(name):
    return fields.String(required=True, validate=OneOf([name]))


class OfferMove(Schema):
    """2. Trök: the three cards you lay face down (secret; change it until the last seat commits)."""
    type = _type("offer")
    cards = fields.List(_card, required=True, validate=Length(equal=3))


class AppointMove(Schema):
    """2. Trök, a tie: the previous Trade Master hands the token to one of the tied seats."""
    type = _type("appoint")
    seat = fields.Integer(required=True, strict=True, validate=Range(min=0))


class TakeMove(Schema):
    """Trading: take `card` from seat `from`'s offer; keep it, or trade it for `swap` at the market."""
    type = _type("take")
    from_ = fields.Integer(required=True, strict=True, data_key="from", validate=Range(min=0))
    card = fields.String(required=True, validate=OneOf(CARDS))
    swap = fields.String(allow_none=True, load_default=None, validate=OneOf(CARDS))


class GiveMove(Schema):
    """End of trading: the Trade Master gives the shortchanged seat a card from their hand."""
    type = _type("give")
    card = fields.String(required=True, validate=OneOf(CARDS))


class IdenticalMove(Schema):
    """3. Combination: at least 3 identical cards, counted `as` one equipment type."""
    type = _type("identical")
    cards = fields.List(_card, required=True, validate=Length(min=3))
    as_ = fields.String(required=True, data_key="as", validate=OneOf(TYPES))


class DifferentMove(Schema):
    """3. Combination: at least 3 all-different cards, and the Upgrade(s) taken, as positions in
    the row (0 is the first card)."""
    type = _type("different")
    cards = fields.List(_card, required=True, validate=Length(min=3, max=8))
    picks = fields.List(fields.Integer(strict=True, validate=Range(min=0)), required=True,
                        validate=Length(max=2))


class DoneMove(Schema):
    """3. Combination: end your turn; with Carts, the unused cards to store (no Arcane Stone)."""
    type = _type("done")
    store = fields.List(fields.String(validate=OneOf(TYPES)), load_default=list)


MOVES = {"offer": OfferMove, "appoint": AppointMove, "take": TakeMove, "give": GiveMove,
         "identical": IdenticalMove, "different": DifferentMove, "done": DoneMove}

EXAMPLES = {
    "offer": '{"type": "offer", "cards": ["hammer", "pickaxe", "arcane_stone"]}',
    "appoint": '{"type": "appoint", "seat": 2}',
    "take": '{"type": "take", "from": 1, "card": "armor", "swap": null}',
    "give": '{"type": "give", "card": "ration"}',
    "identical": '{"type": "identical", "cards": ["helmet", "helmet", "arcane_stone"], "as": "helmet"}',
    "different": '{"type": "different", "cards": ["pickaxe", "gloves", "hammer"], "picks": [0]}',
    "done": '{"type": "done", "store": ["hammer"]}',
}


def move_type(move) -> str:
    """The move's type, once its body has the fields of that type and no others."""
    return move_kind(move, MOVES, "That is not a TRÖK move. Moves: " + ", ".join(MOVES) + ".",
                     {kind: f"Example: {body}" for kind, body in EXAMPLES.items()})


def card(value, field: str, allowed=CARDS) -> str:
    if isinstance(value, str) and value in allowed:
        return value
    raise IllegalMove("bad_move", f"{field} must name a card: " + ", ".join(allowed) + ".")


def card_list(value, field: str, allowed=CARDS) -> list[str]:
    if not isinstance(value, list):
        raise IllegalMove("bad_move", f"{field} must be a list of cards.")
    return [card(v, f"Each of {field}", allowed) for v in value]


def integer(value, field: str) -> int:
    if type(value) is int:  # bool is an int subclass: True is not seat 1
        return value
    raise IllegalMove("bad_move", f"{field} must be a whole number.")


def integer_list(value, field: str) -> list[int]:
    if not isinstance(value, list):
        raise IllegalMove("bad_move", f"{field} must be a list of whole numbers.")
    return [integer(v, f"Each of {field}") for v in value]
