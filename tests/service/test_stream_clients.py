"""Live streams as real clients use them, on `tablefold serve` with its production keep-alive and
stream lifetime (nothing shortened): the WHATWG EventSource of the `eventsource` npm package on a
seat's ticket, httpx-sse resuming a spectator's stream with Last-Event-ID, the `websockets`
package following it as a WebSocket, and an idle raw connection as `curl -N` holds it. Over two minutes the server ends each stream twice; every client
must see every record exactly once, in order, and never stop on its own.
"""
from __future__ import annotations

import http.client
import json
import os
import shutil
import subprocess
import threading
import time
from pathlib import Path

import httpx
import pytest
from httpx_sse import connect_sse

from service.config import from_env
from tests.support.server import Server, auth, docs_example, new_table

NODE_CLIENT = Path(__file__).resolve().parents[1] / "support" / "node"
LIFETIME = from_env({})["STREAM_SECONDS"]      # the production settings, read not restated
KEEPALIVE = from_env({})["STREAM_KEEPALIVE"]
FOLLOW = 2 * LIFETIME + 12                     # long enough for two server-side ends


def node_client() -> list[str]:
    """The command that runs the EventSource client, its package installed on first use."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        if os.environ.get("CI"):
            pytest.fail("CI must have Node.js and npm for the EventSource client test")
        pytest.skip("Node.js and npm are needed for the EventSource client (not installed here)")
    if not (NODE_CLIENT / "node_modules" / "eventsource").is_dir():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--silent"], cwd=NODE_CLIENT,
                       check=True, timeout=300)
    return ["node", str(NODE_CLIENT / "follow.mjs")]


def idle_stream(base: str, gid: str, out: dict) -> None:
    """A stream nobody moves in, held like `curl -N`: its keep-alives and when it ends."""
    host, port = base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=3 * KEEPALIVE)
    started = time.monotonic()
    conn.request("GET", f"/games/{gid}/stream")
    response = conn.getresponse()
    out["status"] = response.status
    body = b""
    while chunk := response.read1(65536):
        body += chunk
        out.setdefault("keepalive_times", [])
        for _ in range(chunk.count(b": keep-alive")):
            out["keepalive_times"].append(time.monotonic() - started)
    out["lasted"] = time.monotonic() - started
    out["body"] = body.decode()


def httpx_follower(url: str, seconds: float, out: dict) -> None:
    """A client author's own loop with httpx-sse: reopen when the server ends the stream, resuming
    from the last id it saw."""
    out.update(records=[], opens=0, views=0)
    last, deadline = None, time.monotonic() + seconds
    with httpx.Client(timeout=httpx.Timeout(5, read=3 * KEEPALIVE)) as client:
        while time.monotonic() < deadline:
            headers = {"Last-Event-ID": last} if last else {}
            try:
                with connect_sse(client, "GET", url, headers=headers) as source:
                    out["opens"] += 1
                    for event in source.iter_sse():
                        if event.event == "record":
                            out["records"].append(int(event.id))
                            last = event.id
                        elif event.event == "view":
                            out["views"] += 1
                        if time.monotonic() > deadline:
                            return
            except httpx.HTTPError as e:
                out.setdefault("errors", []).append(repr(e))
                time.sleep(1)


def socket_follower(url: str, seconds: float, out: dict) -> None:
    """The stream as a WebSocket (the `websockets` package), reopened from the last version heard
    each time the server closes it."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect
    out.update(records=[], opens=0, closes=[])
    last, deadline = None, time.monotonic() + seconds
    while time.monotonic() < deadline:
        with connect(url + (f"?since={last}" if last else "")) as ws:
            out["opens"] += 1
            try:
                while time.monotonic() < deadline:
                    try:
                        message = json.loads(ws.recv(timeout=1))
                    except TimeoutError:
                        continue
                    if message["type"] == "record":
                        last = message["record"]["v"]
                        out["records"].append(last)
            except ConnectionClosed:
                out["closes"].append((ws.close_code, ws.close_reason))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with Server(tmp_path_factory.mktemp("clients"), workers=2) as s:
        yield s


def test_real_clients_follow_streams_across_server_ends_at_production_settings(server):
    command = node_client()
    gid, tokens = new_table(server.base)
    quiet, _ = new_table(server.base)
    ticket = httpx.post(f"{server.base}/games/{gid}/stream-ticket",
                        headers=auth(tokens[0])).json()["ticket"]
    node = subprocess.Popen(command + [f"{server.base}/games/{gid}/stream?ticket={ticket}",
                                       str(FOLLOW)], stdout=subprocess.PIPE, text=True)
    spectator, idle, socket = {}, {}, {}
    threads = [threading.Thread(target=httpx_follower,
                                args=(f"{server.base}/games/{gid}/stream", FOLLOW - 2, spectator)),
               threading.Thread(target=idle_stream, args=(server.base, quiet, idle)),
               threading.Thread(target=socket_follower, args=(
                   f"{server.base.replace('http', 'ws', 1)}/games/{gid}/stream", FOLLOW - 2, socket))]
    for t in threads:
        t.start()
    time.sleep(3)
    moved, started = [], time.monotonic()
    while time.monotonic() - started < FOLLOW - 10:
        view = httpx.get(f"{server.base}/games/{gid}").json()
        if view["result"] is not None:
            break
        seat = view["awaited"][0]
        legal = httpx.get(f"{server.base}/games/{gid}", headers=auth(tokens[seat])).json()["legal_moves"]
        answer = httpx.post(f"{server.base}/games/{gid}/moves", headers=auth(tokens[seat]),
                            json={"move": legal[0]["move"], "expected_version": view["version"],
                                  "move_id": f"m{view['version']}"})
        assert answer.status_code == 200, answer.text
        moved.append(answer.json()["recorded_at"])
        time.sleep(7)
    out, _ = node.communicate(timeout=FOLLOW + 30)
    for t in threads:
        t.join(FOLLOW)
    said = [json.loads(line) for line in out.splitlines()]

    # the EventSource saw every record once, in order, and never gave up
    records = [int(s["id"]) for s in said if s["kind"] == "record"]
    assert records == moved, (records, moved)
    assert [s["state"] for s in said if s["kind"] == "error"] and \
        all(s["state"] == 0 for s in said if s["kind"] == "error"), "it must only ever reconnect"
    assert sum(s["kind"] == "open" for s in said) >= 3            # two server-side ends
    first = next(s for s in said if s["kind"] in ("record", "view"))
    assert first["kind"] == "view" and first["data"]["seat"] == 0   # a fresh stream: the view first
    assert said[-1] == {**said[-1], "kind": "done", "state": 1}    # still open at the end

    # httpx-sse, resuming with Last-Event-ID, the same
    assert spectator["records"] == moved, spectator
    assert spectator["opens"] >= 3 and not spectator.get("errors"), spectator

    # the WebSocket, closed by the server at each end of its lifetime and reopened, the same
    assert socket["records"] == moved, socket
    assert socket["opens"] >= 3 and set(socket["closes"]) == {(1000, "reopen")}, socket

    # the idle stream stayed open its whole lifetime, with a keep-alive every KEEPALIVE seconds
    assert idle["status"] == 200
    assert LIFETIME - 1 <= idle["lasted"] <= LIFETIME + 5, idle["lasted"]
    gaps = [b - a for a, b in zip([0] + idle["keepalive_times"], idle["keepalive_times"])]
    assert len(gaps) >= LIFETIME // KEEPALIVE - 1 and max(gaps) <= KEEPALIVE + 2, gaps
    log = server.log_tail(400)
    assert "Traceback" not in log and "TimeoutError" not in log, log


def test_the_readmes_stream_client_plays_a_game_to_the_end(server):
    example = docs_example("play_by_stream")
    result = example.play(server.base)
    assert {r["seat"] for r in result["ranking"]} == {0, 1}


def live_streams(base: str) -> float:
    text = httpx.get(f"{base}/metrics").text
    return sum(float(line.split()[-1]) for line in text.splitlines()
               if line.startswith("tablefold_live_streams"))


def test_a_stream_whose_client_hangs_up_ends_at_once_not_at_its_next_keep_alive(server):
    # it would otherwise hold its place under the per-address and per-game bounds, and cost
    # its keep-alives, until a write fails: up to KEEPALIVE after the client left
    gid, _ = new_table(server.base)
    before = live_streams(server.base)
    host, port = server.base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=KEEPALIVE)
    conn.request("GET", f"/games/{gid}/stream")
    response = conn.getresponse()
    opening = b""
    while b"event: view" not in opening:
        opening += response.read1(65536)
    assert live_streams(server.base) == before + 1
    response.close()
    conn.close()   # the client hangs up: its socket closed, nothing written
    hung_up = time.monotonic()
    while live_streams(server.base) != before and time.monotonic() - hung_up < 2 * KEEPALIVE:
        time.sleep(0.05)
    ended = time.monotonic() - hung_up
    assert live_streams(server.base) == before
    assert ended < KEEPALIVE / 4, f"the stream ended {ended:.1f} s after its client left"


def play_to_the_end(base: str, gid: str, tokens: dict) -> list[int]:
    """Both seats play their first legal move until the game ends: the versions recorded."""
    moved = []
    with httpx.Client(base_url=base, timeout=10) as http:
        while True:
            view = http.get(f"/games/{gid}").json()
            if view["result"] is not None:
                return moved
            seat = view["awaited"][0]
            legal = http.get(f"/games/{gid}", headers=auth(tokens[seat])).json()["legal_moves"]
            answer = http.post(f"/games/{gid}/moves", headers=auth(tokens[seat]), json={
                "move": legal[0]["move"], "expected_version": view["version"],
                "move_id": f"m{view['version']}"})
            assert answer.status_code == 200, answer.text
            moved.append(answer.json()["version"])


def test_an_eventsource_that_heard_the_end_stops_instead_of_reconnecting(server):
    """At production settings: the stream ends after the final view, the EventSource reconnects
    from its id (after the stream's `retry`), is answered 204, and stops for good: no reconnect
    every second to a game that can never change."""
    command = node_client()
    gid, tokens = new_table(server.base)
    ticket = httpx.post(f"{server.base}/games/{gid}/stream-ticket",
                        headers=auth(tokens[0])).json()["ticket"]
    follow = 8
    node = subprocess.Popen(command + [f"{server.base}/games/{gid}/stream?ticket={ticket}",
                                       str(follow)], stdout=subprocess.PIPE, text=True)
    time.sleep(1.5)
    moved = play_to_the_end(server.base, gid, tokens)
    out, _ = node.communicate(timeout=follow + 30)
    said = [json.loads(line) for line in out.splitlines()]
    assert [int(s["id"]) for s in said if s["kind"] == "record"] == moved
    final = [s for s in said if s["kind"] == "view"][-1]
    assert final["data"]["result"] is not None and final["id"] == str(moved[-1])
    # ended once (reconnecting: 0), then refused for good (closed: 2), opened only the once
    assert [s["state"] for s in said if s["kind"] == "error"] == [0, 2]
    assert sum(s["kind"] == "open" for s in said) == 1
    assert said[-1]["kind"] == "done" and said[-1]["state"] == 2


def test_a_finished_games_stream_ends_and_its_connection_serves_the_next_request(server):
    """A stream of a finished game is its view and the end of the answer, not a connection held
    for the stream's lifetime: the client's kept-alive connection takes its next request."""
    gid, tokens = new_table(server.base)
    play_to_the_end(server.base, gid, tokens)
    host, port = server.base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=KEEPALIVE)
    conn.request("GET", f"/games/{gid}/stream", headers=auth(tokens[1]))
    response = conn.getresponse()
    started = time.monotonic()
    body = response.read().decode()   # to the end of the answer
    assert time.monotonic() - started < KEEPALIVE / 2
    assert response.status == 200 and body.strip().split("\n\n")[-1].startswith("id: ")
    sock = conn.sock
    conn.request("GET", f"/games/{gid}", headers=auth(tokens[1]))
    view = conn.getresponse()
    assert view.status == 200 and json.loads(view.read())["result"] is not None
    assert conn.sock is sock   # the same connection
    conn.close()
