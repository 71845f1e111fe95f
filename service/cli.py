"""`tablefold` command line: serve the API (with its own Redis unless REDIS_URL is set), and
check or show exported game logs."""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from importlib import metadata

from service.config import SETTINGS, from_env


def serve(args) -> None:
    from gunicorn.app.base import BaseApplication

    settings = from_env()
    for s in SETTINGS:
        if s.flag and getattr(args, s.key.lower(), None) is not None:
            settings[s.key] = getattr(args, s.key.lower())
    embedded = None
    if not settings["REDIS_URL"]:
        from service.redis_server import EmbeddedRedis
        embedded = EmbeddedRedis(settings["DATA"]).start()
        os.environ["REDIS_URL"] = settings["REDIS_URL"] = embedded.url
        print(f"tablefold: embedded Redis at {embedded.url} (data in {embedded.data_dir})", flush=True)
    workers = settings["WORKERS"] or os.cpu_count() or 1
    # each worker keeps its metrics in files here, which /metrics adds up
    metrics_dir = os.environ.setdefault("PROMETHEUS_MULTIPROC_DIR", tempfile.mkdtemp(prefix="tf-metrics-"))
    for old in os.listdir(metrics_dir):
        os.unlink(os.path.join(metrics_dir, old))

    class Server(BaseApplication):
        def load_config(self):
            self.cfg.set("bind", f"{settings['HOST']}:{settings['PORT']}")
            self.cfg.set("workers", workers)
            # gevent: thousands of open live streams and slow clients cost a greenlet each;
            # each connection parsed by httptools (service/httpd.py), not gunicorn's Python
            self.cfg.set("worker_class", "service.httpd.Worker")
            self.cfg.set("worker_connections", settings["WORKER_CONNECTIONS"])
            # the gevent worker gives a client this long to send a request's headers
            self.cfg.set("keepalive", max(1, round(settings["HEADER_SECONDS"])))
            self.cfg.set("timeout", 60)
            self.cfg.set("graceful_timeout", 10)
            self.cfg.set("control_socket_disable", True)  # one shared socket per user otherwise
            self.cfg.set("accesslog", "-" if settings["ACCESS_LOG"] else None)
            from service.logs import config
            self.cfg.set("logconfig_dict", config(settings["ACCESS_LOG"]))  # JSON lines
            self.cfg.set("logger_class", "service.logs.AccessLogger")
            self.cfg.set("child_exit", worker_exited)

        def load(self):
            from service import create_app
            return create_app(config=settings)

    print(f"tablefold: serving on http://{settings['HOST']}:{settings['PORT']} "
          f"({workers} workers)", flush=True)
    worker = Supervised([sys.executable, "-m", "service.worker"]).start()
    try:
        Server().run()
    finally:
        worker.stop()
        if embedded:
            embedded.stop()


class Supervised:
    """A child process restarted whenever it dies (the bot worker: service/worker.py)."""

    def __init__(self, command: list[str]):
        import threading
        self.command, self.proc, self.stopping = command, None, threading.Event()

    def start(self) -> "Supervised":
        import subprocess
        import threading

        def keep():
            while not self.stopping.is_set():
                self.proc = subprocess.Popen(self.command)
                while self.proc.poll() is None and not self.stopping.wait(0.5):
                    pass
                if not self.stopping.is_set():
                    self.stopping.wait(1)   # it died: start it again after a breath
        threading.Thread(target=keep, name="worker-supervisor", daemon=True).start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except Exception:
                self.proc.kill()


def worker_exited(server, worker) -> None:
    """A worker's gauges leave /metrics with it."""
    from prometheus_client import multiprocess
    multiprocess.mark_process_dead(worker.pid)


def version() -> str:
    try:
        return metadata.version("tablefold")
    except metadata.PackageNotFoundError:
        return "unknown"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="tablefold", description=__doc__)
    parser.add_argument("--version", action="version", version=f"tablefold {version()}")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser(
        "serve", help="run the HTTP service",
        description="Run the HTTP service (gunicorn with gevent workers). Every setting is read "
                    "from its environment variable; the flags below override them.",
        epilog="settings by environment variable only:\n" + "\n".join(
            f"  {s.env} (default {s.default!r}): {s.help}" for s in SETTINGS if not s.flag),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    for s in SETTINGS:
        if s.flag:
            if s.kind is bool or s.default is False:
                p.add_argument(s.flag, dest=s.key.lower(), action="store_true", default=None,
                               help=f"{s.help} [env {s.env}]")
            else:
                p.add_argument(s.flag, dest=s.key.lower(), type=s.kind, default=None,
                               metavar=s.key, help=f"{s.help} [env {s.env}; default {s.default}]")
    p.set_defaults(func=serve)
    from replays.cli import add_commands
    add_commands(sub)
    args = parser.parse_args(argv)
    sys.exit(args.func(args) or 0)


if __name__ == "__main__":
    main(sys.argv[1:])
