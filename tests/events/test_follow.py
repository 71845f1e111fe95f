"""The follower: one blocking read per followed game and worker, only while a live stream of the
game listens. Two workers are two Games over one Redis: what one appends, the other hears."""
from __future__ import annotations

import queue
import time

import pytest
import redis

from events.follow import Follower
from events.games import Games
from events.store import Store
from tests.support.tiny import tiny

HUMANS = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def workers(real_redis, real_redis_url):
    """(the worker making moves, a second worker's Games and its follower)."""
    mover = Games(Store(real_redis))
    other = Games(Store(redis.Redis.from_url(real_redis_url)))
    # a short block, so that a reader notices its last listener leave within the test
    follower = Follower(other, redis.Redis.from_url(real_redis_url, socket_timeout=5),
                        block_seconds=0.2)
    return mover, other, follower


def wait_until(check, seconds=5.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.02)
    return check()


def test_a_listener_hears_each_new_record_and_the_workers_copy_keeps_up(workers):
    mover, other, follower = workers
    game, _ = mover.create(tiny, tiny.load_options({"rounds": 3}), HUMANS, seed="s")
    other.load(game.gid)  # the second worker's copy, at version 1
    heard: queue.Queue = queue.Queue()
    handle = follower.listen(game.gid, game.version, heard.put)
    mover.submit(game, 0, {"type": "add"})
    mover.submit(game, 0, {"type": "end"})
    got = []
    while len(got) < 2:
        got += [r["v"] for r in heard.get(timeout=5)]
    assert got == [2, 3]
    assert wait_until(lambda: other.cached(game.gid).version == 3)
    assert other.cached(game.gid).state == mover.cached(game.gid).state
    handle.close()


def test_streams_of_one_game_share_one_reader_which_stops_when_the_last_leaves(workers):
    mover, _, follower = workers
    game, _ = mover.create(tiny, tiny.load_options({"rounds": 3}), HUMANS, seed="s")
    first, second = queue.Queue(), queue.Queue()
    a = follower.listen(game.gid, game.version, first.put)
    b = follower.listen(game.gid, game.version, second.put)
    assert follower.followed == 1
    mover.submit(game, 0, {"type": "add"})
    assert first.get(timeout=5)[0]["v"] == second.get(timeout=5)[0]["v"] == 2
    a.close()
    mover.submit(game, 0, {"type": "end"})
    assert second.get(timeout=5)[0]["v"] == 3
    assert follower.followed == 1  # one stream still listens
    b.close()
    assert wait_until(lambda: follower.followed == 0)
    assert first.empty()  # a closed stream hears nothing more


def test_requests_alone_start_no_reader(real_redis):
    """A worker that serves moves and reads but no live stream sends Redis nothing between
    requests (a reader per game would cost every worker a round trip per record)."""
    from service import create_app
    from tests.conftest import TEST_CONFIG
    from tests.service.helpers import auth, create
    app = create_app(real_redis, TEST_CONFIG)
    client = app.test_client()
    game = create(client)
    for _ in range(3):
        moved = client.post(f"/games/{game['id']}/moves", json={"move": {"type": "add"}},
                            headers=auth(game["token"]))
        assert moved.status_code == 200, moved.json
    assert client.get(f"/games/{game['id']}", headers=auth(game["token"])).json["version"] == 4
    assert app.extensions["tablefold.follower"].followed == 0


def test_at_the_production_keepalive_a_closed_streams_reader_stops_within_one_block(real_redis):
    """The same as above with the app's own follower: its block is the live stream's keep-alive
    (10 s), so a reader with no listener left is gone within that."""
    from service import create_app
    from service.config import from_env
    app = create_app(real_redis)
    follower, games = app.extensions["tablefold.follower"], app.extensions["tablefold"]
    game, _ = games.create(tiny, tiny.load_options({"rounds": 3}), HUMANS, seed="s")
    heard: queue.Queue = queue.Queue()
    handle = follower.listen(game.gid, game.version, heard.put)
    time.sleep(0.2)  # the reader is blocked in its XREAD
    handle.close()
    assert follower.followed == 1   # still blocked
    keepalive = from_env({})["STREAM_KEEPALIVE"]
    assert wait_until(lambda: follower.followed == 0, keepalive + 2)
    assert heard.empty()
