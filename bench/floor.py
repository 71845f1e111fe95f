"""The asyncio floor: `python -m bench.floor --port P [--procs N]`, a minimal asyncio HTTP/1.1
server doing what the bare Flask append does, XADD of the JSON body to a stream, through
redis.asyncio (hiredis), with REDIS_URL from the environment.

    POST /bare/<gid>/append   parse the body, XADD it, answer {"id": ...}
    GET  /healthz             ok

No framework, no WSGI: keep-alive connections, Content-Length bodies. One process per core by
default (as `tablefold serve` runs one worker per core), sharing one listening socket.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import sys


def response(status: str, body: bytes) -> bytes:
    return (f"HTTP/1.1 {status}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode() + body


async def serve(sock: socket.socket) -> None:
    import redis.asyncio as aioredis
    r = aioredis.Redis.from_url(os.environ["REDIS_URL"], max_connections=1024)

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                try:
                    head = await reader.readuntil(b"\r\n\r\n")
                except (asyncio.IncompleteReadError, ConnectionError):
                    return
                line, _, headers = head.partition(b"\r\n")
                method, path, _version = line.split(b" ", 2)
                length = 0
                for h in headers.split(b"\r\n"):
                    name, _, value = h.partition(b":")
                    if name.lower() == b"content-length":
                        length = int(value)
                body = await reader.readexactly(length) if length else b""
                if method == b"POST" and path.startswith(b"/bare/") and path.endswith(b"/append"):
                    gid = path[6:-7].decode()
                    entry = await r.xadd(f"bench:{{{gid}}}:bare", {"r": json.dumps(json.loads(body))})
                    writer.write(response("200 OK", json.dumps({"id": entry.decode()}).encode()))
                elif path == b"/healthz":
                    writer.write(response("200 OK", b'"ok"'))
                else:
                    writer.write(response("404 Not Found", b'{"code": "not_found"}'))
                await writer.drain()
        except Exception as e:  # a broken request: close the connection
            print(f"bench.floor: {type(e).__name__}: {e}", file=sys.stderr)
        finally:
            writer.close()

    server = await asyncio.start_server(handle, sock=sock, backlog=1024)
    async with server:
        await server.serve_forever()


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.floor")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--procs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", args.port))
    sock.listen(1024)
    sock.setblocking(False)
    children = []
    for _ in range(args.procs):
        pid = os.fork()
        if pid == 0:
            asyncio.run(serve(sock))
            os._exit(0)
        children.append(pid)

    def stop(signum, frame):
        for pid in children:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        sys.exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for _ in children:
        os.wait()


if __name__ == "__main__":
    main()
