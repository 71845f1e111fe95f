"""Faults of the processes under `tablefold serve`, while players keep moving:

- a gunicorn worker SIGKILLed with requests in flight loses no acknowledged move; gunicorn boots
  a new worker and the service keeps answering;
- the embedded Redis SIGKILLed (its supervisor restarts it, the append-only file brings the data
  back) loses no acknowledged move; meanwhile every request gets an answer (JSON, never a hang),
  and the service recovers by itself.
TABLEFOLD_PROFILE=long kills more often, with more players.
"""
from __future__ import annotations

import os
import random
import signal
import time

import pytest
import requests

from tests.faults.players import TIMEOUT, check_log, finish, run_players, wait_moves
from tests.support.server import Server, auth, new_table, scaled

WORKERS = 3
PLAYERS = scaled(8, 3)
WORKER_KILLS = scaled(3)
MAX_EXTRA_KILLS = 10        # kill again (bounded) until at least one request was cut mid-way
REDIS_KILLS = scaled(2)
RECOVERY = 30               # seconds the service may take to answer again after a kill


@pytest.fixture
def server(tmp_path):
    with Server(tmp_path, workers=WORKERS) as s:
        yield s


def a_move_succeeds(server: Server) -> bool:
    """A fresh table and one move on it, answered normally."""
    try:
        gid, tokens = new_table(server.base, timeout=5)
        view = requests.get(server.url(f"/games/{gid}"), timeout=5).json()
        seat = view["active"][0]
        mine = requests.get(server.url(f"/games/{gid}"), headers=auth(tokens[seat]), timeout=5).json()
        resp = requests.post(server.url(f"/games/{gid}/moves"), headers=auth(tokens[seat]), timeout=5,
                             json={"move": mine["legal_moves"][0]["move"], "expected_version": mine["version"]})
        return resp.status_code == 200
    except (requests.RequestException, AssertionError, ValueError, KeyError):
        return False


def print_summary(what: str, tally, **extra) -> None:
    print(f"\n{what}: {tally.moves} moves acknowledged, {tally.cut} requests cut, "
          f"slowest answer {tally.slowest:.2f} s, answers {dict(tally.answers)}, {extra}")


def test_a_worker_killed_mid_request_loses_no_acknowledged_move(server):
    rng = random.Random(7)
    tally, stop, players = run_players(server.base, PLAYERS, seed=1)
    kills = 0
    try:
        assert wait_moves(tally, 20, 30), f"the players make no progress\n{server.log_tail()}"
        while kills < WORKER_KILLS or (tally.cut == 0 and kills < WORKER_KILLS + MAX_EXTRA_KILLS):
            deadline = time.monotonic() + 5
            while tally.in_flight < 2 and time.monotonic() < deadline:
                time.sleep(0.001)
            victim = rng.choice(server.worker_pids())
            os.kill(victim, signal.SIGKILL)
            kills += 1
            server.wait_for(lambda: len([p for p in server.worker_pids() if p != victim]) == WORKERS,
                            RECOVERY, "gunicorn booted a worker in place of the killed one")
            assert wait_moves(tally, 10, RECOVERY), \
                f"no progress after killing worker {victim}\n{server.log_tail()}"
    finally:
        finish(players, stop)
    print_summary("worker kills", tally, kills=kills)
    assert tally.cut > 0, f"{kills} kills and no request was in flight in a killed worker"
    assert not tally.hangs, tally.hangs
    assert not tally.unclean, tally.unclean
    check_log(server.redis(), tally)
    assert a_move_succeeds(server)
    assert len(server.worker_pids()) == WORKERS


def test_redis_killed_and_restarted_loses_no_acknowledged_move(server):
    tally, stop, players = run_players(server.base, PLAYERS, seed=2)
    outages = []
    try:
        assert wait_moves(tally, 20, 30), f"the players make no progress\n{server.log_tail()}"
        for _ in range(REDIS_KILLS):
            victim = server.redis_pid()
            assert victim, f"no embedded redis-server under the service\n{server.log_tail()}"
            os.kill(victim, signal.SIGKILL)
            t0 = time.monotonic()
            server.wait_for(lambda: server.redis_pid() not in (None, victim), RECOVERY,
                            "the supervisor restarted redis-server")
            server.wait_for(lambda: a_move_succeeds(server), RECOVERY,
                            "the service answers moves again after Redis came back")
            outages.append(round(time.monotonic() - t0, 2))
            assert wait_moves(tally, 10, RECOVERY), \
                f"the players make no progress after Redis came back\n{server.log_tail()}"
    finally:
        finish(players, stop)
    print_summary("redis kills", tally, outages=outages)
    assert not tally.hangs, f"requests without an answer within {TIMEOUT} s: {tally.hangs}"
    assert not tally.unclean, f"errors that are not JSON {{code, message}}: {tally.unclean}"
    assert tally.cut == 0, "a request was cut although only Redis was killed"
    check_log(server.redis(), tally)
