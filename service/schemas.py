"""Marshmallow schemas: the single source of validation and of the OpenAPI description."""
from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

BOTS = ("random",)


class SeatSpec(Schema):
    kind = fields.String(required=True, validate=validate.OneOf(["human", "bot"]))
    bot = fields.String(validate=validate.OneOf(BOTS),
                        metadata={"description": "which seat bot plays a bot seat"})
    name = fields.String(validate=validate.Length(max=40))

    @validates_schema
    def bot_named(self, data, **kwargs):
        if data["kind"] == "bot" and "bot" not in data:
            raise ValidationError("a bot seat names its bot", "bot")
        if data["kind"] == "human" and "bot" in data:
            raise ValidationError("only bot seats name a bot", "bot")


class CreateGame(Schema):
    engine = fields.String(required=True, validate=validate.Length(min=1, max=64))
    seats = fields.List(fields.Nested(SeatSpec), required=True,
                        validate=validate.Length(min=1, max=16))
    options = fields.Dict(keys=fields.String(), load_default=dict)
    claim = fields.Integer(metadata={"description": "a human seat whose token the creator takes now"})
    seed = fields.String(validate=validate.Length(min=1, max=200),
                         metadata={"description": "fixed seed (operator token only)"})


class JoinGame(Schema):
    code = fields.String(required=True, validate=validate.Length(min=1, max=100))


MAX_VERSION = 2**53  # versions are stream entry ids; anything larger cannot name a record


class MoveBody(Schema):
    move = fields.Dict(required=True, keys=fields.String(),
                       metadata={"description": "one of the engine's move bodies (GET /engines)"})
    expected_version = fields.Integer(validate=validate.Range(min=0, max=MAX_VERSION))
    move_id = fields.String(validate=validate.Length(min=1, max=100))


class UndoBody(Schema):
    to = fields.String(load_default="step", validate=validate.OneOf(["step", "checkpoint"]))
    expected_version = fields.Integer(validate=validate.Range(min=0, max=MAX_VERSION))


class ViewQuery(Schema):
    as_ = fields.String(data_key="as", validate=validate.OneOf(["all"]),
                        metadata={"description": "`all`: the open view (finished games, operators)"})


class LogQuery(ViewQuery):
    since = fields.Integer(load_default=1, validate=validate.Range(min=1, max=MAX_VERSION))
    limit = fields.Integer(load_default=500, validate=validate.Range(min=1, max=1000))
