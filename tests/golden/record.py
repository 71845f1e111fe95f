"""Record the golden playthroughs: a few finished games of every engine at every player count,
exported as JSON Lines (the format of `tablefold replay check`), a state hash on every record.

    .venv/bin/python -m tests.golden.record              # every engine
    .venv/bin/python -m tests.golden.record tiletum      # one engine

A refactor keeps these files byte for byte (tests/golden/test_golden.py replays them); a change
of the rules regenerates them with this command, and the diff shows what the change changed.
"""
from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from engines.core import derive_rng, sample_move, state_hash
from engines.core.registry import BUILTIN, get_engine
from events.records import move_record
from replays import logfile

FOLDER = Path(__file__).resolve().parent
GAMES_PER_COUNT = 2
AT = "2026-01-01T00:00:00.000+00:00"  # a fixed clock, so that a file is the same on every run


def option_sets(engine) -> list[dict]:
    from tests.conformance.suite import option_sets as every
    return every(engine)


def seed_of(name: str, players: int, game: int) -> str:
    return f"golden-{name}-{players}-{game}"


def play(engine, players: int, options: dict, seed: str) -> tuple[dict, list[dict]]:
    """A whole random game, as the service would record it."""
    state = engine.initial(players, options)
    events = engine.setup(players, options, derive_rng(seed, 1))
    for ev in events:
        state = engine.evolve(state, ev)
    records = [{"v": 1, "by": "system", "move": None, "events": events, "at": AT,
                "hash": state_hash(state)}]
    chooser = derive_rng(seed, 0, "golden")
    while engine.result(state) is None:
        seat = chooser.choice(engine.awaited(state))
        move = sample_move(engine.legal_moves(state, seat), chooser)
        rng = derive_rng(seed, len(records) + 1)
        events = engine.decide(state, seat, move, rng)
        record = move_record(engine, state, len(records) + 1, seat, move, events, rng.drawn, AT)
        for ev in events:
            state = engine.evolve(state, ev)
        record["hash"] = state_hash(state)
        records.append(record)
    header = {"id": f"golden-{seed}", "engine": engine.name, "engine_version": engine.version,
              "players": players, "options": options,
              "seats": [{"kind": "human"} for _ in range(players)],
              "commitment": hashlib.sha256(seed.encode()).hexdigest(), "seed": seed}
    return header, records


def files(name: str):
    """(path, players, options, seed) of every golden game of the engine."""
    engine = get_engine(name)
    sets = option_sets(engine)
    for players in range(engine.min_players, engine.max_players + 1):
        for game in range(GAMES_PER_COUNT):
            # the first game at the default options, the others at other option sets in turn
            options = sets[0] if game == 0 else sets[(players + game) % len(sets)]
            yield FOLDER / name / f"{players}p-{game}.jsonl", players, options, \
                seed_of(name, players, game)


def record(name: str) -> int:
    engine = get_engine(name)
    folder = FOLDER / name
    folder.mkdir(exist_ok=True)
    for old in folder.glob("*.jsonl"):
        old.unlink()
    count = 0
    for path, players, options, seed in files(name):
        header, records = play(engine, players, options, seed)
        path.write_text(logfile.dump(header, records))
        count += 1
    return count


def main(argv: list[str]) -> None:
    for name in argv or list(BUILTIN):
        print(f"{name}: {record(name)} games")


if __name__ == "__main__":
    main(sys.argv[1:])
