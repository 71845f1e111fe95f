"""The HTTP/1.1 connections of `tablefold serve`'s workers.

gunicorn's gevent worker keeps what it does well (processes, signals, graceful restarts, the
time limit on a request's headers, a greenlet per connection); only the connection itself is
handled here: parsed by httptools (llhttp, Node.js's C parser) and turned into a WSGI environ in
one step, instead of gunicorn's pure-Python parser, which with its per-request lookups of its
configuration cost a fifth of a served move's CPU (docs/performance.md). TLS and the PROXY
protocol, which `tablefold serve` does not configure, are left to gunicorn's own handler.

What a client sees: HTTP/1.0 and 1.1, keep-alive, pipelining, chunked request bodies,
`Expect: 100-continue`, chunked responses when the app gives no Content-Length (live streams).
A request the parser refuses, or whose headers are too many or too large, is answered with the
service's JSON error shape and the connection closed. Headers whose name holds an underscore are
dropped (as gunicorn does): `X_Forwarded_For` must not pass for `X-Forwarded-For` in the environ.
"""
from __future__ import annotations

import contextlib
import errno
import gc
import socket
import sys
import time
from collections import deque
from datetime import timedelta
from email.utils import formatdate
from http import HTTPStatus
from urllib.parse import unquote_to_bytes

import httptools
import orjson
from gunicorn.workers.ggevent import GeventWorker

from service.spread import RECHECK_SECONDS, Spread

MAX_HEAD = 64 * 1024   # request line and headers, in bytes
MAX_FIELDS = 100       # header fields a request may have
DRAIN = 1 << 20        # an unread body this large after the answer closes the connection
READ = 64 * 1024
GC_THRESHOLDS = (20_000, 10, 10)   # the collector's, after the worker has loaded (default 700)

STATUS_LINES: dict[str, bytes] = {}

# in the environ of a request asking for another protocol (`Upgrade`): a callable giving the
# connection's socket and the bytes read past the request, for an app that answers 101 and
# then speaks that protocol itself (the WebSocket of a live stream: service/websocket.py)
UPGRADE = "tablefold.upgrade"


def settle_memory() -> None:
    """What a worker has loaded before it serves (modules, the app, its routes) lives as long as
    the worker: it is taken out of the cycle collector's walks, and the collector runs after
    20,000 net allocations instead of 700. Requests make few reference cycles, and at the
    defaults its collections were 5% of a served move's CPU, nearly all of it spent walking
    objects that never become garbage. Cycles are collected as before, only less often."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


class Worker(GeventWorker):
    """gunicorn's gevent worker, serving each plain HTTP/1.x connection with `Connection`, its
    connections spread evenly over the workers (service/spread.py)."""

    spread: Spread | None = None   # made in the arbiter, shared by every worker it forks

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.cfg.workers > 1 and Worker.spread is None:
            Worker.spread = Spread()

    def run(self):
        import gevent
        self.idle = set()   # sockets waiting for their next request, nothing of it read yet
        self.pre_request, self.post_request = self.hook("pre_request"), self.hook("post_request")
        self.log_access = self.log.access_log_enabled
        if self.spread is not None:
            self.spread.join()
        gevent.spawn(self.let_idle_go)
        settle_memory()
        try:
            with accepting_evenly(self.spread):
                super().run()
        finally:
            if self.spread is not None:
                self.spread.leave()

    def hook(self, name: str):
        """gunicorn's server hook of that name when one is configured (None for the default,
        which only logs at debug level: not worth building its request for)."""
        setting = self.cfg.settings[name]
        same = getattr(setting.value, "__code__", 0) is getattr(setting.default, "__code__", 1)
        return None if same else setting.value

    def let_idle_go(self):
        """Once the worker is stopping, close the kept-alive connections no request is on, at
        once: they would otherwise hold a graceful stop for up to the keep-alive time."""
        import gevent
        while self.alive:
            gevent.sleep(0.5)
            if self.spread is not None:
                self.spread.refresh()
        for sock in list(self.idle):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def handle(self, listener, client, addr):
        # every connection counts toward the spread, TLS and PROXY-protocol ones too
        with self.spread.holding() if self.spread is not None else contextlib.nullcontext():
            if self.cfg.is_ssl or self.cfg.proxy_protocol not in (False, "off", None):
                return super().handle(listener, client, addr)
            self.serve_plain(listener, client, addr)

    def serve_plain(self, listener, client, addr):
        """A plain HTTP/1.x connection, read by `Connection`."""
        client.setblocking(1)
        try:
            Connection(self, listener, client, addr).serve()
        except OSError as e:
            if e.errno not in (errno.EPIPE, errno.ECONNRESET, errno.ENOTCONN, errno.EBADF, None):
                self.log.exception("Socket error processing request.")
        except Exception:
            self.log.exception("Error handling a connection")
        finally:
            try:
                client.close()
            except OSError:
                pass


@contextlib.contextmanager
def accepting_evenly(spread: Spread | None):
    """While gunicorn's gevent worker runs: its servers let a connection go to another worker
    while this one holds more than the least loaded (they look again RECHECK_SECONDS later)."""
    if spread is None:
        yield
        return
    from gevent.server import StreamServer
    original = StreamServer._do_read

    def _do_read(server):
        if spread.should_wait():
            server.stop_accepting()
            server._timer = server.loop.timer(RECHECK_SECONDS)
            server._timer.start(server._start_accepting_if_started)
            return
        original(server)
    StreamServer._do_read = _do_read
    try:
        yield
    finally:
        StreamServer._do_read = original


class BadRequest(Exception):
    """A request refused before the app sees it, by its code in the service's error table."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


class HungUp(ConnectionError):
    """The client closed the connection before its request was whole."""


class Request:
    __slots__ = ("url", "headers", "method", "version", "keep_alive", "body", "complete",
                 "expect_continue", "upgrade")

    def __init__(self):
        self.url, self.headers, self.body, self.complete = b"", [], bytearray(), False
        self.expect_continue = self.upgrade = False


class Seen:
    """A request as gunicorn's hooks and access log read it: method, path, headers as text."""

    def __init__(self, req: Request, environ: dict):
        self.method, self.path = environ["REQUEST_METHOD"], environ["PATH_INFO"]
        self.query, self.uri = environ["QUERY_STRING"], environ["RAW_URI"]
        self.version = tuple(int(x) for x in req.version.split("."))
        self.headers = [(n.decode("latin-1").upper(), v.decode("latin-1")) for n, v in req.headers]


class Connection:
    """One client connection: requests parsed as their bytes arrive (pipelined ones queue up),
    each answered in turn by the worker's WSGI app."""

    def __init__(self, worker: Worker, listener, sock, addr):
        self.worker, self.sock = worker, sock
        self.parser = httptools.HttpRequestParser(self)
        self.ready: deque[Request] = deque()   # requests whose headers are in, oldest first
        self.parsing: Request | None = None
        self.head_bytes = 0          # bytes fed since the last request's headers were whole
        self.in_body = False         # the request being parsed has its headers in, not its body
        self.upgraded = False        # an Upgrade request: the bytes after it are not HTTP/1.1
        self.after_upgrade = b""     # those bytes, as far as they were read with the request
        self.broken = False          # a body refused or given up on: nothing after it is read
        self.base = base_environ(worker, listener, sock, addr)

    # the parser's callbacks
    def on_message_begin(self):
        self.parsing = Request()

    def on_url(self, url: bytes):
        self.parsing.url += url

    def on_header(self, name: bytes, value: bytes):
        headers = self.parsing.headers
        if len(headers) >= MAX_FIELDS:
            raise BadRequest("headers_too_large", f"A request may carry {MAX_FIELDS} headers.")
        headers.append((name, value))

    def on_headers_complete(self):
        req, parser = self.parsing, self.parser
        req.method = parser.get_method()
        req.version = parser.get_http_version()
        req.keep_alive = parser.should_keep_alive()
        req.upgrade = parser.should_upgrade()
        self.head_bytes, self.in_body = 0, True
        self.ready.append(req)

    def on_body(self, body: bytes):
        self.parsing.body += body

    def on_message_complete(self):
        self.parsing.complete, self.in_body = True, False

    # reading
    def receive(self) -> None:
        """Read what the client sent next and parse it; HungUp when it has closed."""
        data = self.sock.recv(READ)
        if not data:
            raise HungUp()
        if self.upgraded:
            return   # bytes of another protocol after an Upgrade request: not ours to read
        if not self.in_body:
            self.head_bytes += len(data)
            if self.head_bytes > MAX_HEAD:
                raise BadRequest("headers_too_large",
                                 f"The request line and headers exceed {MAX_HEAD} bytes.")
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserUpgrade as e:
            # served as a plain request, and the connection closes after it, unless the app
            # switches protocols (101) and reads the rest itself: `upgrade` in the environ
            self.upgraded = True
            self.after_upgrade = data[e.args[0]:] if e.args else b""
        except httptools.HttpParserCallbackError as e:
            self.broken = True
            cause = e.__context__
            raise cause if isinstance(cause, BadRequest) else BadRequest(
                "bad_http_request", "The request is not valid HTTP/1.1.")
        except httptools.HttpParserError as e:
            self.broken = True
            raise BadRequest("bad_http_request", f"The request is not valid HTTP/1.1: {e}.")

    def next_request(self) -> Request | None:
        """The next request whose headers are in, waiting at most the keep-alive time for them
        (gunicorn's `keepalive`); None when the client is gone or silent."""
        if self.ready:
            return self.ready.popleft()
        import gevent
        idle = self.worker.idle
        idle.add(self.sock)
        try:
            with gevent.Timeout(self.worker.cfg.keepalive, False):
                while not self.ready:
                    try:
                        self.receive()
                    except (HungUp, OSError):
                        return None
                    idle.discard(self.sock)
                return self.ready.popleft()
            return None
        finally:
            idle.discard(self.sock)

    def serve(self) -> None:
        worker = self.worker
        first = True
        while first or worker.alive:
            first = False
            try:
                req = self.next_request()
            except BadRequest as e:
                self.refuse(e)
                return
            if req is None:
                return
            if not self.answer(req) or self.upgraded or self.broken:
                return
            if not req.complete and (req.expect_continue or not self.drain(req)):
                return   # (a client still waiting for 100 Continue may never send its body)

    def drain(self, req: Request) -> bool:
        """Read past the rest of a body the app left unread; False: too much, close instead."""
        import gevent
        read = 0
        with gevent.Timeout(self.worker.cfg.keepalive, False):
            try:
                while not req.complete:
                    read += len(req.body)
                    req.body.clear()
                    if read > DRAIN:
                        return False
                    self.receive()
            except (BadRequest, OSError):
                return False
            return True
        return False   # the rest of the body did not come in time

    # answering
    def answer(self, req: Request) -> bool:
        """Run the app on one request; True when the connection may serve another."""
        worker = self.worker
        environ = self.environ(req)
        out = Response(self.sock, req, worker.alive and req.keep_alive, self)
        started = time.monotonic() if worker.log_access else None
        seen = Seen(req, environ) if (started is not None or worker.pre_request
                                       or worker.post_request) else None
        respiter = None
        try:
            if worker.pre_request:
                worker.pre_request(worker, seen)
            respiter = worker.wsgi(environ, out.start_response)
            for item in respiter:
                out.write(item)
            out.close()
        except OSError:
            raise
        except Exception:
            worker.log.exception("Error handling request %s", environ.get("RAW_URI"))
            if out.head_sent:
                return False
            out.keep_alive = False
            out.send_error("internal_error", "The server failed to answer this request.")
        finally:
            if hasattr(respiter, "close"):
                respiter.close()
            if started is not None:
                worker.log.access(out, seen, environ, timedelta(seconds=time.monotonic() - started))
            if worker.post_request:
                try:
                    worker.post_request(worker, seen, environ, out)
                except Exception:
                    worker.log.exception("Exception in post_request hook")
        worker.nr += 1
        if worker.nr >= worker.max_requests and worker.alive:
            worker.log.info("Autorestarting worker after current request.")
            worker.alive = False
        return out.keep_alive

    def refuse(self, e: BadRequest) -> None:
        out = Response(self.sock, None, False, self)
        try:
            out.send_error(e.code, str(e))
        except OSError:
            pass

    def environ(self, req: Request) -> dict:
        env = self.base.copy()
        url = req.url
        if not url.startswith(b"/"):   # absolute form (or `*`): keep its path and query
            try:
                parsed = httptools.parse_url(url)
                path, query = parsed.path or b"/", parsed.query or b""
            except httptools.HttpParserInvalidURLError:
                path, query = url, b""
        else:
            path, _, query = url.partition(b"?")
            query = query.partition(b"#")[0]
        if b"%" in path:
            path = unquote_to_bytes(path)
        version = req.version
        env["REQUEST_METHOD"] = req.method.decode("latin-1")
        env["PATH_INFO"] = path.decode("latin-1")
        env["QUERY_STRING"] = query.decode("latin-1")
        env["RAW_URI"] = url.decode("latin-1")
        env["SERVER_PROTOCOL"] = "HTTP/1.1" if version == "1.1" else f"HTTP/{version}"
        keys = HEADER_KEYS
        for name, value in req.headers:
            key = keys.get(name)
            if key is None:
                key = header_key(name)
                if key is None:
                    continue
            value = value.decode("latin-1")
            if key in env and key.startswith("HTTP_"):
                env[key] += "," + value
            else:
                env[key] = value
        if env.get("HTTP_EXPECT", "").lower() == "100-continue" and not req.complete:
            req.expect_continue = True
        env["wsgi.input"] = Body(self, req)
        env["wsgi.input_terminated"] = True
        if req.upgrade and not self.ready:
            env[UPGRADE] = self.switched
        return env

    def switched(self) -> tuple[socket.socket, bytes]:
        """The connection after the app answered 101 Switching Protocols: its socket, and the
        bytes of the new protocol already read with the request."""
        return self.sock, self.after_upgrade


def send_all(sock, data: bytes) -> None:
    """sock.sendall(data), in one send when the kernel takes it all (an answer or a stream's
    message almost always fits the socket's buffer): gevent's sendall first asks the kernel for
    the buffer's size (a getsockopt call) and slices the data in Python, for every answer."""
    sent = sock.send(data)
    if sent < len(data):
        sock.sendall(memoryview(data)[sent:])


def base_environ(worker, listener, sock, addr) -> dict:
    """What every request of a connection shares."""
    try:
        server = listener.getsockname()
    except OSError:
        server = ("", "")
    if isinstance(server, tuple):
        server_name, server_port = str(server[0]), str(server[1])
    else:   # a unix socket
        server_name, server_port = str(server), ""
    remote = addr if isinstance(addr, tuple) else (str(addr or ""), "")
    return {
        "SCRIPT_NAME": "", "SERVER_NAME": server_name, "SERVER_PORT": server_port,
        "REMOTE_ADDR": str(remote[0]), "REMOTE_PORT": str(remote[1]),
        "SERVER_SOFTWARE": "tablefold",
        "wsgi.version": (1, 0), "wsgi.url_scheme": "http", "wsgi.errors": sys.stderr,
        "wsgi.multithread": True, "wsgi.multiprocess": worker.cfg.workers > 1,
        "wsgi.run_once": False, "gunicorn.socket": sock,
    }


HEADER_KEYS: dict[bytes, str] = {}


def header_key(name: bytes) -> str | None:
    """The environ key of a header name (None: dropped, an underscore in it), remembered for
    the names clients send (at most a few thousand kept)."""
    if b"_" in name:
        return None
    key = name.decode("latin-1").upper().replace("-", "_")
    if key not in ("CONTENT_TYPE", "CONTENT_LENGTH"):
        key = "HTTP_" + key
    if len(HEADER_KEYS) < 4096:
        HEADER_KEYS[name] = key
    return key


class Body:
    """A request's `wsgi.input`: the body as it is parsed, read from the socket on demand."""

    def __init__(self, conn: Connection, req: Request):
        self.conn, self.req, self.pos = conn, req, 0

    @property
    def complete(self) -> bool:
        """The whole body has arrived: reading it cannot wait on the client."""
        return self.req.complete

    def _fill(self, size: int) -> None:
        req = self.req
        if req.expect_continue:
            req.expect_continue = False
            self.conn.sock.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
        try:
            while not req.complete and (size < 0 or len(req.body) - self.pos < size):
                self.conn.receive()
        except BaseException:   # the app's time limit on the body, a hang-up, a broken chunk
            self.conn.broken = True   # the rest of this body is not worth waiting for
            raise

    def read(self, size: int | None = -1) -> bytes:
        size = -1 if size is None else size
        self._fill(size)
        body = self.req.body
        end = len(body) if size < 0 else min(len(body), self.pos + size)
        out = bytes(body[self.pos:end])
        if end == len(body):   # all of it handed out: let the buffer go
            body.clear()
            self.pos = 0
        else:
            self.pos = end
        return out

    def readline(self, size: int | None = -1) -> bytes:
        size = -1 if size is None else size
        body = self.req.body
        while True:
            nl = body.find(b"\n", self.pos)
            if nl >= 0 or self.req.complete or (0 <= size <= len(body) - self.pos):
                break
            self._fill(len(body) - self.pos + 1)
        end = len(body) if nl < 0 else nl + 1
        if size >= 0:
            end = min(end, self.pos + size)
        return self.read(end - self.pos)

    def readlines(self, hint: int = -1) -> list[bytes]:
        return list(iter(self.readline, b""))

    def __iter__(self):
        return iter(self.readline, b"")


class Response:
    """What the app answers, written as it comes: the head and the first part in one send."""

    def __init__(self, sock, req: Request | None, keep_alive: bool, conn: Connection):
        self.sock, self.req, self.keep_alive, self.conn = sock, req, keep_alive, conn
        self.status, self.headers = None, []
        self.head_sent = self.chunked = False
        self.switching = False   # 101 Switching Protocols: what follows the head is the app's
        self.body_allowed = True
        self.sent = 0
        self.length = None

    def start_response(self, status: str, headers, exc_info=None):
        if exc_info is not None:
            try:
                if self.head_sent:
                    raise exc_info[1].with_traceback(exc_info[2])
            finally:
                exc_info = None
        elif self.status is not None and self.head_sent:
            raise AssertionError("start_response called twice")
        self.status, self.headers = status, headers
        return self.write

    def head(self) -> bytes:
        status, req = self.status, self.req
        code = int(status[:3])
        length = None
        lines = [STATUS_LINES.get(status) or status_line(status)]
        if code == 101 and self.conn.upgraded:
            # the app speaks the protocol it switched to: its headers as given (Connection and
            # Upgrade among them), then its bytes as they are, and the connection ends with it
            self.switching, self.keep_alive = True, False
            lines += [f"{name}: {value}\r\n".encode("latin-1") for name, value in self.headers]
            lines.append(b"\r\n")
            return b"".join(lines)
        for name, value in self.headers:
            lower = name.lower()
            if lower == "content-length":
                length = int(value)
            elif lower in ("connection", "transfer-encoding", "keep-alive"):
                continue   # hop-by-hop: the server's to say
            lines.append(f"{name}: {value}\r\n".encode("latin-1"))
        self.body_allowed = not (code < 200 or code in (204, 304)
                                 or (req is not None and req.method == b"HEAD"))
        if length is not None:
            self.length = length
        elif self.body_allowed:
            if req is not None and req.version == "1.1":
                self.chunked = True
                lines.append(b"Transfer-Encoding: chunked\r\n")
            else:
                self.keep_alive = False   # the end of the body is the end of the connection
        if self.conn.broken or self.conn.upgraded:
            self.keep_alive = False
        lines.append(b"Date: " + http_date() + b"\r\n")
        if not self.keep_alive:
            lines.append(b"Connection: close\r\n")
        elif req is not None and req.version == "1.0":
            lines.append(b"Connection: keep-alive\r\n")
        lines.append(b"\r\n")
        return b"".join(lines)

    def write(self, data: bytes) -> None:
        if self.status is None:
            raise AssertionError("write before start_response")
        out = b""
        if not self.head_sent:
            out = self.head()
            self.head_sent = True
        if data and self.switching:
            out += data
        elif data and self.body_allowed:
            if self.length is not None:
                data = data[:max(0, self.length - self.sent)]
            self.sent += len(data)
            if self.chunked:
                data = b"%x\r\n%b\r\n" % (len(data), data)
            out += data
        if out:
            send_all(self.sock, out)

    def close(self) -> None:
        if not self.head_sent:
            self.write(b"")
        if self.chunked:
            send_all(self.sock, b"0\r\n\r\n")
        elif self.length is not None and self.sent < self.length and self.body_allowed:
            self.keep_alive = False   # the app gave less than it said: the client must not wait

    def send_error(self, code: str, message: str) -> None:
        """The service's JSON error, its status from the error table (service/errors.py,
        imported here: gunicorn's master loads this module before gevent patches a worker)."""
        from service.errors import CODES
        status = CODES[code][0]
        body = orjson.dumps({"code": code, "message": message})
        self.status = f"{status} {HTTPStatus(status).phrase}"
        self.headers = [("Content-Type", "application/json"), ("Content-Length", str(len(body)))]
        self.head_sent = False
        self.write(body)


def status_line(status: str) -> bytes:
    line = f"HTTP/1.1 {status}\r\n".encode("latin-1")
    if len(STATUS_LINES) < 256:
        STATUS_LINES[status] = line
    return line


_date = [0, b""]


def http_date() -> bytes:
    """The Date header's value, formatted once a second."""
    now = int(time.time())
    if _date[0] != now:
        _date[0], _date[1] = now, formatdate(now, usegmt=True).encode()
    return _date[1]
