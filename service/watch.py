"""Watching games: the lobby's list, replays, live updates (server-sent events), export/import."""
from __future__ import annotations

import json
import secrets
import time

from flask import Response, current_app, request
from marshmallow import Schema, fields, validate

from engines.core import ALL
from events.fold import fold
from events.games import sha256, stamp
from events.records import redact_record
from replays import logfile
from replays.check import check, engine_for
from service.access import Caller, game_view, games, identify, is_operator, bearer, load
from service.errors import ApiError
from service.parsing import Blueprint
from service.app import IMPORT_LIMIT
from service.schemas import MAX_VERSION

blp = Blueprint("watch", __name__, description="Lobby, replays, live updates, export and import")

TICKET_TTL = 60  # seconds a stream ticket stays valid


class ListQuery(Schema):
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=200))


class ReplayQuery(Schema):
    at = fields.Integer(required=True, validate=validate.Range(min=1, max=MAX_VERSION))
    as_ = fields.String(data_key="as", validate=validate.Length(max=10),
                        metadata={"description": "a seat number, or `all` (finished games only)"})


class StreamQuery(Schema):
    ticket = fields.String(validate=validate.Length(max=100))
    since = fields.Integer(validate=validate.Range(min=0, max=MAX_VERSION),
                           metadata={"description": "the last version the client has seen"})


@blp.route("/games", methods=["GET"])
@blp.arguments(ListQuery, location="query")
@blp.response(200)
def list_games(query):
    """The newest games: engine, seats, version, whether finished."""
    store = games().store
    out = []
    for gid in store.game_ids(query["limit"]):
        meta = store.meta(gid)
        if meta is None:
            continue
        out.append({"id": gid, "engine": meta["engine"], "players": meta["players"],
                    "seats": [{"kind": s["kind"], "bot": s.get("bot"), "name": s.get("name")}
                              for s in meta["seats"]],
                    "version": store.version(gid), "finished": "finished" in meta,
                    "read_only": bool(meta.get("read_only")), "created": stamp(meta["created"])})
    return {"games": out}


def replay_viewer(game, caller: Caller, wanted: str | None):
    """A seat sees its own side, a spectator the public side; once the game is over anyone may
    take any seat's side or the open view."""
    if wanted is None:
        return caller.seat
    over = game.over()
    if wanted == "all":
        if over or caller.operator:
            return ALL
        raise ApiError(403, "open_view_forbidden", "The open view is available once the game is over.")
    if not (wanted.isascii() and wanted.isdigit()) or not 0 <= int(wanted) < game.players:
        raise ApiError(400, "bad_side", f"Choose a seat from 0 to {game.players - 1}, or 'all'.")
    seat = int(wanted)
    if seat == caller.seat or over or caller.operator:
        return seat
    raise ApiError(403, "side_forbidden", "Another seat's side is shown once the game is over.")


@blp.route("/games/<gid>/replay", methods=["GET"])
@blp.arguments(ReplayQuery, location="query")
@blp.response(200)
def replay(query, gid):
    """Step `at`: its record and the state after it, as the caller may see them as of that step."""
    game = load(gid)
    viewer = replay_viewer(game, identify(game), query.get("as_"))
    at = query["at"]
    if at > game.version:
        raise ApiError(404, "no_such_step", f"The game has steps 1 to {game.version}.",
                       version=game.version)
    records = games().store.records(gid, 1, at)
    state = fold(game.engine, game.players, game.options, records)
    undone_by = None
    if at > 1:
        later = games().store.records(gid, at + 1)
        undone_by = next((r["v"] for r in later if at in (r.get("undo") or ())), None)
    return {"id": gid, "at": at, "version": game.version, "viewer": viewer,
            "record": redact_record(records[-1], viewer), "undone_by": undone_by,
            "state": game.engine.view(state, viewer), "active": game.engine.active(state),
            "result": game.engine.result(state)}


# --- live updates ---------------------------------------------------------------------------------
def ticket_key(gid: str, ticket: str) -> str:
    return f"tf:{{{gid}}}:ticket:{sha256(ticket)}"


@blp.route("/games/<gid>/stream-ticket", methods=["POST"])
@blp.response(200)
def stream_ticket(gid):
    """A short-lived ticket for the live stream (a browser's EventSource cannot send a header)."""
    game = load(gid)
    caller = identify(game)
    ticket = secrets.token_urlsafe(18)
    seat = "operator" if caller.operator else ("" if caller.seat is None else str(caller.seat))
    games().store.r.set(ticket_key(gid, ticket), seat, ex=TICKET_TTL)
    return {"ticket": ticket, "expires_in": TICKET_TTL}


def stream_caller(game, ticket: str | None) -> Caller:
    if ticket is None:
        return identify(game)
    seat = games().store.r.getdel(ticket_key(game.gid, ticket))  # single use
    if seat is None:
        raise ApiError(401, "bad_ticket", "This stream ticket is unknown, used or expired.")
    seat = seat.decode()
    if seat == "operator":
        return Caller(operator=True)
    return Caller(seat=int(seat) if seat else None)


@blp.route("/games/<gid>/stream", methods=["GET"])
@blp.arguments(StreamQuery, location="query")
def stream(query, gid):
    """Server-sent events: each new record redacted for the caller, then the caller's view.
    Resume with `since` (or Last-Event-ID): no gaps, no repeats. The stream ends after a while;
    reopen it with a fresh ticket."""
    game = load(gid)
    caller = stream_caller(game, query.get("ticket"))
    since = query.get("since")
    if since is None:
        last_id = request.headers.get("Last-Event-ID", "")
        valid = last_id.isascii() and last_id.isdigit() and len(last_id) < 16
        since = int(last_id) if valid else game.version
    viewer = caller.seat
    app = current_app._get_current_object()
    store = games().store
    log_key = f"tf:{{{gid}}}:log"
    lifetime = app.config.get("STREAM_SECONDS", 55)
    keepalive = app.config.get("STREAM_KEEPALIVE", 5)

    def events():
        last = since
        deadline = time.monotonic() + lifetime
        yield f"retry: 1000\n: resuming after version {last}\n\n"
        while time.monotonic() < deadline:
            block = int(1000 * max(0.05, min(keepalive, deadline - time.monotonic())))
            reply = store.r.xread({log_key: f"0-{last}"}, block=block, count=100)
            if not reply:
                yield ": keep-alive\n\n"
                continue
            for _key, entries in reply:
                for _id, entry in entries:
                    record = json.loads(entry[b"r"])
                    last = record["v"]
                    data = json.dumps({"record": redact_record(record, viewer)})
                    yield f"id: {last}\nevent: record\ndata: {data}\n\n"
            with app.app_context():
                fresh = games().load(gid)
                view = game_view(fresh, viewer)
            yield f"event: view\ndata: {json.dumps(view)}\n\n"

    # no stream_with_context: the generator pushes an app context only while it builds a view,
    # so many open streams in one thread never interleave request contexts
    return Response(events(), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


# --- export and import ----------------------------------------------------------------------------
@blp.route("/games/<gid>/export", methods=["GET"])
def export(gid):
    """The whole log as JSON Lines: for a finished game, or for the operator."""
    game = load(gid)
    caller = identify(game)
    if not (game.over() or caller.operator):
        raise ApiError(403, "export_forbidden",
                       "A game's log is exported once it is over (or by the operator).")
    meta = game.meta
    header = {"id": gid, "engine": meta["engine"], "engine_version": meta["engine_version"],
              "players": meta["players"], "options": meta["options"],
              "seats": [{k: v for k, v in s.items()} for s in meta["seats"]],
              "commitment": meta["commitment"], "seed": meta["seed"]}
    body = logfile.dump(header, games().store.records(gid))
    return Response(body, mimetype="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="{gid}.jsonl"'})


@blp.route("/games/import", methods=["POST"])
@blp.response(201)
def import_game():
    """Host an exported log as a new game: read-only, or playable when the operator imports it."""
    request.max_content_length = IMPORT_LIMIT
    operator = is_operator(bearer())
    try:
        text = request.get_data(as_text=True)
        header, records = logfile.parse(text)
    except logfile.BadLog as e:
        raise ApiError(400, "bad_log", str(e))
    except UnicodeDecodeError:
        raise ApiError(400, "bad_log", "The log is not UTF-8 text.")
    engine, why = engine_for(header)
    if engine is None:
        raise ApiError(422, "engine_version", why)
    report = check(header, records)
    if not report.ok:
        raise ApiError(422, "log_diverges", f"The log does not replay: step {report.step}: "
                       f"{report.problem.splitlines()[0]}", step=report.step)
    game, codes = games().import_log(engine, header, records, read_only=not operator)
    return {"id": game.gid, "version": game.version, "read_only": game.read_only,
            "join_codes": {str(i): c for i, c in codes.items()}}
