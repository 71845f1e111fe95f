"""The follower: one subscription per worker to the records of the games it holds. Two workers
are two Games over one Redis: what one appends, Redis pushes to the other."""
from __future__ import annotations

import queue
import threading
import time

import pytest
import redis

from events.follow import Follower
from events.games import Games
from events.store import Store, channel
from tests.support.tiny import tiny

HUMANS = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def workers(real_redis, real_redis_url):
    """(the worker making moves, a second worker's Games and its follower)."""
    mover = Games(Store(real_redis))
    other = Games(Store(Counting.from_url(real_redis_url)))
    follower = Follower(other, redis.Redis.from_url(real_redis_url, socket_timeout=15))
    return mover, other, follower


def wait_until(check, seconds=5.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.02)
    return check()


class Counting(redis.Redis):
    """A worker's client that counts the commands it sends (a script call is one)."""
    sent = 0

    def execute_command(self, *args, **options):
        self.sent += 1
        return super().execute_command(*args, **options)


def held_and_heard(games: Games, follower: Follower, game):
    """The game held by the worker of `games` and listened to: (game, what is heard, handle)."""
    games.load(game.gid)
    heard: queue.Queue = queue.Queue()
    handle = follower.listen(game.gid, game.version, heard.put)
    assert wait_until(lambda: follower.subscribed == 1)
    return game, heard, handle


def new_game(games: Games):
    game, _ = games.create(tiny, tiny.load_options({"rounds": 5}), HUMANS, seed="s")
    return game


def test_a_copy_another_worker_holds_keeps_up_as_redis_pushes(workers):
    mover, other, follower = workers
    game = new_game(mover)
    other.load(game.gid)  # the second worker holds the game, at version 1
    assert wait_until(lambda: follower.subscribed == 1)
    mover.submit(game, 0, {"type": "add"})
    mover.submit(game, 0, {"type": "end"})
    assert wait_until(lambda: other.cached(game.gid).version == 3)
    assert other.cached(game.gid).state == mover.cached(game.gid).state


def test_a_move_where_the_copy_was_behind_costs_one_round_trip(workers, real_redis):
    """The seat's connection reached the other worker: its copy is current by push, so the move
    is the append script alone."""
    mover, other, follower = workers
    game = new_game(mover)
    other.load(game.gid)
    assert wait_until(lambda: follower.subscribed == 1)
    mover.submit(game, 0, {"type": "add"})
    mover.submit(game, 0, {"type": "end"})        # seat 1 to move; the client saw version 3
    assert wait_until(lambda: other.cached(game.gid).version == 3)
    before = other.store.r.sent
    record = other.submit(other.cached(game.gid), 1, {"type": "add"}, move_id="m1",
                          expected_version=3)
    assert record["v"] == 4
    assert other.store.r.sent - before == 1        # the append script


def test_a_move_waits_for_a_record_already_pushed_rather_than_loading(workers, real_redis):
    """The client learnt of version 3 from the other worker before this worker had read the
    push (here its reader is slowed): the move waits for it instead of loading the game."""
    mover, other, follower = workers
    game = new_game(mover)
    other.load(game.gid)
    assert wait_until(lambda: follower.subscribed == 1)
    slowed(follower, 0.03)
    mover.submit(game, 0, {"type": "add"})
    mover.submit(game, 0, {"type": "end"})
    before = other.store.r.sent
    copy = other.cached(game.gid)
    assert copy.version < 3
    record = other.submit(copy, 1, {"type": "add"}, expected_version=3)
    assert record["v"] == 4 and other.cached(game.gid).version == 4
    assert other.store.r.sent - before == 1        # the append script: no load


def slowed(follower: Follower, seconds: float) -> None:
    """Each push reaches the follower `seconds` late, in order: handed to a thread of its own
    that waits first (under gevent the reader cannot wait: it is the event loop)."""
    arrive, pushes = follower._arrived, queue.Queue()

    def late():
        while True:
            args = pushes.get()
            time.sleep(seconds)
            for later in arrive(*args):
                later()

    threading.Thread(target=late, daemon=True).start()
    follower._arrived = lambda *args: pushes.put(args) or []


def test_a_copy_that_cannot_follow_by_push_is_loaded(workers):
    """A record made with other metadata (here a seat handed to a bot) is not folded from the
    push: the move loads the game and is judged on what it is now."""
    mover, other, follower = workers
    game = new_game(mover)
    other.load(game.gid)
    assert wait_until(lambda: follower.subscribed == 1)
    mover.submit(game, 0, {"type": "end"})
    mover.table_record(game, {"table": "handed"}, {"bots": {"0": "random"}})
    assert wait_until(lambda: follower._heard.get(game.gid) == 3)
    assert other.cached(game.gid).version == 2     # the push of version 3 was not folded
    started = time.monotonic()
    record = other.submit(other.cached(game.gid), 1, {"type": "add"}, expected_version=3)
    assert time.monotonic() - started < 0.1        # no wait for a push that cannot come
    assert record["v"] == 4
    assert other.cached(game.gid).meta["bots"] == {"0": "random"}


def test_a_record_this_worker_cannot_fold_drops_its_copy_not_the_subscription(workers):
    mover, other, follower = workers
    game, heard, handle = held_and_heard(other, follower, new_game(mover))
    fold, failed = other.pushed, []

    def broken(*args):
        failed.append(args[1])
        raise RuntimeError("an engine bug")

    other.pushed = broken
    mover.submit(game, 0, {"type": "add"})
    assert [r["v"] for r in heard.get(timeout=5)] == [2]   # the stream still hears it
    assert failed == [2] and wait_until(lambda: other.cached(game.gid) is None)
    other.pushed = fold
    other.load(game.gid)
    mover.submit(game, 0, {"type": "end"})
    assert [r["v"] for r in heard.get(timeout=5)] == [3]
    assert wait_until(lambda: other.cached(game.gid).version == 3)
    handle.close()


def test_a_listener_hears_each_new_record_in_order(workers):
    mover, _, follower = workers
    game = new_game(mover)
    heard: queue.Queue = queue.Queue()
    handle = follower.listen(game.gid, game.version, heard.put)
    for seat, move in ((0, {"type": "add"}), (0, {"type": "end"}), (1, {"type": "add"})):
        mover.submit(game, seat, move)
    got = []
    while len(got) < 3:
        got += [r["v"] for r in heard.get(timeout=5)]
    assert got == [2, 3, 4]
    handle.close()


def test_records_made_before_the_subscription_took_hold_are_heard_from_the_log(workers):
    """A listener names the version it has seen; what was appended before Redis confirmed the
    subscription comes from the log, then the pushes follow."""
    mover, _, follower = workers
    game = new_game(mover)
    mover.submit(game, 0, {"type": "add"})
    mover.submit(game, 0, {"type": "end"})
    heard: queue.Queue = queue.Queue()
    handle = follower.listen(game.gid, 1, heard.put)   # it saw version 1
    got = []
    while len(got) < 2:
        got += [r["v"] for r in heard.get(timeout=5)]
    mover.submit(game, 1, {"type": "add"})
    while len(got) < 3:
        got += [r["v"] for r in heard.get(timeout=5)]
    assert got == [2, 3, 4]
    handle.close()


def test_a_stream_opened_while_the_log_is_read_for_another_hears_what_that_read_brings(
        workers, monkeypatch):
    """A second stream of the game starts listening while the follower reads the log for the
    first: the records of that read reach it too, not only the streams there when it began."""
    mover, other, follower = workers
    game = new_game(mover)
    mover.submit(game, 0, {"type": "add"})
    mover.submit(game, 0, {"type": "end"})
    first, second = queue.Queue(), queue.Queue()
    read, opened = other.store.records, []

    def read_while_a_stream_opens(gid, *span):
        records = read(gid, *span)
        if not opened:   # it loaded the game at version 1, before the read
            opened.append(follower.listen(gid, 1, second.put))
        return records

    monkeypatch.setattr(other.store, "records", read_while_a_stream_opens)
    handle = follower.listen(game.gid, 1, first.put)
    assert [r["v"] for r in first.get(timeout=5)] == [2, 3]
    assert [r["v"] for r in second.get(timeout=5)] == [2, 3]
    mover.submit(game, 1, {"type": "add"})
    assert [r["v"] for r in first.get(timeout=5)] == [r["v"] for r in second.get(timeout=5)] == [4]
    handle.close()
    opened[0].close()


def test_streams_of_one_game_share_one_subscription_which_ends_with_the_last(workers, real_redis):
    mover, other, follower = workers
    game = new_game(mover)
    first, second = queue.Queue(), queue.Queue()
    a = follower.listen(game.gid, game.version, first.put)
    b = follower.listen(game.gid, game.version, second.put)
    assert follower.followed == 1
    assert wait_until(lambda: follower.subscribed == 1)
    assert real_redis.pubsub_numsub(channel(game.gid)) == [(channel(game.gid).encode(), 1)]
    mover.submit(game, 0, {"type": "add"})
    assert first.get(timeout=5)[0]["v"] == second.get(timeout=5)[0]["v"] == 2
    a.close()
    mover.submit(game, 0, {"type": "end"})
    assert second.get(timeout=5)[0]["v"] == 3
    b.close()
    assert follower.followed == 0
    # the worker holds no copy of it either, so it unsubscribes
    assert wait_until(lambda: real_redis.pubsub_numsub(channel(game.gid))[0][1] == 0)
    mover.submit(game, 1, {"type": "add"})
    time.sleep(0.1)
    assert first.empty() and second.empty()  # a closed stream hears nothing more


def test_a_game_leaving_the_cache_is_unsubscribed(real_redis, real_redis_url):
    mover = Games(Store(real_redis))
    other = Games(Store(redis.Redis.from_url(real_redis_url)), cache_size=1)
    Follower(other, redis.Redis.from_url(real_redis_url, socket_timeout=15))
    one, two = new_game(mover), new_game(mover)
    other.load(one.gid)
    assert wait_until(lambda: real_redis.pubsub_numsub(channel(one.gid))[0][1] == 1)
    other.load(two.gid)   # the cache holds one game: the first goes
    assert wait_until(lambda: real_redis.pubsub_numsub(channel(one.gid))[0][1] == 0)
    assert wait_until(lambda: real_redis.pubsub_numsub(channel(two.gid))[0][1] == 1)


def test_games_let_go_together_are_unsubscribed_in_one_command(real_redis, real_redis_url):
    """A worker lets the games of the tables that ended go together: one UNSUBSCRIBE for them,
    LEAVE_SECONDS after the first; a game taken back meanwhile stays subscribed and followed."""
    from events.follow import LEAVE_SECONDS
    mover = Games(Store(real_redis))
    other = Games(Store(redis.Redis.from_url(real_redis_url)))
    follower = Follower(other, redis.Redis.from_url(real_redis_url, socket_timeout=15))
    played = [new_game(mover) for _ in range(4)]
    for game in played:
        other.load(game.gid)
    assert wait_until(lambda: follower.subscribed == 4)

    def unsubscribes():
        return real_redis.info("commandstats").get("cmdstat_unsubscribe", {}).get("calls", 0)

    def subscribers(game):
        return real_redis.pubsub_numsub(channel(game.gid))[0][1]

    before = unsubscribes()
    for game in played:
        other.cache.drop(game.gid)
    back = played[-1]
    other.load(back.gid)   # taken back at once
    assert wait_until(lambda: all(subscribers(game) == 0 for game in played[:3]))
    time.sleep(LEAVE_SECONDS)
    assert unsubscribes() - before == 1
    assert subscribers(back) == 1 and follower.subscribed == 1
    mover.submit(back, 0, {"type": "add"})
    assert wait_until(lambda: other.cached(back.gid).version == 2)


def test_the_subscription_comes_back_after_its_connection_is_killed(workers, real_redis):
    """Redis closed the connection (a restart, a proxy): the follower reconnects, subscribes
    again, and a listener hears what was appended meanwhile, from the log."""
    mover, other, follower = workers
    game, heard, handle = held_and_heard(other, follower, new_game(mover))
    real_redis.client_kill_filter(_type="pubsub")
    mover.submit(game, 0, {"type": "add"})
    got = []
    while len(got) < 1:
        got += [r["v"] for r in heard.get(timeout=10)]
    assert got == [2]
    assert wait_until(lambda: follower.subscribed == 1)
    mover.submit(game, 0, {"type": "end"})
    assert [r["v"] for r in heard.get(timeout=5)] == [3]
    assert wait_until(lambda: other.cached(game.gid).version == 3)
    handle.close()


def test_a_worker_serving_requests_over_real_redis_sends_nothing_between_them(real_redis_url):
    """Held games cost the worker a subscription, not a read per record or a timer: between
    requests it sends Redis nothing (at the production keep-alive, 10 s, the first ping is far
    off)."""
    from service import create_app
    from tests.service.helpers import auth, create
    app = create_app(Counting.from_url(real_redis_url))
    client = app.test_client()
    game = create(client)
    for _ in range(3):
        moved = client.post(f"/games/{game['id']}/moves", json={"move": {"type": "add"}},
                            headers=auth(game["token"]))
        assert moved.status_code == 200, moved.json
    assert client.get(f"/games/{game['id']}", headers=auth(game["token"])).json["version"] == 4
    follower = app.extensions["tablefold.follower"]
    assert wait_until(lambda: follower.subscribed == 1)
    commands = []
    follower._command = lambda *args: commands.append(args)
    before = app.extensions["tablefold"].store.r.sent
    time.sleep(1.0)
    assert app.extensions["tablefold"].store.r.sent == before and commands == []
    assert follower.followed == 0


def test_at_the_production_keepalive_a_silent_subscription_is_pinged(real_redis):
    """The subscription's connection is checked after the live streams' keep-alive (10 s) of
    silence: a ping, answered, and the subscription stays."""
    from service import create_app
    from service.config import from_env
    app = create_app(real_redis)
    follower, games = app.extensions["tablefold.follower"], app.extensions["tablefold"]
    sent, send = [], follower._command
    follower._command = lambda *args: (sent.append((time.monotonic(), args[0])), send(*args))
    game = new_game(games)
    assert wait_until(lambda: follower.subscribed == 1)
    silent_from = time.monotonic()
    keepalive = from_env({})["STREAM_KEEPALIVE"]
    assert wait_until(lambda: any(name == "PING" for _, name in sent), keepalive + 3)
    pinged_at = next(at for at, name in sent if name == "PING")
    assert pinged_at - silent_from >= keepalive - 0.5
    time.sleep(0.2)
    assert follower.subscribed == 1   # answered: the connection stays
    heard: queue.Queue = queue.Queue()
    handle = follower.listen(game.gid, game.version, heard.put)
    games.submit(games.cached(game.gid), 0, {"type": "add"})
    assert [r["v"] for r in heard.get(timeout=5)] == [2]
    handle.close()


def gevent_runs_this_process() -> bool:
    from gevent import monkey
    return monkey.is_module_patched("socket")


def test_under_gevent_the_subscription_is_read_in_the_event_loop(workers):
    """gevent's worker reads pushes in its event loop (no greenlet switch or timer a push);
    elsewhere a thread reads them (tests/events/test_follow_gevent.py runs this file under
    gevent)."""
    mover, other, follower = workers
    held_and_heard(other, follower, new_game(mover))
    assert follower.in_event_loop == gevent_runs_this_process()


def an_unanswered_ping_brings_the_subscription_back(real_redis, real_redis_url, keepalive):
    """Redis stops answering (paused here; a dead peer behind a proxy alike): after `keepalive`
    of silence the follower pings, after another without an answer it connects again, and its
    listeners go on hearing the game's records."""
    mover = Games(Store(real_redis))
    other = Games(Store(Counting.from_url(real_redis_url)))
    follower = Follower(other, redis.Redis.from_url(real_redis_url, socket_timeout=15),
                        keepalive_seconds=keepalive)
    pings, send = [], follower._command
    follower._command = lambda *args: (args[0] == "PING" and pings.append(time.monotonic()),
                                       send(*args))
    game, heard, handle = held_and_heard(other, follower, new_game(mover))
    connections, silent_from = follower._epoch, time.monotonic()
    real_redis.client_pause(int((2 * keepalive + 1.5) * 1000), all=True)
    assert wait_until(lambda: follower._epoch > connections, 2 * keepalive + 10)
    assert pings and pings[0] - silent_from >= keepalive - 0.5
    mover.submit(game, 0, {"type": "add"})   # heard by push, or read when the SUBSCRIBE is confirmed
    assert [r["v"] for r in heard.get(timeout=10)] == [2]
    assert wait_until(lambda: follower.subscribed == 1)
    mover.submit(game, 0, {"type": "end"})
    assert [r["v"] for r in heard.get(timeout=5)] == [3]
    handle.close()


def test_a_subscription_whose_ping_is_not_answered_comes_back(real_redis, real_redis_url):
    an_unanswered_ping_brings_the_subscription_back(real_redis, real_redis_url, 0.5)


def test_at_the_production_keepalive_an_unanswered_ping_brings_the_subscription_back(
        real_redis, real_redis_url):
    from service.config import from_env
    an_unanswered_ping_brings_the_subscription_back(real_redis, real_redis_url,
                                                    from_env({})["STREAM_KEEPALIVE"])


def test_a_record_whose_push_was_lost_is_read_from_the_log_when_a_stream_rechecks(workers,
                                                                                monkeypatch):
    """Redis did not deliver the push of the game's last record (a cluster's bus may drop one):
    no later record shows the gap, so a live stream's keep-alive has the follower read the log."""
    import events.store
    mover, other, follower = workers
    game = new_game(mover)
    heard: queue.Queue = queue.Queue()
    handle = follower.listen(game.gid, game.version, heard.put)
    assert wait_until(lambda: follower.subscribed == 1)
    monkeypatch.setattr(events.store, "channel", lambda gid: "tf:nobody-listens")
    mover.submit(game, 0, {"type": "add"})
    monkeypatch.undo()
    with pytest.raises(queue.Empty):
        heard.get(timeout=0.3)
    follower.recheck(game.gid)
    assert [r["v"] for r in heard.get(timeout=5)] == [2]
    read = other.store.r.sent
    follower.recheck(game.gid)   # again at once: the log is not read twice within a keep-alive
    assert other.store.r.sent == read
    mover.submit(game, 0, {"type": "end"})
    assert [r["v"] for r in heard.get(timeout=5)] == [3]   # and pushes go on as before
    handle.close()


# --- the game's end: the metadata it changes is known without a read ---------------------------
def one_round(games: Games):
    game, _ = games.create(tiny, tiny.load_options({"rounds": 1}), HUMANS, seed="s")
    return game


def play_to_the_last_move(games: Games, game):
    """Both seats end their turn and seat 0 chooses: seat 1's choice ends the game."""
    games.submit(game, 0, {"type": "end"})
    games.submit(game, 1, {"type": "end"})
    games.submit(game, 0, {"type": "choose", "n": 2})


def test_the_move_that_ends_a_game_costs_its_worker_one_round_trip(workers):
    """The append marks the game finished and moves the metadata's generation one step: the
    worker that appended knows the new metadata without reading it."""
    mover, other, follower = workers
    game = other.load(one_round(mover).gid)
    play_to_the_last_move(other, game)
    sent = other.store.r.sent
    other.submit(game, 1, {"type": "choose", "n": 5})
    assert other.store.r.sent == sent + 1   # the append script alone
    assert game.result() is not None and game.meta["finished"]
    assert other.cached(game.gid).meta == game.meta == other.store.meta(game.gid)


def test_another_worker_folds_the_record_that_ends_the_game_without_a_read(workers):
    mover, other, follower = workers
    game = one_round(mover)
    other.load(game.gid)
    assert wait_until(lambda: follower.subscribed == 1)
    sent = other.store.r.sent
    play_to_the_last_move(mover, game)
    mover.submit(game, 1, {"type": "choose", "n": 5})
    assert wait_until(lambda: other.cached(game.gid).version == game.version)
    assert other.store.r.sent == sent   # every record came by push, the last one too
    held = other.cached(game.gid)
    assert held.result() is not None
    assert held.meta == held.entry.meta == other.store.meta(game.gid)


def test_metadata_changed_elsewhere_before_the_end_is_read_again(workers):
    """A change the appending worker did not see (here the table opened by another node) moves
    the generation too: the end is then not all that changed, and the metadata is read."""
    mover, other, follower = workers
    game = one_round(mover)
    other.load(game.gid)
    assert wait_until(lambda: follower.subscribed == 1)
    play_to_the_last_move(mover, game)
    other.store.set_meta(game.gid, open=True)   # another node opens the table
    mover.submit(game, 1, {"type": "choose", "n": 5})
    fresh = mover.store.meta(game.gid)
    assert fresh["open"] is True and fresh["finished"]
    assert game.meta == mover.cached(game.gid).meta == fresh
    assert other.load(game.gid).meta == fresh


# --- a stream opened on one read: what `listen` says of the read made before it ---------------
def test_a_game_held_and_subscribed_needs_no_read_after_listening(workers):
    """The read before listening, with the subscription confirmed before it: every later record
    is pushed to the listener, so the handle is complete and nothing is missed."""
    mover, other, follower = workers
    game, _, first = held_and_heard(other, follower, new_game(mover))
    mark = follower.mark(game.gid)
    read = other.load(game.gid)
    heard: queue.Queue = queue.Queue()
    handle = follower.listen(game.gid, read.version, heard.put, mark)
    assert handle.complete
    mover.submit(game, 0, {"type": "add"})
    assert [r["v"] for r in heard.get(timeout=5)] == [2]
    handle.close()
    first.close()


def test_a_record_pushed_between_the_read_and_listening_leaves_the_handle_incomplete(workers):
    mover, other, follower = workers
    game, _, first = held_and_heard(other, follower, new_game(mover))
    mark = follower.mark(game.gid)
    read = other.load(game.gid)
    first.close()   # no other listener: the record pushed next is handed to nobody
    mover.submit(game, 0, {"type": "add"})
    assert wait_until(lambda: other.cached(game.gid).version == 2)   # pushed and folded
    handle = follower.listen(game.gid, read.version, queue.Queue().put, mark)
    assert not handle.complete
    handle.close()


def test_a_mark_taken_before_the_subscription_came_back_does_not_count(workers, real_redis):
    mover, other, follower = workers
    game, _, first = held_and_heard(other, follower, new_game(mover))
    mark = follower.mark(game.gid)
    read = other.load(game.gid)
    real_redis.client_kill_filter(_type="pubsub")
    assert wait_until(lambda: follower._epoch == 2 and follower.subscribed == 1)
    handle = follower.listen(game.gid, read.version, queue.Queue().put, mark)
    assert not handle.complete
    assert follower.mark(game.gid) is not None and follower.mark(game.gid) != mark
    handle.close()
    first.close()


def test_no_mark_where_the_game_is_not_subscribed(workers):
    mover, other, follower = workers
    assert follower.mark(new_game(mover).gid) is None


def test_a_subscription_confirmed_after_listening_brings_what_came_after_the_read(
        workers, monkeypatch):
    """The read started the game's subscription (the worker did not hold it) and the listener
    came before Redis confirmed it: the handle is complete, because the confirmation reads the
    log from the listener's version, and a record appended in between is heard."""
    mover, other, follower = workers
    game = new_game(mover)
    confirm = threading.Event()
    handle_message = follower._handle

    def confirmation_held_back(message):
        if isinstance(message, list) and message[0] == b"subscribe":
            confirm.wait(10)
        return handle_message(message)

    monkeypatch.setattr(follower, "_handle", confirmation_held_back)
    read = other.load(game.gid)        # into the cache: subscribes
    mover.submit(game, 0, {"type": "add"})   # after the read, before any push can be heard
    heard: queue.Queue = queue.Queue()
    handle = follower.listen(game.gid, read.version, heard.put)
    assert handle.complete
    confirm.set()
    assert [r["v"] for r in heard.get(timeout=5)] == [2]
    mover.submit(game, 0, {"type": "end"})
    assert [r["v"] for r in heard.get(timeout=5)] == [3]
    handle.close()


def test_a_listener_joining_after_others_heard_past_the_read_is_incomplete(workers, monkeypatch):
    """A push was lost (a Redis Cluster may drop one) and another stream's recheck read the
    record from the log: nothing was heard by push, but the game's listeners are past the read."""
    mover, other, follower = workers
    game, first_heard, first = held_and_heard(other, follower, new_game(mover))
    mark = follower.mark(game.gid)
    read = other.load(game.gid)
    monkeypatch.setattr(follower, "_arrived", lambda gid, data: [])
    mover.submit(game, 0, {"type": "add"})
    follower.recheck(game.gid)
    assert [r["v"] for r in first_heard.get(timeout=5)] == [2]
    handle = follower.listen(game.gid, read.version, queue.Queue().put, mark)
    assert not handle.complete
    handle.close()
    first.close()


def test_a_mark_taken_before_the_game_was_unsubscribed_and_subscribed_again_does_not_count(
        workers, real_redis):
    """Between the two subscriptions no record was pushed, and the second's read of the log
    found no listener: what came then is not known to have reached anyone."""
    mover, other, follower = workers
    game = new_game(mover)
    other.load(game.gid)
    assert wait_until(lambda: follower.subscribed == 1)
    mark = follower.mark(game.gid)
    read = other.load(game.gid)
    other.cache.drop(game.gid)        # out of the cache: unsubscribed
    assert wait_until(lambda: real_redis.pubsub_numsub(channel(game.gid))[0][1] == 0)
    other.load(game.gid)              # back in: subscribed again
    assert wait_until(lambda: follower.subscribed == 1)
    handle = follower.listen(game.gid, read.version, queue.Queue().put, mark)
    assert not handle.complete
    handle.close()


def pubsub_clients(r) -> set[str]:
    return {c["id"] for c in r.client_list(_type="pubsub")}


def outlives_the_health_check(real_redis, real_redis_url, interval=None):
    """A follower on the client the service subscribes through (service/redis_client.py), at
    the production keep-alive: after its connection has lived past the client's health-check
    interval, a game new to the worker is subscribed on the same connection, and the records of
    a game it held all along keep coming: the subscription was never dropped and made again."""
    from service.config import from_env
    from service.redis_client import subscriber
    reader = subscriber(real_redis_url, False, from_env({})["STREAM_KEEPALIVE"])
    kwargs = reader.connection_pool.connection_kwargs
    if interval is not None:
        kwargs["health_check_interval"] = interval
    age = kwargs["health_check_interval"]
    assert age > 0
    mover, other = Games(Store(real_redis)), Games(Store(real_redis))
    follower = Follower(other, reader, keepalive_seconds=from_env({})["STREAM_KEEPALIVE"])
    before = pubsub_clients(real_redis)
    game, heard, handle = held_and_heard(other, follower, new_game(mover))
    connection = pubsub_clients(real_redis) - before   # the follower's
    assert len(connection) == 1
    time.sleep(age + 1)
    second = new_game(mover)
    other.load(second.gid)            # new to this worker: its SUBSCRIBE goes out now
    assert wait_until(lambda: follower.subscribed == 2)
    mover.submit(game, 0, {"type": "add"})
    assert [r["v"] for r in heard.get(timeout=5)] == [2]
    assert connection <= pubsub_clients(real_redis)   # the same connection all along
    handle.close()


def test_the_subscription_outlives_the_clients_health_check_interval(real_redis, real_redis_url):
    """At the production interval (30 s): redis-py's health check, were it on, would read the
    answer to its ping from the socket the follower reads, and drop the connection."""
    outlives_the_health_check(real_redis, real_redis_url)


def test_the_subscription_outlives_a_short_health_check_interval(real_redis, real_redis_url):
    outlives_the_health_check(real_redis, real_redis_url, interval=1)
