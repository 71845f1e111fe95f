"""Live updates: server-sent events, or the same messages on a WebSocket that also takes the
seat's moves, redacted for each caller, fed by the worker's follower.

A stream starts with the caller's view (after the records it missed, when it resumes with
`Last-Event-ID` or `since`), then sends each new record (`id:` is its version) and the caller's
view after it: at once to a seat the game awaits (and to everybody at its end), within
STREAM_GATHER to anyone else, with the records that came meanwhile, under one view (half the
views and sends of a two-player game). A comment keeps an idle stream open every
STREAM_KEEPALIVE seconds; after STREAM_SECONDS the stream ends and the client reopens it
(EventSource does so by itself after `retry`, resending the last id). A game's end ends its
streams too: nothing can come after it. A browser cannot send a header, so a seat streams with a
ticket: it stays valid for TICKET_SECONDS after its last use, so the same URL serves every
reconnect. Asked with `Upgrade: websocket`, the stream's messages are JSON text frames
(`Socket`) and the client sends its moves on it, each taken as a POST would take it.
"""
from __future__ import annotations

import logging
import queue
import secrets
import time

import orjson
import redis
from flask import Response, current_app, request
from werkzeug.wsgi import ClosingIterator

from events.games import Game, sha256
from events.follow import WAIT_SECONDS
from events.gathered import Gathered
from events.records import redact_record
from events.store import stream_counters
from service import schemas as s
from service import websocket
from service.access import (VIEWS, Caller, acting_seat, cached, games, identify, load,
                            load_for_stream)
from service.api import record_move
from service.app import event_queue, on_hang_up
from service.endpoints import Routes, validate
from service.errors import ApiError, MoveRefused
from service.jsonio import dumps
from service.limits import client_address, limited
from service.ops import STREAMS

routes = Routes("live", "Live updates")

# a worker takes the counts of the streams that ended in it back together, this long after the
# first of them ended: one call for a table's two seats or a burst of spectators, not one each
ENDS_GATHERED_SECONDS = 0.25


def ended_streams(app) -> Gathered:
    """The counters of this worker's streams that ended and are still counted."""
    return app.extensions["tablefold.ended_streams"]


@routes.route("/games/<gid>/stream-ticket", "POST", "createStreamTicket",
              responses={200: s.Ticket},
              errors=("no_such_game", "unknown_token", "wrong_game", "too_many_requests"),
              auth="optional")
@limited("RATE_TICKET")
def stream_ticket(gid):
    """A ticket for the live stream, for clients that cannot send a header (a browser's
    EventSource): valid for every reconnect while it is used, and TICKET_SECONDS after."""
    game = load(gid)
    caller = identify(game)
    ticket = secrets.token_urlsafe(18)
    seat = "operator" if caller.operator else ("" if caller.seat is None else str(caller.seat))
    ttl = int(current_app.config["TICKET_SECONDS"])
    games().store.r.set(games().store.ticket_key(gid, sha256(ticket)), seat, ex=ttl)
    return {"ticket": ticket, "expires_in": ttl}


def ticket_caller(game: Game, ticket: str) -> Caller:
    store = games().store
    key = store.ticket_key(game.gid, sha256(ticket))
    pipe = store.r.pipeline(transaction=False)
    pipe.get(key)
    pipe.expire(key, int(current_app.config["TICKET_SECONDS"]))  # kept while it is used
    seat, _ = pipe.execute()
    if seat is None:
        raise ApiError("bad_ticket", "This stream ticket is unknown or expired: take a new one.")
    seat = seat.decode()
    if seat == "operator":
        return Caller(operator=True)
    return Caller(seat=int(seat) if seat else None)


def resume_point(query: dict) -> int | None:
    """Where the client left off: Last-Event-ID (what EventSource resends) wins over `since`."""
    last_id = request.headers.get("Last-Event-ID", "").strip()
    if last_id.isascii() and last_id.isdigit() and len(last_id) < 16:
        return int(last_id)
    return query.get("since")


@routes.route("/games/<gid>/stream", "GET", "streamGame", query=s.StreamQuery,
              responses={200: ("text/event-stream", "the live stream"),
                         101: (None, "the live stream as a WebSocket (asked with `Upgrade: "
                                     "websocket`), which also takes the seat's moves"),
                         204: (None, "the game is over and the caller has heard its end")},
              errors=("no_such_game", "bad_ticket", "unknown_token", "wrong_game",
                      "too_many_streams", "bad_websocket_request", "websocket_unavailable"),
              auth="optional")
def stream(query, gid):
    """Server-sent events: the caller's view, then each new record redacted for the caller and
    the caller's view after it.

    A seat the game awaits hears each record at once, and everybody hears the game's end at
    once; anyone else hears new records within a moment (50 ms by default), those that came
    meanwhile with them, under one view.

    Resume with `Last-Event-ID` (or `since`): no gaps, no repeats. The stream ends after a while;
    reopen it (EventSource does; with a ticket, the same URL works while the ticket is used).
    It ends too after the view of the game's end, which carries the last version as its `id`;
    resumed from there, the answer is 204 No Content (an EventSource stops reconnecting).

    Asked as a WebSocket (`Upgrade: websocket`), the same stream comes as JSON text frames,
    `{"type": "record", "record": ...}` and `{"type": "view", "view": ..., "final": ...}`, and the
    seat sends its moves on it: `{"type": "move", "move": ..., "expected_version": ...,
    "move_id": ...}`, a POST's body, each answered `{"type": "moved", "move_id", "recorded_at",
    "version"}` or `{"type": "error", "move_id", "code", "message", ...}` (the codes of a
    POST's errors), before the records the move brought. The server pings an idle socket every
    keep-alive and closes it with 1000 and the reason `reopen` at the end of its lifetime (reopen
    with `since`, the last version heard) or `game over` after the final view."""
    app = current_app._get_current_object()
    # a WebSocket's handshake is checked before anything is counted or read
    switch = websocket.handshake(request.environ) if websocket.asked(request.environ) else None
    follower = app.extensions["tablefold.follower"]
    config = current_app.config
    counters = stream_counters(gid, client_address())
    bounds = list(zip(counters, (config["STREAMS_PER_GAME"], config["STREAMS_PER_ADDRESS"])))
    store, expiry = games().store, int(config["STREAM_SECONDS"]) + 60
    # taken before the read (Follower.listen); a worker new to the game subscribes first, so
    # that this read is all the stream needs, no read of the log when Redis confirms
    mark = follower.mark(gid, wait=WAIT_SECONDS)
    leave = leaving(app, counters)
    handle = opened = None
    try:
        # on one Redis the read counts the stream in too: a stream opens on one round trip
        game, opened = load_for_stream(gid, (bounds, expiry))
        ticket = query.get("ticket")
        caller = ticket_caller(game, ticket) if ticket else identify(game)
        since = resume_point(query)
        # listening before anything else waits on Redis: a subscription whose confirmation
        # came too late for the mark is then confirmed after the listener is there, and its
        # read of the log brings what came after this read (Follower.listen)
        arrived = event_queue()
        handle = follower.listen(gid, game.version, arrived.put, mark)
        if opened is None:   # a cluster: the counters live on slots of their own
            opened = store.open_streams(bounds, expiry)
        if not opened and ended_streams(app).flush():   # this worker's own ended streams first
            opened = store.open_streams(bounds, expiry)
    except Exception:
        if opened:   # counted in for a caller refused
            leave()
        if handle is not None:
            handle.close()
        else:
            follower.release(gid)
        raise
    if switch is None and game.over() and since is not None and since >= game.version:
        # the client has heard the end: nothing will ever come, and 204 stops an EventSource
        handle.close()
        if opened:
            leave()
        done = Response(status=204)
        del done.headers["Content-Type"]   # no body, so no type
        return done
    if not opened:
        handle.close()
        raise ApiError("too_many_streams", "Too many live streams are open for this game or "
                       "from your address; close one or try again later.",
                       headers={"Retry-After": "10"})
    viewer = caller.seat if not caller.operator else None
    if switch is not None:
        # a ticket stands in an address (logs, history): it lets a socket follow, never move
        framing = Socket(app, gid, caller, request.environ[websocket.UPGRADE],
                         may_move=not query.get("ticket"))
        response = Switched(events(app, handle, arrived, game, viewer, since, leave,
                                   framing=framing), status=101, headers=switch)
        del response.headers["Content-Type"]
    else:
        response = Response(events(app, handle, arrived, game, viewer, since, leave,
                                   request.environ),
                            mimetype="text/event-stream",
                            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    # also when the server closes the answer without starting it (the messages' own `finally`
    # never runs then)
    response.call_on_close(handle.close)
    response.call_on_close(leave)
    return response


class Switched(Response):
    """101 Switching Protocols, whose body is the new protocol's bytes (werkzeug drops the body
    of every 1xx answer, as HTTP/1.1 has none: these bytes are not HTTP's)."""

    def get_app_iter(self, environ):
        return ClosingIterator(self.response, self.close)


def leaving(app, counters):
    """What gives a stream's place under the bounds back, once however often it is called."""
    left = []

    def leave() -> None:
        if not left:
            left.append(True)
            ended_streams(app).add(*counters)   # if the store is down, they expire by themselves
    return leave


# a stream's messages are written as bytes: a view is JSON bytes already, and the server sends
# what the stream yields as it is
def record_message(record: dict, viewer) -> bytes:
    return b"id: %d\nevent: record\ndata: %b\n\n" % (
        record["v"], dumps({"record": redact_record(record, viewer)}))


def view_message(view: bytes, final: int | None = None) -> bytes:
    """A view; `final`, the version of a finished game's, the stream's last message: as its
    `id`, a client that reconnects (EventSource does, after `retry`) resumes at the end, which
    is answered 204, the answer that stops an EventSource for good."""
    if final is None:
        return b"event: view\ndata: %b\n\n" % view
    return b"id: %d\nevent: view\ndata: %b\n\n" % (final, view)


HUNG_UP = None   # put in a stream's queue when its client has closed the connection


class Events:
    """A stream's messages as server-sent events."""
    start = b"retry: 1000\n\n"
    keepalive = b": keep-alive\n\n"
    record = staticmethod(record_message)
    view = staticmethod(view_message)

    @staticmethod
    def watch(environ, arrived):
        return on_hang_up(environ or {}, lambda: arrived.put(HUNG_UP))

    @staticmethod
    def end(over: bool) -> bytes:
        return b""   # the answer's end is the stream's

    @staticmethod
    def linger(arrived) -> None:
        pass


log = logging.getLogger("tablefold")


class Socket:
    """A stream's messages as WebSocket text frames (`{"type": "record"|"view", ...}`), and the
    caller's moves taken on the same connection (`{"type": "move", ...}`, a POST's body),
    each answered `moved` or `error` before the records it brought."""
    start = b""
    keepalive = websocket.PING

    def __init__(self, app, gid: str, caller: Caller, upgrade, may_move: bool = True):
        self.app, self.gid, self.caller, self.upgrade = app, gid, caller, upgrade
        self.may_move = may_move

    def watch(self, environ, arrived):
        sock, first = self.upgrade()
        return websocket.Reader(sock, first, arrived.put, HUNG_UP).close

    @staticmethod
    def record(record: dict, viewer) -> bytes:
        return websocket.text(b'{"type":"record","record":%b}' % dumps(redact_record(record, viewer)))

    @staticmethod
    def view(view: bytes, final: int | None = None) -> bytes:
        return websocket.text(b'{"type":"view","final":%b,"view":%b}'
                              % (b"false" if final is None else b"true", view))

    @staticmethod
    def end(over: bool) -> bytes:
        return websocket.close(websocket.NORMAL, "game over" if over else "reopen")

    @staticmethod
    def linger(arrived) -> None:
        """After the server's close frame, the client's answer to it (a moment at most): the
        connection is then closed by the server, as RFC 6455 has it, and no move the client sent
        meanwhile meets a closed socket."""
        deadline = time.monotonic() + websocket.CLOSE_WAIT
        while (left := deadline - time.monotonic()) > 0:
            try:
                item = arrived.get(timeout=left)
            except queue.Empty:
                return
            if item is HUNG_UP or isinstance(item, websocket.Closing):
                return

    def answer(self, item) -> tuple[bytes, bool]:
        """What to send for something the client sent, and whether the connection ends."""
        if isinstance(item, websocket.Closing):
            return item.frame, True
        if isinstance(item, bytes):   # a pong
            return item, False
        return websocket.text(dumps(self.said(item.text))), False

    def said(self, text: str) -> dict:
        try:
            message = orjson.loads(text)
        except orjson.JSONDecodeError:
            message = None
        if not isinstance(message, dict) or message.get("type") != "move":
            return {"type": "error", "code": "bad_message", "message": "A message is a JSON "
                    "object whose `type` is `move`, with a move's body (POST /games/{id}/moves)."}
        move_id = message.get("move_id")
        if not self.may_move:
            return {"type": "error", "move_id": move_id, "code": "token_required",
                    "message": "A stream opened with a ticket only follows the game: open it with "
                    "your seat's token (the Authorization header) to move on it."}
        body = {k: v for k, v in message.items() if k != "type"}
        try:
            with self.app.app_context():
                body = validate(s.MoveBody, body)
                game = cached(self.gid)
                recorded_at, _ = record_move(game, acting_seat(game, self.caller), body)
            return {"type": "moved", "move_id": move_id, "recorded_at": recorded_at,
                    "version": game.version}
        except ApiError as e:
            return {"type": "error", "move_id": move_id, "code": e.code, "message": e.message,
                    **e.details}
        except MoveRefused as e:
            return {"type": "error", "move_id": move_id, "code": e.code, "message": e.reason,
                    "version": e.version}
        except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError,
                redis.exceptions.BusyLoadingError) as e:
            log.warning("storage unavailable: %s", e)
            return {"type": "error", "move_id": move_id, "code": "storage_unavailable",
                    "message": "The game store is unreachable; nothing was changed. Retry in a "
                    "moment."}
        except Exception:
            log.exception("unhandled error in a move sent on a live stream")
            return {"type": "error", "move_id": move_id, "code": "internal_error",
                    "message": "The server failed to answer this move."}


def awaits(game: Game, viewer, over: bool) -> bool:
    """Whether the viewer hears new records at once: a seat the game awaits, and everybody at
    its end (`over`). Others hear them within STREAM_GATHER, with those that come meanwhile,
    under one view: the seat that just moved (its answer told it the move is recorded) and
    spectators."""
    return over or (viewer is not None and viewer in game.awaited())


def events(app, handle, arrived, game: Game, viewer, since: int | None, leave, environ=None,
           framing=Events):
    """The stream's messages. It holds an app context only while it reads the store or builds a
    view, so that many open streams in one worker never interleave request contexts. It ends as
    soon as its client hangs up, where the server lets that be seen."""
    gid, hub = game.gid, app.extensions["tablefold"]
    lifetime, keepalive = app.config["STREAM_SECONDS"], app.config["STREAM_KEEPALIVE"]
    gather = app.config["STREAM_GATHER"]
    follower = handle.follower
    record_of, view_of = framing.record, framing.view
    stop_watch = framing.watch(environ, arrived)
    STREAMS.inc()
    try:
        with app.app_context():
            if not handle.complete:
                # read after listening: a record is either in this read or heard from the follower
                game = games().load(gid) or game
            out = [framing.start]
            if since is not None and since < game.version:
                out += [record_of(record, viewer)
                        for record in games().store.records(gid, since + 1, game.version)]
            last, over = game.version, game.over()
            out.append(view_of(VIEWS.get(game, viewer), last if over else None))
        if over:
            out.append(framing.end(over))
        yield b"".join(out)
        if over:
            framing.linger(arrived)
            return   # nothing comes after the end: the answer ends, its connection stays open
        deadline = time.monotonic() + lifetime
        pending, due = [], None   # records heard and not sent yet; when they go at the latest
        while (left := deadline - time.monotonic()) > 0 or pending:   # what waits goes first
            wait = min(keepalive, left) if due is None else max(0.0, due - time.monotonic())
            try:
                item = arrived.get(timeout=wait)
            except queue.Empty:
                if due is None:
                    follower.recheck(gid)   # a record whose push was lost comes in now
                    yield framing.keepalive
                    continue
                item = []   # the gathering is over: what waits goes now
            batch = []
            while True:   # everything waiting, taken at once (only this greenlet takes)
                if item is HUNG_UP:
                    return
                if isinstance(item, list):
                    batch += item
                else:   # the client said something: answered before the records
                    reply, ending = framing.answer(item)
                    yield reply
                    if ending:
                        return
                if arrived.empty():
                    break
                item = arrived.get_nowait()
            top = pending[-1]["v"] if pending else last
            pending += [r for r in batch if r["v"] > top]
            if not pending:
                continue
            # no app context: pushing one costs more than the view
            current = hub.at_least(gid, pending[-1]["v"])
            over = current is not None and current.over()
            if due is None:
                due = time.monotonic() + gather
            if current is not None and time.monotonic() < due and not awaits(current, viewer, over):
                continue   # what comes meanwhile goes with these records, under one view
            # the records and the view after them in one write: one send, one chunk
            out = [record_of(record, viewer) for record in pending]
            last = pending[-1]["v"]
            pending, due = [], None
            if current is not None and current.version > last:
                # this worker's copy is ahead of what the stream heard (a request here loaded
                # it before the pushes came): the records between go first, so that a view never
                # shows a version whose records the stream has not sent
                out += [record_of(record, viewer)
                        for record in hub.store.records(gid, last + 1, current.version)]
                last = current.version
            if current is not None:
                out.append(view_of(VIEWS.get(current, viewer, hub), last if over else None))
            if over:
                out.append(framing.end(over))
            yield b"".join(out)
            if over:
                framing.linger(arrived)
                return
        yield framing.end(False)
        framing.linger(arrived)
    finally:
        stop_watch()
        STREAMS.dec()
        handle.close()
        leave()
