"""Who is asking and what they may see: tokens, seats, the operator, and the caller's view."""
from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Any

from flask import current_app, request

from engines.core import ALL
from events.games import Game, Games, UnknownEngineVersion, sha256
from service.bots import play_bots
from service.errors import ApiError


def games() -> Games:
    return current_app.extensions["tablefold"]


# --- who is asking --------------------------------------------------------------------------------
@dataclass
class Caller:
    seat: int | None = None
    operator: bool = False


def bearer() -> str | None:
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "bad_token", "Send the seat token as 'Authorization: Bearer <token>'.")
    return token.strip()


def is_operator(token: str | None) -> bool:
    admin = current_app.config["ADMIN_TOKEN"]
    return bool(admin and token and hmac.compare_digest(token.encode(), admin.encode()))


def identify(game: Game) -> Caller:
    token = bearer()
    if token is None:
        return Caller()
    if is_operator(token):
        return Caller(operator=True)
    seat = game.meta["tokens"].get(sha256(token))
    if seat is None:
        if games().store.token_game(sha256(token)) is not None:
            raise ApiError(403, "wrong_game", "This token belongs to another game.")
        raise ApiError(401, "unknown_token", "This token is not a seat of any game.")
    return Caller(seat=seat)


def acting_seat(game: Game) -> int:
    caller = identify(game)
    if caller.seat is None:
        if caller.operator:
            raise ApiError(403, "not_a_seat", "The operator token does not hold a seat.")
        raise ApiError(401, "token_required", "Only a seated player may act: send your seat token.")
    if game.read_only:
        raise ApiError(403, "read_only", "This game is hosted read-only, for watching and replay.")
    return caller.seat


def viewer_for(game: Game, caller: Caller, wants_all: bool) -> Any:
    if wants_all:
        if not (game.over() or caller.operator):
            raise ApiError(403, "open_view_forbidden",
                           "The open view is available once the game is over.")
        return ALL
    return caller.seat


def load(gid: str) -> Game:
    try:
        game = games().load(gid)
    except UnknownEngineVersion as e:
        raise ApiError(409, "engine_version", str(e))
    if game is None:
        shown = gid if len(gid) <= 40 else gid[:40] + "…"
        raise ApiError(404, "no_such_game", f"There is no game '{shown}'.")
    return game


def stale(current: int) -> ApiError:
    return ApiError(409, "stale_version", "The game has moved on since the version you saw.",
                    version=current)


def resume_bots(game: Game) -> None:
    play_bots(games(), game, current_app.config["BOT_MOVES_PER_REQUEST"])


# --- what a caller sees ------------------------------------------------------------------------
def game_view(game: Game, viewer: Any) -> dict:
    engine, state = game.engine, game.state
    result = engine.result(state)
    seat = viewer if isinstance(viewer, int) else None
    reach = games().undo_reach(game, seat) if seat is not None else []
    body = {
        "id": game.gid,
        "engine": engine.name,
        "engine_version": game.meta["engine_version"],
        "options": game.options,
        "version": game.version,
        "seat": seat,
        "seats": [{"seat": i, "kind": s["kind"], "bot": s.get("bot"), "name": s.get("name"),
                   "claimed": s["kind"] == "bot" or i in game.meta["tokens"].values()}
                  for i, s in enumerate(game.seats)],
        "read_only": game.read_only,
        "commitment": game.meta["commitment"],
        "active": engine.active(state),
        "awaited": engine.awaited(state),
        "state": engine.view(state, viewer),
        "legal_moves": engine.legal_moves(state, seat) if seat is not None and not game.read_only else [],
        "undo": {"steps": len(reach), "versions": reach},
        "result": result,
    }
    if result is not None:
        body["seed"] = game.meta["seed"]  # revealed at the end: anyone can check the deal
    return body
