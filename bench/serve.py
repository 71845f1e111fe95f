"""`python -m bench.serve APP --port P [--worker-class sync --workers 4]`: serve an app exactly as
`tablefold serve` serves the service.

It runs `service.cli.serve` itself, so every gunicorn setting (worker class, workers per core,
worker connections, keep-alive, time limits, logging) is the command's own and none is restated
here. Only the last step is intercepted, gunicorn's `run()`, to
    - load another app in each worker, for APP=bare (bench.apps.bare, the baseline), and
    - for the serving-model comparison, replace the worker class and count (gunicorn sync, 4).
APP=service loads what `tablefold serve` loads (service.create_app with the settings it reads),
with the synthetic test engine `tiny` registered before the workers fork.

`gunicorn_settings()` answers the settings `tablefold serve` gives gunicorn, for the report.
REDIS_URL must be set: `tablefold serve` would otherwise start an embedded Redis of its own.
"""
from __future__ import annotations

import argparse
import collections
import contextlib
import os
import sys


def _serve_args(port: int) -> argparse.Namespace:
    """The flags of `tablefold serve --port P` (every other flag left to its environment
    variable or default, as the command's parser leaves it)."""
    from service.config import SETTINGS
    args = argparse.Namespace(**{s.key.lower(): None for s in SETTINGS if s.flag})
    args.port = port
    return args


@contextlib.contextmanager
def intercepted(on_run):
    """Call `on_run(app)` where gunicorn's BaseApplication.run would start serving `app`; the
    original run() is passed along for on_run to call (or not)."""
    from gunicorn.app.base import BaseApplication
    original = BaseApplication.run
    BaseApplication.run = lambda self: on_run(self, original)
    try:
        yield
    finally:
        BaseApplication.run = original


def gunicorn_settings(port: int = 8000) -> dict:
    """The gunicorn settings `tablefold serve` changes from gunicorn's defaults: {name: value}."""
    from gunicorn.config import Config
    from service import cli

    captured = {}

    def capture(app, _run):
        defaults = Config()
        for name, setting in app.cfg.settings.items():
            value = setting.value
            if name in defaults.settings and value != defaults.settings[name].value:
                captured[name] = value

    os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:1/0")  # never connected to
    with intercepted(capture), contextlib.redirect_stdout(sys.stderr), _no_children(cli):
        cli.serve(_serve_args(port))
    return captured


@contextlib.contextmanager
def _no_children(cli):
    """While only the settings are read: no child processes `tablefold serve` would start beside
    gunicorn (its bot worker, `Supervised`)."""
    supervised = getattr(cli, "Supervised", None)
    if supervised is None:
        yield
        return
    original = supervised.start
    supervised.start = lambda self: self
    try:
        yield
    finally:
        supervised.start = original


# what the worker records, as a function that stops recording and writes it to a path: set by
# one of the two starts below, called once by `_dump`
_WRITE = None


def _profile_start(worker) -> None:
    """In a worker that has just loaded its app: profile everything it runs (under gevent every
    greenlet runs on this one thread, so the profile holds every request, live stream and
    follower)."""
    global _WRITE
    import cProfile
    import time
    # CPU time, not wall time: greenlets switch in and out of every frame, and a wall clock
    # would charge the time a worker waits (for Redis, for the next request) to that frame
    profiler = cProfile.Profile(time.process_time)
    profiler.enable()

    def write(path: str) -> None:
        profiler.disable()
        profiler.dump_stats(path)
    _WRITE = write


def _greenlets_start(worker) -> None:
    """In a worker that has just loaded its app: charge the CPU time between greenlet switches
    to what ran meanwhile (the event loop, the follower of Redis's pushes, a connection's
    requests or its live stream). No profiler slows the calls down; the charge is two clock
    reads a switch (and a look at the stack while a connection's use is not yet known). Written
    as JSON: CPU seconds by what ran."""
    global _WRITE
    import json
    import time
    import weakref

    import greenlet
    charged = []                           # [what ran, CPU seconds], one per greenlet
    of = weakref.WeakKeyDictionary()       # greenlet -> its entry in `charged`
    last = [time.process_time()]

    def seen(g) -> set:
        """The (file, function) of every frame the greenlet stands in."""
        out, frame = set(), g.gr_frame
        while frame is not None:
            out.add((os.path.basename(frame.f_code.co_filename), frame.f_code.co_name))
            frame = frame.f_back
        return out

    def first(g) -> str:
        if type(g).__name__ == "Hub":
            return "event loop"
        files = {name for name, _ in seen(g)}
        # a connection's greenlet may first be seen waiting inside the follower (a stream
        # awaiting its subscription): what the greenlet was started for decides
        return ("connection" if "httpd.py" in files or "pywsgi.py" in files else
                "follower" if "follow.py" in files else "other")

    def refined(g) -> str:
        """What a connection serves, once it shows (it is seen where it waits): a live stream
        (loadgen opens each on a connection of its own) or requests; until then it is left
        open, and what it ran meanwhile goes to what it proves to be."""
        frames = seen(g)
        if ("live.py", "events") in frames or ("live.py", "stream") in frames:
            return "live streams"
        if any(name in ("endpoints.py", "apps.py") for name, _ in frames):  # a route's
            return "requests"
        return "connection"

    # the follower reads Redis's pushes in the event loop (events/follow.py): that callback's
    # time is the follower's, taken out of the event loop's
    from events.follow import Follower
    read_pushes, follower, lent = Follower._read_pushes, ["follower", 0.0], [0.0]
    charged.append(follower)

    def timed_read_pushes(self, *args):
        started = time.process_time()
        try:
            return read_pushes(self, *args)
        finally:
            spent = time.process_time() - started
            follower[1] += spent
            lent[0] += spent

    Follower._read_pushes = timed_read_pushes

    def tracer(event, args):
        if event in ("switch", "throw"):
            now = time.process_time()
            g = args[0]
            entry = of.get(g)
            if entry is None:
                entry = of[g] = [first(g), 0.0]
                charged.append(entry)
            if entry[0] == "event loop":
                entry[1] -= lent[0]
            lent[0] = 0.0
            entry[1] += now - last[0]
            if entry[0] == "connection":
                entry[0] = refined(g)
            last[0] = now

    def write(path: str) -> None:
        greenlet.settrace(None)
        spent = collections.Counter()
        for what, seconds in charged:   # a connection never seen in a route: requests too
            spent["requests" if what == "connection" else what] += seconds
        with open(path, "w") as f:
            json.dump(dict(spent), f)

    greenlet.settrace(tracer)
    _WRITE = write


DUMP_PATH = "/bench-profile-dump"


def _dump(prefix: str, req) -> None:
    """After a request for DUMP_PATH (the app answers it 404): write what this worker recorded
    to PREFIX.<pid>, once, and stop recording."""
    global _WRITE
    if _WRITE is not None and req.path == DUMP_PATH:
        write, _WRITE = _WRITE, None
        write(f"{prefix}.{os.getpid()}")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.serve")
    parser.add_argument("app", choices=("service", "bare"))
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--worker-class", help="replace `tablefold serve`'s worker class")
    parser.add_argument("--workers", type=int, help="replace `tablefold serve`'s worker count")
    recording = parser.add_mutually_exclusive_group()
    recording.add_argument("--profile", metavar="PREFIX",
                           help="profile every worker (cProfile) and write PREFIX.<pid> when "
                                f"it is sent GET {DUMP_PATH}")
    recording.add_argument("--greenlets", metavar="PREFIX",
                           help="charge every worker's CPU to what ran it (greenlet switches) "
                                f"and write PREFIX.<pid> (JSON) when it is sent GET {DUMP_PATH}")
    args = parser.parse_args(argv)
    if not os.environ.get("REDIS_URL"):
        sys.exit("bench.serve: set REDIS_URL (the benchmark's own Redis)")

    from service import cli
    if args.app == "service":
        # the synthetic games' engine, registered before the workers fork (engines are pure
        # Python: nothing here opens a socket before gevent patches the workers)
        from engines.core import register
        from tests.support.tiny import tiny
        register(tiny)

    def run(app, original_run):
        if args.worker_class:
            app.cfg.set("worker_class", args.worker_class)
        if args.workers:
            app.cfg.set("workers", args.workers)
        prefix = args.profile or args.greenlets
        if prefix:
            app.cfg.set("post_worker_init", _profile_start if args.profile else _greenlets_start)
            app.cfg.set("post_request", lambda worker, req, environ, resp: _dump(prefix, req))
        if args.app == "bare":
            def load():
                from bench.apps import bare
                return bare()
            app.load = load
        return original_run(app)

    with intercepted(run):
        cli.serve(_serve_args(args.port))


if __name__ == "__main__":
    main()
