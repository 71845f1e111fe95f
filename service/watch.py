"""Watching games: the lobby's list, replays, and export and import of whole logs."""
from __future__ import annotations

import logging

from flask import Response, current_app, request

from engines.core import ALL
from events.fold import fold
from events.games import UnknownEngineVersion, stamp
from events.store import GameMeta
from events.records import redact_record
from replays import logfile
from replays.check import check, engine_for
from service import schemas as s
from service.access import Caller, bearer, games, identify, is_operator, load
from service.endpoints import Routes
from service.errors import ApiError
from service.limits import limited

routes = Routes("watch", "The lobby, replays, export and import")
log = logging.getLogger("tablefold")


@routes.route("/games", "GET", "listGames", query=s.ListQuery, responses={200: s.Lobby})
def list_games(query):
    """The newest games: engine, seats, version, whether finished.

    A game that cannot be listed (expired, or recorded by an engine this server lacks) is left
    out; it never breaks the list."""
    store = games().store
    gids = store.game_ids(query["limit"])
    out, gone = [], []
    for gid, raw in zip(gids, store.raw_metas(gids)):
        if not raw:
            gone.append(gid)
            continue
        try:
            out.append(lobby_entry(gid, GameMeta.decode(raw)))
        except Exception:
            log.exception("the lobby skips game %s", gid)
    store.forget(gone)
    versions = store.versions([g["id"] for g in out])
    for entry, version in zip(out, versions):
        entry["version"] = version
    return {"games": out}


def lobby_entry(gid: str, meta: dict) -> dict:
    return {"id": gid, "engine": meta["engine"], "players": meta["players"],
            "seats": [{"kind": seat["kind"], "bot": seat.get("bot"), "name": seat.get("name")}
                      for seat in meta["seats"]],
            "open": bool(meta.get("open")), "free_seats": sorted(meta["codes"].values()),
            "rematch": meta.get("rematch"),
            "version": 0, "finished": "finished" in meta,
            "read_only": bool(meta.get("read_only")), "created": stamp(meta["created"])}


def replay_viewer(game, caller: Caller, wanted: str | None):
    """A seat sees its own side, a spectator the public side; once the game is over anyone may
    take any seat's side or the open view."""
    if wanted is None:
        return caller.seat
    over = game.over()
    if wanted == "all":
        if over or caller.operator:
            return ALL
        raise ApiError("open_view_forbidden", "The open view is available once the game is over.")
    if not (wanted.isascii() and wanted.isdigit()) or not 0 <= int(wanted) < game.players:
        raise ApiError("bad_side", f"Choose a seat from 0 to {game.players - 1}, or 'all'.")
    seat = int(wanted)
    if seat == caller.seat or over or caller.operator:
        return seat
    raise ApiError("side_forbidden", "Another seat's side is shown once the game is over.")


@routes.route("/games/<gid>/replay", "GET", "getReplayStep", query=s.ReplayQuery,
              responses={200: s.ReplayStep},
              errors=("no_such_game", "no_such_step", "bad_side", "side_forbidden",
                      "open_view_forbidden", "unknown_token", "wrong_game"), auth="optional")
def replay(query, gid):
    """Step `at`: its record and the state after it, as the caller may see them as of that step."""
    game = load(gid)
    viewer = replay_viewer(game, identify(game), query.get("as_"))
    at = query["at"]
    if at > game.version:
        raise ApiError("no_such_step", f"The game has steps 1 to {game.version}.",
                       version=game.version)
    records = games().store.records(gid, 1)
    state = fold(game.engine, game.players, game.options, records[:at])
    undone_by = next((r["v"] for r in records[at:] if at in (r.get("undo") or ())), None)
    return {"id": gid, "at": at, "version": game.version, "viewer": viewer,
            "record": redact_record(records[at - 1], viewer), "undone_by": undone_by,
            "state": game.engine.view(state, viewer), "active": game.engine.active(state),
            "result": game.result() if at == game.version else game.engine.result(state)}


# --- export and import ----------------------------------------------------------------------------
@routes.route("/games/<gid>/export", "GET", "exportGame",
              responses={200: ("application/x-ndjson", "the log as JSON Lines")},
              errors=("no_such_game", "export_forbidden", "unknown_token", "wrong_game"),
              auth="optional")
def export(gid):
    """The whole log as JSON Lines (a header line, then one line per record): for a finished
    game, or for the operator."""
    game = load(gid)
    caller = identify(game)
    if not (game.over() or caller.operator):
        raise ApiError("export_forbidden",
                       "A game's log is exported once it is over (or by the operator).")
    meta = game.meta
    header = {"id": gid, "engine": meta["engine"], "engine_version": meta["engine_version"],
              "players": meta["players"], "options": meta["options"], "seats": meta["seats"],
              "commitment": meta["commitment"], "seed": meta["seed"]}
    body = logfile.dump(header, games().store.records(gid))
    return Response(body, mimetype="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="{gid}.jsonl"'})


@routes.route("/games/import", "POST", "importGame", responses={201: s.Imported},
              errors=("bad_log", "log_engine_version", "log_diverges", "log_too_long",
                      "body_too_large", "too_many_requests"), auth="optional")
@limited("RATE_IMPORT")
def import_game(raw):
    """Host an exported log (JSON Lines, as `export` writes it) as a new game: read-only and
    kept for IMPORT_KEEP_DAYS, or playable and kept when the operator imports it.

    Every line is checked against the log format's schema; an anonymous import must carry the
    seed (every export of a finished game does), and every record is re-run from it."""
    config = current_app.config
    operator = is_operator(bearer())
    try:
        header, records = logfile.parse(raw.decode("utf-8"), config["IMPORT_MAX_RECORDS"])
    except logfile.TooLong as e:
        raise ApiError("log_too_long", str(e))
    except logfile.BadLog as e:
        raise ApiError("bad_log", str(e))
    except UnicodeDecodeError:
        raise ApiError("bad_log", "The log is not UTF-8 text.")
    if not operator and not header.get("seed"):
        raise ApiError("bad_log", "An import without the operator's token must carry the game's "
                       "seed (an export of a finished game does), so that every step is re-run.")
    engine, why = engine_for(header)
    if engine is None:
        raise ApiError("log_engine_version", why)
    report = check(header, records)
    if not report.ok:
        raise ApiError("log_diverges", f"The log does not replay: step {report.step}: "
                       f"{report.problem}", step=report.step, details=report.details[:20])
    try:
        game, codes = games().import_log(engine, header, records, read_only=not operator,
                                         keep_seconds=config["IMPORT_KEEP_DAYS"] * 86400)
    except UnknownEngineVersion as e:
        raise ApiError("log_engine_version", str(e))
    return {"id": game.gid, "version": game.version, "read_only": game.read_only,
            "join_codes": {str(i): c for i, c in codes.items()}}, 201


def import_limit() -> None:
    """An exported log may be far larger than a move: the import's own body limit."""
    if request.path == "/games/import":
        request.max_content_length = current_app.config["IMPORT_MAX_BYTES"]
