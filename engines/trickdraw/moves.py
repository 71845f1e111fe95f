"""The moves of Trickdraw: their schemas, and the body checks decide relies on.

    {"type": "captain", "seat": 4}                         (team games) your team's captain

    {"type": "play", "card": "rally", "face": "down"}      a card from your hand to your board
    {"type": "activate", "slot": 3, "flips": [[1, 0]], "discard": "villager"}
                                                          a once-per-turn card on your board
    {"type": "resolve", "flips": [[0, 2], [1, 0]]}        use the effect offered to you now
    {"type": "decline"}                                   leave it (and pay nothing)
    {"type": "end_turn"}                                  pass the turn clockwise
An effect's parts: `flips` (a list of [seat, slot] board places), `target` (a seat) and `discard`
(a card from your hand, when it costs "Discard 1"). Send exactly the parts the effect takes.
"""
from marshmallow import Schema, fields
from marshmallow.validate import OneOf

from engines.core import IllegalMove

PARTS = ("flips", "target", "discard")


def _parts(schema_fields: dict) -> dict:
    schema_fields.update({
        "flips": fields.List(fields.List(fields.Integer(strict=True)),
                             metadata={"description": "[seat, slot] of each card to flip, in order"}),
        "target": fields.Integer(strict=True, metadata={"description": "the player to take from"}),
        "discard": fields.String(metadata={"description": "the card from your hand you discard"}),
    })
    return schema_fields


class PlayMove(Schema):
    """Play one card from your hand to your board, face up (its effect is offered) or face down
    (worth 1 point). Once per turn."""

    type = fields.String(required=True, validate=OneOf(["play"]))
    card = fields.String(required=True, metadata={"description": "a card name in your hand"})
    face = fields.String(required=True, validate=OneOf(["up", "down"]))


ActivateMove = Schema.from_dict(_parts({
    "type": fields.String(required=True, validate=OneOf(["activate"])),
    "slot": fields.Integer(strict=True, required=True,
                           metadata={"description": "the place of a face-up once-per-turn card "
                                                    "on your board"}),
}), name="ActivateMove")
ActivateMove.__doc__ = "Use a face-up once-per-turn card on your board (once per turn per card)."

ResolveMove = Schema.from_dict(_parts({
    "type": fields.String(required=True, validate=OneOf(["resolve"])),
}), name="ResolveMove")
ResolveMove.__doc__ = "Use the effect of the card just played or flipped face up in front of you."


class DeclineMove(Schema):
    """Leave the offered effect unused (and its Discard cost unpaid)."""

    type = fields.String(required=True, validate=OneOf(["decline"]))


class CaptainMove(Schema):
    """Team games: name your team's captain, the member whose board the team plays to."""

    type = fields.String(required=True, validate=OneOf(["captain"]))
    seat = fields.Integer(strict=True, required=True,
                          metadata={"description": "a seat of your team (yours included)"})


class EndTurnMove(Schema):
    """Pass the turn to the next player clockwise."""

    type = fields.String(required=True, validate=OneOf(["end_turn"]))


SCHEMAS = {"play": PlayMove, "activate": ActivateMove, "resolve": ResolveMove,
           "decline": DeclineMove, "end_turn": EndTurnMove, "captain": CaptainMove}
FIELDS = {"play": {"type", "card", "face"}, "activate": {"type", "slot", *PARTS},
          "resolve": {"type", *PARTS}, "decline": {"type"}, "end_turn": {"type"},
          "captain": {"type", "seat"}}
HOW = ('Moves: {"type": "play", "card": name, "face": "up" or "down"}, '
       '{"type": "activate", "slot": n, ...effect parts}, {"type": "resolve", ...effect parts}, '
       '{"type": "decline"}, {"type": "end_turn"}; in team games first {"type": "captain", '
       '"seat": n}.')


def whole(value) -> bool:
    return type(value) is int  # bool is an int subclass: True is not slot 1


def move_type(move) -> str:
    kind = move.get("type") if isinstance(move, dict) else None
    if not isinstance(kind, str) or kind not in SCHEMAS:
        raise IllegalMove("unknown_move", "Unknown move. " + HOW)
    extra = sorted(str(k) for k in move if k not in FIELDS[kind])
    if extra:
        raise IllegalMove("bad_move", f"A {kind} move has no field {extra[0]!r}. " + HOW)
    return kind


def parse_play(move) -> tuple[str, str]:
    card, face = move.get("card"), move.get("face")
    if not isinstance(card, str):
        raise IllegalMove("bad_move", "card must name a card in your hand. " + HOW)
    if face not in ("up", "down"):
        raise IllegalMove("bad_move", 'face must be "up" or "down".')
    return card, face


def parse_slot(move) -> int:
    if not whole(move.get("slot")):
        raise IllegalMove("bad_move", "slot must be the place of a card on your board.")
    return move["slot"]


def parse_captain(move) -> int:
    if not whole(move.get("seat")):
        raise IllegalMove("bad_move", "seat must be the seat number of a member of your team.")
    return move["seat"]


def parse_parts(move) -> dict:
    """The effect parts sent, checked for shape only (the engine checks them against the table)."""
    parts = {}
    if "flips" in move:
        flips = move["flips"]
        if not isinstance(flips, list) or not all(
                isinstance(f, list) and len(f) == 2 and all(whole(x) for x in f) for f in flips):
            raise IllegalMove("bad_move", "flips must be a list of [seat, slot] places.")
        parts["flips"] = [list(f) for f in flips]
    if "target" in move:
        if not whole(move["target"]):
            raise IllegalMove("bad_move", "target must be a seat number.")
        parts["target"] = move["target"]
    if "discard" in move:
        if not isinstance(move["discard"], str):
            raise IllegalMove("bad_move", "discard must name a card in your hand.")
        parts["discard"] = move["discard"]
    return parts
