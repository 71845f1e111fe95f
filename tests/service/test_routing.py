"""Routing: the app remembers which route a method and path reach (service/app.py), and every
answer stays what werkzeug's own matching gives, however often a path is asked for."""
from __future__ import annotations

from service import create_app
from tests.conftest import TEST_CONFIG
from tests.service.helpers import create


def test_each_path_reaches_its_own_route_and_game_however_often_it_is_asked(client):
    one, two = create(client)["id"], create(client)["id"]
    for _ in range(3):
        for gid in (one, two):
            assert client.get(f"/games/{gid}").get_json()["id"] == gid
            assert client.get(f"/games/{gid}/log").get_json()["records"][0]["v"] == 1
    assert client.get("/games/nope").get_json()["code"] == "no_such_game"


def test_a_method_a_path_does_not_take_is_refused_every_time_with_the_methods_it_does(client):
    gid = create(client)["id"]
    assert client.get(f"/games/{gid}").status_code == 200   # the path is remembered for GET
    for _ in range(2):
        refused = client.delete(f"/games/{gid}")
        assert refused.status_code == 405
        assert refused.get_json()["code"] == "method_not_allowed"
        assert set(refused.headers["Allow"].split(", ")) == {"GET", "HEAD", "OPTIONS"}
    assert client.post(f"/games/{gid}/moves", json={"move": {"type": "add"}}).status_code == 401


def test_a_path_no_route_takes_is_not_found_every_time(client):
    for _ in range(2):
        missing = client.get("/no/such/place")
        assert missing.status_code == 404 and missing.is_json


def test_trusted_hosts_still_refuse_another_host(fake_redis):
    """With TRUSTED_HOSTS set, Flask checks the host as it routes: routing is Flask's own."""
    client = create_app(fake_redis, {**TEST_CONFIG, "TRUSTED_HOSTS": ["play.example"]}).test_client()
    assert client.get("/engines", headers={"Host": "play.example"}).status_code == 200
    assert client.get("/engines", headers={"Host": "elsewhere.example"}).status_code == 400


def test_a_flood_of_distinct_paths_is_remembered_within_a_bound(app, client):
    for i in range(4200):
        client.get(f"/games/g{i}")
    assert app.matched.cache_info().currsize <= 4096
