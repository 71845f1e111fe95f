"""The whole HTTP API fuzzed from its own OpenAPI description (schemathesis), in-process on
fakeredis: no 5xx, every error is JSON {"code", "message"}, and a rejected request (4xx) leaves
every key of Redis as it was.

Generated requests reach real games half the time (ids of live tables instead of random ones) and
carry every kind of caller: no token, a seat's token, the other seat's, a token of another game,
the operator's, garbage. The live stream is tested apart (it holds its answer open).
The short profile is derandomized (the same examples on every CI run); TABLEFOLD_PROFILE=long
runs ten times the examples, freshly drawn.
"""
from __future__ import annotations

import fakeredis
import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

from engines.core import registered
from service import create_app
from tests.conftest import TEST_CONFIG
from tests.service.helpers import snapshot_of_redis
from tests.support.server import PROFILE, scaled

schemathesis = pytest.importorskip("schemathesis", reason="the fuzzer needs schemathesis (test extras)")

EXAMPLES = scaled(60)
ADMIN = "operator-secret"

redis_ = fakeredis.FakeRedis(server=fakeredis.FakeServer())
app = create_app(redis_, {**TEST_CONFIG, "ADMIN_TOKEN": ADMIN})


def _table(engine: str, seats: list[dict]) -> tuple[str, dict[int, str]]:
    http = app.test_client()
    made = http.post("/games", json={"engine": engine, "seats": seats, "claim": 0}).json
    tokens = {0: made["token"]}
    for seat, code in made["join_codes"].items():
        tokens[int(seat)] = http.post(f"/games/{made['id']}/join", json={"code": code}).json["token"]
    return made["id"], tokens


# a table of every registered engine, all seats human, and one with a seat bot
TABLES = [_table(name, [{"kind": "human"}] * engine.min_players)
          for name, engine in sorted(registered().items())]
TABLES.append(_table("tic-tac-trek", [{"kind": "human"}, {"kind": "bot", "bot": "random"}]))
GAME_IDS = [gid for gid, _ in TABLES]
TOKENS = [t for _, tokens in TABLES for t in tokens.values()]

schema = schemathesis.openapi.from_wsgi("/openapi.json", app).exclude(path_regex=r"/stream$")

# an import's body is a log file (JSON Lines): sent as the text it is
from schemathesis.transport import requests as _rt, wsgi as _wt  # noqa: E402
_wt.WSGI_TRANSPORT.serializer("application/x-ndjson")(_wt.text_serializer)
_rt.REQUESTS_TRANSPORT.serializer("application/x-ndjson")(_rt.text_serializer)


ENGINES = sorted(registered())
MOVE_TYPES = sorted({t for e in registered().values() for t in e.moves_schema})


def steer(case, data) -> None:
    """Now and then, put real names where the schema allows any string, to reach deeper code: a
    live game's id in the path, an offered engine, a move type that exists."""
    if "gid" in (case.path_parameters or {}) and data.draw(st.booleans(), label="a real game"):
        case.path_parameters["gid"] = data.draw(st.sampled_from(GAME_IDS), label="gid")
    body = case.body if isinstance(case.body, dict) else None
    if body is None or not data.draw(st.booleans(), label="steer the body"):
        return
    if "engine" in body:
        body["engine"] = data.draw(st.sampled_from(ENGINES), label="engine")
    if isinstance(body.get("move"), dict):
        body["move"]["type"] = data.draw(st.sampled_from(MOVE_TYPES), label="move type")


def is_json_error(response) -> bool:
    try:
        body = response.json()
    except ValueError:
        return False
    return isinstance(body, dict) and isinstance(body.get("code"), str) \
        and isinstance(body.get("message"), str)


@schema.parametrize()
@schema.given(data=st.data())
# generated cases only: the description's examples (from real games) are replayed by test_api
@settings(max_examples=EXAMPLES, deadline=None, derandomize=PROFILE != "long", phases=[Phase.generate],
          suppress_health_check=list(HealthCheck))
def test_no_request_gets_a_5xx_and_a_rejected_one_changes_nothing(case, data):
    steer(case, data)
    token = data.draw(st.one_of(st.none(), st.sampled_from(TOKENS + [ADMIN]),
                                st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7e),
                                        min_size=1, max_size=40)), label="token")
    if token in TOKENS and data.draw(st.booleans(), label="a seat of this game"):
        gid = (case.path_parameters or {}).get("gid")
        mine = [t for g, tokens in TABLES if g == gid for t in tokens.values()]
        token = data.draw(st.sampled_from(mine), label="seat token") if mine else token
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    before = snapshot_of_redis(redis_)
    response = case.call(headers=headers)
    assert response.status_code < 500, (response.status_code, response.text[:500])
    if response.status_code >= 400:
        assert is_json_error(response), (response.status_code, response.text[:500])
        assert snapshot_of_redis(redis_) == before, \
            f"a rejected request ({response.status_code} {response.text[:200]}) changed Redis"
