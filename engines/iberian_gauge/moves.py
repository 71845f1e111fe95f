"""Iberian Gauge's moves: their schemas (for the API and its description), and the body checks
decide relies on (decide is the authority: it never trusts that a schema ran first)."""
from marshmallow import Schema, fields
from marshmallow.validate import Length, OneOf

from engines.core import IllegalMove
from engines.core.moves import move_kind
from engines.iberian_gauge.railroads import RAILROAD_IDS, STARTING_SHARE_VALUES


def _hex_field(**kw):
    return fields.List(fields.Integer(strict=True), validate=Length(equal=2), **kw)


class FloatMove(Schema):
    """Stock round: buy a Railroad's first Share, setting its starting Share Value and placing its
    first Locomotive in a Major City. {"type": "float", "railroad": "red", "share_value": 24,
    "city": [10, 14]}"""
    type = fields.String(required=True, validate=OneOf(["float"]))
    railroad = fields.String(required=True, validate=OneOf(RAILROAD_IDS))
    share_value = fields.Integer(required=True, strict=True, validate=OneOf(STARTING_SHARE_VALUES))
    city = _hex_field(required=True)


class BuyMove(Schema):
    """Stock round: buy the next Share of a floated Railroad at its Share Value.
    {"type": "buy", "railroad": "red"}"""
    type = fields.String(required=True, validate=OneOf(["buy"]))
    railroad = fields.String(required=True, validate=OneOf(RAILROAD_IDS))


class PassMove(Schema):
    """Stock round: buy nothing this turn. {"type": "pass"}"""
    type = fields.String(required=True, validate=OneOf(["pass"]))


class BuildMove(Schema):
    """Build round: place one Locomotive of the Railroad whose Share you act for, leasing the
    listed path of other Railroads' hexes when the hex is not next to its track.
    {"type": "build", "hex": [9, 15], "lease": [[9, 13], [9, 11]]}"""
    type = fields.String(required=True, validate=OneOf(["build"]))
    hex = _hex_field(required=True)
    lease = fields.List(_hex_field(), load_default=list)


class DeclineMove(Schema):
    """Build round: do not build for this Share. {"type": "decline"}"""
    type = fields.String(required=True, validate=OneOf(["decline"]))


SCHEMAS = {"float": FloatMove, "buy": BuyMove, "pass": PassMove, "build": BuildMove,
           "decline": DeclineMove}
HOW = {
    "float": '{"type": "float", "railroad": "red", "share_value": 24, "city": [10, 14]}',
    "buy": '{"type": "buy", "railroad": "red"}',
    "pass": '{"type": "pass"}',
    "build": '{"type": "build", "hex": [9, 15], "lease": []}',
    "decline": '{"type": "decline"}',
}


def move_type(move) -> str:
    """The move's type, once its body has the fields that type needs and no others."""
    return move_kind(move, SCHEMAS, "A move is one of: " + ", ".join(HOW.values()) + ".",
                     {kind: f"It reads {body}." for kind, body in HOW.items()})


def railroad_of(move) -> str:
    value = move["railroad"]
    if not isinstance(value, str) or value not in RAILROAD_IDS:
        raise IllegalMove("no_such_railroad", "The Railroads are " + ", ".join(RAILROAD_IDS) + ".")
    return value


def share_value_of(move) -> int:
    value = move["share_value"]
    if type(value) is not int or value not in STARTING_SHARE_VALUES:
        raise IllegalMove("bad_share_value", "A starting Share Value is one of ₱"
                          + ", ₱".join(map(str, STARTING_SHARE_VALUES)) + ".")
    return value


def hex_of(value, name: str) -> list[int]:
    # bool is an int subclass: [True, False] is garbage, not [1, 0]
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(type(v) is int for v in value):
        return [value[0], value[1]]
    raise IllegalMove("bad_move", f"{name} must be a hex given as two whole numbers [col, row].")


def lease_of(move) -> list[list[int]]:
    value = move.get("lease")
    if value is None:
        return []
    if not isinstance(value, (list, tuple)):
        raise IllegalMove("bad_move", "lease must be a list of hexes [col, row], in order from the "
                                      "Railroad's track to the hex built.")
    return [hex_of(h, "each leased hex") for h in value]
