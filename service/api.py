"""The HTTP API of games and moves (DESIGN.md, "HTTP API"). It reaches every game through the
registry only."""
from __future__ import annotations

import functools

from flask import current_app, request
from marshmallow import ValidationError

from engines.core import IllegalMove, get_engine, redact_event, registered
from events.games import (AlreadyRecorded, CannotUndo, Game, MoveIdReused, OutcomeUnknown,
                          bot_name, sha256)
from events.records import redact_record
from events.store import Conflict
from service import schemas as s
from service.access import (VIEWS, acting_seat, bearer, cached, game_view, games, identify,
                            is_operator, load, new_token, seats_view, stale, viewer_for)
from service.bots import play_bots
from service.endpoints import Routes, json_schema, validate
from service.errors import ApiError, MoveRefused
from service.limits import limited
from service.ops import REDIS_ERRORS, TALLY

routes = Routes("games", "Tables, seats, moves, undo and the log")


def resume_bots(game: Game) -> None:
    play_bots(games(), game, current_app.config["BOT_MOVES_PER_REQUEST"])


# --- the games offered ----------------------------------------------------------------------------
@functools.cache
def engine_description(name: str) -> dict:
    engine = registered()[name]
    return {**engine.describe(), "options": json_schema(engine.options_schema),
            "moves": {t: json_schema(m) for t, m in engine.moves_schema.items()}}


@routes.route("/engines", "GET", "listEngines", responses={200: s.EngineList})
def list_engines():
    """The games offered, with player counts, option schemas and move schemas."""
    return {"engines": [engine_description(name) for name in registered()]}


# --- tables and seats -----------------------------------------------------------------------------
@routes.route("/games", "POST", "createGame", body=s.CreateGame, responses={201: s.Created},
              errors=("unknown_engine", "player_count", "invalid_options", "bad_claim",
                      "seed_forbidden", "too_many_requests"), auth="optional")
@limited("RATE_CREATE")
def create_game(body):
    """Create a table: the game, its seats (players or bots) and options.

    Answers the game id, the seed's commitment and one single-use join code per human seat; with
    `claim`, the creator takes that seat's token at once."""
    engine = get_engine(body["engine"])
    if engine is None:
        raise ApiError("unknown_engine", f"No game called '{body['engine']}' is offered.",
                       engines=list(registered()))
    seats = body["seats"]
    for i, seat in enumerate(seats):
        if (seat["kind"] == "bot") != ("bot" in seat) or ("level" in seat and seat.get("bot") != "search"):
            raise ApiError("invalid_request", "A bot seat names its bot (and a search bot its "
                           "level); a human seat names none.",
                           errors={f"seats.{i}.bot": ["a bot seat names its bot, only it"]})
    if not engine.min_players <= len(seats) <= engine.max_players:
        raise ApiError("player_count",
                       f"{engine.title} is played by {engine.min_players} to {engine.max_players} players.")
    try:
        options = engine.load_options(body["options"])
    except ValidationError as e:
        raise ApiError("invalid_options", "The table options are not valid.", errors=e.messages)
    claim = body.get("claim")
    if claim is not None and not (0 <= claim < len(seats) and seats[claim]["kind"] == "human"):
        raise ApiError("bad_claim", "The creator may claim only a human seat of this table.")
    seed = body.get("seed")
    if seed is not None and not is_operator(bearer()):
        raise ApiError("seed_forbidden", "Only the operator may fix a game's seed.")
    extra = {"open": body["open"]}
    if "clock" in body:
        extra["clock"] = body["clock"]
    game, codes = games().create(engine, options, seats, seed, **extra)
    out = {"id": game.gid, "version": game.version, "commitment": game.meta["commitment"],
           "join_codes": {str(i): c for i, c in codes.items()}}
    if claim is not None:
        out["seat"], out["token"] = redeem(game.gid, codes.pop(claim))
        out["join_codes"].pop(str(claim))
    resume_bots(game)
    return out


def redeem(gid: str, code: str) -> tuple[int, str]:
    """A seat's token for its join code, once. Only the token's hash is stored."""
    token = new_token(gid)
    seat = games().store.redeem(gid, sha256(code), sha256(token))
    if seat is None:
        raise ApiError("bad_join_code", "This join code is unknown or was already used.")
    return seat, token


@routes.route("/games/<gid>/join", "POST", "joinGame", body=s.JoinGame, responses={200: s.Joined},
              errors=("no_such_game", "bad_join_code", "seat_taken", "too_many_requests"))
@limited("RATE_JOIN")
def join(body, gid):
    """Take a seat: redeem its single-use join code for its secret token, or, at an open table,
    name a free seat."""
    game = load(gid)
    if "code" in body:
        seat, token = redeem(gid, body["code"])
    elif "seat" in body and game.meta.get("open"):
        hashes = [h for h, s in game.meta["codes"].items() if s == body["seat"]]
        if not hashes:
            raise ApiError("seat_taken", "That seat is taken (or is not a human seat).")
        token = new_token(gid)
        seat = games().store.redeem(gid, hashes[0], sha256(token))
        if seat is None:
            raise ApiError("seat_taken", "That seat was taken a moment ago.")
    else:
        raise ApiError("bad_join_code", "Send the join code the table's creator gave you.")
    return {"id": gid, "seat": seat, "token": token}


@routes.route("/games/<gid>/rematch", "POST", "rematchGame", responses={201: s.Rematch},
              errors=("no_such_game", "token_required", "unknown_token", "wrong_game", "not_a_seat",
                      "not_over", "too_many_requests"), auth="seat")
@limited("RATE_CREATE")
def rematch(gid):
    """Play again: a new table with the same game, options and seats, the caller in its seat.

    The answer holds the join codes of the other human seats, to send them; the finished game
    names the new table (`rematch`) so that everyone watching it finds it. Asked twice, it
    answers the same table."""
    game = load(gid)
    caller = identify(game)
    if caller.seat is None:
        raise ApiError("not_a_seat" if caller.operator else "token_required",
                       "Only a player of this game may ask for a rematch.")
    if not game.over():
        raise ApiError("not_over", "The game is still being played.")
    seats = [{k: v for k, v in seat.items() if k in ("kind", "bot", "name")} for seat in game.seats]
    engine = game.engine
    fresh, codes = games().create(engine, game.options, seats, open=bool(game.meta.get("open")),
                                  rematch_of=gid)
    if not games().store.claim_rematch(gid, fresh.gid):
        # another player asked first: that one is the rematch (this one is left to expire)
        other = games().store.meta(gid)["rematch"]
        raise ApiError("rematch_exists", "A rematch was already made.", status=409, rematch=other)
    out = {"id": fresh.gid, "version": fresh.version, "commitment": fresh.meta["commitment"],
           "join_codes": {str(i): c for i, c in codes.items()}}
    if seats[caller.seat]["kind"] == "human":
        out["seat"], out["token"] = redeem(fresh.gid, codes[caller.seat])
        out["join_codes"].pop(str(caller.seat))
    resume_bots(fresh)
    return out, 201


# --- the game -------------------------------------------------------------------------------------
@routes.route("/games/<gid>", "GET", "getGame", query=s.ViewQuery, responses={200: s.GameView},
              errors=("no_such_game", "unknown_token", "wrong_game", "bad_token",
                      "open_view_forbidden", "engine_version"), auth="optional")
def get_game(query, gid):
    """The caller's view: state, version, who is active, legal moves, undo reach, result."""
    game = load(gid)
    caller = identify(game)
    resume_bots(game)
    if game.meta.get("clock"):
        games().keep_deadline(game)  # in case a node died between a move and its deadline
    # a poller reading an unchanged game is answered the view it was sent last time
    return current_app.response_class(VIEWS.get(game, viewer_for(game, caller, "as_" in query)),
                                      mimetype="application/json")


@routes.route("/games/<gid>/moves", "POST", "postMove", body=s.MoveBody,
              responses={200: [s.MoveAnswer, s.MinimalMoveAnswer]},
              errors=("invalid_move", "unknown_move_type", "token_required", "unknown_token",
                      "wrong_game", "not_a_seat", "read_only", "no_such_game", "stale_version",
                      "move_id_reused", "outcome_unknown", "move_refused"), auth="seat")
def post_move(body, gid):
    """A move by the caller's seat.

    Send `expected_version` (the version you saw) and a fresh `move_id` with every move: a
    retry with the same move_id answers as the first did and never records the move twice.
    With `Prefer: return=minimal` the answer holds only the version, the move's events and who
    is to act; otherwise it carries the caller's whole view."""
    game = cached(gid)
    seat = acting_seat(game)
    recorded_at, events = record_move(game, seat, body)
    if "return=minimal" in request.headers.get("Prefer", ""):
        if events is None:
            events = games().store.records(gid, recorded_at, recorded_at)[0]["events"]
        return {"recorded_at": recorded_at, "version": game.version,
                "events": [redact_event(ev, seat) for ev in events],
                "active": game.active(), "awaited": game.awaited(), "result": game.result()}
    return {"recorded_at": recorded_at, **game_view(game, seat)}


def record_move(game: Game, seat: int, body: dict) -> tuple[int, list | None]:
    """The seat's move (a checked MoveBody) recorded: the version it was recorded at and its
    events (None when it was recorded before, by a retry with the same move_id). `game` is
    brought up to date. For a POST and for a move sent on a live stream's WebSocket."""
    move = validate_move(game, body["move"])
    try:
        record = games().submit(game, seat, move, move_id=body.get("move_id"),
                                expected_version=body.get("expected_version"))
        recorded_at, events = record["v"], record["events"]
    except AlreadyRecorded as dup:
        games().refresh(game)
        recorded_at, events = dup.version, None
    except MoveIdReused:
        raise ApiError("move_id_reused", "This move_id was already used for a different move.",
                       version=game.version)
    except Conflict as c:
        raise stale(c.current)
    except IllegalMove as e:
        raise MoveRefused(e.code, e.reason, game.version)
    except OutcomeUnknown:
        REDIS_ERRORS.labels("outcome_unknown").inc()
        raise ApiError("outcome_unknown", "The game store failed while recording this move: it "
                       "may or may not be recorded. Retry with the same move_id (it will not be "
                       "recorded twice), or read the game to see.", headers={"Retry-After": "1"})
    TALLY.move(game.engine.name)
    resume_bots(game)
    return recorded_at, events


def validate_move(game: Game, move: dict) -> dict:
    """The body checked against its move type's schema, compiled from the engine's own."""
    schemas = game.engine.moves_schema
    move_type = move.get("type")
    if not isinstance(move_type, str) or move_type not in schemas:
        raise ApiError("unknown_move_type", "The move's 'type' must be one of the game's moves.",
                       move_types=sorted(schemas))
    return validate(schemas[move_type], move, "invalid_move", "The move body does not match its schema.")


@routes.route("/games/<gid>/undo", "POST", "undoMove", body=s.UndoBody,
              responses={200: s.UndoAnswer},
              errors=("token_required", "unknown_token", "wrong_game", "read_only", "no_such_game",
                      "stale_version", "outcome_unknown", "move_refused"), auth="seat")
def undo(body, gid):
    """Take back one step, or everything back to the checkpoint (the last reveal or another
    player's move): "restart turn"."""
    game = load(gid)
    seat = acting_seat(game)
    try:
        record = games().undo(game, seat, body["to"], body.get("expected_version"))
    except CannotUndo as e:
        raise MoveRefused(e.code, e.reason, game.version)
    except Conflict as c:
        raise stale(c.current)
    except OutcomeUnknown:
        raise ApiError("outcome_unknown", "The game store failed while recording the undo: read "
                       "the game to see whether it was recorded.", headers={"Retry-After": "1"})
    return {"undone": record["undo"], **game_view(game, seat)}


@routes.route("/games/<gid>/log", "GET", "getLog", query=s.LogQuery, responses={200: s.Log},
              errors=("no_such_game", "unknown_token", "wrong_game", "open_view_forbidden"),
              auth="optional")
def get_log(query, gid):
    """The records from version `since` on, as the caller may see them."""
    game = load(gid)
    viewer = viewer_for(game, identify(game), "as_" in query)
    since, limit = query["since"], query["limit"]
    records = games().store.records(gid, since, since + limit - 1)
    return {"id": gid, "version": game.version,
            "records": [redact_record(r, viewer) for r in records]}




# --- seats a bot takes over -------------------------------------------------------------------------
def table_change(game: Game, change) -> dict:
    try:
        record = change()
    except Conflict as c:
        raise stale(c.current)
    except OutcomeUnknown:
        raise ApiError("outcome_unknown", "The game store failed while recording the change: read "
                       "the game to see whether it was recorded.", headers={"Retry-After": "1"})
    resume_bots(game)
    return {"recorded_at": record["v"], "seats": seats_view(game)}


def seat_of(game: Game, seat: int) -> int:
    if not 0 <= seat < game.players or game.seats[seat]["kind"] != "human":
        raise ApiError("bad_side", f"Seat {seat} is not a human seat of this game.")
    if game.over():
        raise ApiError("not_running", "The game is over.")
    return seat


@routes.route("/games/<gid>/seats/<int:seat>/bot", "POST", "handSeatToBot", body=s.HandOver,
              responses={200: s.SeatChange},
              errors=("no_such_game", "token_required", "not_operator", "bad_side", "not_running",
                      "stale_version"), auth="seat")
def hand_seat_to_bot(body, gid, seat):
    """The operator hands a seat whose player left to a bot (a record everyone sees); the player
    takes it back with `/return`. A table's clock does the same when the seat's time runs out."""
    game = load(gid)
    if not identify(game).operator:
        raise ApiError("not_operator", "Only the operator hands a seat to a bot.")
    seat_of(game, seat)
    from service.worker import hand_over
    bot = bot_name(body["bot"], body.get("level"))
    return table_change(game, lambda: hand_over(games(), game, seat, bot, "operator"))


@routes.route("/games/<gid>/seats/<int:seat>/return", "POST", "takeSeatBack",
              responses={200: s.SeatChange},
              errors=("no_such_game", "token_required", "unknown_token", "wrong_game", "bad_side",
                      "not_running", "not_handed_over", "stale_version"), auth="seat")
def take_seat_back(gid, seat):
    """The seat's player takes its seat back from the bot that played it (a record everyone
    sees). After its clock ran out it has at least 30 s to move."""
    game = load(gid)
    if identify(game).seat != seat:
        raise ApiError("token_required", "Send the token of that seat to take it back.")
    seat_of(game, seat)
    if str(seat) not in (game.meta.get("bots") or {}):
        raise ApiError("not_handed_over", "A bot does not play this seat.")
    from service.worker import take_back
    return table_change(game, lambda: take_back(games(), game, seat))
