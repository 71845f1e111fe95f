"""A live stream over a WebSocket (RFC 6455): the same messages as the server-sent events, each
a JSON text frame, and the seat's moves sent back on the same connection.

The server side of the protocol only: the handshake's answer, the frames the server writes, and a
reader of what the client sends (wsproto parses it: masking, fragments, control frames, UTF-8).
The connection is the server's to hand over (`UPGRADE` in the environ, service/httpd.py); under a
server that does not, a WebSocket request is refused with a JSON error.
"""
from __future__ import annotations

import base64
import hashlib
import socket
import struct
from typing import Callable

from wsproto import ConnectionType
from wsproto.connection import Connection
from wsproto.events import BytesMessage, CloseConnection, Ping, TextMessage
from wsproto.frame_protocol import CloseReason

from service.errors import ApiError

UPGRADE = "tablefold.upgrade"   # service/httpd.py puts the connection's hand-over there
GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"   # RFC 6455, 1.3
MAX_MESSAGE = 64 * 1024   # a move is a few hundred bytes; a client sending more is cut off
READ = 64 * 1024
CLOSE_WAIT = 1.0   # seconds the server waits for the client's close frame after its own

NORMAL, GOING_AWAY, PROTOCOL_ERROR, UNSUPPORTED, TOO_BIG = 1000, 1001, 1002, 1003, 1009


def asked(environ: dict) -> bool:
    """Whether the request asks for a WebSocket."""
    return (environ.get("HTTP_UPGRADE", "").lower() == "websocket"
            and "upgrade" in environ.get("HTTP_CONNECTION", "").lower())


def handshake(environ: dict) -> list[tuple[str, str]]:
    """The headers of the 101 answer to a WebSocket request, or the reason it is refused."""
    if UPGRADE not in environ:
        raise ApiError("websocket_unavailable", "This server does not take WebSocket "
                       "connections here: follow the stream as server-sent events instead.")
    key = environ.get("HTTP_SEC_WEBSOCKET_KEY", "")
    try:
        valid = len(base64.b64decode(key, validate=True)) == 16
    except ValueError:
        valid = False
    if environ.get("HTTP_SEC_WEBSOCKET_VERSION") != "13" or not valid:
        raise ApiError("bad_websocket_request", "A WebSocket request needs Sec-WebSocket-Version "
                       "13 and a Sec-WebSocket-Key of 16 bytes, base64-encoded.",
                       headers={"Sec-WebSocket-Version": "13"})
    accept = base64.b64encode(hashlib.sha1(key.encode("ascii") + GUID).digest()).decode()
    return [("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Accept", accept)]


def text(payload: bytes) -> bytes:
    """A text frame from the server (unmasked, unfragmented): `payload` is UTF-8 JSON."""
    size = len(payload)
    if size < 126:
        return b"\x81" + bytes((size,)) + payload
    if size < 1 << 16:
        return struct.pack("!BBH", 0x81, 126, size) + payload
    return struct.pack("!BBQ", 0x81, 127, size) + payload


def close(code: int, reason: str = "") -> bytes:
    body = struct.pack("!H", code) + reason.encode()[:120]
    return bytes((0x88, len(body))) + body


PING = b"\x89\x00"   # a keep-alive: the client answers it by itself


class Said:
    """A text message the client sent, not read yet."""
    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text


class Closing:
    """The end of the connection the client asked for (or caused): the close frame to send."""
    __slots__ = ("frame",)

    def __init__(self, frame: bytes):
        self.frame = frame


class Reader:
    """What the client sends, read on the event loop as it arrives (no greenlet of its own) and
    handed to `deliver`: a `Said` per message, raw bytes to send back (a ping's pong), a
    `Closing` when the client closes or breaks the protocol, and `gone` when the connection
    is gone."""

    def __init__(self, sock, first: bytes, deliver: Callable, gone):
        from gevent import get_hub
        self.raw = getattr(sock, "_sock", sock)   # the kernel's socket, non-blocking under gevent
        self.deliver, self.gone = deliver, gone
        self.ws = Connection(ConnectionType.SERVER)
        self.parts: list[str] = []
        self.size = 0
        self.ended = False
        self.watcher = get_hub().loop.io(sock.fileno(), 1)
        if first:
            self.feed(first)
        if not self.ended:
            self.watcher.start(self.readable)

    def readable(self) -> None:
        try:
            data = self.raw.recv(READ, socket.MSG_DONTWAIT)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self.end(self.gone)
            return
        self.feed(data)

    def feed(self, data: bytes) -> None:
        self.ws.receive_data(data)
        try:
            for event in self.ws.events():
                if self.ended:
                    return
                self.event(event)
        except Exception:   # wsproto refuses what breaks the protocol
            self.end(Closing(close(PROTOCOL_ERROR, "not a valid WebSocket frame")))

    def event(self, event) -> None:
        if isinstance(event, TextMessage):
            self.size += len(event.data)
            if self.size > MAX_MESSAGE:
                self.end(Closing(close(TOO_BIG, f"a message may hold {MAX_MESSAGE} bytes")))
                return
            self.parts.append(event.data)
            if event.message_finished:
                said = Said("".join(self.parts))
                self.parts, self.size = [], 0
                self.deliver(said)
        elif isinstance(event, BytesMessage):
            self.end(Closing(close(UNSUPPORTED, "messages are JSON text")))
        elif isinstance(event, Ping):
            self.deliver(self.ws.send(event.response()))
        elif isinstance(event, CloseConnection):
            code = event.code if event.code not in (CloseReason.NO_STATUS_RCVD,
                                                   CloseReason.ABNORMAL_CLOSURE) else NORMAL
            self.end(Closing(close(int(code))))

    def end(self, last) -> None:
        if not self.ended:
            self.ended = True
            self.watcher.stop()
            self.deliver(last)

    def close(self) -> None:
        self.ended = True
        self.watcher.close()
