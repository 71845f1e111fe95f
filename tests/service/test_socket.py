"""A live stream taken as a WebSocket (`GET /games/{id}/stream` with `Upgrade: websocket`), on
`tablefold serve` at its production settings, with the `websockets` package as the client: the
stream's messages as JSON text frames, and the seat's moves sent and answered on the same
connection. What a seat hears on it is what the HTTP API gives that seat: the same views and the
same redacted records."""
from __future__ import annotations

import contextlib
import json
import random
import socket
import struct
import time

import pytest
import redis
import requests
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from events.records import redact_record
from service.config import from_env
from tests.support.server import Server, auth, docs_example, log_entries, new_table

KEEPALIVE = from_env({})["STREAM_KEEPALIVE"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with Server(tmp_path_factory.mktemp("socket"), workers=2) as s:
        yield s


def ws_url(base: str, gid: str, query: str = "") -> str:
    return base.replace("http://", "ws://") + f"/games/{gid}/stream" + query


def next_message(ws, kinds=("view",), timeout: float = 10) -> tuple[list[dict], dict]:
    """The messages up to the next of one of `kinds`: (those before it, it)."""
    before = []
    while True:
        message = json.loads(ws.recv(timeout=timeout))
        if message["type"] in kinds:
            return before, message
        before.append(message)


def concrete(option: dict) -> dict:
    move = dict(option["move"])
    for name, part in (option.get("choose") or {}).items():
        if "one_of" in part:
            move[name] = random.choice(part["one_of"])
        else:
            items = part["subset"]
            move[name] = items[:part.get("min", 0)]
    return move


def view_at(ws, version: int) -> tuple[list[dict], dict]:
    """The messages up to the seat's view at `version` (a seat that just moved hears it after the
    gathering, a moment later)."""
    before = []
    while True:
        more, message = next_message(ws)
        before += more
        if message["view"]["version"] >= version:
            return before, message
        before.append(message)


def play_on_sockets(base: str, gid: str, tokens: dict[int, str], moves: int = 1000,
                    check=None) -> dict:
    """Every seat follows its socket and moves on it when its view says it is awaited, until the
    game ends (or `moves` were made): what each seat heard, and the answers to its moves.
    `check(seat, records, view)` sees what each seat heard after each move, as it comes."""
    heard = {seat: [] for seat in tokens}
    answers = {seat: [] for seat in tokens}
    opened = contextlib.ExitStack()
    sockets = {seat: opened.enter_context(connect(ws_url(base, gid), additional_headers=auth(token)))
               for seat, token in tokens.items()}
    views = {}
    try:
        for seat, ws in sockets.items():
            before, message = next_message(ws)
            heard[seat] += before + [message]
            views[seat] = message["view"]
        for _ in range(moves):
            if views[0]["result"] is not None:
                break
            mover = next(s for s, v in views.items() if s in v["awaited"] and v["legal_moves"])
            view = views[mover]
            move_id = f"{mover}-{view['version']}"
            sockets[mover].send(json.dumps({"type": "move", "move_id": move_id,
                                            "move": concrete(random.choice(view["legal_moves"])),
                                            "expected_version": view["version"]}))
            before, answer = next_message(sockets[mover], ("moved", "error"))
            assert answer["type"] == "moved" and answer["move_id"] == move_id, answer
            assert before == [], "a move is answered before the records it brought"
            answers[mover].append(answer)
            for seat, ws in sockets.items():
                records, message = view_at(ws, answer["version"])
                heard[seat] += records + [message]
                views[seat] = message["view"]
                if check:
                    check(seat, records, message["view"])
    except BaseException:
        opened.close()
        raise
    return {"heard": heard, "answers": answers, "sockets": sockets, "opened": opened}


def test_two_seats_play_a_game_to_the_end_on_their_sockets(server):
    gid, tokens = new_table(server.base)
    played = play_on_sockets(server.base, gid, tokens)
    with played["opened"]:
        for ws in played["sockets"].values():   # the end: the server closes with its reason
            with pytest.raises(ConnectionClosed):
                ws.recv(timeout=10)
            assert ws.close_code == 1000 and ws.close_reason == "game over"
    log = [record for _, record in log_entries(server.redis(), gid)]
    versions = [r["v"] for r in log]
    recorded = sorted(a["recorded_at"] for seat in tokens for a in played["answers"][seat])
    assert recorded == [v for v in versions if v > 1], "every move was sent on a socket"
    for seat in tokens:
        heard = played["heard"][seat]
        records = [m["record"]["v"] for m in heard if m["type"] == "record"]
        assert records == [v for v in versions if v > heard[0]["view"]["version"]], \
            "every record after the opening view, once each, in order"
        final = [m for m in heard if m["type"] == "view"][-1]
        assert final["final"] and final["view"]["result"] is not None
        assert final["view"]["version"] == versions[-1]
        assert not any(m["final"] for m in heard if m["type"] == "view" and m is not final)


def test_a_seat_hears_on_its_socket_what_the_http_api_gives_that_seat(server):
    """Trinket Trove hides each hand from the other seat: every record the socket sends is the
    log's record redacted for that seat, and every view is the seat's GET view at that version."""
    made = requests.post(f"{server.base}/games", timeout=10, json={
        "engine": "trinket-trove", "claim": 0, "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert made.status_code == 201, made.text
    body = made.json()
    gid = body["id"]
    joined = requests.post(f"{server.base}/games/{gid}/join", timeout=10,
                           json={"code": body["join_codes"]["1"]})
    tokens = {0: body["token"], 1: joined.json()["token"]}
    r = server.redis()
    checked = []

    def check(seat, records, view):
        log = {record["v"]: record for _, record in log_entries(r, gid)}
        for m in records:
            assert m["record"] == json.loads(json.dumps(redact_record(log[m["record"]["v"]], seat)))
        as_http = requests.get(f"{server.base}/games/{gid}", headers=auth(tokens[seat]), timeout=10)
        assert view == as_http.json(), "the socket's view is the seat's own"
        checked.append(len(records))

    play_on_sockets(server.base, gid, tokens, moves=16, check=check)["opened"].close()
    assert len(checked) == 32 and sum(checked) >= 32, checked


def awaited_seat(base: str, gid: str) -> int:
    return requests.get(f"{base}/games/{gid}", timeout=10).json()["awaited"][0]


def test_bad_messages_are_answered_with_errors_and_change_nothing(server):
    gid, tokens = new_table(server.base)
    seat = awaited_seat(server.base, gid)
    spectator_answers = []
    with connect(ws_url(server.base, gid), additional_headers=auth(tokens[seat])) as ws, \
            connect(ws_url(server.base, gid)) as spectator:
        _, opening = next_message(ws)
        version = opening["view"]["version"]
        legal = opening["view"]["legal_moves"]
        assert seat in opening["view"]["awaited"] and legal
        said = [
            ("not json", "bad_message"),
            (json.dumps([1, 2]), "bad_message"),
            (json.dumps({"type": "undo"}), "bad_message"),
            (json.dumps({"type": "move"}), "invalid_request"),
            (json.dumps({"type": "move", "move": {"type": "fly"}}), "unknown_move_type"),
            (json.dumps({"type": "move", "move": {"type": "place", "cell": "here"}}), "invalid_move"),
            (json.dumps({"type": "move", "move": legal[0]["move"], "expected_version": version - 1,
                         "move_id": "late"}), "stale_version"),
        ]
        for text, code in said:
            ws.send(text)
            _, answer = next_message(ws, ("moved", "error"))
            assert answer["type"] == "error" and answer["code"] == code, (text, answer)
            assert answer["message"]
        assert answer["version"] == version and answer["move_id"] == "late"   # the stale one
        next_message(spectator)
        spectator.send(json.dumps({"type": "move", "move": legal[0]["move"]}))
        _, refused = next_message(spectator, ("moved", "error"))
        spectator_answers.append(refused)
        # none of it moved the game, and the socket still takes a good move
        assert requests.get(f"{server.base}/games/{gid}", timeout=10).json()["version"] == version
        ws.send(json.dumps({"type": "move", "move": legal[0]["move"], "expected_version": version}))
        _, moved = next_message(ws, ("moved", "error"))
        assert moved["type"] == "moved" and moved["version"] == version + 1
    assert spectator_answers[0]["code"] == "token_required"


def test_a_socket_opened_with_a_ticket_follows_the_seat_but_never_moves_for_it(server):
    """A ticket stands in an address (a proxy's log, a browser's history): it may follow the
    seat's stream, and a move sent on its socket is refused; the seat's token moves."""
    gid, tokens = new_table(server.base)
    seat = awaited_seat(server.base, gid)
    ticket = requests.post(f"{server.base}/games/{gid}/stream-ticket", headers=auth(tokens[seat]),
                           timeout=10).json()["ticket"]
    with connect(ws_url(server.base, gid, f"?ticket={ticket}")) as ws:
        _, opening = next_message(ws)
        view = opening["view"]
        assert view["seat"] == seat and view["legal_moves"], "the seat's own view"
        ws.send(json.dumps({"type": "move", "move": view["legal_moves"][0]["move"],
                            "expected_version": view["version"], "move_id": "by-ticket"}))
        _, refused = next_message(ws, ("moved", "error"))
        assert refused["code"] == "token_required" and refused["move_id"] == "by-ticket"
    assert requests.get(f"{server.base}/games/{gid}", timeout=10).json()["version"] == view["version"]


def test_a_binary_or_oversized_message_closes_the_socket_with_its_reason(server):
    gid, _ = new_table(server.base)
    with connect(ws_url(server.base, gid)) as ws:
        next_message(ws)
        ws.send(b"\x00\x01")
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=5)
        assert ws.close_code == 1003
    with connect(ws_url(server.base, gid), max_size=None) as ws:
        next_message(ws)
        ws.send("x" * (128 * 1024))
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=5)
        assert ws.close_code == 1009


def raw_socket(base: str, gid: str) -> tuple[socket.socket, bytes]:
    """A WebSocket opened by hand (for frames no client library sends): the socket, and what
    came after the 101's head."""
    host, port = base.removeprefix("http://").split(":")
    raw = socket.create_connection((host, int(port)), timeout=10)
    raw.sendall(f"GET /games/{gid}/stream HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    data = b""
    while b"\r\n\r\n" not in data:
        data += raw.recv(65536)
    head, _, rest = data.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 101"), head
    return raw, rest


def frame(opcode: int, payload: bytes, fin: bool = True, mask: bytes | None = b"\x0f\xf0\x3c\xc3") -> bytes:
    head = bytes(((0x80 if fin else 0) | opcode,))
    size = len(payload)
    length = bytes((size,)) if size < 126 else bytes((126,)) + struct.pack("!H", size)
    if mask is None:
        return head + length + payload
    length = bytes((length[0] | 0x80,)) + length[1:]
    return head + length + mask + bytes(c ^ mask[i % 4] for i, c in enumerate(payload))


def close_code_after(raw: socket.socket, data: bytes, *frames: bytes) -> int:
    """Send `frames`; the code of the close frame the server answers (-1: none before it hung up)."""
    raw.sendall(b"".join(frames))
    while True:
        parsed = parse_frame(data)
        if parsed is None:
            chunk = raw.recv(65536)
            if not chunk:
                return -1
            data += chunk
            continue
        op, payload, data = parsed
        if op == 0x8:
            return struct.unpack("!H", payload[:2])[0]


@pytest.mark.parametrize("frames, code", [
    ([frame(0x1, b"\xff\xfe not UTF-8")], 1007),
    ([frame(0x1, b'{"type": "move"}', mask=None)], 1002),           # a client's frame unmasked
    ([frame(0x0, b"more")], 1002),                                  # a continuation of nothing
    ([frame(0x1, b"part", fin=False), frame(0x1, b"new")], 1002),    # a message inside another
    ([frame(0x9, b"x" * 126)], 1002),                               # a control frame too long
    ([frame(0x8, struct.pack("!H", 1005))], 1002),                  # a code no peer may send
    ([frame(0x8, struct.pack("!H", 4001) + b"bye")], 4001),         # a close: answered in kind
    ([frame(0x8, b"")], 1000),
])
def test_frames_that_break_the_protocol_close_the_socket_with_the_rfcs_code(server, frames, code):
    gid, _ = new_table(server.base)
    raw, data = raw_socket(server.base, gid)
    with raw:
        assert close_code_after(raw, data, *frames) == code
        raw.settimeout(5)
        rest = b""
        while chunk := raw.recv(65536):   # then the server closes the connection
            rest += chunk


def test_a_fragmented_message_interleaved_with_a_ping_is_one_move(server):
    gid, tokens = new_table(server.base)
    seat = awaited_seat(server.base, gid)
    view = requests.get(f"{server.base}/games/{gid}", headers=auth(tokens[seat]), timeout=10).json()
    text = json.dumps({"type": "move", "move": view["legal_moves"][0]["move"],
                       "expected_version": view["version"], "move_id": "fragments"}).encode()
    with connect(ws_url(server.base, gid), additional_headers=auth(tokens[seat])) as ws:
        next_message(ws)
        ws.send([text[:10].decode(), text[10:20].decode(), text[20:].decode()])   # three frames
        _, answer = next_message(ws, ("moved", "error"))
        assert answer == {"type": "moved", "move_id": "fragments",
                          "recorded_at": view["version"] + 1, "version": view["version"] + 1}
    gid, _ = new_table(server.base)
    raw, data = raw_socket(server.base, gid)
    with raw:   # by hand: a ping between the fragments is answered at once
        raw.sendall(frame(0x1, b'{"type": ', fin=False) + frame(0x9, b"hi")
                    + frame(0x0, b'"nothing"}'))
        seen = []
        while len(seen) < 3:
            parsed = parse_frame(data)
            if parsed is None:
                data += raw.recv(65536)
                continue
            op, payload, data = parsed
            seen.append((op, payload))
        assert seen[0][0] == 0x1 and json.loads(seen[0][1])["type"] == "view"
        assert seen[1] == (0xA, b"hi")
        assert seen[2][0] == 0x1 and json.loads(seen[2][1])["code"] == "bad_message"


def test_a_socket_that_resumes_hears_what_it_missed_once(server):
    gid, tokens = new_table(server.base)
    seat = awaited_seat(server.base, gid)
    with connect(ws_url(server.base, gid), additional_headers=auth(tokens[seat])) as ws:
        _, opening = next_message(ws)
        start = opening["view"]["version"]
        ws.send(json.dumps({"type": "move", "move": opening["view"]["legal_moves"][0]["move"],
                            "expected_version": start}))
        next_message(ws, ("moved",))
    with connect(ws_url(server.base, gid, f"?since={start}"),
                 additional_headers=auth(tokens[1 - seat])) as ws:
        before, view = next_message(ws)
        assert [m["record"]["v"] for m in before] == [start + 1]
        assert view["view"]["version"] == start + 1


def test_refused_handshakes_are_json_errors(server):
    gid, tokens = new_table(server.base)
    with pytest.raises(InvalidStatus) as unknown:
        connect(ws_url(server.base, "nosuchgame"))
    assert unknown.value.response.status_code == 404
    assert json.loads(unknown.value.response.body)["code"] == "no_such_game"
    with pytest.raises(InvalidStatus) as bad_token:
        connect(ws_url(server.base, gid), additional_headers=auth("x.y"))
    assert json.loads(bad_token.value.response.body)["code"] == "unknown_token"
    # a WebSocket request in the wrong version: 400, nothing counted, the connection closed
    host, port = server.base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as raw:
        raw.sendall(f"GET /games/{gid}/stream HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                    "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    "Sec-WebSocket-Version: 8\r\n\r\n".encode())
        answer = b""
        while chunk := raw.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400") and b"Sec-WebSocket-Version: 13" in head
    assert json.loads(body)["code"] == "bad_websocket_request"


def test_the_server_pings_an_idle_socket_and_answers_its_pings(server):
    """At the production keep-alive: an idle socket is pinged every KEEPALIVE seconds (a frame a
    client answers by itself), and a ping from the client is answered at once."""
    gid, _ = new_table(server.base)
    host, port = server.base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=3 * KEEPALIVE) as raw:
        raw.sendall(f"GET /games/{gid}/stream HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                    "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    "Sec-WebSocket-Version: 13\r\n\r\n".encode())
        started = time.monotonic()
        data = b""
        while b"\r\n\r\n" not in data:
            data += raw.recv(65536)
        head, _, data = data.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 101")
        assert b"s3pPLMBiTxaQ9kYGzzhZRbK+xOo=" in head   # RFC 6455's own example key and answer
        mask = b"\x01\x02\x03\x04"
        raw.sendall(b"\x89\x84" + mask + bytes(c ^ mask[i % 4] for i, c in enumerate(b"ping")))
        frames = []
        while not any(op == 0x9 for op, _, _ in frames):   # until the server's own ping
            while True:
                frame = parse_frame(data)
                if frame is None:
                    break
                op, payload, data = frame
                frames.append((op, payload, time.monotonic() - started))
            if any(op == 0x9 for op, _, _ in frames):
                break
            data += raw.recv(65536)
    kinds = [op for op, _, _ in frames]
    assert kinds[0] == 0x1 and json.loads(frames[0][1])["type"] == "view"
    assert (0xA, b"ping", ) == frames[1][:2], frames   # the pong, with the ping's payload
    pinged = frames[-1][2]
    assert KEEPALIVE - 1 <= pinged <= KEEPALIVE + 2, pinged


def parse_frame(data: bytes):
    """A server frame at the start of `data`: (opcode, payload, the rest), or None if partial."""
    if len(data) < 2:
        return None
    size, at = data[1] & 0x7F, 2
    if size == 126:
        if len(data) < 4:
            return None
        size, at = struct.unpack("!H", data[2:4])[0], 4
    elif size == 127:
        if len(data) < 10:
            return None
        size, at = struct.unpack("!Q", data[2:10])[0], 10
    if len(data) < at + size:
        return None
    return data[0] & 0x0F, data[at:at + size], data[at + size:]


def test_a_socket_ends_after_the_stream_lifetime_and_resumes_without_gaps(tmp_path):
    """Shortened lifetime (2 s): the server closes the socket with 1000 `reopen`; reopened from the
    last version it heard, it misses nothing. (Production's 60 s lifetime is held by the socket
    follower of test_stream_clients.py's two-minute test.)"""
    with Server(tmp_path, workers=1, env={"TABLEFOLD_STREAM_SECONDS": "2"}) as s:
        gid, tokens = new_table(s.base)
        seat = awaited_seat(s.base, gid)
        started = time.monotonic()
        with connect(ws_url(s.base, gid), additional_headers=auth(tokens[seat])) as ws:
            _, view = next_message(ws)
            with pytest.raises(ConnectionClosed):
                while True:
                    ws.recv(timeout=10)
            assert ws.close_code == 1000 and ws.close_reason == "reopen"
        assert 1.5 <= time.monotonic() - started <= 5
        last = view["view"]["version"]
        moved = requests.post(f"{s.base}/games/{gid}/moves", headers=auth(tokens[seat]), timeout=10,
                              json={"move": view["view"]["legal_moves"][0]["move"],
                                    "expected_version": last})
        assert moved.status_code == 200, moved.text
        with connect(ws_url(s.base, gid, f"?since={last}"),
                     additional_headers=auth(tokens[1 - seat])) as ws:
            before, view = next_message(ws)
            assert [m["record"]["v"] for m in before] == [last + 1]


def test_the_flask_app_without_a_server_that_hands_over_refuses_a_websocket(real_redis_url):
    from service.app import create_app
    app = create_app(redis.Redis.from_url(real_redis_url), {})
    client = app.test_client()
    made = client.post("/games", json={"engine": "tic-tac-trek", "seats": [
        {"kind": "human"}, {"kind": "human"}]}).get_json()
    answer = client.get(f"/games/{made['id']}/stream", headers={
        "Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="})
    assert answer.status_code == 400 and answer.get_json()["code"] == "websocket_unavailable"


def test_the_readmes_socket_client_plays_a_game_to_the_end(server):
    example = docs_example("play_by_socket")
    result = example.play(server.base)
    assert {r["seat"] for r in result["ranking"]} == {0, 1}
