"""Whole games through the HTTP API; after every move the stored log, folded from scratch, gives
exactly the state the service answered with."""
from __future__ import annotations

import pytest

from engines.core import canonical, derive_rng, get_engine, sample_move
from events.fold import fold
from service import create_app
from tests.service.helpers import auth

# engine: [(players, games), ...]
GAMES_PER_ENGINE = {
    "tic-tac-trek": [(2, 20)],
    "trinket-trove": [(2, 2), (4, 1), (6, 1)],
    "trok": [(2, 1), (5, 1)],
    "no-loose-ends": [(2, 1), (5, 1)],
    "iberian-gauge": [(3, 1)],
    "trickdraw": [(2, 1), (5, 1)],
    "barcelona": [(2, 1)],
    "tekhenu": [(2, 1)],
    "tiletum": [(1, 1), (3, 1)],
    "imperial-steam": [(2, 1)],
}


def seat_tokens(client, engine, players):
    made = client.post("/games", json={"engine": engine, "claim": 0,
                                       "seats": [{"kind": "human"}] * players}).json
    tokens = {0: made["token"]}
    for seat, code in made["join_codes"].items():
        tokens[int(seat)] = client.post(f"/games/{made['id']}/join", json={"code": code}).json["token"]
    return made["id"], tokens


@pytest.mark.parametrize("name,players,count",
                         [(n, p, c) for n, runs in sorted(GAMES_PER_ENGINE.items()) for p, c in runs])
def test_random_games_through_http_fold_to_the_live_state(name, players, count, fake_redis):
    app = create_app(fake_redis)
    app.extensions["tablefold"].snapshot_every = 5  # exercise snapshot + tail loads too
    client, games = app.test_client(), app.extensions["tablefold"]
    engine = get_engine(name)
    for g in range(count):
        gid, tokens = seat_tokens(client, name, players)
        rng = derive_rng(f"http-{g}", 0, "test")
        view = client.get(f"/games/{gid}").json
        while view["result"] is None:
            seat = view["awaited"][rng.randbelow(len(view["awaited"]))]
            mine = client.get(f"/games/{gid}", headers=auth(tokens[seat])).json
            body = {"move": sample_move(mine["legal_moves"], rng), "expected_version": mine["version"]}
            resp = client.post(f"/games/{gid}/moves", json=body, headers=auth(tokens[seat]))
            assert resp.status_code == 200, resp.json
            game = games.load(gid)
            scratch = fold(engine, players, game.options, games.store.records(gid))
            assert canonical(scratch) == canonical(game.state)
            assert resp.json["state"] == engine.view(scratch, seat)
            view = resp.json
        assert engine.result(scratch) == view["result"]
