"""A client generated from the running service's description plays whole games, unmodified.

openapi-python-client reads `/openapi.json` of a `tablefold serve`; the test imports what it
wrote and plays Tic Tac Trek and Trinket Trove with it to the end: every answer parses into its
typed model (never None), a stale move's 409 carries the current version, and the engines' own
move models build the move bodies from the legal-move options.
"""
from __future__ import annotations

import importlib
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
import requests
from openapi_spec_validator import validate

from tests.support.server import UNLIMITED_ENV, Server

GENERATOR = Path(sys.executable).with_name("openapi-python-client")


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    folder = tmp_path_factory.mktemp("client")
    with Server(folder / "server", workers=1, env=UNLIMITED_ENV) as server:
        spec = requests.get(f"{server.base}/openapi.json", timeout=10).json()
        validate(spec)
        (folder / "spec.json").write_text(json.dumps(spec))
        (folder / "config.yaml").write_text("post_hooks: []\npackage_name_override: tablefold_client\n"
                                            "project_name_override: tablefold_client\n")
        made = subprocess.run([str(GENERATOR), "generate", "--path", "spec.json", "--config",
                               "config.yaml", "--meta", "none"], cwd=folder, capture_output=True,
                              text=True, timeout=300)
        assert made.returncode == 0, made.stdout + made.stderr
        sys.path.insert(0, str(folder))
        try:
            yield importlib.import_module("tablefold_client"), server.base
        finally:
            sys.path.remove(str(folder))


def filled(option, rng: random.Random) -> dict:
    """A move from a legal-move option, its free parts chosen at random."""
    move = dict(option.move.additional_properties)
    parts = option.choose.additional_properties if option.choose else {}
    for name, part in parts.items():
        if part.one_of:
            move[name] = rng.choice(part.one_of)
        else:
            items = part.subset
            k = rng.randint(part.min_ or 0, min(part.max_ if part.max_ else len(items), len(items)))
            move[name] = [items[i] for i in sorted(rng.sample(range(len(items)), k))]
    return move


def play(client_pkg, base: str, engine: str, move_model: str, seats: int) -> dict:
    from tablefold_client.api.games import create_game, get_game, join_game, post_move
    from tablefold_client import models
    rng = random.Random(engine)
    anonymous = client_pkg.Client(base_url=base)
    made = create_game.sync(client=anonymous, body=models.CreateGame.from_dict(
        {"engine": engine, "claim": 0, "seats": [{"kind": "human"}] * seats}))
    assert isinstance(made, models.Created), made
    tokens = {0: made.token}
    for seat, code in made.join_codes.additional_properties.items():
        joined = join_game.sync(made.id, client=anonymous, body=models.JoinGame(code=code))
        assert isinstance(joined, models.Joined)
        tokens[int(seat)] = joined.token
    seat_clients = {s: client_pkg.AuthenticatedClient(base_url=base, token=t) for s, t in tokens.items()}
    model = getattr(models, move_model)
    stale_seen = False
    for _ in range(1000):
        public = get_game.sync(made.id, client=anonymous)
        assert isinstance(public, models.GameView), public
        if public.result:
            return public.result.to_dict()
        seat = rng.choice(public.awaited)
        view = get_game.sync(made.id, client=seat_clients[seat])
        assert isinstance(view, models.GameView) and view.legal_moves
        move = filled(rng.choice(view.legal_moves), rng)
        body = models.MoveBody(move=model.from_dict(move), expected_version=view.version,
                               move_id=f"m{view.version}")
        if not stale_seen and view.version > 3:   # once: a move sent for an older version
            stale = post_move.sync_detailed(made.id, client=seat_clients[seat], body=models.MoveBody(
                move=model.from_dict(move), expected_version=view.version - 1))
            assert stale.status_code == 409
            assert isinstance(stale.parsed, models.Error) and stale.parsed.version == view.version
            stale_seen = True
        answer = post_move.sync(made.id, client=seat_clients[seat], body=body)
        assert isinstance(answer, models.MoveAnswer), answer
        assert answer.recorded_at == view.version + 1
    raise AssertionError("the game did not end")


def test_a_generated_client_plays_tic_tac_trek_to_the_end(generated):
    result = play(*generated, "tic-tac-trek", "TicTacTrekPlace", 2)
    assert {r["seat"] for r in result["ranking"]} == {0, 1}


def test_a_generated_client_plays_a_card_game_to_the_end(generated):
    pkg, base = generated
    from tablefold_client import models
    # Trinket Trove's moves are several types: pick the model by the option's type
    original = models.TrinketTroveBid

    class AnyTrinketMove:
        @staticmethod
        def from_dict(move):
            name = "TrinketTrove" + "".join(p.title() for p in move["type"].split("_"))
            return getattr(models, name).from_dict(move)

    models.AnyTrinketMove = AnyTrinketMove
    try:
        result = play(pkg, base, "trinket-trove", "AnyTrinketMove", 3)
    finally:
        del models.AnyTrinketMove
    assert original and {r["seat"] for r in result["ranking"]} == {0, 1, 2}


def test_the_generated_engines_list_parses(generated):
    pkg, base = generated
    from tablefold_client.api.games import list_engines
    from tablefold_client import models
    listed = list_engines.sync(client=pkg.Client(base_url=base))
    assert isinstance(listed, models.EngineList) and len(listed.engines) >= 10
