"""Where the CPU of one request goes: the service app in-process (Flask test client, no HTTP
server) on the benchmark's real Redis, timed whole and by the parts events.games exposes.

Every figure is CPU time of this process (time.process_time), the best of three rounds, so
other load on the machine disturbs it little. The parts are timed on their own, on a game in the
same state as the requests':
    Flask floor      a request to an endpoint that does nothing (GET /ping), test client included
    one round trip   a Redis PING through redis-py
    Games.load       metadata and the records after the worker's cached state (warm: none)
    Games.undo_reach the walk back to the checkpoint (for the seat whose turn it is)
    Games.submit     decide, evolve, the atomic append (the Lua script), a snapshot when due
"""
from __future__ import annotations

import time

from bench.fixtures import next_move

ROUNDS = 3


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


def breakdown(app, tables, n: int) -> dict:
    games = app.extensions["tablefold"]
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
    out["floor"] = _cpu(lambda: client.get("/ping"), n)
    out["ping"] = _cpu(games.store.r.ping, n)
    out["load"] = _cpu(lambda: games.load(reader.gid), n)
    out["undo_reach"] = _cpu(lambda: games.undo_reach(game, seat), n)
    out["tail"] = reader.version % games.snapshot_every

    # moves: on a fresh game, as the (a) phase does
    mover = tables.tiny(10)

    def move():
        s, m = next_move(mover.version, mover.lead)
        resp = client.post(f"/games/{mover.gid}/moves",
                           json={"move": m, "expected_version": mover.version},
                           headers={"Authorization": f"Bearer {mover.tokens[s]}"})
        if resp.status_code != 200:
            raise RuntimeError(f"move answered {resp.status_code}: {resp.data[:200]!r}")
        mover.version += 1

    out["move"] = _cpu(move, n)
    direct = tables.tiny(10)
    live = games.load(direct.gid)

    def submit():
        s, m = next_move(live.version)
        games.submit(live, s, m, expected_version=live.version)

    out["submit"] = _cpu(submit, n)
    return out
