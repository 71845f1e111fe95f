"""The HTTP API (DESIGN.md, "HTTP API"). It reaches every game through the registry only."""
from __future__ import annotations

import functools
import secrets

from marshmallow import ValidationError

from engines.core import IllegalMove, get_engine, registered
from events.games import AlreadyRecorded, CannotUndo, Game, MoveIdReused, sha256
from events.records import redact_record
from events.store import Conflict
from service.access import (acting_seat, bearer, game_view, games, identify, is_operator, load,
                            resume_bots, stale, viewer_for)
from service.errors import ApiError
from service.parsing import Blueprint
from service.schemas import CreateGame, JoinGame, LogQuery, MoveBody, UndoBody, ViewQuery

blp = Blueprint("games", __name__, description="Games, seats, moves, logs")


# --- routes ---------------------------------------------------------------------------------------
@blp.route("/engines", methods=["GET"])
@blp.response(200)
def list_engines():
    """The games offered, with player counts, option schemas and move schemas."""
    from apispec.ext.marshmallow import MarshmallowPlugin
    from apispec import APISpec
    out = []
    for engine in registered().values():
        spec = APISpec("x", "1", "3.0.3", plugins=[MarshmallowPlugin()])
        spec.components.schema("options", schema=engine.options_schema)
        for move_type, schema in engine.moves_schema.items():
            spec.components.schema(move_type, schema=schema)
        schemas = spec.to_dict()["components"]["schemas"]
        out.append({**engine.describe(), "options": schemas.pop("options"), "moves": schemas})
    return {"engines": out}


@blp.route("/games", methods=["POST"])
@blp.arguments(CreateGame)
@blp.response(201)
def create_game(body):
    """Create a table: seats (players or bots) and options -> join codes per human seat."""
    engine = get_engine(body["engine"])
    if engine is None:
        raise ApiError(404, "unknown_engine", f"No game called '{body['engine']}' is offered.",
                       engines=list(registered()))
    seats = body["seats"]
    if not engine.min_players <= len(seats) <= engine.max_players:
        raise ApiError(400, "player_count",
                       f"{engine.title} is played by {engine.min_players} to {engine.max_players} players.")
    try:
        options = engine.load_options(body["options"])
    except ValidationError as e:
        raise ApiError(400, "invalid_options", "The table options are not valid.", errors=e.messages)
    claim = body.get("claim")
    if claim is not None and not (0 <= claim < len(seats) and seats[claim]["kind"] == "human"):
        raise ApiError(400, "bad_claim", "The creator may claim only a human seat of this table.")
    seed = body.get("seed")
    if seed is not None and not is_operator(bearer()):
        raise ApiError(403, "seed_forbidden", "Only the operator may fix a game's seed.")
    game, codes = games().create(engine, options, seats, seed)
    out = {"id": game.gid, "version": game.version, "commitment": game.meta["commitment"],
           "join_codes": {str(i): c for i, c in codes.items()}}
    if claim is not None:
        out["seat"], out["token"] = redeem(game.gid, codes.pop(claim))
        out["join_codes"].pop(str(claim))
    resume_bots(game)
    return out


def redeem(gid: str, code: str) -> tuple[int, str]:
    """A seat's token for its join code, once. Only the token's hash is stored."""
    token = secrets.token_urlsafe(24)
    seat = games().store.redeem(gid, sha256(code), sha256(token))
    if seat is None:
        raise ApiError(403, "bad_join_code", "This join code is unknown or was already used.")
    return seat, token


@blp.route("/games/<gid>/join", methods=["POST"])
@blp.arguments(JoinGame)
@blp.response(200)
def join(body, gid):
    """Redeem a seat's single-use join code for that seat's secret token."""
    load(gid)
    seat, token = redeem(gid, body["code"])
    return {"id": gid, "seat": seat, "token": token}


@blp.route("/games/<gid>", methods=["GET"])
@blp.arguments(ViewQuery, location="query")
@blp.response(200)
def get_game(query, gid):
    """The caller's view: state, version, who is active, legal moves, undo reach, result."""
    game = load(gid)
    caller = identify(game)
    resume_bots(game)
    return game_view(game, viewer_for(game, caller, "as_" in query))


@blp.route("/games/<gid>/moves", methods=["POST"])
@blp.arguments(MoveBody)
@blp.response(200)
def post_move(body, gid):
    """A move by the caller's seat, with optional expected_version and move_id."""
    game = load(gid)
    seat = acting_seat(game)
    move = validate_move(game, body["move"])
    expected = body.get("expected_version")
    try:
        for attempt in range(3):
            try:
                record = games().submit(game, seat, move, move_id=body.get("move_id"),
                                        expected_version=expected)
                break
            except Conflict:
                if expected is not None or attempt == 2:
                    raise
                # no version was named: the move is meant for whatever the game is now
        recorded_at = record["v"]
    except AlreadyRecorded as dup:
        recorded_at = dup.version
    except MoveIdReused:
        raise ApiError(409, "move_id_reused", "This move_id was already used for a different move.",
                       version=game.version)
    except Conflict as c:
        raise stale(c.current)
    except IllegalMove as e:
        raise ApiError(422, e.code, e.reason, version=game.version)
    resume_bots(game)
    return {"recorded_at": recorded_at, **game_view(game, seat)}


@functools.cache
def schema_instance(schema_class):
    return schema_class()


def validate_move(game: Game, move: dict) -> dict:
    schemas = game.engine.moves_schema
    move_type = move.get("type")
    if not isinstance(move_type, str) or move_type not in schemas:
        raise ApiError(400, "unknown_move_type", "The move's 'type' must be one of the game's moves.",
                       move_types=sorted(schemas))
    schema = schema_instance(schemas[move_type])
    try:
        # load validates and normalises; dump gives the body back under its JSON names
        # (a field may be called "from" in JSON and `from_` in Python)
        return schema.dump(schema.load(move))
    except ValidationError as e:
        raise ApiError(400, "invalid_move", "The move body does not match its schema.",
                       errors=e.messages)


@blp.route("/games/<gid>/undo", methods=["POST"])
@blp.arguments(UndoBody)
@blp.response(200)
def undo(body, gid):
    """Take back one step, or everything back to the checkpoint (the last reveal or other actor)."""
    game = load(gid)
    seat = acting_seat(game)
    try:
        record = games().undo(game, seat, body["to"], body.get("expected_version"))
    except CannotUndo as e:
        raise ApiError(422, e.code, e.reason, version=game.version)
    except Conflict as c:
        raise stale(c.current)
    return {"undone": record["undo"], **game_view(game, seat)}


@blp.route("/games/<gid>/log", methods=["GET"])
@blp.arguments(LogQuery, location="query")
@blp.response(200)
def get_log(query, gid):
    """The records from version `since` on, as the caller may see them."""
    game = load(gid)
    viewer = viewer_for(game, identify(game), "as_" in query)
    since, limit = query["since"], query["limit"]
    records = games().store.records(gid, since, since + limit - 1)
    return {"id": gid, "version": game.version,
            "records": [redact_record(r, viewer) for r in records]}
