"""Import is no open door: every line is checked against the log format's schema (400 naming the
field, never a 500), nothing unknown is stored, checking a log is linear in its length, a game
that cannot be listed never breaks the lobby, and anonymous imports do not stay for ever."""
from __future__ import annotations

import json

import pytest

from engines.core import derive_rng, register, sample_move
from events.games import Games
from events.store import Store
from replays import logfile
from replays.check import check
from tests.service.helpers import auth, create
from tests.support.tiny import tiny

OP = {"Authorization": "Bearer operator-secret"}


def finished_log(client) -> str:
    made = create(client, options={"rounds": 1})
    gid, tokens = made["id"], {0: made["token"]}
    tokens[1] = client.post(f"/games/{gid}/join", json={"code": made["join_codes"]["1"]}).json["token"]
    for move in ["end", "end"]:
        seat = client.get(f"/games/{gid}").json["awaited"][0]
        client.post(f"/games/{gid}/moves", json={"move": {"type": move}}, headers=auth(tokens[seat]))
    for seat, n in ((0, 3), (1, 4)):
        client.post(f"/games/{gid}/moves", json={"move": {"type": "choose", "n": n}},
                    headers=auth(tokens[seat]))
    assert client.get(f"/games/{gid}").json["result"] is not None
    return client.get(f"/games/{gid}/export").get_data(as_text=True)


def with_header(text: str, **changes) -> str:
    lines = text.splitlines()
    header = json.loads(lines[0])
    header.update(changes)
    return "\n".join([json.dumps(header)] + lines[1:]) + "\n"


CRAFTED = {   # the headers that once gave 500s, and others like them
    "engine a list": {"engine": ["tiny"]},
    "id a list": {"id": ["x"]},
    "seed an object": {"seed": {"a": 1}},
    "players 100": {"players": 100},
    "seats of numbers": {"seats": [1, 2]},
    "seats not matching players": {"seats": [{"kind": "human"}]},
    "a field nobody knows": {"extra": "x" * 100},
    "options a string": {"options": "fast"},
    "commitment not a hash": {"commitment": "nope"},
}


@pytest.mark.parametrize("name", sorted(CRAFTED))
def test_a_crafted_header_is_refused_with_the_field_named(client, fake_redis, name):
    text = with_header(finished_log(client), **CRAFTED[name])
    before = fake_redis.dbsize()
    answer = client.post("/games/import", data=text)
    assert answer.status_code == 400 and answer.json["code"] == "bad_log", answer.json
    assert "line 1" in answer.json["message"]
    assert fake_redis.dbsize() == before
    assert client.get("/games").status_code == 200


def test_a_record_with_a_field_the_format_does_not_name_is_refused(client):
    lines = finished_log(client).splitlines()
    record = json.loads(lines[2])
    record["extra"] = "x" * (4 << 20)   # once kept and served for ever
    answer = client.post("/games/import", data="\n".join(lines[:2] + [json.dumps(record)] + lines[3:]))
    assert answer.status_code in (400, 413) and answer.json["code"] in ("bad_log", "body_too_large")
    small = dict(record, extra="x")
    answer = client.post("/games/import", data="\n".join(lines[:2] + [json.dumps(small)] + lines[3:]))
    assert answer.status_code == 400 and "extra" in answer.json["message"]


def test_an_anonymous_import_needs_the_seed_and_is_kept_for_a_while(client, fake_redis):
    text = finished_log(client)
    header = json.loads(text.splitlines()[0])
    seedless = "\n".join([json.dumps({k: v for k, v in header.items() if k != "seed"})]
                         + text.splitlines()[1:])
    refused = client.post("/games/import", data=seedless)
    assert refused.status_code == 400 and "seed" in refused.json["message"]
    kept_for = client.application.config["IMPORT_KEEP_DAYS"] * 86400
    anonymous = client.post("/games/import", data=text).json["id"]
    assert 0 < fake_redis.ttl(f"tf:{{{anonymous}}}:log") <= kept_for
    assert 0 < fake_redis.ttl(f"tf:{{{anonymous}}}:meta") <= kept_for
    operator = client.post("/games/import", data=text, headers=OP).json["id"]
    assert fake_redis.ttl(f"tf:{{{operator}}}:log") == -1   # an operator's import is kept


def test_the_lobby_skips_a_game_it_cannot_list(client, fake_redis):
    good = create(client)["id"]
    broken = create(client)["id"]
    fake_redis.hset(f"tf:{{{broken}}}:meta", "seats", "not json")
    expired = create(client)["id"]
    fake_redis.delete(f"tf:{{{expired}}}:meta")
    answer = client.get("/games")
    assert answer.status_code == 200
    listed = [g["id"] for g in answer.json["games"]]
    assert good in listed and broken not in listed and expired not in listed
    assert fake_redis.zscore("tf:games", expired) is None   # forgotten once seen gone
    assert client.get(f"/games/{good}").status_code == 200


def test_checking_a_log_is_linear_in_its_length(monkeypatch):
    """Each undo once refolded the whole log before it (24,000 records took 36 s). Counted in
    the engine's work (events folded), not timed: four times the records, about four times the
    folding; refolding from the start at each undo would be about sixteen."""
    register(tiny)
    import fakeredis
    games = Games(Store(fakeredis.FakeRedis()))
    game, _ = games.create(tiny, tiny.load_options({"rounds": 0}), [{"kind": "human"}] * 2, seed="s")
    rng = derive_rng("long", 0)
    for _ in range(2_000):
        seat = tiny.active(game.state)[0]
        move = sample_move([o for o in tiny.legal_moves(game.state, seat)
                            if o["move"]["type"] != "draw"], rng)
        games.submit(game, seat, move)
        if games.undo_reach(game, seat) and rng.randbelow(2):
            games.undo(game, seat, "step")
    records = games.store.records(game.gid)
    assert sum(1 for r in records if r.get("undo") is not None) > 200   # undos all along
    header = {"engine": "tiny", "engine_version": 1, "players": 2, "options": game.options,
              "seats": game.seats, "commitment": game.meta["commitment"], "seed": "s"}
    folded = {"events": 0}
    evolve = tiny.evolve

    def counted(state, ev):
        folded["events"] += 1
        return evolve(state, ev)

    monkeypatch.setattr(tiny, "evolve", counted)
    work = {}
    for n in (len(records) // 4, len(records)):
        folded["events"] = 0
        report = check(header, records[:n])
        work[n] = folded["events"]
        assert report.ok, report.text()
    short, long_ = sorted(work)
    assert work[long_] < 6 * work[short], work


def test_an_undo_record_that_could_not_have_been_made_is_refused(client):
    text = finished_log(client)
    lines = text.splitlines()
    header, records = logfile.parse(text)
    forged = dict(records[-1], v=len(records) + 1, by=0, undo=[2], events=[])
    forged.pop("hash", None)
    report = check(header, records[:3] + [dict(forged, v=4)])
    assert not report.ok and "takes back" in report.problem
    assert lines  # the file parsed
