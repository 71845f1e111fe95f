"""Where the CPU of one request goes: the apps in-process (Flask test client, no HTTP server) on
the benchmark's real Redis, timed whole and by the parts events.games exposes, then profiled
(cProfile) and summed by the package each function belongs to.

Every timing is CPU time of this process (time.process_time), the best of three rounds, so
other load on the machine disturbs it little. The parts are timed on their own, on a game in the
same state as the requests':
    Flask floor       a request to an endpoint that does nothing, test client included
    bare append       the bare app's POST /bare/<id>/append (parse, XADD, answer)
    one round trip    a Redis PING through redis-py
    Games.load        the round trip that brings a cached game up to date (warm: no records)
    Games.submit      decide, evolve, the atomic append (the Lua script), a snapshot when due
    follower fold     what every other worker holding the game does with each new record Redis
                      pushes: decode it and fold it into its cached entry (Games.pushed)
"""
from __future__ import annotations

import cProfile
import os
import pstats
import secrets
import time
from collections import defaultdict

from bench.fixtures import next_move

ROUNDS = 3
MINIMAL = {"Prefer": "return=minimal"}


def _cpu(fn, n: int) -> float:
    """Best of ROUNDS: CPU microseconds per call of fn()."""
    fn()
    best = float("inf")
    for _ in range(ROUNDS):
        t0 = time.process_time()
        for _ in range(n):
            fn()
        best = min(best, (time.process_time() - t0) / n)
    return 1e6 * best


def package(filename: str) -> str:
    """The package a profiled function's file belongs to (ours by folder, others by
    distribution folder under site-packages, the standard library as `stdlib`)."""
    if filename.startswith("<"):
        return "stdlib"   # frozen modules (importlib's, encodings')
    path = filename.replace(os.sep, "/")
    if "/site-packages/" in path:
        top = path.split("/site-packages/", 1)[1].split("/", 1)[0]
        return top.removesuffix(".py").split(".")[0]
    if path.endswith("/service/httpd.py"):
        return "tablefold httpd"   # the HTTP server's part, not the service's work
    for ours in ("engines", "events", "service", "tests", "bench"):
        if f"/{ours}/" in path:
            return f"tablefold {ours}"
    return "stdlib"


def by_package(fn, n: int) -> dict[str, float]:
    """cProfile of n calls of fn(): µs of own CPU time per call, by package (CPU time: the wait
    for Redis's answers is no one's)."""
    prof = cProfile.Profile(time.process_time)
    prof.enable()
    for _ in range(n):
        fn()
    prof.disable()
    stats = pstats.Stats(prof)
    out: dict[str, float] = defaultdict(float)
    for (filename, _line, name), (_cc, _nc, tottime, _ct, _callers) in stats.stats.items():
        out[c_package(name) if filename == "~" else package(filename)] += 1e6 * tottime / n
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))


def breakdown(app, bare_app, tables, n: int) -> dict:
    games = app.extensions["tablefold"]
    app.add_url_rule("/bench-nothing", "bench_nothing", lambda: "")
    client = app.test_client()
    out: dict = {"n": n}

    # reads: a game 36 records past its snapshot, read by the seat to move (warm after the first)
    reader = tables.tiny(2 * games.snapshot_every + 36)
    game = games.load(reader.gid)
    seat = next_move(reader.version, reader.lead)[0]
    headers = {"Authorization": f"Bearer {reader.tokens[seat]}"}

    def read():
        resp = client.get(f"/games/{reader.gid}", headers=headers)
        if resp.status_code != 200:
            raise RuntimeError(f"read answered {resp.status_code}: {resp.data[:200]!r}")

    out["read"] = _cpu(read, n)
    out["floor"] = _cpu(lambda: client.get("/bench-nothing"), n)
    out["ping"] = _cpu(games.store.r.ping, n)
    out["load"] = _cpu(lambda: games.load(reader.gid), n)
    out["undo_reach"] = _cpu(lambda: games.undo_reach(game, seat), n)
    out["tail"] = reader.version % games.snapshot_every

    # moves: on a fresh game, as the (a) rows send them (expected_version, move_id, minimal)
    mover = tables.tiny(10)

    def move():
        s, m = next_move(mover.version, mover.lead)
        resp = client.post(f"/games/{mover.gid}/moves",
                           json={"move": m, "expected_version": mover.version,
                                 "move_id": secrets.token_hex(8)},
                           headers={"Authorization": f"Bearer {mover.tokens[s]}", **MINIMAL})
        if resp.status_code != 200:
            raise RuntimeError(f"move answered {resp.status_code}: {resp.data[:200]!r}")
        mover.version += 1

    out["move"] = _cpu(move, n)
    direct = tables.tiny(10)
    live = games.load(direct.gid)

    def submit():
        s, m = next_move(live.version)
        games.submit(live, s, m, expected_version=live.version, move_id=secrets.token_hex(8))

    out["submit"] = _cpu(submit, n)

    # another worker holding the game: decode the record Redis pushed, fold it into the entry
    from events.games import applied
    from events.store import keys
    before = games.cached(direct.gid).entry
    submit()
    raw = games.store.r.xrange(keys(direct.gid)[0], f"0-{before.version + 1}",
                               f"0-{before.version + 1}")[0][1][b"r"]

    def follow():
        applied(live.engine, before, [games.decode(raw)])

    out["follow"] = _cpu(follow, n)

    bare_client = bare_app.test_client()
    gid = secrets.token_urlsafe(9)
    body = {"move": {"type": "end"}, "expected_version": 10, "move_id": "x"}
    out["bare_append"] = _cpu(lambda: bare_client.post(f"/bare/{gid}/append", json=body), n)

    out["profile_move"] = by_package(move, n)
    out["profile_read"] = by_package(read, n)
    out["profile_bare"] = by_package(
        lambda: bare_client.post(f"/bare/{gid}/append", json=body), n)
    out["profile_timer"] = "cpu"
    return out


# --- the served worker, profiled ------------------------------------------------------------------
def c_package(name: str) -> str:
    """What a C function (cProfile's `~` entries) is, by its name."""
    if "loop' objects" in name or "epoll" in name or "'poll'" in name or "select" in name:
        return "idle"
    for word, what in (("socket", "socket I/O (C)"), ("orjson", "orjson"), ("hiredis", "hiredis"),
                       ("gevent", "gevent"), ("greenlet", "gevent"), ("_json", "json (C)")):
        if word in name:
            return what
    return "other C built-ins (str, dict, re...)"


def served_profile(files: list[str], ops: int, top: int = 15) -> dict:
    """The workers' profiles of one phase, merged: µs of own time per confirmed move, by package
    and by function (the event loop's waiting left out)."""
    stats = pstats.Stats(*files)
    by_pkg: dict[str, float] = defaultdict(float)
    funcs = []
    for (filename, line, name), (_cc, nc, tottime, _ct, _callers) in stats.stats.items():
        pkg = c_package(name) if filename == "~" else package(filename)
        if pkg == "idle":
            continue
        per = 1e6 * tottime / max(ops, 1)
        by_pkg[pkg] += per
        where = name if filename == "~" else f"{_short(filename)}:{line} {name}"
        funcs.append((per, nc / max(ops, 1), where))
    funcs.sort(reverse=True)
    notable = {}
    for (filename, line, name), (_cc, nc, _tt, cumtime, _callers) in stats.stats.items():
        for label, (end, func) in NOTABLE.items():
            if filename.endswith(end) and name == func:
                calls, cum = notable.get(label, (0.0, 0.0))
                notable[label] = (calls + nc / max(ops, 1), cum + 1e6 * cumtime / max(ops, 1))
    return {"ops": ops, "packages": dict(sorted(by_pkg.items(), key=lambda kv: -kv[1])),
            "functions": funcs[:top], "notable": notable}


# functions whose whole time (cumulative) is worth its own line: none of them lets another
# greenlet run in between, so their cumulative time is theirs
NOTABLE = {
    "gunicorn's access log line, built for every request (`glogging.py` `access`)":
        ("gunicorn/glogging.py", "access"),
    "redis-py reading its own package metadata for a new connection (`get_lib_version`)":
        ("redis/utils.py", "get_lib_version"),
}


def _short(filename: str) -> str:
    path = filename.replace(os.sep, "/")
    if "/site-packages/" in path:
        return path.split("/site-packages/", 1)[1]
    for ours in ("engines/", "events/", "service/", "tests/", "bench/"):
        if f"/{ours}" in path:
            return ours + path.split(f"/{ours}", 1)[1]
    return path.rsplit("/lib/python3", 1)[-1].split("/", 1)[-1]
