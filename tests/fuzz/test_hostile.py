"""Hostile input by hand, in-process on fakeredis: huge bodies, deep JSON, huge numbers, wrong types
everywhere, unicode and NUL in ids and strings, other seats' tokens, ids of other games, very long
paths. For every request: never a 5xx, every error is JSON {"code", "message"}, and a rejected
request leaves every key of Redis exactly as it was.

Every registered engine is played: its tables, and wrong values in every field of its moves.
"""
from __future__ import annotations

import contextlib
import json

import fakeredis
import pytest

from engines.core import registered
from service import create_app
from tests.conftest import TEST_CONFIG
from service.app import MAX_BODY
from tests.service.helpers import auth, snapshot_of_redis
from tests.support.server import PROFILE

ADMIN = "operator-secret"
WRONG = [None, True, False, 0, -1, 2**63, -(2**63) - 1, 1.5, -0.0, "", "x", "\x00", "é💥\u202e",
         [], {}, [1, 2], {"a": 1}, [[[]]], "9" * 120]
PER_FIELD = 7


def make_world(engines) -> dict:
    """A fresh app with one table per engine named (all seats human, every token known), plus a
    second Tic Tac Trek table whose seat 1 still has its join code."""
    r = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    app = create_app(r, {**TEST_CONFIG, "ADMIN_TOKEN": ADMIN})
    http = app.test_client()
    tables = {}
    for name in engines:
        engine = registered()[name]
        made = http.post("/games", json={"engine": name, "claim": 0,
                                         "seats": [{"kind": "human"}] * engine.min_players})
        assert made.status_code == 201, made.json
        tokens = {0: made.json["token"]}
        for seat, code in made.json["join_codes"].items():
            tokens[int(seat)] = http.post(f"/games/{made.json['id']}/join",
                                          json={"code": code}).json["token"]
        tables[name] = {"id": made.json["id"], "tokens": tokens}
    other = http.post("/games", json={"engine": "tic-tac-trek", "claim": 0,
                                      "seats": [{"kind": "human"}, {"kind": "human"}]}).json
    return {"r": r, "http": http, "tables": tables,
            "other": {"id": other["id"], "token": other["token"], "code": other["join_codes"]["1"]}}


@pytest.fixture
def world():
    return make_world(["tic-tac-trek"])


@pytest.fixture
def every_engine():
    return make_world(sorted(registered()))


def some_wrong(i: int) -> list:
    """The short profile sends a rotating handful of the wrong values per field; the long, all."""
    if PROFILE == "long":
        return WRONG
    return [WRONG[(i * PER_FIELD + j) % len(WRONG)] for j in range(PER_FIELD)]


def check(resp, *statuses):
    """Not a 5xx; an error is JSON {code, message}; the status is one of `statuses` if given."""
    assert resp.status_code < 500, (resp.status_code, resp.get_data(as_text=True)[:300])
    if resp.status_code >= 400:
        body = resp.get_json(silent=True)
        assert isinstance(body, dict) and isinstance(body.get("code"), str) \
            and isinstance(body.get("message"), str), (resp.status_code, resp.get_data()[:300])
    if statuses:
        assert resp.status_code in statuses, (resp.status_code, resp.get_json(silent=True))
    return resp


@contextlib.contextmanager
def unchanged_if_rejected(r, responses: list):
    """Snapshot Redis; afterwards, if the (last) response was a rejection, nothing changed."""
    before = snapshot_of_redis(r)
    yield
    if responses and 400 <= responses[-1].status_code < 500:
        assert snapshot_of_redis(r) == before, \
            f"a rejected request changed Redis: {responses[-1].status_code} {responses[-1].get_json(silent=True)}"


def send(world, method, path, *, data=None, json_body=None, token=None, headers=None,
         content_type="application/json", statuses=()):
    hdrs = dict(headers or {})
    if token is not None:
        hdrs.update(auth(token))
    out = []
    with unchanged_if_rejected(world["r"], out):
        kw = {"headers": hdrs}
        if json_body is not None:
            data = json.dumps(json_body)
        if data is not None:
            kw.update(data=data, content_type=content_type)
        out.append(world["http"].open(path, method=method, **kw))
    return check(out[-1], *statuses)


def ttt(world):
    return world["tables"]["tic-tac-trek"]


def active_seat(world, table) -> int:
    return world["http"].get(f"/games/{table['id']}").get_json()["active"][0]


def legal_move(world, table, seat) -> dict:
    view = world["http"].get(f"/games/{table['id']}", headers=auth(table["tokens"][seat])).get_json()
    return view["legal_moves"][0]["move"]


def post_paths(gid: str) -> list[str]:
    return ["/games", f"/games/{gid}/join", f"/games/{gid}/moves", f"/games/{gid}/undo",
            f"/games/{gid}/stream-ticket"]


def get_paths(gid: str) -> list[str]:
    return [f"/games/{gid}", f"/games/{gid}/log", f"/games/{gid}/replay?at=1",
            f"/games/{gid}/export"]


# --- size -----------------------------------------------------------------------------------------
def test_a_body_over_64_kib_gets_413_on_every_post_and_changes_nothing(world):
    table = ttt(world)
    seat = active_seat(world, table)
    for path in post_paths(table["id"]):
        big = json.dumps({"move": {"type": "place", "cell": [0, -1]}, "pad": "x" * MAX_BODY})
        if path.endswith("/stream-ticket"):
            # takes no body and never reads it: the limit is not enforced there (harmless)
            send(world, "POST", path, data=big, token=table["tokens"][seat], statuses=(200, 413))
            continue
        resp = send(world, "POST", path, data=big, token=table["tokens"][seat], statuses=(413,))
        assert resp.get_json()["code"] == "body_too_large"


def test_a_body_of_exactly_64_kib_is_read_and_one_byte_more_is_413(world):
    """Whitespace is valid JSON padding: the same move at the limit is played, over it refused."""
    table = ttt(world)
    seat = active_seat(world, table)
    core = json.dumps({"move": legal_move(world, table, seat), "expected_version": 1})
    over = core + " " * (MAX_BODY + 1 - len(core))
    send(world, "POST", f"/games/{table['id']}/moves", data=over, token=table["tokens"][seat],
         statuses=(413,))
    at_limit = core + " " * (MAX_BODY - len(core))
    send(world, "POST", f"/games/{table['id']}/moves", data=at_limit, token=table["tokens"][seat],
         statuses=(200,))


def test_an_import_over_its_own_limit_gets_413(world):
    from service.config import from_env
    body = b" " * (from_env()["IMPORT_MAX_BYTES"] + 1)
    send(world, "POST", "/games/import", data=body, content_type="application/x-ndjson",
         statuses=(413,))


# --- deep JSON ------------------------------------------------------------------------------------
def nested(depth: int, inner: str = "1") -> str:
    half = depth // 2  # alternate arrays and objects
    return '[{"a":' * half + inner + "}]" * half


DEPTHS = [100, 10_000]  # Python's json parser recurses: about 1,000 levels exhaust its stack


def deep_bodies(world):
    table = ttt(world)
    gid = table["id"]
    return {
        "whole body": ("/games/{gid}/moves", "{d}"),
        "move": ("/games/{gid}/moves", '{{"move": {d}}}'),
        "move field": ("/games/{gid}/moves", '{{"move": {{"type": "place", "cell": {d}}}}}'),
        "move_id": ("/games/{gid}/moves", '{{"move": {{"type": "place", "cell": [0, -1]}}, "move_id": {d}}}'),
        "options": ("/games", '{{"engine": "tiny", "seats": [{{"kind": "human"}}, {{"kind": "human"}}], "options": {d}}}'),
        "seats": ("/games", '{{"engine": "tiny", "seats": {d}}}'),
        "join code": ("/games/{gid}/join", '{{"code": {d}}}'),
        "undo": ("/games/{gid}/undo", '{{"to": {d}}}'),
        "import": ("/games/import", "{d}"),
    }, gid, table


@pytest.mark.parametrize("depth", DEPTHS)
@pytest.mark.parametrize("where", ["whole body", "move field", "options", "join code", "import"])
def test_deeply_nested_json_is_refused_cleanly(world, where, depth):
    bodies, gid, table = deep_bodies(world)
    path, template = bodies[where]
    body = template.format(d=nested(depth))
    seat = active_seat(world, table)
    send(world, "POST", path.format(gid=gid), data=body, token=table["tokens"][seat])


HUGE_NUMBERS = ["9" * 5000, "-" + "9" * 5000, "1e400", "-1e400", "1e-400", "NaN", "Infinity",
                "-Infinity", "0." + "0" * 5000 + "1", "1" + "0" * 4299]


@pytest.mark.parametrize("number", HUGE_NUMBERS, ids=lambda n: n[:12] + (f"..{len(n)}" if len(n) > 12 else ""))
@pytest.mark.parametrize("where", ["expected_version", "cell", "claim", "limit", "import"])
def test_huge_and_odd_numbers_are_refused_cleanly(world, where, number):
    table = ttt(world)
    gid = table["id"]
    seat = active_seat(world, table)
    if where == "expected_version":
        send(world, "POST", f"/games/{gid}/moves", token=table["tokens"][seat],
             data=f'{{"move": {{"type": "place", "cell": [0, -1]}}, "expected_version": {number}}}')
    elif where == "cell":
        send(world, "POST", f"/games/{gid}/moves", token=table["tokens"][seat],
             data=f'{{"move": {{"type": "place", "cell": [{number}, 0]}}}}')
    elif where == "claim":
        send(world, "POST", "/games",
             data=f'{{"engine": "tiny", "seats": [{{"kind": "human"}}, {{"kind": "human"}}], "claim": {number}}}')
    elif where == "limit":
        send(world, "GET", f"/games/{gid}/log?since=1&limit={number}")
    else:
        send(world, "POST", "/games/import", content_type="application/x-ndjson",
             data=f'{{"kind": "game", "format": {number}}}\n')


# --- wrong types everywhere -----------------------------------------------------------------------
def paths_of(body, prefix=()):
    """Every key path in a JSON body (dicts and lists), the body itself first."""
    yield prefix
    if isinstance(body, dict):
        for k, v in body.items():
            yield from paths_of(v, prefix + (k,))
    elif isinstance(body, list):
        for i, v in enumerate(body):
            yield from paths_of(v, prefix + (i,))


def replaced(body, path, value):
    if not path:
        return value
    body = json.loads(json.dumps(body))
    target = body
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return body


def test_wrong_types_in_every_field_of_every_request(world):
    table = ttt(world)
    gid = table["id"]
    seat = active_seat(world, table)
    token = table["tokens"][seat]
    cases = [
        ("/games", None, {"engine": "tic-tac-trek", "claim": 0, "options": {},
                          "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]}),
        (f"/games/{world['other']['id']}/join", None, {"code": "not-the-code"}),
        (f"/games/{gid}/moves", token, {"move": {"type": "place", "cell": [99, 99]},
                                        "expected_version": 1, "move_id": "m"}),
        (f"/games/{gid}/undo", token, {"to": "step", "expected_version": 1}),
    ]
    i = 0
    for path, tok, body in cases:
        for where in paths_of(body):
            i += 1
            for value in some_wrong(i):
                send(world, "POST", path, json_body=replaced(body, where, value), token=tok)


def test_wrong_values_in_every_field_of_every_engines_moves(every_engine):
    """For each engine and move type: each field (and an unknown one) set to wrong values, sent by
    every seat (active or not): refused, or (rarely) a legal move; never a 5xx."""
    world, i = every_engine, 0
    for name, table in world["tables"].items():
        engine = registered()[name]
        gid = table["id"]
        for move_type, schema in engine.moves_schema.items():
            fields = [f.data_key or key for key, f in schema().fields.items() if key != "type"]
            for field in fields + ["unknown_field"]:
                i += 1
                for value in some_wrong(i):
                    for seat, token in table["tokens"].items():
                        send(world, "POST", f"/games/{gid}/moves", token=token,
                             json_body={"move": {"type": move_type, field: value}})
        for value in WRONG:
            send(world, "POST", f"/games/{gid}/moves", token=table["tokens"][0],
                 json_body={"move": {"type": value}})


@pytest.mark.parametrize("raw,ctype", [
    (b"", "application/json"),
    (b"{", "application/json"),
    (b"\xff\xfe{}", "application/json"),
    ('{"move": {"type": "place", "cell": [0, -1]}}'.encode("utf-16"), "application/json; charset=utf-16"),
    (b'\xef\xbb\xbf{"move": {"type": "place", "cell": [0, -1]}}', "application/json"),
    (b'{"move": {"type": "place", "cell": [0, -1]}}', "text/plain"),
    (b'{"move": {"type": "place", "cell": [0, -1]}}', "application/x-www-form-urlencoded"),
    (b"move=1", "application/x-www-form-urlencoded"),
    (b'{"move": {"type": "place", "cell": [0, -1]}, "move": 5}', "application/json"),
    (b"\x00" * 100, "application/json"),
    (b"[]" * 1000, "application/json"),
], ids=lambda x: repr(x)[:30])
def test_bodies_that_are_not_one_json_object(world, raw, ctype):
    table = ttt(world)
    seat = active_seat(world, table)
    for path in post_paths(table["id"]):
        send(world, "POST", path, data=raw, content_type=ctype, token=table["tokens"][seat])


# --- unicode and NUL ------------------------------------------------------------------------------
ODD_IDS = ["\x00", "a\x00b", "é", "💥", "\u202egnp", "..", "%00", "%2F", "{", "}", "{x}", "*",
           "tf:games", "a b", " ", "\t", "A" * 10_000]


@pytest.mark.parametrize("gid", ODD_IDS, ids=lambda g: repr(g)[:20])
def test_odd_game_ids_are_404_on_every_route(world, gid):
    from urllib.parse import quote
    token = ttt(world)["tokens"][0]
    quoted = quote(gid, safe="")
    for path in get_paths(quoted):
        send(world, "GET", path, token=token, statuses=(400, 403, 404))
        send(world, "GET", path, statuses=(400, 404))
    for path in post_paths(quoted)[1:]:
        send(world, "POST", path, token=token, statuses=(400, 403, 404),
             json_body={"move": {"type": "place", "cell": [0, -1]}, "code": "x", "to": "step"})


# lone surrogates arrive as JSON escapes; they are str in Python but cannot be encoded as UTF-8
SURROGATE = "\\ud800"


@pytest.mark.parametrize("where", ["join code", "move_id", "seat name", "engine", "option key",
                                   "seed", "move type", "move field", "undo to", "import"])
def test_a_lone_surrogate_in_any_string_is_refused_cleanly(world, where):
    table = ttt(world)
    gid = table["id"]
    seat = active_seat(world, table)
    token = table["tokens"][seat]
    move = '{"type": "place", "cell": [0, -1]}'
    two = '[{"kind": "human"}, {"kind": "human"}]'
    bodies = {
        "join code": (f"/games/{world['other']['id']}/join", f'{{"code": "{SURROGATE}"}}', None),
        "move_id": (f"/games/{gid}/moves", f'{{"move": {move}, "move_id": "{SURROGATE}"}}', token),
        "seat name": ("/games", f'{{"engine": "tiny", "seats": [{{"kind": "human", "name": "{SURROGATE}"}}, {{"kind": "human"}}]}}', None),
        "engine": ("/games", f'{{"engine": "{SURROGATE}", "seats": {two}}}', None),
        "option key": ("/games", f'{{"engine": "tiny", "seats": {two}, "options": {{"{SURROGATE}": 1}}}}', None),
        "seed": ("/games", f'{{"engine": "tiny", "seats": {two}, "seed": "{SURROGATE}"}}', ADMIN),
        "move type": (f"/games/{gid}/moves", f'{{"move": {{"type": "{SURROGATE}"}}}}', token),
        "move field": (f"/games/{gid}/moves", f'{{"move": {{"type": "place", "cell": [0, -1], "{SURROGATE}": "{SURROGATE}"}}}}', token),
        "undo to": (f"/games/{gid}/undo", f'{{"to": "{SURROGATE}"}}', token),
        "import": ("/games/import", exported_with(world, SURROGATE), None),
    }
    path, body, tok = bodies[where]
    resp = send(world, "POST", path, data=body, token=tok,
                content_type="application/x-ndjson" if where == "import" else "application/json")
    if resp.status_code < 300:  # accepted: then the text must come back as sent, and be readable
        made = resp.get_json()
        if "id" in made:
            send(world, "GET", f"/games/{made['id']}", statuses=(200,))


def exported_with(world, text: str) -> str:
    """The operator's export of a fresh game, with `text` (a JSON escape) as the time stamp of
    its setup record."""
    gid = ttt(world)["id"]
    lines = world["http"].get(f"/games/{gid}/export", headers=auth(ADMIN)).get_data(as_text=True)
    lines = lines.splitlines()
    assert len(lines) == 2, lines
    record = json.loads(lines[1])
    record["at"] = "@@"
    return lines[0] + "\n" + json.dumps(record).replace("@@", text) + "\n"


def test_unicode_and_nul_in_names_and_move_ids_round_trip(world):
    names = ["\x00", "Ünïcødé", "💥" * 10, "\u202eevil", "a\x00b", "x" * 40]
    made = send(world, "POST", "/games", statuses=(201,), json_body={
        "engine": "tic-tac-trek", "claim": 0,
        "seats": [{"kind": "human", "name": names[0]}, {"kind": "human", "name": names[1]}]}).get_json()
    view = send(world, "GET", f"/games/{made['id']}", statuses=(200,)).get_json()
    assert [s["name"] for s in view["seats"]] == names[:2]
    send(world, "POST", "/games", statuses=(400,), json_body={
        "engine": "tiny", "seats": [{"kind": "human", "name": "x" * 41}, {"kind": "human"}]})
    table = ttt(world)
    for move_id in ["\x00", "💥" * 100, "é" * 100, "a\x00b", "\u202e"]:
        seat = active_seat(world, table)
        body = {"move": legal_move(world, table, seat), "move_id": move_id}
        first = send(world, "POST", f"/games/{table['id']}/moves", json_body=body,
                     token=table["tokens"][seat], statuses=(200,)).get_json()
        again = send(world, "POST", f"/games/{table['id']}/moves", json_body=body,
                     token=table["tokens"][seat], statuses=(200,)).get_json()
        assert again["recorded_at"] == first["recorded_at"]
    send(world, "POST", f"/games/{table['id']}/moves", statuses=(400,), token=table["tokens"][0],
         json_body={"move": {"type": "place", "cell": [0, -1]}, "move_id": "x" * 101})


# --- other seats, other games ---------------------------------------------------------------------
def test_other_seats_tokens_and_tokens_of_other_games_are_refused_and_change_nothing(world):
    table, other = ttt(world), world["other"]
    gid = table["id"]
    seat = active_seat(world, table)
    idle = 1 - seat
    move = legal_move(world, table, seat)
    # the seat that is not active, with the active seat's legal move
    r = send(world, "POST", f"/games/{gid}/moves", json_body={"move": move},
             token=table["tokens"][idle], statuses=(422,))
    assert r.get_json()["code"] == "not_your_turn"
    send(world, "POST", f"/games/{gid}/undo", json_body={"to": "step"},
         token=table["tokens"][idle], statuses=(422,))
    # another game's token on every route of this game
    for path, body in [(f"/games/{gid}/moves", {"move": move}), (f"/games/{gid}/undo", {"to": "step"}),
                       (f"/games/{gid}/stream-ticket", None)]:
        r = send(world, "POST", path, json_body=body, token=other["token"], statuses=(403,))
        assert r.get_json()["code"] == "wrong_game"
    for path in get_paths(gid):
        send(world, "GET", path, token=other["token"], statuses=(403,))
    # nobody, the operator, malformed headers
    send(world, "POST", f"/games/{gid}/moves", json_body={"move": move}, statuses=(401,))
    send(world, "POST", f"/games/{gid}/moves", json_body={"move": move}, token=ADMIN, statuses=(403,))
    for header in ["Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "bearer", "Token abc",
                   f"Bearer {table['tokens'][seat]}x", f"Bearer {table['tokens'][seat][:-1]}",
                   f"Bearer {table['tokens'][seat]} {table['tokens'][seat]}", "Bearer \x00",
                   "Bearer é" * 1000]:
        send(world, "POST", f"/games/{gid}/moves", json_body={"move": move},
             headers={"Authorization": header}, statuses=(401, 403))
    # the open view of a running game, by a seat
    send(world, "GET", f"/games/{gid}?as=all", token=table["tokens"][seat], statuses=(403,))
    send(world, "GET", f"/games/{gid}/log?as=all", token=table["tokens"][seat], statuses=(403,))


def test_a_join_code_of_another_game_is_refused_and_not_used_up(world):
    table, other = ttt(world), world["other"]
    send(world, "POST", f"/games/{table['id']}/join", json_body={"code": other["code"]},
         statuses=(403,))
    joined = send(world, "POST", f"/games/{other['id']}/join", json_body={"code": other["code"]},
                  statuses=(200,)).get_json()
    assert joined["seat"] == 1
    send(world, "POST", f"/games/{other['id']}/join", json_body={"code": other["code"]},
         statuses=(403,))


def test_a_version_or_move_id_of_another_game_does_not_leak_across(world):
    table, other = ttt(world), world["other"]
    seat = active_seat(world, table)
    move = legal_move(world, table, seat)
    body = {"move": move, "move_id": "shared-id", "expected_version": 1}
    send(world, "POST", f"/games/{table['id']}/moves", json_body=body, token=table["tokens"][seat],
         statuses=(200,))
    # the same move_id on another game is a different move id: its own answer, its own log
    view = world["http"].get(f"/games/{other['id']}", headers=auth(other["token"])).get_json()
    if view["active"] == [0]:
        body = {"move": view["legal_moves"][0]["move"], "move_id": "shared-id", "expected_version": 1}
        resp = send(world, "POST", f"/games/{other['id']}/moves", json_body=body,
                    token=other["token"], statuses=(200,))
        assert resp.get_json()["recorded_at"] == 2


# --- paths, methods, queries ----------------------------------------------------------------------
@pytest.mark.parametrize("path", [
    "/" + "a" * 100_000, "/games/" + "a" * 100_000, "/games/x/" + "moves/" * 5000,
    "/" * 10_000, "/games//moves", "/games/x/moves/extra", "/games/../engines",
    "/games/%ff%fe/log", "/games/x?" + "since=1&" * 10_000, "/games/x/log?since=" + "9" * 10_000,
    "/engines?" + "a=" + "b" * 100_000,
], ids=lambda p: repr(p)[:24])
def test_very_long_or_odd_paths_and_queries(world, path):
    for method in ("GET", "POST", "PUT", "DELETE", "PATCH"):
        resp = send(world, method, path, json_body={})
        assert resp.status_code < 500


def test_methods_that_do_not_exist_are_405_json(world):
    gid = ttt(world)["id"]
    for method, path in [("DELETE", f"/games/{gid}"), ("PUT", f"/games/{gid}/moves"),
                         ("PATCH", "/games"), ("DELETE", "/engines"), ("POST", f"/games/{gid}/log")]:
        send(world, method, path, json_body={}, statuses=(405,))
