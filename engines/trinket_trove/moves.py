"""The three moves of Trinket Trove: their schemas, and the body checks decide relies on.

    {"type": "bid", "cards": ["key-3", "shell-1"]}   cards from your hand; [] bids 0
    {"type": "draft", "lots": [0, 5]}               exactly two lots
    {"type": "nimbus_pick", "lot": 4}               which tied lot Nimbus takes
"""
from marshmallow import Schema, fields
from marshmallow.validate import Length, OneOf

from engines.core import IllegalMove
from engines.core.moves import move_kind


class BidMove(Schema):
    """Bid any number of cards from your hand; an empty list bids 0 (the deck's top card is
    flipped as your bid)."""

    type = fields.String(required=True, validate=OneOf(["bid"]))
    cards = fields.List(fields.String(), required=True,
                        metadata={"description": "ids of cards in your hand; [] to bid 0"})


class DraftMove(Schema):
    """Claim exactly two lots (by their `lot` number in the view), never your own bid."""

    type = fields.String(required=True, validate=OneOf(["draft"]))
    lots = fields.List(fields.Integer(strict=True), required=True, validate=Length(equal=2))


class NimbusPickMove(Schema):
    """Only for the human closest to First when Nimbus's pick is tied: the lot Nimbus takes."""

    type = fields.String(required=True, validate=OneOf(["nimbus_pick"]))
    lot = fields.Integer(strict=True, required=True)


SCHEMAS = {"bid": BidMove, "draft": DraftMove, "nimbus_pick": NimbusPickMove}
HOW = {
    "bid": 'A bid is {"type": "bid", "cards": [card ids from your hand]}; [] bids 0.',
    "draft": 'A draft is {"type": "draft", "lots": [lot, lot]}.',
    "nimbus_pick": 'The choice is {"type": "nimbus_pick", "lot": lot}.',
}


def move_type(move) -> str:
    """The type of a move body that names one of the three moves; IllegalMove otherwise."""
    return move_kind(move, SCHEMAS, "A move is a bid, a draft or a pick for Nimbus: "
                     + " ".join(HOW.values()), HOW)


def _whole(value) -> bool:
    return type(value) is int  # bool is an int subclass: True is not lot 1


def parse_bid(move) -> list[str]:
    cards = move["cards"]
    if not isinstance(cards, (list, tuple)) or not all(isinstance(c, str) for c in cards):
        raise IllegalMove("bad_move", "cards must be a list of card ids. " + HOW["bid"])
    if len(set(cards)) != len(cards):
        raise IllegalMove("duplicate_card", "Each card can be bid only once.")
    return list(cards)


def parse_draft(move) -> list[int]:
    lots = move["lots"]
    if not isinstance(lots, (list, tuple)) or not all(_whole(x) for x in lots):
        raise IllegalMove("bad_move", "lots must be a list of lot numbers. " + HOW["draft"])
    if len(lots) != 2 or lots[0] == lots[1]:
        raise IllegalMove("two_lots", "Claim exactly two different lots.")
    return sorted(lots)


def parse_nimbus_pick(move) -> int:
    if not _whole(move["lot"]):
        raise IllegalMove("bad_move", "lot must be a lot number. " + HOW["nimbus_pick"])
    return move["lot"]
