"""Marshmallow schemas: the single source of validation and of the OpenAPI description.

Requests are validated against them (compiled, see service/endpoints.py); answers are described
by them, and the test suites check every answer they receive against that description.
"""
from __future__ import annotations

from marshmallow import Schema, fields, validate

BOTS = ("random", "search")
MAX_VERSION = 2**53  # versions are stream entry ids; anything larger cannot name a record


def doc(text: str, **extra) -> dict:
    return {"description": text, **extra}


# --- requests -----------------------------------------------------------------------------------
class SeatSpec(Schema):
    kind = fields.String(required=True, validate=validate.OneOf(["human", "bot"]),
                         metadata=doc("a player, or a seat bot"))
    bot = fields.String(validate=validate.OneOf(BOTS), metadata=doc("which seat bot plays a bot seat"))
    level = fields.Integer(strict=True, validate=validate.Range(min=1, max=3),
                           metadata=doc("the search bot's strength, 1 (quick) to 3 (strongest)"))
    name = fields.String(validate=validate.Length(max=40), metadata=doc("shown to everyone"))


class ClockSpec(Schema):
    """A turn clock (Fischer time): each seat's budget runs while it is awaited."""
    base_seconds = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=30 * 86400),
                                  metadata=doc("each seat's time for the whole game"))
    increment_seconds = fields.Integer(load_default=0, strict=True,
                                       validate=validate.Range(min=0, max=86400),
                                       metadata=doc("added each time a seat hands the turn on"))
    on_timeout = fields.String(load_default="bot", validate=validate.OneOf(["bot", "skip", "lose"]),
                               metadata=doc("when a seat's time runs out: its bot plays on for it, "
                                            "it is skipped (where the rules allow; else its bot "
                                            "plays), or it loses the game"))


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
    open = fields.Boolean(load_default=False,
                          metadata=doc("an open table: listed in the lobby, and anyone may take a "
                                       "free seat without a join code"))
    clock = fields.Nested(ClockSpec, metadata=doc("a turn clock for the table (none: untimed)"))


class JoinGame(Schema):
    """A join code from the creator, or, at an open table, the seat to take."""
    code = fields.String(validate=validate.Length(min=1, max=100),
                         metadata=doc("a join code from the creator"))
    seat = fields.Integer(strict=True, validate=validate.Range(min=0, max=15),
                          metadata=doc("a free seat of an open table (no code needed)"))


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
    played_by = fields.String(required=True, metadata=doc("who makes its moves now: `player` or "
                                                            "`bot` (a bot seat, or a seat handed "
                                                            "to a bot)"))
    level = fields.Integer(allow_none=True, metadata=doc("the search bot's level"))


class ClockView(ClockSpec):
    """The clock now."""
    left_ms = fields.List(fields.Integer(), required=True,
                          metadata=doc("each seat's time left, in milliseconds, at this answer"))
    running = fields.List(fields.Integer(), required=True, metadata=doc("whose clocks run"))


class Part(Schema):
    """A free part of a move template: one value from `one_of`, or a list of items from `subset`
    (kept in the listed order, between `min` and `max` of them)."""
    one_of = fields.List(fields.Raw(), metadata=doc("choose one of these values"))
    subset = fields.List(fields.Raw(), metadata=doc("choose some of these items, in this order"))
    min = fields.Integer(metadata=doc("at least this many items (subset)"))
    max = fields.Integer(metadata=doc("at most this many items (subset)"))


class Option(Schema):
    """One legal-move option: a concrete move (no `choose`), or a template whose free parts
    `choose` describes; fill each part in to get a move you may post."""
    move = fields.Dict(required=True, metadata=doc("the move, or the fixed part of a template"))
    choose = fields.Dict(keys=fields.String(), values=fields.Nested(Part),
                         metadata=doc("field name -> how to fill it in"))


class Ranked(Schema):
    seat = fields.Integer(required=True)
    rank = fields.Integer(required=True, metadata=doc("1 is first; ties share a rank"))


class Result(Schema):
    """The end of the game: every seat ranked, with the engine's scores and tie-break reasons."""
    ranking = fields.List(fields.Nested(Ranked(unknown="include")), required=True)


class Event(Schema):
    """What a move caused. Fields hidden from the caller are left out; `vis` names them."""
    type = fields.String(required=True)
    vis = fields.Dict(keys=fields.String(), values=fields.List(fields.Integer()),
                      metadata=doc("field -> the seats that may see it ([]: none yet)"))
    reveal = fields.Boolean(metadata=doc("it shows someone what was hidden: undo stops here"))
    by = fields.Raw(metadata=doc("a rules bot that acted, not the mover"))


class Record(Schema):
    """One entry of the log, as the caller may see it (docs/secrecy.md)."""
    v = fields.Integer(required=True, metadata=doc("the version this record makes"))
    by = fields.Raw(required=True, metadata=doc('a seat number, or "system" (the setup)'))
    bot = fields.String(metadata=doc("the seat bot that chose the move"))
    move = fields.Dict(allow_none=True, required=True,
                       metadata=doc("the move as sent (its author), or its public part (others)"))
    simultaneous = fields.Boolean(metadata=doc("a choice in a step where several seats act"))
    reveal = fields.Boolean(metadata=doc("its move drew from the rng (its author only)"))
    move_id = fields.String(metadata=doc("the author's idempotency key (its author only)"))
    undo = fields.List(fields.Integer(), metadata=doc("an undo: the versions it takes back"))
    events = fields.List(fields.Nested(Event(unknown="include")), required=True)
    at = fields.String(required=True, metadata=doc("when it was recorded (UTC)"))
    hash = fields.String(metadata=doc("the state hash after it (the open view only)"))
    clock = fields.Dict(metadata=doc("a clocked game's clock after it: `left` ms per seat, "
                                     "`running` seats"))
    table = fields.Dict(metadata=doc("a record of the table: a seat handed to a bot or taken "
                                     "back (`seat`, `to`, `reason`), a seat out of time"))
    public = fields.Dict(allow_none=True, metadata=doc("the public part of the move (open view)"))


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
    open = fields.Boolean(required=True, metadata=doc("anyone may take a free seat"))
    rematch = fields.String(allow_none=True, required=True,
                            metadata=doc("the table made to play this one again"))
    commitment = fields.String(required=True)
    active = fields.List(fields.Integer(), required=True)
    awaited = fields.List(fields.Integer(), required=True)
    state = fields.Dict(required=True, metadata=doc("the engine's view for the caller (each "
                                                    "game's page describes it)"))
    legal_moves = fields.List(fields.Nested(Option), required=True,
                              metadata=doc("the caller's options (empty unless it may act)"))
    undo = fields.Nested(UndoReach, required=True)
    clock = fields.Nested(ClockView, allow_none=True, required=True)
    result = fields.Nested(Result, allow_none=True, required=True)
    seed = fields.String(allow_none=True, required=True,
                         metadata=doc("the secret seed, revealed once the game is over"))


class MoveAnswer(GameView):
    """The move's answer: the version it was recorded at and the caller's view (the default)."""
    recorded_at = fields.Integer(required=True)


class MinimalMoveAnswer(Schema):
    """The move's answer with `Prefer: return=minimal`."""
    recorded_at = fields.Integer(required=True)
    version = fields.Integer(required=True)
    events = fields.List(fields.Nested(Event(unknown="include")), required=True)
    active = fields.List(fields.Integer(), required=True)
    awaited = fields.List(fields.Integer(), required=True)
    result = fields.Nested(Result, allow_none=True, required=True)


class UndoAnswer(GameView):
    undone = fields.List(fields.Integer(), required=True)


class Log(Schema):
    id = fields.String(required=True)
    version = fields.Integer(required=True)
    records = fields.List(fields.Nested(Record), required=True)


class Rematch(Schema):
    """The new table: the caller holds its seat again; the others' invitations are join codes."""
    id = fields.String(required=True)
    seat = fields.Integer(required=True)
    token = fields.String(required=True)
    version = fields.Integer(required=True)
    commitment = fields.String(required=True)
    join_codes = fields.Dict(keys=fields.String(), values=fields.String(), required=True)


class LobbySeat(Schema):
    kind = fields.String(required=True)
    bot = fields.String(allow_none=True, required=True)
    name = fields.String(allow_none=True, required=True)


class LobbyGame(Schema):
    id = fields.String(required=True)
    engine = fields.String(required=True)
    players = fields.Integer(required=True)
    seats = fields.List(fields.Nested(LobbySeat), required=True)
    open = fields.Boolean(required=True, metadata=doc("anyone may take a free seat"))
    free_seats = fields.List(fields.Integer(), required=True,
                             metadata=doc("human seats nobody has joined yet"))
    rematch = fields.String(allow_none=True, required=True,
                            metadata=doc("the table its players made to play again"))
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
    viewer = fields.Raw(allow_none=True, required=True,
                        metadata=doc('the side shown: a seat, null (a spectator) or "all"'))
    record = fields.Nested(Record, required=True)
    undone_by = fields.Integer(allow_none=True, required=True)
    state = fields.Dict(required=True)
    active = fields.List(fields.Integer(), required=True)
    result = fields.Nested(Result, allow_none=True, required=True)


class Imported(Schema):
    id = fields.String(required=True)
    version = fields.Integer(required=True)
    read_only = fields.Boolean(required=True)
    join_codes = fields.Dict(keys=fields.String(), values=fields.String(), required=True)


class Ticket(Schema):
    ticket = fields.String(required=True)
    expires_in = fields.Integer(required=True)


class Health(Schema):
    status = fields.String(required=True, metadata=doc("alive, ready, or not ready"))
    problem = fields.String(metadata=doc("what keeps the service from serving"))


class HandOver(Schema):
    """Which bot plays the seat from now on."""
    bot = fields.String(load_default="random", validate=validate.OneOf(BOTS))
    level = fields.Integer(strict=True, validate=validate.Range(min=1, max=3))


class SeatChange(Schema):
    """The record made, and the table now."""
    recorded_at = fields.Integer(required=True)
    seats = fields.List(fields.Nested(SeatInfo), required=True)
