"""`tablefold` command line: serve the API (with its own Redis unless REDIS_URL is set), and
check or show exported game logs."""
from __future__ import annotations

import argparse
import os
import sys


def serve(args) -> None:
    from gunicorn.app.base import BaseApplication

    embedded = None
    if not os.environ.get("REDIS_URL"):
        from service.redis_server import EmbeddedRedis
        embedded = EmbeddedRedis(args.data).start()
        os.environ["REDIS_URL"] = embedded.url
        print(f"tablefold: embedded Redis at {embedded.url} (data in {embedded.data_dir})", flush=True)

    class Server(BaseApplication):
        def load_config(self):
            self.cfg.set("bind", f"{args.host}:{args.port}")
            self.cfg.set("workers", args.workers)
            self.cfg.set("worker_class", "gthread")  # holds open live streams without blocking
            self.cfg.set("threads", args.threads)
            self.cfg.set("timeout", 60)
            self.cfg.set("control_socket_disable", True)  # one shared socket per user otherwise
            self.cfg.set("accesslog", "-" if args.access_log else None)

        def load(self):
            from service import create_app
            return create_app()

    print(f"tablefold: serving on http://{args.host}:{args.port}", flush=True)
    try:
        Server().run()
    finally:
        if embedded:
            embedded.stop()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="tablefold", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("serve", help="run the HTTP service")
    p.add_argument("--host", default=os.environ.get("TABLEFOLD_HOST", "127.0.0.1"))
    p.add_argument("--port", type=int, default=int(os.environ.get("TABLEFOLD_PORT", "8000")))
    p.add_argument("--workers", type=int, default=int(os.environ.get("TABLEFOLD_WORKERS", "2")))
    p.add_argument("--threads", type=int, default=int(os.environ.get("TABLEFOLD_THREADS", "32")),
                   help="threads per worker; each open live stream holds one")
    p.add_argument("--data", default=os.environ.get("TABLEFOLD_DATA", "var/redis"),
                   help="the embedded Redis's data folder (kept across restarts)")
    p.add_argument("--access-log", action="store_true")
    p.set_defaults(func=serve)
    from replays.cli import add_commands
    add_commands(sub)
    args = parser.parse_args(argv)
    sys.exit(args.func(args) or 0)


if __name__ == "__main__":
    main(sys.argv[1:])
