"""The store on fakeredis and on a real Redis server: atomic versioned append, move ids, races."""
from __future__ import annotations

import threading

import pytest
import redis

from events.store import Conflict, Duplicate, Store
from service.redis_client import connect


def rec(v, **extra):
    return {"v": v, "by": 0, "move": {"type": "x", "n": v}, "events": [], **extra}


def test_append_makes_versions_with_entry_ids(any_redis):
    store = Store(any_redis)
    assert store.append("g1", 0, rec(1))[0] == 1
    assert store.append("g1", 1, rec(2))[0] == 2
    assert [r["v"] for r in store.records("g1")] == [1, 2]
    ids = [e[0] for e in any_redis.xrange("tf:{g1}:log")]
    assert ids == [b"0-1", b"0-2"]
    assert store.version("g1") == 2


def test_stale_expected_version_is_a_conflict_and_writes_nothing(any_redis):
    store = Store(any_redis)
    store.append("g1", 0, rec(1))
    with pytest.raises(Conflict) as err:
        store.append("g1", 0, rec(1))
    assert err.value.current == 1
    assert [r["v"] for r in err.value.tail] == [1]   # the records the caller had not seen
    with pytest.raises(Conflict):
        store.append("g1", 5, rec(6))
    assert store.version("g1") == 1


def test_move_id_makes_a_retry_idempotent(any_redis):
    store = Store(any_redis)
    store.append("g1", 0, rec(1))
    assert store.append("g1", 1, rec(2), "0:abc", "fp1")[0] == 2
    with pytest.raises(Duplicate) as dup:
        store.append("g1", 2, rec(3), "0:abc", "fp1")
    assert (dup.value.version, dup.value.fingerprint) == (2, "fp1")
    assert store.move_id("g1", "0:abc") == (2, "fp1")
    assert store.version("g1") == 2


def test_keys_of_one_game_share_a_hash_tag(any_redis):
    store = Store(any_redis)
    store.create("g9", {"engine": "tiny", "players": 2}, {"codehash": 0}, 1.0)
    store.append("g9", 0, rec(1), "0:m", "fp")
    store.save_snapshot("g9", 1, 1, "{}")
    keys = {k.decode() for k in any_redis.keys("tf:*") if k not in (b"tf:games",)}
    assert keys == {"tf:{g9}:log", "tf:{g9}:meta", "tf:{g9}:ids", "tf:{g9}:snap"}


def test_join_code_redeems_once_and_only_its_hash_is_stored(any_redis):
    store = Store(any_redis)
    store.create("g1", {"engine": "tiny", "players": 2}, {"hash-of-code": 1}, 1.0)
    assert store.redeem("g1", "hash-of-code", "hash-of-token") == 1
    assert store.redeem("g1", "hash-of-code", "other") is None
    meta = store.meta("g1")
    assert meta["tokens"] == {"hash-of-token": 1} and meta["codes"] == {}


def test_records_newest_first_pages_through_a_long_log(any_redis):
    store = Store(any_redis)
    for v in range(1, 41):
        store.append("g1", v - 1, rec(v))
    assert [r["v"] for r in store.records_newest_first("g1", page=7)] == list(range(40, 0, -1))
    assert [r["v"] for r in store.records("g1", 10, 12)] == [10, 11, 12]


def test_two_writers_racing_for_one_version(real_redis):
    """Many rounds of two threads appending at the same version: one wins, one conflicts."""
    store = Store(real_redis)
    store.append("race", 0, rec(1))
    for version in range(1, 101):
        barrier = threading.Barrier(2)
        outcomes = []

        def write(writer):
            barrier.wait()
            try:
                store.append("race", version, rec(version + 1, writer=writer))
                outcomes.append("won")
            except Conflict:
                outcomes.append("conflict")

        threads = [threading.Thread(target=write, args=(w,)) for w in (0, 1)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(outcomes) == ["conflict", "won"]
    records = store.records("race")
    assert [r["v"] for r in records] == list(range(1, 102))  # nothing lost, nothing doubled


def test_an_unfinished_game_expires_without_moves_and_a_finished_one_is_kept(any_redis):
    store = Store(any_redis)
    store.create("g1", {"engine": "tiny", "players": 2}, {}, 1.0, expire_seconds=60)
    store.append("g1", 0, rec(1), idle_seconds=60)
    for key in ("tf:{g1}:log", "tf:{g1}:meta"):
        assert 0 < any_redis.ttl(key) <= 60
    store.append("g1", 1, rec(2), idle_seconds=60, finished="2026-12-01T00:00:00.000+00:00")
    for key in ("tf:{g1}:log", "tf:{g1}:meta"):
        assert any_redis.ttl(key) == -1
    assert store.meta("g1")["finished"].startswith("2026-12-01")


GAME_KEYS = ("tf:{g1}:log", "tf:{g1}:ids", "tf:{g1}:meta", "tf:{g1}:snap")


def test_every_key_a_game_makes_expires_and_a_move_never_brings_its_expiry_early(any_redis):
    """An append sets the idle expiry on the keys it makes (the log with the first record, the move
    ids with the first move id, the snapshot with the first one) and sets it again on all of them
    once it has run down by more than a hundredth of the idle time (an hour at most)."""
    store, idle = Store(any_redis), 200
    store.create("g1", {"engine": "tiny", "players": 2}, {}, 1.0, expire_seconds=idle)
    store.append("g1", 0, rec(1), idle_seconds=idle)
    store.append("g1", 1, rec(2), "move-a", "fp", idle_seconds=idle)
    store.append("g1", 2, rec(3), idle_seconds=idle, snapshot=(1, 3, "{}"))
    for key in GAME_KEYS:
        assert idle * 1000 - 2000 < any_redis.pttl(key) <= idle * 1000, key

    def run_down(ms):
        for key in GAME_KEYS:
            any_redis.pexpire(key, idle * 1000 - ms)

    run_down(1000)   # under a hundredth of 200 s: left as it is, no four PEXPIREs a move
    store.append("g1", 3, rec(4), "move-b", "fp", idle_seconds=idle)
    assert all(any_redis.pttl(key) <= idle * 1000 - 1000 for key in GAME_KEYS)
    run_down(3000)   # over a hundredth: every key's expiry set again, with or without a move id
    store.append("g1", 4, rec(5), "move-c", "fp", idle_seconds=idle)
    assert all(any_redis.pttl(key) > idle * 1000 - 1000 for key in GAME_KEYS)
    run_down(3000)
    store.append("g1", 5, rec(6), idle_seconds=idle)
    assert all(any_redis.pttl(key) > idle * 1000 - 1000 for key in GAME_KEYS)
    for key in GAME_KEYS:   # a shorter idle time than the keys have left is taken at once
        any_redis.persist(key)
    store.append("g1", 6, rec(7), "move-d", "fp", idle_seconds=idle)
    assert all(0 < any_redis.pttl(key) <= idle * 1000 for key in GAME_KEYS)


def test_a_move_on_a_game_whose_expiry_is_fresh_runs_seven_commands_in_redis(real_redis):
    """The append script's own commands on a plain move with a move id: the generation, the
    length, the move id, the XADD, the move id kept, the expiry read, the PUBLISH."""
    store = Store(real_redis)
    store.load_scripts()
    store.create("g1", {"engine": "tiny", "players": 2}, {}, 1.0, expire_seconds=3600)
    store.append("g1", 0, rec(1), "move-a", "fp", idle_seconds=3600)
    with real_redis.monitor() as monitor:
        store.append("g1", 1, rec(2), "move-b", "fp", idle_seconds=3600)
        real_redis.echo("done")
        run = []
        while (command := monitor.next_command())["command"] != "ECHO done":
            if command["client_type"] == "lua":
                run.append(command["command"].split()[0])
    assert run == ["HGET", "XLEN", "HGET", "XADD", "HSET", "PTTL", "PUBLISH"]


def sent_by_clients(client, action) -> list[str]:
    """The commands clients sent Redis while `action()` ran (MONITOR), but those scripts ran
    and a new connection's greeting."""
    with client.monitor() as monitor:
        action()
        client.echo("done")
        sent = []
        while (command := monitor.next_command())["command"] != "ECHO done":
            if command["client_type"] != "lua" and not command["command"].startswith("HELLO"):
                sent.append(command["command"].split()[0])
    return sent


def test_on_one_redis_a_stream_is_counted_in_and_out_in_one_call_each(real_redis):
    store = Store(real_redis)
    store.load_scripts()
    bounds = [("tf:{g1}:streams", 3), ("tf:addr:a:streams", 2)]
    assert sent_by_clients(real_redis, lambda: store.open_streams(bounds, 60)) == ["EVALSHA"]
    assert sent_by_clients(real_redis, lambda: store.close_streams([c for c, _ in bounds])) \
        == ["EVALSHA"]
    assert real_redis.mget([c for c, _ in bounds]) == [b"0", b"0"]


def test_a_load_is_one_round_trip_that_skips_what_the_caller_has(any_redis):
    store = Store(any_redis)
    store.create("g1", {"engine": "tiny", "players": 2}, {}, 1.0)
    for v in range(1, 5):
        store.append("g1", v - 1, rec(v))
    store.save_snapshot("g1", 2, 1, '{"s": 2}')
    cold = store.load("g1", None, None)
    assert cold.meta["engine"] == "tiny" and cold.snapshot == (2, 1, '{"s": 2}')
    assert [r["v"] for r in cold.records] == [3, 4]
    warm = store.load("g1", 4, cold.gen)
    assert warm.meta is None and warm.snapshot is None and warm.records == []
    store.set_meta("g1", finished="now")
    assert store.load("g1", 4, cold.gen).meta["finished"] == "now"
    assert store.load("nope", None, None) is None


def test_a_streams_first_load_counts_it_in_on_both_counters_or_on_neither(any_redis):
    """On one Redis a live stream's first read is the same one round trip, and counts the
    stream in as open_streams would; a game that does not exist counts nothing."""
    store = Store(any_redis)
    store.create("g1", {"engine": "tiny", "players": 2}, {}, 1.0)
    store.append("g1", 0, rec(1))
    game, address = "tf:{g1}:streams", "tf:addr:a:streams"
    stream = ([(game, 3), (address, 2)], 60)
    first = store.load("g1", None, None, stream)
    assert first.opened is True and [r["v"] for r in first.records] == [1]
    assert store.load("g1", 1, first.gen, stream).opened is True
    full = store.load("g1", 1, first.gen, stream)   # the address is full
    assert full.opened is False and full.records == []
    assert (int(any_redis.get(game)), int(any_redis.get(address))) == (2, 2)
    assert 0 < any_redis.ttl(address) <= 60
    assert store.load("g1", 1, first.gen).opened is None   # a plain read counts nothing
    assert store.load("nope", None, None, ([("tf:{nope}:streams", 3)], 60)) is None
    assert any_redis.get("tf:{nope}:streams") is None


def test_scripts_flushed_from_redis_are_loaded_again_on_first_use(real_redis):
    # a restarted Redis (or SCRIPT FLUSH) has none of the scripts: the next append loads its own
    store = Store(real_redis)
    store.create("g1", {"engine": "tiny", "players": 2}, {}, 1.0)
    store.append("g1", 0, rec(1))
    real_redis.script_flush()
    assert not store.scripts_loaded()
    assert store.append("g1", 1, rec(2))[0] == 2
    assert store.load("g1", 1, None).records[0]["v"] == 2
    assert [r["v"] for r in store.records("g1")] == [1, 2]
    assert real_redis.connection_pool._in_use_connections == set()   # every one handed back


def test_an_append_on_a_connection_redis_dropped_is_sent_again_and_lands_once(real_redis,
                                                                               real_redis_url):
    # the service's pool hands back an idle connection unchecked: Redis closed it meanwhile, so
    # the append finds out when it sends, and is sent again on a new connection
    store = Store(connect(real_redis_url))
    store.append("g1", 0, rec(1))
    real_redis.client_kill_filter(_type="normal", skipme=True)   # the store's idle connection
    assert store.append("g1", 1, rec(2), "0:m2", "fp")[0] == 2
    assert [r["v"] for r in store.records("g1")] == [1, 2]


def test_a_script_error_leaves_the_connection_usable(real_redis):
    store = Store(real_redis)
    real_redis.set("tf:{g1}:log", "not a stream")   # XLEN on a string: the script fails
    with pytest.raises(redis.ResponseError):
        store.append("g1", 0, rec(1))
    real_redis.delete("tf:{g1}:log")
    assert store.append("g1", 0, rec(1))[0] == 1
    assert real_redis.connection_pool._in_use_connections == set()


def test_a_stream_is_counted_on_both_counters_or_on_neither(any_redis):
    store = Store(any_redis)
    game, address = "tf:{g1}:streams", "tf:addr:a:streams"
    assert store.open_streams([(game, 3), (address, 2)], 60)
    assert store.open_streams([(game, 3), (address, 2)], 60)
    assert not store.open_streams([(game, 3), (address, 2)], 60)   # the address is full
    assert (int(any_redis.get(game)), int(any_redis.get(address))) == (2, 2)
    store.close_streams([game, address])
    assert (int(any_redis.get(game)), int(any_redis.get(address))) == (1, 1)
    assert 0 < any_redis.ttl(game) <= 60
    any_redis.script_flush()   # a Redis restarted empty
    assert store.open_streams([(game, 3), (address, 2)], 60)
    assert (int(any_redis.get(game)), int(any_redis.get(address))) == (2, 2)


def test_append_nonces_never_repeat_in_a_process_nor_across_a_fork():
    """The nonce tells a retried append of this process from another's record at the same
    version: a forked worker must not count on from its parent's."""
    import os
    from events.store import NONCES
    drawn = {NONCES.next() for _ in range(10_000)}
    assert len(drawn) == 10_000
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:   # the child: its next nonce, then out at once
        os.write(write, NONCES.next().encode())
        os._exit(0)
    os.close(write)
    os.waitpid(pid, 0)
    child = os.read(read, 100).decode()
    os.close(read)
    mine = NONCES.next()
    assert child not in drawn and child != mine
    assert child[:16] != mine[:16]   # a prefix of its own, not the parent's count carried on
