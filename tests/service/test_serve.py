"""`tablefold serve` as a user runs it: embedded Redis, gunicorn workers, data kept across restarts."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import pytest
import requests


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(port: int, data: str) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    log = os.path.join(os.path.dirname(data), "serve.log")
    with open(log, "ab") as out:
        proc = subprocess.Popen([sys.executable, "-m", "service.cli", "serve", "--port", str(port),
                                 "--data", data, "--workers", "2"], env=env,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if requests.get(f"http://127.0.0.1:{port}/readyz", timeout=5).ok:
                return proc
        except requests.RequestException:
            pass
        time.sleep(0.1)
    stop(proc)
    with open(log) as f:
        pytest.fail(f"tablefold serve was not ready within 60 s:\n{f.read()[-3000:]}")


def stop(proc: subprocess.Popen) -> None:
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(5)


def test_serve_plays_a_game_and_keeps_it_across_a_restart(tmp_path):
    port, data = free_port(), str(tmp_path / "redis")
    base = f"http://127.0.0.1:{port}"
    proc = start(port, data)
    try:
        made = requests.post(f"{base}/games", json={
            "engine": "tic-tac-trek", "claim": 0,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}).json()
        headers = {"Authorization": f"Bearer {made['token']}"}
        view = requests.get(f"{base}/games/{made['id']}", headers=headers).json()
        if view["active"] != [0]:
            pytest.fail(f"the human should be awaited after the bot's turn: {view['active']}")
        moved = requests.post(f"{base}/games/{made['id']}/moves", headers=headers,
                              json={"move": view["legal_moves"][0]["move"]})
        assert moved.status_code == 200, moved.text
        version = moved.json()["version"]
    finally:
        stop(proc)
    assert os.path.exists(os.path.join(data, "appendonly.aof"))
    proc = start(port, data)
    try:
        again = requests.get(f"{base}/games/{made['id']}", headers=headers).json()
        assert again["version"] == version and again["state"] == moved.json()["state"]
    finally:
        stop(proc)


@pytest.mark.parametrize("access_log", [False, True])
def test_the_access_log_holds_a_line_per_request_only_when_asked_for(tmp_path, access_log):
    from tests.support.server import Server
    env = {"TABLEFOLD_ACCESS_LOG": "1"} if access_log else {}
    server = Server(tmp_path, workers=1, env=env).start()
    try:
        for _ in range(3):
            assert requests.get(f"{server.base}/healthz", timeout=5).ok
        time.sleep(0.5)
    finally:
        server.stop()
    lines = [line for line in server.log_tail(10_000).splitlines()
             if '"gunicorn.access"' in line and "/healthz" in line]
    assert len(lines) == (3 if access_log else 0), lines
