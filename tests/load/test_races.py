"""Many clients race moves on the same games, against `tablefold serve` (gunicorn, several gthread
workers) and a real Redis: exactly one move wins each version, the rest get 409 stale_version (or 422
not_your_turn for the seat that is not active); the log afterwards is versions 1..N, each record
the move of exactly one accepted answer; one move_id sent by many at once is recorded once.

Each round of a game: both seats read the same version v, then all its clients post at once (a
barrier lines them up). The rounds cycle through three kinds:
  race      each client of the active seat posts a legal move of its own choice, its own move_id,
            expected_version v; the other seat's clients post too (with their own token)
  same_id   the active seat's clients all post one identical body (move, move_id, expected v)
  retry     the same, without expected_version: the service retries stale versions itself
  reused    the active seat's clients post different moves under one move_id
TABLEFOLD_PROFILE=long plays more games with more clients.
"""
from __future__ import annotations

import random
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import pytest
import requests

from tests.support.server import Server, auth, log_entries, new_table, scaled

GAMES = scaled(4, 5)              # games played at once
CLIENTS_PER_SEAT = scaled(3, 2)   # client threads holding each seat's token, per game
MAX_ROUNDS = 200                  # a Tic Tac Trek game ends long before
KINDS = ("race", "same_id", "race", "retry", "race", "reused")
TIMEOUT = 30


@dataclass
class Sent:
    seat: int
    body: dict
    status: int = 0
    answer: dict = field(default_factory=dict)
    error: str = ""


@dataclass
class Round:
    kind: str
    version: int             # the version every client read before posting
    active: list[int]
    sent: list[Sent]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with Server(tmp_path_factory.mktemp("load"), workers=3) as s:
        yield s


def post(base: str, gid: str, token: str, sent: Sent, barrier: threading.Barrier) -> Sent:
    barrier.wait(TIMEOUT)
    try:
        resp = requests.post(f"{base}/games/{gid}/moves", json=sent.body, headers=auth(token),
                             timeout=TIMEOUT)
        sent.status = resp.status_code
        sent.answer = resp.json()
    except (requests.RequestException, ValueError) as e:
        sent.error = repr(e)
    return sent


def play(base: str, seed: int) -> tuple[str, list[Round]]:
    """One game to its end (or MAX_ROUNDS), every round raced by all of its clients."""
    rng = random.Random(seed)
    gid, tokens = new_table(base)
    clients = [seat for seat in (0, 1) for _ in range(CLIENTS_PER_SEAT)]
    rounds: list[Round] = []
    with ThreadPoolExecutor(len(clients), thread_name_prefix=f"game{seed}") as pool:
        for r in range(MAX_ROUNDS):
            views = {seat: requests.get(f"{base}/games/{gid}", headers=auth(tokens[seat]),
                                        timeout=TIMEOUT).json() for seat in (0, 1)}
            assert views[0]["version"] == views[1]["version"]
            if views[0]["result"] is not None:
                break
            version, active = views[0]["version"], views[0]["active"]
            assert active, f"nobody to act in {gid} at {version}"
            legal = [o["move"] for o in views[active[0]]["legal_moves"]]
            kind = KINDS[r % len(KINDS)]
            shared_id, shared_move = f"shared-{uuid.uuid4().hex}", rng.choice(legal)
            batch = []
            for seat in clients:
                if seat not in active:
                    body = {"move": rng.choice(legal), "expected_version": version,
                            "move_id": uuid.uuid4().hex}
                elif kind == "race":
                    body = {"move": rng.choice(legal), "expected_version": version,
                            "move_id": uuid.uuid4().hex}
                elif kind == "same_id":
                    body = {"move": shared_move, "expected_version": version, "move_id": shared_id}
                elif kind == "retry":
                    body = {"move": shared_move, "move_id": shared_id}
                else:  # reused: one move_id, moves of each client's own choice
                    body = {"move": rng.choice(legal), "expected_version": version,
                            "move_id": shared_id}
                batch.append(Sent(seat, body))
            barrier = threading.Barrier(len(batch))
            done = [f.result() for f in [pool.submit(post, base, gid, tokens[s.seat], s, barrier)
                                         for s in batch]]
            rounds.append(Round(kind, version, active, done))
            if any(s.error or s.status >= 500 for s in done):
                break  # reported by the checks below
    return gid, rounds


def check_game(r, gid: str, rounds: list[Round]) -> None:
    for n, rnd in enumerate(rounds):
        failures = [(s.status, s.error, s.answer) for s in rnd.sent if s.error or s.status >= 500]
        assert not failures, f"game {gid}, round {n} ({rnd.kind}) at version {rnd.version}: {failures}"
    entries = log_entries(r, gid)
    # the log: versions 1..N, in order, each under its own entry id, nothing doubled or missing
    assert [eid for eid, _ in entries] == [f"0-{v}" for v in range(1, len(entries) + 1)]
    assert [rec["v"] for _, rec in entries] == list(range(1, len(entries) + 1))
    records = {rec["v"]: rec for _, rec in entries}
    assert len(entries) == 1 + len(rounds), "one record per round, no more, no fewer"
    ids = [rec.get("move_id") for _, rec in entries if rec.get("move_id")]
    assert len(ids) == len(set(ids)), "a move_id recorded twice"

    for n, rnd in enumerate(rounds):
        where = f"game {gid}, round {n} ({rnd.kind}) at version {rnd.version}"
        assert rnd.version == 1 + n, f"{where}: the rounds' versions are not contiguous"
        won = [s for s in rnd.sent if s.status == 200]
        lost = [s for s in rnd.sent if s.status != 200]
        record = records[rnd.version + 1]
        assert all(s.answer["recorded_at"] == rnd.version + 1 for s in won), where
        # the record is the move of the accepted answers, by their seat, under their move_id
        assert won, f"{where}: no move won"
        assert {s.seat for s in won} == {record["by"]} and record["by"] in rnd.active, where
        assert all(s.body["move"] == record["move"] for s in won), where
        assert all(s.body["move_id"] == record["move_id"] for s in won), where
        if rnd.kind == "race":
            assert len(won) == 1, f"{where}: {len(won)} moves won one version"
        elif rnd.kind in ("same_id", "retry"):
            # every copy of the one move is answered as the first was
            assert [s for s in rnd.sent if s.seat in rnd.active] == won, \
                f"{where}: {[(s.status, s.answer) for s in lost if s.seat in rnd.active]}"
        else:  # reused: only copies of the winning move are accepted; other moves under its id: 409
            assert all(s.body["move"] == record["move"] for s in won)
            for s in lost:
                if s.seat in rnd.active:
                    assert s.body["move"] != record["move"], where
                    assert (s.status, s.answer["code"]) == (409, "move_id_reused"), (where, s.answer)
        for s in lost:
            if s.seat in rnd.active and rnd.kind != "reused":
                assert (s.status, s.answer["code"]) == (409, "stale_version"), (where, s.answer)
            elif s.seat not in rnd.active:
                assert (s.status, s.answer["code"]) in {(409, "stale_version"),
                                                        (422, "not_your_turn")}, (where, s.answer)
            if s.answer.get("code") == "stale_version":
                assert s.answer["version"] > rnd.version, (where, s.answer)


def test_racing_clients_get_one_winner_per_version_and_a_whole_log(server):
    with ThreadPoolExecutor(GAMES, thread_name_prefix="table") as tables:
        played = list(tables.map(lambda seed: play(server.base, seed), range(GAMES)))
    r = server.redis()
    for gid, rounds in played:
        check_game(r, gid, rounds)
        final = requests.get(server.url(f"/games/{gid}"), timeout=TIMEOUT).json()
        assert final["version"] == 1 + len(rounds)
    # every game reached its end, so each kind of round was raced many times
    assert all(len(rounds) >= len(KINDS) for _, rounds in played)


def test_one_move_id_sent_by_many_clients_at_once_is_recorded_once(server):
    """Many copies of one move and move_id, without expected_version, on several games at once:
    every copy is answered 200 at the same version, and the log holds it once."""
    copies = 4 * CLIENTS_PER_SEAT
    tables = [new_table(server.base) for _ in range(GAMES)]
    batch = []
    for gid, tokens in tables:
        view = requests.get(server.url(f"/games/{gid}"), timeout=TIMEOUT).json()
        seat = view["active"][0]
        mine = requests.get(server.url(f"/games/{gid}"), headers=auth(tokens[seat]),
                            timeout=TIMEOUT).json()
        body = {"move": mine["legal_moves"][0]["move"], "move_id": f"once-{gid}"}
        batch += [(gid, tokens[seat], Sent(seat, dict(body))) for _ in range(copies)]
    barrier = threading.Barrier(len(batch))
    with ThreadPoolExecutor(len(batch)) as pool:
        done = list(pool.map(lambda b: (b[0], post(server.base, b[0], b[1], b[2], barrier)), batch))
    r = server.redis()
    for gid, _ in tables:
        answers = [s for g, s in done if g == gid]
        assert all(s.status == 200 for s in answers), [(s.status, s.error, s.answer) for s in answers]
        assert {s.answer["recorded_at"] for s in answers} == {2}
        entries = log_entries(r, gid)
        assert [rec["v"] for _, rec in entries] == [1, 2]
        assert entries[1][1]["move_id"] == f"once-{gid}"
