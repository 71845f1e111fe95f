"""Tiletum's moves: one schema per move type (for the API), and the body checks decide relies on
(decide never trusts that a schema ran first)."""
from marshmallow import Schema, fields
from marshmallow.validate import OneOf

from engines.core import IllegalMove
from engines.core.moves import move_kind
from engines.tiletum.data import (
    ACTIONS, BUILDING_ROOMS, CHARACTER_TYPES, COLOUR_IDS, RESOURCES, TILES, TOWN_IDS,
)
from engines.tiletum.prospect.data import (
    MAPS, SUBSTITUTES, TECH_IDS, UNDERGROUND_BONUS, UNDERGROUND_TOWN_IDS,
)


def _type(name):
    return fields.String(required=True, validate=OneOf([name]))


class BuyMove(Schema):
    """Task: 2 Gold -> 1 Food, Wool, Stone or Iron. {"type": "buy", "resource": "food"}"""
    type = _type("buy")
    resource = fields.String(required=True, validate=OneOf(RESOURCES[1:]))


class FulfilMove(Schema):
    """Task: fulfil a Contract from the Storehouse. {"type": "fulfil", "tile": "K03"}"""
    type = _type("fulfil")
    tile = fields.String(required=True)


class CrestMove(Schema):
    """Task: place a Crest under a Building (0..5). {"type": "crest", "tile": "B04", "building": 2}"""
    type = _type("crest")
    tile = fields.String(required=True)
    building = fields.Integer(required=True, strict=True)


class ContributeMove(Schema):
    """Task: contribute to a Cathedral where you have a Pillar, on the main board or Underground.
    {"type": "contribute", "town": "wien"}"""
    type = _type("contribute")
    town = fields.String(required=True, validate=OneOf(TOWN_IDS + UNDERGROUND_TOWN_IDS))


class HelperMove(Schema):
    """Task: use a Helper from the Storehouse. {"type": "helper", "tile": "B20"}"""
    type = _type("helper")
    tile = fields.String(required=True)


class FinishHelperMove(Schema):
    """Finish the Helper in use (its unspent AP are lost). {"type": "finish_helper"}"""
    type = _type("finish_helper")


class TakeDieMove(Schema):
    """Take a die: its colour and value on the wheel, the value to turn it to (2 Gold a step),
    whether to take the Bonus tile, and the Action chosen when it lands on the Joker ("prospector"
    for the Prospector Action over the Prospector wedge, with Prospect for Silver). A colour
    Helper from the Storehouse (`helper`) makes the die count as the colour `recolour`.
    {"type": "take_die", "colour": "blue", "value": 2, "to": 2, "bonus": true, "action": null,
     "helper": null, "recolour": null}"""
    type = _type("take_die")
    colour = fields.String(required=True, validate=OneOf(COLOUR_IDS))
    value = fields.Integer(required=True, strict=True)
    to = fields.Integer(required=True, strict=True)
    bonus = fields.Boolean(required=True)
    action = fields.String(load_default=None, allow_none=True,
                           validate=OneOf(CHARACTER_TYPES + ["prospector"]))
    helper = fields.String(load_default=None, allow_none=True)
    recolour = fields.String(load_default=None, allow_none=True, validate=OneOf(COLOUR_IDS))


class MovePawnMove(Schema):
    """Architect or Merchant Action, 1 AP: walk one road. {"type": "move", "pawn": "architect", "town": "koln"}"""
    type = _type("move")
    pawn = fields.String(required=True, validate=OneOf(["architect", "merchant"]))
    town = fields.String(required=True, validate=OneOf(TOWN_IDS))


class PillarMove(Schema):
    """Architect Action, 1 AP: raise a Pillar at the Architect's Cathedral. {"type": "pillar"}"""
    type = _type("pillar")


class HouseMove(Schema):
    """Merchant Action, 1 AP: build a House in the Merchant's Town; `building` (0..5) names the
    Building whose Characters pay out when the space shows a Building Bonus.
    {"type": "house", "building": null}"""
    type = _type("house")
    building = fields.Integer(load_default=None, allow_none=True, strict=True)


class TakeBonusMove(Schema):
    """Architect or Merchant Action, 1 AP: take a Bonus tile from the pawn's Town.
    {"type": "take_bonus", "pawn": "merchant", "tile": "B07"}"""
    type = _type("take_bonus")
    pawn = fields.String(required=True, validate=OneOf(["architect", "merchant"]))
    tile = fields.String(required=True)


class TakeCharacterMove(Schema):
    """Character Action, 1 AP: take the Character in an offer slot (0..4). {"type": "take_character", "slot": 0}"""
    type = _type("take_character")
    slot = fields.Integer(required=True, strict=True)


class RefreshMove(Schema):
    """Character Action, 1 AP: discard the five Characters on offer and draw five. {"type": "refresh"}"""
    type = _type("refresh")


class RevealMove(Schema):
    """Turn up the face-down replacement Characters (free; after it the turn can no longer be
    restarted). {"type": "reveal"}"""
    type = _type("reveal")


class PlaceMove(Schema):
    """Character Action, 1/2/3 AP: place a Character on floor 1/2/3 of a Building (0..5).
    {"type": "place", "tile": "C04", "building": 0, "floor": 1}"""
    type = _type("place")
    tile = fields.String(required=True)
    building = fields.Integer(required=True, strict=True)
    floor = fields.Integer(required=True, strict=True)


class TakeContractMove(Schema):
    """Contract Action, 3/3/2/2/1 AP: take the Contract in an offer slot (0..4). {"type": "take_contract", "slot": 4}"""
    type = _type("take_contract")
    slot = fields.Integer(required=True, strict=True)


class ExchangeMove(Schema):
    """Contract Action, 1 AP: exchange one Resource for another; the first exchange of the turn
    names an `extra` Resource too. {"type": "exchange", "give": "gold", "get": "iron", "extra": "food"}"""
    type = _type("exchange")
    give = fields.String(required=True, validate=OneOf(RESOURCES))
    get = fields.String(required=True, validate=OneOf(RESOURCES))
    extra = fields.String(load_default=None, allow_none=True, validate=OneOf(RESOURCES))


class EndMove(Schema):
    """End your turn (unspent AP are lost). {"type": "end"}"""
    type = _type("end")


# --- Prospect for Silver ---------------------------------------------------------------------------

class HireMove(Schema):
    """Task: hire a Prospector onto an Underground map (1..3) for its start cost in Silver.
    {"type": "hire", "map": 1}"""
    type = _type("hire")
    map = fields.Integer(required=True, strict=True)


class TechnologyMove(Schema):
    """Task: advance one tier on a Technology in play for 1/2/3 Silver; Resource Technology I
    names the Resource of its Bonus tile. {"type": "technology", "tech": "joker", "resource": null}"""
    type = _type("technology")
    tech = fields.String(required=True, validate=OneOf(TECH_IDS))
    resource = fields.String(load_default=None, allow_none=True, validate=OneOf(SUBSTITUTES))


class FreeMoveMove(Schema):
    """The movement wedge's free Prospector move, one road. {"type": "free_move", "town": "u1a2"}"""
    type = _type("free_move")
    town = fields.String(required=True, validate=OneOf(UNDERGROUND_TOWN_IDS))


class UndergroundMoveMove(Schema):
    """Prospector Action, 1 AP: walk a Prospector one road to `town`. {"type": "underground_move", "town": "u1a2"}"""
    type = _type("underground_move")
    town = fields.String(required=True, validate=OneOf(UNDERGROUND_TOWN_IDS))


class UndergroundBonusMove(Schema):
    """Prospector Action, 1 AP: take an Underground Bonus tile in your Prospector's Town.
    {"type": "underground_bonus", "town": "u1a2", "tile": "U03"}"""
    type = _type("underground_bonus")
    town = fields.String(required=True, validate=OneOf(UNDERGROUND_TOWN_IDS))
    tile = fields.String(required=True, validate=OneOf(sorted(UNDERGROUND_BONUS)))


class MineMove(Schema):
    """Prospector Action, 1 AP: place a Mine in your Prospector's Town (its topmost free space).
    {"type": "mine", "town": "u1a1"}"""
    type = _type("mine")
    town = fields.String(required=True, validate=OneOf(UNDERGROUND_TOWN_IDS))


class UndergroundHouseMove(Schema):
    """Prospector Action, 1 AP: build a House on a House space (0..) of your Prospector's Town,
    paying the Gold it prints. {"type": "underground_house", "town": "u1a2", "space": 0}"""
    type = _type("underground_house")
    town = fields.String(required=True, validate=OneOf(UNDERGROUND_TOWN_IDS))
    space = fields.Integer(required=True, strict=True)


class UndergroundPillarMove(Schema):
    """Prospector Action, 1 AP: raise a Pillar at the Cathedral of your Prospector's Town.
    {"type": "underground_pillar", "town": "u1a4"}"""
    type = _type("underground_pillar")
    town = fields.String(required=True, validate=OneOf(UNDERGROUND_TOWN_IDS))


class KingBonusMove(Schema):
    """King phase: the highest King marker takes or discards the King Bonus tile.
    {"type": "king_bonus", "take": true}"""
    type = _type("king_bonus")
    take = fields.Boolean(required=True)


SCHEMAS = {
    "buy": BuyMove, "fulfil": FulfilMove, "crest": CrestMove, "contribute": ContributeMove,
    "helper": HelperMove, "finish_helper": FinishHelperMove, "take_die": TakeDieMove,
    "move": MovePawnMove, "pillar": PillarMove, "house": HouseMove, "take_bonus": TakeBonusMove,
    "take_character": TakeCharacterMove, "refresh": RefreshMove, "place": PlaceMove,
    "reveal": RevealMove,
    "take_contract": TakeContractMove, "exchange": ExchangeMove, "end": EndMove,
    "king_bonus": KingBonusMove,
    "hire": HireMove, "technology": TechnologyMove, "free_move": FreeMoveMove,
    "underground_move": UndergroundMoveMove, "underground_bonus": UndergroundBonusMove,
    "mine": MineMove, "underground_house": UndergroundHouseMove, "underground_pillar": UndergroundPillarMove,
}


def move_type(move) -> str:
    return move_kind(move, SCHEMAS, "A move's type is one of: " + ", ".join(SCHEMAS) + ".")


def one_of(move, name, choices, what):
    value = move.get(name)
    if not isinstance(value, str) or value not in choices:
        raise IllegalMove("bad_move", f"{name} must be {what}: one of " + ", ".join(choices) + ".")
    return value


def optional(move, name, choices, what):
    return None if move.get(name) is None else one_of(move, name, choices, what)


def integer(move, name, lo, hi, what):
    value = move.get(name)
    if type(value) is not int or not lo <= value <= hi:
        raise IllegalMove("bad_move", f"{name} must be {what}, a whole number from {lo} to {hi}.")
    return value


def optional_integer(move, name, lo, hi, what):
    return None if move.get(name) is None else integer(move, name, lo, hi, what)


def boolean(move, name):
    value = move.get(name)
    if type(value) is not bool:
        raise IllegalMove("bad_move", f"{name} must be true or false.")
    return value


def tile(move, name="tile"):
    value = move.get(name)
    if not isinstance(value, str) or value not in TILES:
        raise IllegalMove("no_such_tile", f"{name} must name a tile, like \"K03\", \"C12\" or \"B07\".")
    return value


BUILDINGS = len(BUILDING_ROOMS)
UNDERGROUND_MAPS = MAPS
__all__ = ["SCHEMAS", "move_type", "ACTIONS"]
