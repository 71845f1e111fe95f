"""Who is asking and what they may see: tokens, seats, the operator, and the caller's view.

A seat token is `<game id>.<secret>`; only its SHA-256 is stored, in the game's metadata. The
game id in front says which game a token belongs to without any global index, so "a token of
another game" (403) is told from "no such token" (401) by one look at that game.
"""
from __future__ import annotations

import hmac
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from flask import current_app, request

from engines.core import ALL
from events.games import Game, Games, UnknownEngineVersion, sha256
from events.store import GameMeta
from service.errors import ApiError
from service.jsonio import dumps


def games() -> Games:
    return current_app.extensions["tablefold"]


def new_token(gid: str) -> str:
    return f"{gid}.{secrets.token_urlsafe(24)}"


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
        raise ApiError("bad_token", "Send the seat token as 'Authorization: Bearer <token>'.")
    return token.strip()


def is_operator(token: str | None) -> bool:
    admin = current_app.config["ADMIN_TOKEN"]
    return bool(admin and token and hmac.compare_digest(token.encode(), admin.encode()))


def identify(game: Game) -> Caller:
    """The caller of a request on `game`. A token this worker's copy of the game does not know
    may have been handed out by another worker: the game is then read afresh, once."""
    token = bearer()
    if token is None:
        return Caller()
    if is_operator(token):
        return Caller(operator=True)
    digest = sha256(token)
    seat = game.meta["tokens"].get(digest)
    if seat is None and not game.fresh:
        games().refresh(game)
        seat = game.meta["tokens"].get(digest)
    if seat is not None:
        return Caller(seat=seat)
    owner = token.partition(".")[0]
    if owner and owner != game.gid:
        other = games().store.meta(owner) if len(owner) <= 64 else None
        if other is not None and digest in other["tokens"]:
            raise ApiError("wrong_game", "This token belongs to another game.")
    raise ApiError("unknown_token", "This token is not a seat of any game.")


def acting_seat(game: Game, caller: Caller | None = None) -> int:
    """The seat the caller (the request's, unless given) acts for, or why it may not act."""
    caller = identify(game) if caller is None else caller
    if caller.seat is None:
        if caller.operator:
            raise ApiError("not_a_seat", "The operator token does not hold a seat.")
        raise ApiError("token_required", "Only a seated player may act: send your seat token.")
    if game.read_only:
        raise ApiError("read_only", "This game is hosted read-only, for watching and replay.")
    return caller.seat


def viewer_for(game: Game, caller: Caller, wants_all: bool) -> Any:
    if wants_all:
        if not (game.over() or caller.operator):
            raise ApiError("open_view_forbidden", "The open view is available once the game is over.")
        return ALL
    return caller.seat


def _found(game: Game | None, gid: str) -> Game:
    if game is None:
        shown = gid if len(gid) <= 40 else gid[:40] + "…"
        raise ApiError("no_such_game", f"There is no game '{shown}'.")
    return game


def load(gid: str) -> Game:
    """The game as it stands now (one round trip)."""
    return load_for_stream(gid, None)[0]


def load_for_stream(gid: str, stream: tuple[list[tuple[str, int]], int] | None
                    ) -> tuple[Game, bool | None]:
    """`load`, which for a live stream (`stream`: its counters' bounds and expiry) on one Redis
    also counts the stream in: whether it did (None: not asked to, or on a cluster)."""
    try:
        game, opened = games().load_for_stream(gid, stream)
    except UnknownEngineVersion as e:
        raise ApiError("engine_version", str(e))
    return _found(game, gid), opened


def cached(gid: str) -> Game:
    """The game as this worker knows it, read from the store only when it knows nothing: a move
    checks the version itself as it appends."""
    try:
        game = games().cached(gid)
    except UnknownEngineVersion as e:
        raise ApiError("engine_version", str(e))
    return game if game is not None else load(gid)


def stale(current: int) -> ApiError:
    return ApiError("stale_version", "The game has moved on since the version you saw.",
                    version=current)


# --- what a caller sees ------------------------------------------------------------------------
def seats_view(game: Game) -> list[dict]:
    """Who sits where. Worked out once per decoded metadata (a change is a new GameMeta, as
    events.games.bot_seats relies on), as every view of the game asks: shared, so never changed."""
    known = getattr(game.meta, "seats_view", None)
    if known is not None:
        return known
    claimed = set(game.meta["tokens"].values())
    bots = game.bots
    out = []
    for i, s in enumerate(game.seats):
        playing = bots.get(i)
        name, _, level = (playing or s.get("bot") or "").partition(":")
        out.append({"seat": i, "kind": s["kind"], "bot": name or None, "name": s.get("name"),
                    "claimed": s["kind"] == "bot" or i in claimed,
                    "played_by": "bot" if playing else "player",
                    "level": int(level) if level else None})
    if isinstance(game.meta, GameMeta):
        game.meta.seats_view = out
    return out


def game_view(game: Game, viewer: Any, store: Games | None = None) -> dict:
    """What `viewer` sees of the game; `store` for a caller outside an app context (a live
    stream), the app's otherwise."""
    engine, state = game.engine, game.state
    result = game.result()
    seat = viewer if isinstance(viewer, int) else None
    reach = (store or games()).undo_reach(game, seat) if seat is not None else []
    body = {
        "id": game.gid,
        "engine": engine.name,
        "engine_version": game.meta["engine_version"],
        "options": game.options,
        "version": game.version,
        "seat": seat,
        "seats": seats_view(game),
        "read_only": game.read_only,
        "open": bool(game.meta.get("open")),
        "rematch": game.meta.get("rematch"),
        "commitment": game.meta["commitment"],
        "active": game.active(),
        "awaited": game.awaited(),
        "state": engine.view(state, viewer),
        "legal_moves": engine.legal_moves(state, seat)
        if seat is not None and not game.read_only and result is None else [],
        "undo": {"steps": len(reach), "versions": reach},
        "clock": game.clock_now(time.time()),
        "result": result,
        "seed": game.meta["seed"] if result is not None else None,  # revealed at the end
    }
    return body


class Views:
    """The views a worker has just sent, as JSON, so many watchers of one game (its live streams,
    its pollers) cost one view a version. Keyed by the game's version, its metadata's generation
    and the viewer, so no viewer is ever sent another's view. A game on a clock is never kept:
    its view says how much time is left now. No lock: each dict operation is atomic, and two
    threads that both miss make the same view (a lock is Python code under gevent)."""

    def __init__(self, size: int = 2048):
        # oldest first: an OrderedDict drops its oldest in constant time, where a dict finds its
        # first item by walking past the slots earlier drops emptied
        self._items: OrderedDict = OrderedDict()
        self.size = size

    def get(self, game: Game, viewer, store=None) -> bytes:
        if game.meta.get("clock"):
            return dumps(game_view(game, viewer, store))
        key = (game.gid, game.version, game.entry.gen, viewer)
        items = self._items
        hit = items.get(key)
        if hit is None:
            hit = items[key] = dumps(game_view(game, viewer, store))
            while len(items) > self.size:
                try:
                    items.popitem(last=False)
                except KeyError:   # another thread's eviction
                    break
        return hit


VIEWS = Views()
