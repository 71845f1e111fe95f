"""Marshmallow schemas: the single source of validation and of the OpenAPI description.

Requests are validated against them (compiled, see service/endpoints.py); answers are described
by them, and the test suites check every answer they receive against that description.
"""
from __future__ import annotations

from marshmallow import Schema, fields, validate

BOTS = ("random",)
MAX_VERSION = 2**53  # versions are stream entry ids; anything larger cannot name a record


def doc(text: str, **extra) -> dict:
    return {"description": text, **extra}


# --- requests -----------------------------------------------------------------------------------
class SeatSpec(Schema):
    kind = fields.String(required=True, validate=validate.OneOf(["human", "bot"]),
                         metadata=doc("a player, or a seat bot"))
    bot = fields.String(validate=validate.OneOf(BOTS), metadata=doc("which seat bot plays a bot seat"))
    name = fields.String(validate=validate.Length(max=40), metadata=doc("shown to everyone"))


class CreateGame(Schema):
    engine = fields.String(required=True, validate=validate.Length(min=1, max=64),
                           metadata=doc("the game's name in GET /engines", example="tic-tac-trek"))
    seats = fields.List(fields.Nested(SeatSpec), required=True,
                        validate=validate.Length(min=1, max=16), metadata=doc("one per seat, in order"))
    options = fields.Dict(keys=fields.String(), load_default=dict,
                          metadata=doc("table options: the engine's options schema in GET /engines"))
    claim = fields.Integer(strict=True, validate=validate.Range(min=0, max=15),
                           metadata=doc("a human seat whose token the creator takes now"))
    seed = fields.String(validate=validate.Length(min=1, max=200),
                         metadata=doc("fixed seed (operator token only)"))


class JoinGame(Schema):
    code = fields.String(required=True, validate=validate.Length(min=1, max=100),
                         metadata=doc("a join code from the creator"))


class MoveBody(Schema):
    move = fields.Dict(required=True, keys=fields.String(),
                       metadata=doc("one of the engine's move bodies (GET /engines)"))
    expected_version = fields.Integer(strict=True, validate=validate.Range(min=0, max=MAX_VERSION),
                                      metadata=doc("the version you saw: refused with 409 if the "
                                                   "game has moved on"))
    move_id = fields.String(validate=validate.Length(min=1, max=100),
                            metadata=doc("your idempotency key: a retry with it never records "
                                         "the move twice"))


class UndoBody(Schema):
    to = fields.String(load_default="step", validate=validate.OneOf(["step", "checkpoint"]),
                       metadata=doc("`step`: your latest move; `checkpoint`: restart turn"))
    expected_version = fields.Integer(strict=True, validate=validate.Range(min=0, max=MAX_VERSION))


class ViewQuery(Schema):
    as_ = fields.String(data_key="as", validate=validate.OneOf(["all"]),
                        metadata=doc("`all`: the open view (finished games, operators)"))


class LogQuery(ViewQuery):
    since = fields.Integer(load_default=1, validate=validate.Range(min=1, max=MAX_VERSION))
    limit = fields.Integer(load_default=500, validate=validate.Range(min=1, max=1000))


class ListQuery(Schema):
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=200))


class ReplayQuery(Schema):
    at = fields.Integer(required=True, validate=validate.Range(min=1, max=MAX_VERSION))
    as_ = fields.String(data_key="as", validate=validate.Length(max=10),
                        metadata=doc("a seat number, or `all` (finished games only)"))


class StreamQuery(Schema):
    ticket = fields.String(validate=validate.Length(max=100))
    since = fields.Integer(validate=validate.Range(min=0, max=MAX_VERSION),
                           metadata=doc("the last version the client has seen (Last-Event-ID wins)"))


# --- answers ------------------------------------------------------------------------------------
class EngineInfo(Schema):
    name = fields.String(required=True)
    title = fields.String(required=True)
    version = fields.Integer(required=True)
    min_players = fields.Integer(required=True)
    max_players = fields.Integer(required=True)
    options = fields.Dict(required=True, metadata=doc("the table options' JSON Schema"))
    moves = fields.Dict(required=True, metadata=doc("each move type's JSON Schema"))


class EngineList(Schema):
    engines = fields.List(fields.Nested(EngineInfo), required=True)


class Created(Schema):
    id = fields.String(required=True)
    version = fields.Integer(required=True)
    commitment = fields.String(required=True, metadata=doc("SHA-256 of the secret seed"))
    join_codes = fields.Dict(keys=fields.String(), values=fields.String(), required=True,
                             metadata=doc("seat number -> single-use join code"))
    seat = fields.Integer(metadata=doc("the seat claimed"))
    token = fields.String(metadata=doc("the claimed seat's secret token"))


class Joined(Schema):
    id = fields.String(required=True)
    seat = fields.Integer(required=True)
    token = fields.String(required=True)


class SeatInfo(Schema):
    seat = fields.Integer(required=True)
    kind = fields.String(required=True)
    bot = fields.String(allow_none=True, required=True)
    name = fields.String(allow_none=True, required=True)
    claimed = fields.Boolean(required=True)


class UndoReach(Schema):
    steps = fields.Integer(required=True)
    versions = fields.List(fields.Integer(), required=True)


class GameView(Schema):
    id = fields.String(required=True)
    engine = fields.String(required=True)
    engine_version = fields.Integer(required=True)
    options = fields.Dict(required=True)
    version = fields.Integer(required=True)
    seat = fields.Integer(allow_none=True, required=True)
    seats = fields.List(fields.Nested(SeatInfo), required=True)
    read_only = fields.Boolean(required=True)
    commitment = fields.String(required=True)
    active = fields.List(fields.Integer(), required=True)
    awaited = fields.List(fields.Integer(), required=True)
    state = fields.Dict(required=True, metadata=doc("the engine's view for the caller"))
    legal_moves = fields.List(fields.Dict(), required=True)
    undo = fields.Nested(UndoReach, required=True)
    result = fields.Dict(allow_none=True, required=True)
    seed = fields.String(allow_none=True, required=True)


class MoveAnswer(GameView):
    recorded_at = fields.Integer(required=True)


class UndoAnswer(GameView):
    undone = fields.List(fields.Integer(), required=True)


class Log(Schema):
    id = fields.String(required=True)
    version = fields.Integer(required=True)
    records = fields.List(fields.Dict(), required=True)


class LobbySeat(Schema):
    kind = fields.String(required=True)
    bot = fields.String(allow_none=True, required=True)
    name = fields.String(allow_none=True, required=True)


class LobbyGame(Schema):
    id = fields.String(required=True)
    engine = fields.String(required=True)
    players = fields.Integer(required=True)
    seats = fields.List(fields.Nested(LobbySeat), required=True)
    version = fields.Integer(required=True)
    finished = fields.Boolean(required=True)
    read_only = fields.Boolean(required=True)
    created = fields.String(required=True)


class Lobby(Schema):
    games = fields.List(fields.Nested(LobbyGame), required=True)


class ReplayStep(Schema):
    id = fields.String(required=True)
    at = fields.Integer(required=True)
    version = fields.Integer(required=True)
    viewer = fields.Raw(allow_none=True, required=True)
    record = fields.Dict(required=True)
    undone_by = fields.Integer(allow_none=True, required=True)
    state = fields.Dict(required=True)
    active = fields.List(fields.Integer(), required=True)
    result = fields.Dict(allow_none=True, required=True)


class Imported(Schema):
    id = fields.String(required=True)
    version = fields.Integer(required=True)
    read_only = fields.Boolean(required=True)
    join_codes = fields.Dict(keys=fields.String(), values=fields.String(), required=True)


class Ticket(Schema):
    ticket = fields.String(required=True)
    expires_in = fields.Integer(required=True)
