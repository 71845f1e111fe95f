"""Export a finished game of every engine, check it, import it, and name the exact step of a
deliberately corrupted copy; the CLI does the same from a file."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from engines.core import registered
from replays import logfile
from replays.check import check
from service import create_app


def bot_client(fake_redis):
    return create_app(fake_redis, {"BOT_MOVES_PER_REQUEST": 100_000}).test_client()


def finished_log(fake_redis, name: str) -> str:
    return finished_game(bot_client(fake_redis), name)[1]


def finished_game(client, name: str) -> tuple[str, str]:
    """A game of random bots played to its end: its id and its exported log."""
    engine = registered()[name]
    seats = [{"kind": "bot", "bot": "random"}] * engine.min_players
    made = client.post("/games", json={"engine": name, "seats": seats})
    assert made.status_code == 201, made.json
    gid = made.json["id"]
    assert client.get(f"/games/{gid}").json["result"] is not None
    return gid, client.get(f"/games/{gid}/export").get_data(as_text=True)


def corrupt(text: str, step: int) -> str:
    """Drop the last event of record `step` and its hash: the kind of damage a bug leaves."""
    lines = text.splitlines()
    record = json.loads(lines[step])
    record["events"] = record["events"][:-1]
    record.pop("hash", None)
    lines[step] = json.dumps(record)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(registered()))
def test_every_engine_exports_a_log_that_checks_and_corruption_is_named(name, fake_redis):
    text = finished_log(fake_redis, name)
    header, records = logfile.parse(text)
    assert header["engine"] == name and header["seed"] and records[-1].get("hash")
    report = check(header, records)
    assert report.ok, report.text()
    step = max(2, len(records) // 2)
    bad = check(*logfile.parse(corrupt(text, step)))
    assert not bad.ok and bad.step == step, bad.text()
    assert bad.state_before is not None


@pytest.mark.parametrize("name", sorted(registered()))
def test_every_engine_imports_and_replays_step_by_step_as_the_original(name, fake_redis):
    client = bot_client(fake_redis)
    original, text = finished_game(client, name)
    imported = client.post("/games/import", data=text)
    assert imported.status_code == 201, imported.json
    copy = imported.json["id"]
    version = imported.json["version"]
    steps = sorted({1, 2, version} | set(range(1, version + 1, max(1, version // 25))))
    for at in steps:
        for side in ("", "&as=0", "&as=all"):
            a = client.get(f"/games/{original}/replay?at={at}{side}").json
            b = client.get(f"/games/{copy}/replay?at={at}{side}").json
            a.pop("id"), b.pop("id")
            assert a == b, f"step {at} {side}"


def test_a_log_of_another_engine_version_says_so(fake_redis):
    text = finished_log(fake_redis, "tic-tac-trek")
    header, records = logfile.parse(text)
    header["engine_version"] = 99
    report = check(header, records)
    assert not report.ok and "version 99" in report.problem and "cannot replay" in report.problem


def test_without_the_seed_the_log_is_folded_and_its_hashes_compared(fake_redis):
    text = finished_log(fake_redis, "tic-tac-trek")
    header, records = logfile.parse(text)
    header.pop("seed")
    assert check(header, records).ok
    records[3]["events"][0]["terrain"] = "Lake" if records[3]["events"][0].get("terrain") != "Lake" else "Forest"
    bad = check(header, records)
    assert not bad.ok and bad.step >= 4


def test_the_cli_checks_and_shows_a_file(fake_redis, tmp_path):
    text = finished_log(fake_redis, "tic-tac-trek")
    good, bad = tmp_path / "good.jsonl", tmp_path / "bad.jsonl"
    good.write_text(text)
    bad.write_text(corrupt(text, 5))
    run = lambda *args: subprocess.run([sys.executable, "-m", "service.cli", "replay", *args],
                                       capture_output=True, text=True, timeout=60)
    ok = run("check", str(good))
    assert ok.returncode == 0 and ok.stdout.startswith("ok:")
    failed = run("check", str(bad))
    assert failed.returncode == 1 and "FAILED at step 5" in failed.stdout
    assert "state before step 5" in failed.stdout
    shown = run("show", str(good), "--at", "3", "--as", "0")
    step = json.loads(shown.stdout)
    assert shown.returncode == 0 and step["at"] == 3 and step["record"]["v"] == 3
    assert run("show", str(good), "--at", "999").returncode != 0


def test_the_cli_names_what_differs_and_refuses_bad_sides_plainly(fake_redis, tmp_path):
    text = finished_log(fake_redis, "tic-tac-trek")
    odd = tmp_path / "-odd.jsonl"           # a file whose name starts with "-"
    odd.write_text(corrupt(text, 5))
    run = lambda *args: subprocess.run([sys.executable, "-m", "service.cli", *args],
                                       capture_output=True, text=True, timeout=60, cwd=tmp_path)
    failed = run("replay", "check", "--", "-odd.jsonl")
    assert failed.returncode == 1 and "FAILED at step 5" in failed.stdout
    lines = failed.stdout.splitlines()
    assert all(len(line) < 200 for line in lines), "a readable report, not one long line"
    assert any("->" in line for line in lines), "the paths that differ, old -> new"
    good = tmp_path / "good.jsonl"
    good.write_text(text)
    for side in ("bogus", "7", "-1"):
        shown = run("replay", "show", str(good), "--at", "2", "--as", side)
        assert shown.returncode != 0 and "Traceback" not in shown.stderr
        assert "choose a seat from 0 to 1" in shown.stderr
    version = run("--version")
    assert version.returncode == 0 and version.stdout.startswith("tablefold ")
    helped = run("serve", "--help")
    for flag in ("--host", "--port", "--workers", "--access-log", "--worker-connections", "--data"):
        line = next(ln for ln in helped.stdout.splitlines() if ln.strip().startswith(flag))
        assert line, flag
    words = " ".join(helped.stdout.split())
    assert "env TABLEFOLD_PORT; default 8000" in words
    assert "TABLEFOLD_STREAM_SECONDS (default 60.0)" in words   # the settings with no flag, too


def test_an_import_that_diverges_says_where_in_whole_sentences(fake_redis):
    client = bot_client(fake_redis)
    answer = client.post("/games/import", data=corrupt(finished_log(fake_redis, "tic-tac-trek"), 5))
    assert answer.status_code == 422 and answer.json["code"] == "log_diverges"
    assert answer.json["step"] == 5 and answer.json["message"].endswith(".")
    assert any("->" in d for d in answer.json["details"])
