"""The golden playthroughs replay byte for byte: every record's events re-decided from the seed,
its state hash after it, and the file itself as the recorder writes it today."""
from __future__ import annotations

import pytest

from engines.core.registry import BUILTIN, get_engine
from replays import logfile
from replays.check import check
from tests.golden.record import FOLDER, files, play

CASES = [pytest.param(name, path, players, options, seed,
                      id=f"{name}/{path.name}")
         for name in BUILTIN for path, players, options, seed in files(name)]


@pytest.mark.parametrize("name,path,players,options,seed", CASES)
def test_golden_game_replays(name, path, players, options, seed):
    assert path.is_file(), f"{path} is missing: run .venv/bin/python -m tests.golden.record {name}"
    text = path.read_text()
    header, records = logfile.parse(text)
    assert header["engine_version"] == get_engine(name).version, \
        f"{name}'s version changed: regenerate with .venv/bin/python -m tests.golden.record {name}"
    assert all("hash" in r for r in records)
    report = check(header, records)
    assert report.ok, report.text()
    # the same game played today writes the same file: same moves chosen, same events
    assert logfile.dump(*play(get_engine(name), players, options, seed)) == text, \
        f"{path.name} differs from today's play: a rules change? regenerate and review the diff"


def test_every_golden_file_is_one_the_recorder_makes():
    made = {path for name in BUILTIN for path, *_ in files(name)}
    on_disk = {p for p in FOLDER.glob("*/*") if p.parent.name != "__pycache__"}
    assert on_disk == made
