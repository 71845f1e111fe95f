"""Imperial Steam's moves: one schema per move type, and the body checks decide relies on.

decide is the authority: it checks each body itself (moves.py helpers) rather than trust the API.
"""
from __future__ import annotations

from marshmallow import Schema, fields
from marshmallow.validate import OneOf, Range

from engines.core import IllegalMove
from engines.imperial_steam.data import CITIES, CONNECTIONS, CONTRACTS, FACTORY_SITES, GOODS

_good = fields.String(validate=OneOf(GOODS))


def _type(name):
    return fields.String(required=True, validate=OneOf([name]))


def _schema(name, doc, **extra):
    attrs = {"type": _type(name), "__doc__": doc, **extra}
    return type("".join(w.title() for w in name.split("_")) + "Move", (Schema,), attrs)


MOVES = {
    "bid": _schema("bid", "Opening blind bid: guldens for influence (secret until all have bid).",
                   amount=fields.Integer(required=True, strict=True, validate=Range(min=0))),
    "build_tracks": _schema(
        "build_tracks", "1. Build tracks: one or two connections, and the workers assigned as "
        "counts per Training level [L1, L2, L3].",
        tracks=fields.List(fields.String(validate=OneOf(list(CONNECTIONS))), required=True),
        workers=fields.List(fields.Integer(strict=True), required=True)),
    "second_track": _schema(
        "second_track", "1. Build tracks, continued: the second track of this turn's Build tracks "
        "action, after free actions taken during it; workers as for build_tracks.",
        track=fields.String(required=True, validate=OneOf(list(CONNECTIONS))),
        workers=fields.List(fields.Integer(strict=True), required=True)),
    "hire": _schema("hire", "2. Hire: workers from one hub column, and engineers.",
                    column=fields.String(required=True, validate=OneOf(list(CITIES))),
                    workers=fields.Integer(required=True, strict=True, validate=Range(min=0)),
                    bridge=fields.Boolean(load_default=False),
                    tunnel=fields.Boolean(load_default=False)),
    "station": _schema("station", "3. Build a building: a train station in a connected city.",
                       city=fields.String(required=True, validate=OneOf(list(CITIES)))),
    "factory": _schema("factory", "3. Build a building: a factory on a site, staffed by one "
                       "worker given as 'training-L' or 'working-L'.",
                       site=fields.String(required=True, validate=OneOf(list(FACTORY_SITES))),
                       worker=fields.String(required=True)),
    "produce": _schema("produce", "4. Produce goods: the factory sites that produce, and the goods "
                       "sent back to the supply when the store overflows.",
                       sites=fields.List(fields.String(), required=True),
                       discard=fields.List(_good, load_default=list)),
    "buy": _schema("buy", "5. Buy 1 good now from the Shipment market.",
                   good=fields.String(required=True, validate=OneOf(GOODS))),
    "order": _schema("order", "5. Order goods for next round's landing.",
                     goods=fields.List(_good, required=True)),
    "buy_train": _schema("buy_train", "6. Buy a train (engine level).",
                         level=fields.Integer(required=True, strict=True)),
    "upgrade_train": _schema("upgrade_train", "6. Upgrade train `train` (index) to engine `level`.",
                             train=fields.Integer(required=True, strict=True),
                             level=fields.Integer(required=True, strict=True)),
    "contract": _schema("contract", "7. Secure a contract from the display; goods displaced by the "
                        "Reserved tokens go to the supply (`discard`).",
                        id=fields.String(required=True, validate=OneOf(list(CONTRACTS))),
                        discard=fields.List(_good, load_default=list)),
    "philanthropize": _schema("philanthropize", "8. Pay a multiple of 10 for influence steps.",
                              amount=fields.Integer(required=True, strict=True)),
    "share_up": _schema("share_up", "9. Raise your share value one step (influence cost)."),
    "share_down": _schema("share_down", "9. Lower your share value by `steps`, free.",
                          steps=fields.Integer(required=True, strict=True)),
    "fundraise": _schema("fundraise", "10. Take 10 guldens."),
    "pass": _schema("pass", "11. Pass."),
    "business": _schema("business", "Spend a Business token: influence steps, share steps, "
                        "freight cars flipped to passenger cars.",
                        influence=fields.Integer(required=True, strict=True),
                        share=fields.Integer(required=True, strict=True),
                        flip=fields.Integer(required=True, strict=True)),
    "sell_share": _schema("sell_share", "Free: sell a share to the topmost eligible Investor."),
    "deliver": _schema("deliver", "Free, once per turn: spend 1 coal, deliver a good from a "
                       "factory site to a demand in a connected city.",
                       site=fields.String(required=True, validate=OneOf(list(FACTORY_SITES))),
                       city=fields.String(required=True, validate=OneOf(list(CITIES)))),
    "state_railway": _schema("state_railway", "Free: buy access to a crowned State Railway.",
                             conn=fields.String(required=True, validate=OneOf(list(CONNECTIONS)))),
    "end_turn": _schema("end_turn", "End your turn after your main action."),
}

# the Main Action tile each main move is placed on
TILE_OF = {"build_tracks": "build_tracks", "hire": "hire", "station": "build_building",
           "factory": "build_building", "produce": "produce", "buy": "buy_goods",
           "order": "buy_goods", "buy_train": "train", "upgrade_train": "train",
           "contract": "contract", "philanthropize": "philanthropize", "share_up": "share_value",
           "share_down": "share_value", "fundraise": "fundraise", "pass": "pass"}
FREE = ("sell_share", "deliver", "state_railway")


def move_type(move) -> str:
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise IllegalMove("bad_move", "A move is an object with a 'type'.")
    if move["type"] not in MOVES:
        raise IllegalMove("unknown_move", f"There is no move called {move['type']!r}.")
    return move["type"]


def integer(value, name) -> int:
    if type(value) is not int:
        raise IllegalMove("bad_field", f"'{name}' must be a whole number.")
    return value


def boolean(value, name) -> bool:
    if type(value) is not bool:
        raise IllegalMove("bad_field", f"'{name}' must be true or false.")
    return value


def name_in(value, names, name) -> str:
    if not isinstance(value, str) or value not in names:
        raise IllegalMove("bad_field", f"'{name}' names nothing on the table.")
    return value


def name_list(value, names, name, most=20) -> list:
    if not isinstance(value, list) or len(value) > most:
        raise IllegalMove("bad_field", f"'{name}' must be a list.")
    return [name_in(v, names, name) for v in value]


def field(move, key, default=None, required=True):
    if key not in move:
        if required:
            raise IllegalMove("missing_field", f"The move needs '{key}'.")
        return default
    return move[key]
