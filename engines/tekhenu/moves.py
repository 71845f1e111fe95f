"""Tekhenu's moves: one schema per move type, and the body checks decide relies on.

decide is the authority: it checks every body itself rather than trust the API's schema.
"""
from __future__ import annotations

from marshmallow import Schema, fields
from marshmallow.validate import OneOf, Range

from engines.core import IllegalMove
from engines.tekhenu.data import ACTIONS, GODS, RESOURCES


def _type(name):
    return fields.String(required=True, validate=OneOf([name]))


def _int(**kw):
    return fields.Integer(strict=True, **kw)


class KeepMove(Schema):
    """Before round 1: keep one of the two Decrees dealt to you (secret)."""
    type = _type("keep")
    decree = fields.String(required=True)


class DraftMove(Schema):
    """Before round 1: draft a Starting card (snake draft)."""
    type = _type("draft")
    card = fields.String(required=True)


class DestinyMove(Schema):
    """Pick a Destiny card, in turn order."""
    type = _type("destiny")
    card = fields.String(required=True)


class _ActionFields(Schema):
    action = fields.String(required=True, validate=OneOf(ACTIONS))
    mode = fields.String(validate=OneOf(["god", "people"]))     # horus
    space = _int(validate=Range(min=0))                         # horus people, ra, hathor
    rotation = _int(validate=Range(min=0, max=3))               # ra
    district = _int(validate=Range(min=0, max=3))               # osiris
    track = fields.String(validate=OneOf(RESOURCES))            # osiris row 6


class TakeMove(_ActionFields):
    """Your turn: take a die (Scribes may set its `value`; `anubis` spends 2 Scribes) and act."""
    type = _type("take")
    die = _int(required=True, validate=Range(min=0))
    value = _int(required=True, validate=Range(min=1, max=6))
    anubis = fields.Boolean(load_default=False)


class ExtraMove(_ActionFields):
    """A free God action with any die value (Happiness 21, Decree D23)."""
    type = _type("extra")
    action = fields.String(required=True, validate=OneOf(GODS))
    value = _int(required=True, validate=Range(min=1, max=6))


class SkipMove(Schema):
    """Decline a free action."""
    type = _type("skip")


class BonusMove(Schema):
    """Choose one side of a "/" bonus (a Horus slot)."""
    type = _type("bonus")
    choice = _int(required=True, validate=Range(min=0))


class RefreshMove(Schema):
    """Thoth: pay 1 Papyrus to discard and refill a Market section (once, before choosing)."""
    type = _type("refresh")
    section = _int(required=True, validate=Range(min=0, max=3))


class CardsMove(Schema):
    """Thoth: take the cards from one Market section."""
    type = _type("cards")
    section = _int(required=True, validate=Range(min=0, max=3))
    cards = fields.List(fields.String(), required=True)


class UseMove(Schema):
    """A card offer: the offered cards you use (none declines them)."""
    type = _type("use")
    cards = fields.List(fields.String(), required=True)


class UpkeepMove(Schema):
    """Bread upkeep that would need Gold: how much Gold pays the Bread still owed."""
    type = _type("upkeep")
    gold = _int(required=True, validate=Range(min=0))


MOVES = {"keep": KeepMove, "draft": DraftMove, "destiny": DestinyMove, "take": TakeMove,
         "extra": ExtraMove, "skip": SkipMove, "bonus": BonusMove, "refresh": RefreshMove,
         "cards": CardsMove, "use": UseMove, "upkeep": UpkeepMove}


def move_type(move) -> str:
    if not isinstance(move, dict):
        raise IllegalMove("bad_move", "A move is a JSON object with a type.")
    kind = move.get("type")
    if not isinstance(kind, str) or kind not in MOVES:
        raise IllegalMove("unknown_move", f"Unknown move type {kind!r}.")
    return kind


def integer(value, name: str, lo: int = 0, hi: int = 10**6) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise IllegalMove(f"bad_{name}", f"{name} must be a whole number from {lo} to {hi}.")
    return value


def text(value, name: str) -> str:
    if not isinstance(value, str):
        raise IllegalMove(f"bad_{name}", f"{name} must be a string.")
    return value


def text_list(value, name: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise IllegalMove(f"bad_{name}", f"{name} must be a list of strings.")
    return value


def flag(value, name: str) -> bool:
    if value is None:
        return False
    if not isinstance(value, bool):
        raise IllegalMove(f"bad_{name}", f"{name} must be true or false.")
    return value
