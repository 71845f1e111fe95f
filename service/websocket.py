"""A live stream over a WebSocket (RFC 6455): the same messages as the server-sent events, each
a JSON text frame, and the seat's moves sent back on the same connection.

The server side of the protocol only: the handshake's answer, the frames the server writes, and a
reader of what the client sends (masking, fragments, control frames, UTF-8).
The connection is the server's to hand over (`UPGRADE` in the environ, service/httpd.py); under a
server that does not, a WebSocket request is refused with a JSON error.
"""
from __future__ import annotations

import base64
import hashlib
import socket
import struct
from typing import Callable

from service.errors import ApiError

UPGRADE = "tablefold.upgrade"   # service/httpd.py puts the connection's hand-over there
GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"   # RFC 6455, 1.3
MAX_MESSAGE = 64 * 1024   # a move is a few hundred bytes; a client sending more is cut off
READ = 64 * 1024
CLOSE_WAIT = 1.0   # seconds the server waits for the client's close frame after its own

NORMAL, PROTOCOL_ERROR, UNSUPPORTED, INVALID_TEXT, TOO_BIG = 1000, 1002, 1003, 1007, 1009
SENDABLE = {1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011}   # close codes a peer may send


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
    handed to `deliver`: a `Said` per text message, raw bytes to send back (a ping's pong), a
    `Closing` when the client closes or breaks the protocol, and `gone` when the connection
    is gone. Frames are parsed here (RFC 6455, 5.2-5.5): a frame is a few bytes of header and a
    masked payload, and a general parser (wsproto's) cost a twentieth of a move sent on a socket."""

    def __init__(self, sock, first: bytes, deliver: Callable, gone):
        from gevent import get_hub
        self.raw = getattr(sock, "_sock", sock)   # the kernel's socket, non-blocking under gevent
        self.deliver, self.gone = deliver, gone
        self.buffer = bytearray()
        self.parts: list[bytes] | None = None   # a fragmented message's frames so far
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
        buffer = self.buffer
        buffer += data
        while not self.ended and len(buffer) >= 2:
            head, size = buffer[0], buffer[1] & 0x7F
            if head & 0x70 or not buffer[1] & 0x80:   # an extension's bits, or not masked
                return self.fail(PROTOCOL_ERROR, "a client's frames are masked, with no extension")
            start = 2
            if size == 126:
                start, size = 4, int.from_bytes(buffer[2:4], "big")
            elif size == 127:
                start, size = 10, int.from_bytes(buffer[2:10], "big")
            if self.size + size > MAX_MESSAGE:
                return self.fail(TOO_BIG, f"a message may hold {MAX_MESSAGE} bytes")
            end = start + 4 + size
            if len(buffer) < end:
                return   # the rest of the frame has not come yet
            payload = unmask(buffer[start + 4:end], buffer[start:start + 4])
            del buffer[:end]
            self.frame(head & 0x80, head & 0x0F, payload)

    def frame(self, fin: int, opcode: int, payload: bytes) -> None:
        if opcode >= 0x8:   # a control frame: whole, short, and between a message's fragments
            if not fin or len(payload) > 125:
                return self.fail(PROTOCOL_ERROR, "a control frame is whole and short")
            if opcode == 0x8:
                return self.closed(payload)
            if opcode == 0x9:
                self.deliver(bytes((0x8A, len(payload))) + payload)   # the pong
            elif opcode != 0xA:
                self.fail(PROTOCOL_ERROR, "no such opcode")
            return
        if opcode == 0x0:
            if self.parts is None:
                return self.fail(PROTOCOL_ERROR, "a continuation of no message")
        elif self.parts is not None:
            return self.fail(PROTOCOL_ERROR, "a new message inside a fragmented one")
        elif opcode == 0x2:
            return self.fail(UNSUPPORTED, "messages are JSON text")
        elif opcode != 0x1:
            return self.fail(PROTOCOL_ERROR, "no such opcode")
        else:
            self.parts = []
        self.parts.append(payload)
        self.size += len(payload)
        if fin:
            message = b"".join(self.parts)
            self.parts, self.size = None, 0
            try:
                text = message.decode("utf-8")
            except UnicodeDecodeError:
                return self.fail(INVALID_TEXT, "a text message is UTF-8")
            self.deliver(Said(text))

    def closed(self, payload: bytes) -> None:
        """The client's close frame: answered with its code (RFC 6455, 5.5.1)."""
        if not payload:
            return self.end(Closing(close(NORMAL)))
        code = int.from_bytes(payload[:2], "big")
        if len(payload) == 1 or not (code in SENDABLE or 3000 <= code <= 4999):
            return self.fail(PROTOCOL_ERROR, "not a close code")
        try:
            payload[2:].decode("utf-8")
        except UnicodeDecodeError:
            return self.fail(INVALID_TEXT, "a close reason is UTF-8")
        self.end(Closing(close(code)))

    def fail(self, code: int, reason: str) -> None:
        self.end(Closing(close(code, reason)))

    def end(self, last) -> None:
        if not self.ended:
            self.ended = True
            self.watcher.stop()
            self.deliver(last)

    def close(self) -> None:
        self.ended = True
        self.watcher.close()


def unmask(payload: bytearray, mask: bytearray) -> bytes:
    """The payload XORed with its 4-byte mask, as one big integer (no loop over the bytes)."""
    size = len(payload)
    if not size:
        return b""
    key = (bytes(mask) * (size // 4 + 1))[:size]
    return (int.from_bytes(payload, "little") ^ int.from_bytes(key, "little")).to_bytes(size, "little")
