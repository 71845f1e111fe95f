"""Live updates over server-sent events, on a real Redis, with two app instances sharing it."""
from __future__ import annotations

import json
import threading
import time

import pytest
import redis

from service import create_app
from tests.service.helpers import auth, create

FAST = {"STREAM_SECONDS": 3, "STREAM_KEEPALIVE": 0.2, "ADMIN_TOKEN": "op"}


@pytest.fixture
def apps(real_redis_url, real_redis):
    """Two service processes' worth of apps over one Redis."""
    return (create_app(redis.Redis.from_url(real_redis_url), FAST),
            create_app(redis.Redis.from_url(real_redis_url), FAST))


def read_events(resp, want_records: int, timeout: float = 5) -> list[dict]:
    """Parse SSE messages until `want_records` record events and the view after them arrived
    (or the stream ends)."""
    out, buf, deadline = [], "", time.monotonic() + timeout
    for chunk in resp.response:
        buf += chunk.decode() if isinstance(chunk, bytes) else chunk
        while "\n\n" in buf:
            message, buf = buf.split("\n\n", 1)
            fields = dict(line.split(": ", 1) for line in message.splitlines()
                          if ": " in line and not line.startswith(":"))
            if "data" in fields:
                out.append({"id": fields.get("id"), "event": fields.get("event"),
                            "data": json.loads(fields["data"])})
        done = bool(out) and sum(e["event"] == "record" for e in out) >= want_records \
            and out[-1]["event"] == "view"
        if done or time.monotonic() > deadline:
            break
    resp.close()
    return out


def test_each_caller_gets_new_records_redacted_for_it_and_resumes_without_gaps(apps):
    writer, watcher = apps[0].test_client(), apps[1].test_client()
    made = create(writer)
    gid, t0 = made["id"], made["token"]
    t1 = writer.post(f"/games/{gid}/join", json={"code": made["join_codes"]["1"]}).json["token"]

    def play_later():
        time.sleep(0.4)
        writer.post(f"/games/{gid}/moves", json={"move": {"type": "draw"}}, headers=auth(t0))
        writer.post(f"/games/{gid}/moves", json={"move": {"type": "add"}}, headers=auth(t0))

    ticket0 = watcher.post(f"/games/{gid}/stream-ticket", headers=auth(t0)).json["ticket"]
    ticket1 = watcher.post(f"/games/{gid}/stream-ticket", headers=auth(t1)).json["ticket"]
    s0 = watcher.get(f"/games/{gid}/stream?ticket={ticket0}&since=1", buffered=False)
    s1 = watcher.get(f"/games/{gid}/stream?ticket={ticket1}&since=1", buffered=False)
    assert s0.mimetype == "text/event-stream"
    threading.Thread(target=play_later).start()
    seen0, seen1 = read_events(s0, 2), read_events(s1, 2)
    rec0 = [e for e in seen0 if e["event"] == "record"]
    rec1 = [e for e in seen1 if e["event"] == "record"]
    assert [e["id"] for e in rec0] == [e["id"] for e in rec1] == ["2", "3"]
    card = rec0[0]["data"]["record"]["events"][0]["card"]
    assert isinstance(card, int)
    assert "card" not in rec1[0]["data"]["record"]["events"][0]
    views1 = [e["data"] for e in seen1 if e["event"] == "view"]
    assert views1 and views1[-1]["state"]["hands"][0] == 1 and views1[-1]["seat"] == 1

    # resume after a dropped connection, with the same ticket, from the last version seen
    writer.post(f"/games/{gid}/moves", json={"move": {"type": "end"}}, headers=auth(t0))
    resumed = read_events(watcher.get(f"/games/{gid}/stream?ticket={ticket1}",
                                      headers={"Last-Event-ID": "3"}, buffered=False), 1)
    assert [e["id"] for e in resumed if e["event"] == "record"] == ["4"]


def test_a_ticket_serves_every_reconnect_while_used_and_a_spectator_needs_none(apps):
    client = apps[0].test_client()
    made = create(client)
    gid = made["id"]
    ticket = client.post(f"/games/{gid}/stream-ticket", headers=auth(made["token"])).json["ticket"]
    for _ in range(3):  # an EventSource reconnects to the same URL
        again = client.get(f"/games/{gid}/stream?ticket={ticket}", buffered=False)
        assert again.status_code == 200
        first = read_events(again, 0)
        assert first[0]["event"] == "view" and first[0]["data"]["seat"] == 0
    bad = client.get(f"/games/{gid}/stream?ticket=nope")
    assert bad.status_code == 401 and bad.json["code"] == "bad_ticket"
    public = client.get(f"/games/{gid}/stream?since=0", buffered=False)
    events = read_events(public, 1)
    setup = [e for e in events if e["event"] == "record"][0]["data"]["record"]
    assert setup["v"] == 1 and "deck" not in setup["events"][0]


def test_a_ticket_left_unused_expires(real_redis_url, real_redis):
    app = create_app(redis.Redis.from_url(real_redis_url), {**FAST, "TICKET_SECONDS": 1})
    client = app.test_client()
    made = create(client)
    ticket = client.post(f"/games/{made['id']}/stream-ticket", headers=auth(made["token"])).json["ticket"]
    time.sleep(2.2)
    gone = client.get(f"/games/{made['id']}/stream?ticket={ticket}")
    assert gone.status_code == 401 and gone.json["code"] == "bad_ticket"


def test_a_fresh_stream_starts_with_the_callers_view_and_last_event_id_wins_over_since(apps):
    client = apps[0].test_client()
    made = create(client)
    gid, t0 = made["id"], made["token"]
    for move in ("add", "add", "add"):
        client.post(f"/games/{gid}/moves", json={"move": {"type": move}}, headers=auth(t0))
    fresh = read_events(client.get(f"/games/{gid}/stream", headers=auth(t0), buffered=False), 0)
    assert fresh[0]["event"] == "view" and fresh[0]["data"]["version"] == 4
    assert fresh[0]["data"]["legal_moves"]  # a seat's view: it can move without a GET
    # EventSource resends Last-Event-ID on its own; the URL's `since` is then old
    resumed = read_events(client.get(f"/games/{gid}/stream?since=1", headers={"Last-Event-ID": "3"},
                                     buffered=False), 1)
    assert [e["id"] for e in resumed if e["event"] == "record"] == ["4"]
    assert resumed[-1]["event"] == "view"


def test_streams_are_bounded_per_game_and_per_address(real_redis_url, real_redis):
    app = create_app(redis.Redis.from_url(real_redis_url),
                     {**FAST, "STREAMS_PER_GAME": 3, "STREAMS_PER_ADDRESS": 4})
    client = app.test_client()
    games = [create(client)["id"] for _ in range(2)]
    open_ = [client.get(f"/games/{games[0]}/stream", buffered=False) for _ in range(3)]
    assert all(r.status_code == 200 for r in open_)
    refused = client.get(f"/games/{games[0]}/stream")
    assert refused.status_code == 429 and refused.json["code"] == "too_many_streams"
    assert refused.headers["Retry-After"]
    open_.append(client.get(f"/games/{games[1]}/stream", buffered=False))
    assert open_[-1].status_code == 200
    by_address = client.get(f"/games/{games[1]}/stream")
    assert by_address.status_code == 429  # the address has 4 open
    for r in open_:
        read_events(r, 0)   # the stream ends: its counts go back
    assert client.get(f"/games/{games[0]}/stream", buffered=False).status_code == 200


def test_a_stream_refused_to_its_caller_takes_no_place_under_the_bounds(real_redis_url,
                                                                         real_redis):
    """The read that opens a stream counts it in before the caller is checked: a caller it is
    refused to (a wrong token, an unknown ticket) is counted out again, and a game that does not
    exist counts nothing."""
    from service.live import ENDS_GATHERED_SECONDS
    # production settings but the bound
    app = create_app(redis.Redis.from_url(real_redis_url), {"STREAMS_PER_GAME": 1})
    client = app.test_client()
    gid = create(client)["id"]
    counter = f"tf:{{{gid}}}:streams"
    refused = [client.get(f"/games/{gid}/stream", headers=auth("not-a-token")),
               client.get(f"/games/{gid}/stream?ticket=not-a-ticket")]
    assert [r.json["code"] for r in refused] == ["unknown_token", "bad_ticket"]
    time.sleep(ENDS_GATHERED_SECONDS + 0.5)
    assert real_redis.get(counter) == b"0"
    other = create_app(redis.Redis.from_url(real_redis_url), {"STREAMS_PER_GAME": 1})
    held = other.test_client().get(f"/games/{gid}/stream", buffered=False)
    assert held.status_code == 200   # the one place is free on every worker
    assert client.get(f"/games/{gid}/stream", headers=auth("not-a-token")).json["code"] \
        == "unknown_token"   # a wrong token is told so, bounds or not
    held.close()
    assert client.get("/games/nothing-here/stream").json["code"] == "no_such_game"
    assert real_redis.keys("tf:{nothing-here}:*") == []


def test_a_quiet_stream_sends_keep_alives_and_ends_for_the_client_to_reopen(apps):
    client = apps[0].test_client()
    made = create(client)
    started = time.monotonic()
    resp = client.get(f"/games/{made['id']}/stream", buffered=False)
    body = b"".join(resp.response).decode()
    assert body.count(": keep-alive") >= 3
    assert 2.5 < time.monotonic() - started < 6


@pytest.mark.parametrize("keepalive", ["fast", "production"])
def test_a_record_whose_push_was_lost_reaches_the_stream_by_its_next_keep_alive(
        keepalive, real_redis_url, real_redis, monkeypatch):
    """The game's last record, its push lost between Redis and the worker holding the stream:
    no later record shows the gap, so the stream reads the log at its keep-alive (and shows the
    record within one keep-alive, at the production 10 s too)."""
    import events.store
    from service.config import from_env
    config = {**FAST, "STREAM_SECONDS": 30} if keepalive == "fast" else {"ADMIN_TOKEN": "op"}
    every = config.get("STREAM_KEEPALIVE") or from_env({})["STREAM_KEEPALIVE"]
    writer = create_app(redis.Redis.from_url(real_redis_url), config)
    watcher = create_app(redis.Redis.from_url(real_redis_url), config)
    made = create(writer.test_client())
    gid, token = made["id"], made["token"]
    stream = watcher.test_client().get(f"/games/{gid}/stream", buffered=False)
    first = next(iter(stream.response))   # the stream is open: its view is sent
    assert b"event: view" in (first if isinstance(first, bytes) else first.encode())
    time.sleep(0.3)   # the worker's subscription took hold
    monkeypatch.setattr(events.store, "channel", lambda gid: "tf:nobody-listens")
    moved = writer.test_client().post(f"/games/{gid}/moves", json={"move": {"type": "add"}},
                                      headers=auth(token))
    assert moved.status_code == 200, moved.json
    monkeypatch.undo()
    sent = time.monotonic()
    seen = read_events(stream, 1, timeout=2 * every + 5)
    assert [e["id"] for e in seen if e["event"] == "record"] == [str(moved.json["version"])]
    assert time.monotonic() - sent < every + 3


def test_a_view_never_runs_ahead_of_the_records_the_stream_sent(real_redis_url, real_redis,
                                                                  monkeypatch):
    """The worker holding a stream loads the game (a request there) before the pushes of its
    newest records arrive: the stream's next view is of that newer copy, so the records between
    go out before it. Before, a client stopping at the game's final view could miss its last
    records (a cluster run here did)."""
    import events.store
    writer = create_app(redis.Redis.from_url(real_redis_url), FAST)
    watcher = create_app(redis.Redis.from_url(real_redis_url), {**FAST, "STREAM_SECONDS": 30})
    made = create(writer.test_client())
    gid, token = made["id"], made["token"]
    stream = watcher.test_client().get(f"/games/{gid}/stream", buffered=False)
    chunks = iter(stream.response)
    opened = next(chunks)
    assert b"event: view" in (opened if isinstance(opened, bytes) else opened.encode())
    time.sleep(0.3)   # the worker's subscription took hold
    first = writer.test_client().post(f"/games/{gid}/moves", json={"move": {"type": "add"}},
                                      headers=auth(token)).json["version"]
    time.sleep(0.3)   # its push reached the stream's queue; the stream has not sent it yet
    monkeypatch.setattr(events.store, "channel", lambda gid: "tf:nobody-listens")
    second = writer.test_client().post(f"/games/{gid}/moves", json={"move": {"type": "add"}},
                                       headers=auth(token)).json["version"]
    monkeypatch.undo()
    # a request on the stream's worker brings its copy to the newest version
    assert watcher.test_client().get(f"/games/{gid}", headers=auth(token)).json["version"] == second
    text, deadline = "", time.monotonic() + 5
    while "event: view" not in text and time.monotonic() < deadline:
        chunk = next(chunks)
        text += chunk.decode() if isinstance(chunk, bytes) else chunk
    stream.close()
    sent = [line[4:] for line in text.splitlines() if line.startswith("id: ")]
    view = json.loads(text.split("event: view\ndata: ", 1)[1].split("\n", 1)[0])
    assert sent == [str(first), str(second)]
    assert view["version"] == second


def messages(chunks) -> dict:
    """The stream's next write (keep-alives passed over): its records' ids and the version of
    the view after them."""
    text = ": keep-alive\n\n"
    while text == ": keep-alive\n\n":
        chunk = next(chunks)
        text = chunk.decode() if isinstance(chunk, bytes) else chunk
    views = [json.loads(line[6:])["version"] for line in text.splitlines()
             if line.startswith("data: ") and '"engine"' in line]
    return {"records": [block.split("\n", 1)[0][4:] for block in text.split("\n\n")
                        if block.startswith("id: ") and "\nevent: record\n" in block],
            "views": views}


def two_seats(redis_url: str, watcher_config: dict, **options):
    """A writer app and a watcher app (the stream's worker, `watcher_config`) over one Redis,
    and a two-seat table: (writer, watcher, game id, seat 0's token, seat 1's token)."""
    writer = create_app(redis.Redis.from_url(redis_url), FAST)
    watcher = create_app(redis.Redis.from_url(redis_url), watcher_config)
    made = create(writer.test_client(), **options)
    t1 = writer.test_client().post(f"/games/{made['id']}/join",
                                   json={"code": made["join_codes"]["1"]}).json["token"]
    return writer, watcher, made["id"], made["token"], t1


def test_a_seat_not_awaited_hears_the_records_of_a_while_under_one_view(real_redis_url,
                                                                       real_redis):
    """Seat 0 moves twice, 0.3 s apart, and seat 1 (not awaited) hears both in one message with
    one view; seat 0 (awaited) hears each at once. When seat 0 ends its turn, seat 1 is awaited
    and hears it at once; seat 0 hears it when its gathering is over (2 s here)."""
    writer, watcher, gid, t0, t1 = two_seats(
        real_redis_url, {**FAST, "STREAM_SECONDS": 30, "STREAM_GATHER": 2.0})
    streams = [watcher.test_client().get(f"/games/{gid}/stream", headers=auth(t), buffered=False)
               for t in (t0, t1)]
    chunks = [iter(s.response) for s in streams]
    assert [messages(c)["views"] for c in chunks] == [[1], [1]]
    time.sleep(0.3)   # the worker's subscription took hold

    def move(kind, pause):
        time.sleep(pause)
        writer.test_client().post(f"/games/{gid}/moves", json={"move": {"type": kind}},
                                  headers=auth(t0))

    moves = threading.Thread(target=lambda: (move("add", 0.2), move("add", 0.3)))
    moves.start()
    assert messages(chunks[0]) == {"records": ["2"], "views": [2]}
    assert messages(chunks[0]) == {"records": ["3"], "views": [3]}
    assert messages(chunks[1]) == {"records": ["2", "3"], "views": [3]}
    moves.join()
    ended = time.monotonic()
    move("end", 0)
    assert messages(chunks[1]) == {"records": ["4"], "views": [4]}
    assert time.monotonic() - ended < 1.5   # at once, not at the end of the gathering
    assert messages(chunks[0]) == {"records": ["4"], "views": [4]}
    assert time.monotonic() - ended >= 1.9
    for s in streams:
        s.close()


@pytest.mark.parametrize("gather", ["production", "none"])
def test_a_lone_record_reaches_a_seat_not_awaited_within_the_gathering(gather, real_redis_url,
                                                                       real_redis):
    from service.config import from_env
    config = {**FAST, "STREAM_SECONDS": 30}
    if gather == "none":
        config["STREAM_GATHER"] = 0
    seconds = config.get("STREAM_GATHER", from_env({})["STREAM_GATHER"])
    writer, watcher, gid, t0, t1 = two_seats(real_redis_url, config)
    stream = watcher.test_client().get(f"/games/{gid}/stream", headers=auth(t1), buffered=False)
    chunks = iter(stream.response)
    assert messages(chunks)["views"] == [1]
    time.sleep(0.3)   # the worker's subscription took hold
    moved = time.monotonic()
    writer.test_client().post(f"/games/{gid}/moves", json={"move": {"type": "add"}},
                              headers=auth(t0))
    assert messages(chunks) == {"records": ["2"], "views": [2]}
    assert time.monotonic() - moved < seconds + 1.0
    stream.close()


def test_the_end_of_a_game_reaches_every_stream_at_once(real_redis_url, real_redis):
    writer, watcher, gid, t0, t1 = two_seats(
        real_redis_url, {**FAST, "STREAM_SECONDS": 30, "STREAM_GATHER": 5.0},
        options={"rounds": 1})
    tokens = {0: t0, 1: t1}
    play = writer.test_client()
    for seat, body in ((0, {"type": "end"}), (1, {"type": "end"}), (0, {"type": "choose", "n": 1})):
        assert play.post(f"/games/{gid}/moves", json={"move": body},
                         headers=auth(tokens[seat])).status_code == 200
    # a spectator, who is never awaited, and seat 0, who has chosen
    streams = [watcher.test_client().get(f"/games/{gid}/stream", headers=headers,
                                         buffered=False) for headers in ({}, auth(t0))]
    chunks = [iter(s.response) for s in streams]
    assert [messages(c)["views"] for c in chunks] == [[4], [4]]
    time.sleep(0.3)   # the worker's subscription took hold
    last = time.monotonic()
    assert play.post(f"/games/{gid}/moves", json={"move": {"type": "choose", "n": 2}},
                     headers=auth(t1)).json["result"] is not None
    for c in chunks:
        assert messages(c) == {"records": ["5"], "views": [5]}
    assert time.monotonic() - last < 2.5
    for s in streams:
        s.close()


def test_a_stream_ends_after_the_games_end_and_a_client_that_heard_it_is_told_204(
        real_redis_url, real_redis):
    """Nothing comes after a game's end: its stream ends there, well before its lifetime (the
    client's connection free for its next request), and the final view carries the last
    version as its id, so that an EventSource reconnecting from it is answered 204 and stops."""
    writer, watcher, gid, t0, t1 = two_seats(
        real_redis_url, {**FAST, "STREAM_SECONDS": 30}, options={"rounds": 1})
    tokens = {0: t0, 1: t1}
    play = writer.test_client()
    for seat, body in ((0, {"type": "end"}), (1, {"type": "end"}), (0, {"type": "choose", "n": 1})):
        assert play.post(f"/games/{gid}/moves", json={"move": body},
                         headers=auth(tokens[seat])).status_code == 200
    stream = watcher.test_client().get(f"/games/{gid}/stream", headers=auth(t1), buffered=False)
    chunks = iter(stream.response)
    assert messages(chunks)["views"] == [4]
    time.sleep(0.3)   # the worker's subscription took hold
    started = time.monotonic()
    assert play.post(f"/games/{gid}/moves", json={"move": {"type": "choose", "n": 2}},
                     headers=auth(t1)).json["result"] is not None
    rest = b"".join(c if isinstance(c, bytes) else c.encode() for c in chunks).decode()
    assert time.monotonic() - started < 2.5   # ended at once, not after its 30 s
    record, final = rest.strip().split("\n\n")
    assert record.startswith("id: 5\nevent: record\n")
    assert final.startswith("id: 5\nevent: view\ndata: ")
    assert json.loads(final.split("data: ", 1)[1])["result"] is not None
    stream.close()

    client = watcher.test_client()
    # opened after the end: the final view, and the stream ends
    fresh = client.get(f"/games/{gid}/stream", headers=auth(t0))
    assert fresh.status_code == 200
    assert fresh.data.decode().strip().split("\n\n")[-1].startswith("id: 5\nevent: view\n")
    # resumed from the end (EventSource resends the last id): nothing to say, and 204 stops it
    for resumed in (client.get(f"/games/{gid}/stream", headers={**auth(t0), "Last-Event-ID": "5"}),
                    client.get(f"/games/{gid}/stream?since=5")):
        assert resumed.status_code == 204 and resumed.data == b""
    # resumed from before the end: the records missed, then the final view
    behind = client.get(f"/games/{gid}/stream", headers={**auth(t0), "Last-Event-ID": "3"})
    assert [b.split("\n")[:2] for b in behind.data.decode().strip().split("\n\n")[1:]] == [
        ["id: 4", "event: record"], ["id: 5", "event: record"], ["id: 5", "event: view"]]
    # none of them is still counted under the bounds
    time.sleep(0.6)
    from events.store import stream_counters
    assert int(real_redis.get(stream_counters(gid, "127.0.0.1")[0]) or 0) == 0


def test_records_gathered_as_a_stream_ends_are_sent_before_it_ends(real_redis_url, real_redis):
    writer, watcher, gid, t0, t1 = two_seats(
        real_redis_url, {**FAST, "STREAM_SECONDS": 1, "STREAM_GATHER": 2.0})
    stream = watcher.test_client().get(f"/games/{gid}/stream", headers=auth(t1), buffered=False)
    for after in (0.5, 1.3):   # the second after the stream's lifetime, within the gathering
        threading.Timer(after, lambda: writer.test_client().post(
            f"/games/{gid}/moves", json={"move": {"type": "add"}}, headers=auth(t0))).start()
    body = b"".join(stream.response).decode()
    assert "id: 2\n" in body and "id: 3\n" in body
    assert body.rstrip().endswith("}")   # the records, then their view


class Counting(redis.Redis):
    """A worker's client that counts what it sends Redis (a script call is one command)."""
    sent = 0

    def execute_command(self, *args, **options):
        self.sent += 1
        return super().execute_command(*args, **options)


def test_a_stream_of_a_game_its_worker_holds_opens_on_one_read(real_redis_url, real_redis):
    """The seat's worker holds the game (its moves came here) and is subscribed to it: opening
    the stream (again, as a client does when one ends) costs one round trip, the read that also
    counts the stream in, and reads nothing after listening; its first view is current, and a
    record appended next reaches it."""
    app = create_app(Counting.from_url(real_redis_url))   # production settings
    client = app.test_client()
    made = create(client)
    gid, token = made["id"], made["token"]
    assert client.post(f"/games/{gid}/moves", json={"move": {"type": "add"}},
                       headers=auth(token)).status_code == 200
    follower = app.extensions["tablefold.follower"]
    deadline = time.monotonic() + 5
    while follower.subscribed < 1 and time.monotonic() < deadline:
        time.sleep(0.02)
    first = client.get(f"/games/{gid}/stream", headers=auth(token), buffered=False)
    assert messages(iter(first.response))["views"] == [2]
    first.close()   # as a client reopens its stream when it ends
    r = app.extensions["tablefold"].store.r
    counter = f"tf:{{{gid}}}:streams"
    before, counted = r.sent, int(real_redis.get(counter))   # the first one is not counted out yet
    stream = client.get(f"/games/{gid}/stream", headers=auth(token), buffered=False)
    chunks = iter(stream.response)
    assert messages(chunks) == {"records": [], "views": [2]}
    assert r.sent - before == 1   # the game's read, which counted the stream in
    assert int(real_redis.get(counter)) == counted + 1
    writer = create_app(redis.Redis.from_url(real_redis_url)).test_client()
    assert writer.post(f"/games/{gid}/moves", json={"move": {"type": "add"}},
                       headers=auth(token)).status_code == 200
    assert messages(chunks) == {"records": ["3"], "views": [3]}
    stream.close()


def test_a_stream_of_a_game_new_to_its_worker_opens_on_one_read(real_redis_url, real_redis):
    """The worker subscribes to the game before it reads it: the read is the stream's only
    round trip (no read of the log when Redis confirms the subscription), and a record another
    worker appends next reaches the stream."""
    writer = create_app(redis.Redis.from_url(real_redis_url)).test_client()
    made = create(writer)
    gid, token = made["id"], made["token"]
    app = create_app(Counting.from_url(real_redis_url))   # production settings
    r = app.extensions["tablefold"].store.r
    before = r.sent
    stream = app.test_client().get(f"/games/{gid}/stream", headers=auth(token), buffered=False)
    chunks = iter(stream.response)
    assert messages(chunks) == {"records": [], "views": [1]}
    time.sleep(0.3)   # the confirmation, had it come after the stream listened, reads the log
    assert r.sent - before == 1
    assert writer.post(f"/games/{gid}/moves", json={"move": {"type": "add"}},
                       headers=auth(token)).status_code == 200
    assert messages(chunks) == {"records": ["2"], "views": [2]}
    stream.close()


def test_a_stream_of_no_game_leaves_no_subscription(real_redis_url):
    from events.follow import LEAVE_SECONDS
    app = create_app(redis.Redis.from_url(real_redis_url))
    answer = app.test_client().get("/games/nosuchgame0/stream")
    assert answer.status_code == 404 and answer.json["code"] == "no_such_game"
    follower = app.extensions["tablefold.follower"]
    deadline = time.monotonic() + LEAVE_SECONDS + 5
    while follower.subscribed and time.monotonic() < deadline:
        time.sleep(0.02)
    assert follower.subscribed == 0 and follower.followed == 0


def test_a_stream_closed_before_it_sent_anything_stops_listening(real_redis_url, real_redis):
    """... and gives its place under the bounds back, once."""
    from service.live import ENDS_GATHERED_SECONDS
    app = create_app(redis.Redis.from_url(real_redis_url))   # production settings
    client = app.test_client()
    gid = create(client)["id"]
    follower = app.extensions["tablefold.follower"]
    from werkzeug.test import EnvironBuilder
    started = []
    # as a WSGI server that drops the answer before its first write: closed, never iterated
    body = app(EnvironBuilder(path=f"/games/{gid}/stream").get_environ(),
               lambda status, headers, exc_info=None: started.append(status))
    assert started == ["200 OK"] and follower.followed == 1
    counter = f"tf:{{{gid}}}:streams"
    assert real_redis.get(counter) == b"1"
    body.close()
    body.close()   # a second close gives nothing back twice
    assert follower.followed == 0
    time.sleep(ENDS_GATHERED_SECONDS + 0.5)
    assert real_redis.get(counter) == b"0"


def test_a_stream_refused_for_its_bounds_leaves_no_listener(real_redis_url, real_redis):
    app = create_app(redis.Redis.from_url(real_redis_url), {"STREAMS_PER_GAME": 1})
    client = app.test_client()
    gid = create(client)["id"]
    follower = app.extensions["tablefold.follower"]
    held = client.get(f"/games/{gid}/stream", buffered=False)
    assert client.get(f"/games/{gid}/stream").status_code == 429
    assert follower.followed == 1 and len(follower._followed[gid].listeners) == 1
    held.close()
    assert follower.followed == 0


def test_streams_ending_together_are_counted_out_in_one_call_soon_after(real_redis_url,
                                                                        real_redis):
    """A worker counts the streams that ended in it out together, ENDS_GATHERED_SECONDS after
    the first (a table's seats leave as it ends, spectators in bursts): one call for them all, and
    another worker finds their places free by then. This worker takes them back at once when a
    new stream would otherwise be refused."""
    from service.live import ENDS_GATHERED_SECONDS
    app = create_app(Counting.from_url(real_redis_url), {"STREAMS_PER_GAME": 3})
    other = create_app(redis.Redis.from_url(real_redis_url), {"STREAMS_PER_GAME": 3})
    client = app.test_client()
    gid = create(client)["id"]
    streams = [client.get(f"/games/{gid}/stream", buffered=False) for _ in range(3)]
    for stream in streams:
        assert messages(iter(stream.response))["views"] == [1]
    counter = f"tf:{{{gid}}}:streams"
    assert real_redis.get(counter) == b"3"
    store = app.extensions["tablefold"].store
    store.load_scripts()   # as a served worker's readiness check does
    before = store.r.sent
    for stream in streams:
        stream.close()
    time.sleep(ENDS_GATHERED_SECONDS + 0.5)
    assert real_redis.get(counter) == b"0" and store.r.sent - before == 1
    held = [other.test_client().get(f"/games/{gid}/stream", buffered=False) for _ in range(3)]
    assert [s.status_code for s in held] == [200, 200, 200]
    for stream in held:
        messages(iter(stream.response))
        stream.close()
    time.sleep(ENDS_GATHERED_SECONDS + 0.5)
    mine = [client.get(f"/games/{gid}/stream", buffered=False) for _ in range(3)]
    for stream in mine:
        assert messages(iter(stream.response))["views"] == [1]
    mine.pop().close()   # ended here, not yet counted out: the next stream here takes its place
    again = client.get(f"/games/{gid}/stream", buffered=False)
    assert again.status_code == 200
    for stream in [*mine, again]:
        stream.close()
