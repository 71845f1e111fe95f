"""The one move of Tic Tac Trek: place the drawn tile. Its schema, and the check decide relies on."""
from marshmallow import Schema, fields
from marshmallow.validate import Length, OneOf

from engines.core import IllegalMove


def _cell_field(**kw):
    return fields.List(fields.Integer(strict=True), validate=Length(equal=2), **kw)


class PlaceMove(Schema):
    """{"type": "place", "cell": [x, y]}, plus "campfire_from": [x, y] or null only when the tile
    completes a row while all six of the mover's campfires are out (null: leave them)."""

    type = fields.String(required=True, validate=OneOf(["place"]))
    cell = _cell_field(required=True)
    campfire_from = _cell_field(allow_none=True)


FIELDS = {"type", "cell", "campfire_from"}
HOW = 'A move is {"type": "place", "cell": [x, y]}.'


def _cell(value, name: str) -> list[int]:
    # bool is an int subclass; a cell of True/False is garbage, not [1, 0]
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(type(v) is int for v in value):
        return [value[0], value[1]]
    raise IllegalMove("bad_move", f"{name} must be a space given as two whole numbers [x, y].")


def parse_place(move) -> tuple[list[int], list[int] | None]:
    """(cell, campfire_from) of a well-formed place move; IllegalMove for anything else.
    decide is the authority, so it checks the body itself rather than trust the API's schema."""
    if not isinstance(move, dict) or move.get("type") != "place":
        raise IllegalMove("unknown_move", "The only move is placing the drawn tile. " + HOW)
    extra = sorted(str(k) for k in move if k not in FIELDS)
    if extra:
        raise IllegalMove("bad_move", f"A place move has no field {extra[0]!r}. " + HOW)
    if "cell" not in move:
        raise IllegalMove("bad_move", "Say where to place the tile. " + HOW)
    cell = _cell(move["cell"], "cell")
    chosen = move.get("campfire_from")
    return cell, None if chosen is None else _cell(chosen, "campfire_from")
