"""Undo, reveals, simultaneous steps, snapshots and redaction, proved on the tiny test engine."""
from __future__ import annotations

import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core import ALL, IllegalMove, canonical
from events.fold import fold
from events.games import AlreadyRecorded, CannotUndo, Games, MoveIdReused, fingerprint
from events.records import redact_record
from events.store import Conflict, Store
from tests.support.tiny import tiny

HUMANS = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def games(any_redis):
    return Games(Store(any_redis), snapshot_every=4)


def new_game(games, rounds=2):
    game, codes = games.create(tiny, tiny.load_options({"rounds": rounds}), HUMANS, seed="s")
    return game


def refold(games, game):
    return fold(tiny, 2, game.options, games.store.records(game.gid))


def play(games, game, seat, move_type, **fields):
    return games.submit(game, seat, {"type": move_type, **fields})


def test_a_turn_of_several_moves_undoes_one_step_and_back_to_the_checkpoint(games):
    game = new_game(games)
    for _ in range(3):
        play(games, game, 0, "add")
    assert games.undo_reach(game, 0) == [4, 3, 2]
    assert games.undo_reach(game, 1) == []  # not active: no undo
    games.undo(game, 0, "step")
    assert game.state["counters"] == [2, 0] and game.version == 5
    games.undo(game, 0, "checkpoint")
    assert game.state["counters"] == [0, 0]
    assert games.undo_reach(game, 0) == []
    with pytest.raises(CannotUndo) as err:
        games.undo(game, 0, "step")
    assert err.value.code == "nothing_to_undo"
    # undo never deletes: every record stays in the log, the fold skips the rescinded ones
    assert len(games.store.records(game.gid)) == 6
    assert canonical(refold(games, game)) == canonical(game.state)


def test_a_reveal_is_a_checkpoint(games):
    game = new_game(games)
    play(games, game, 0, "add")
    play(games, game, 0, "draw")
    play(games, game, 0, "add")
    assert games.undo_reach(game, 0) == [4]
    games.undo(game, 0, "checkpoint")
    assert game.state["counters"] == [1, 0] and len(game.state["hands"][0]) == 1


def test_another_seats_move_is_a_checkpoint_and_only_the_active_seat_may_undo(games):
    game = new_game(games)
    play(games, game, 0, "add")
    play(games, game, 0, "end")
    with pytest.raises(CannotUndo) as err:
        games.undo(game, 0, "step")
    assert err.value.code == "not_your_turn"
    play(games, game, 1, "add")
    assert games.undo_reach(game, 1) == [4]


def test_undone_moves_can_be_replayed_differently_and_rng_stays_reproducible(games):
    game = new_game(games)
    play(games, game, 0, "add")
    games.undo(game, 0, "step")
    play(games, game, 0, "draw")
    assert canonical(refold(games, game)) == canonical(game.state)


def test_simultaneous_step_choices_are_private_changeable_and_revealed_together(games):
    game = new_game(games)
    play(games, game, 0, "end")
    play(games, game, 1, "end")
    assert tiny.active(game.state) == [0, 1]
    play(games, game, 0, "choose", n=3)
    assert tiny.active(game.state) == [0, 1] and tiny.awaited(game.state) == [1]
    play(games, game, 0, "choose", n=7)  # changes its mind while seat 1 is awaited
    # seat 1 sees that seat 0 has chosen, not what
    records = games.store.records(game.gid)
    for r in records[-2:]:
        seen = redact_record(r, 1)
        assert seen["move"] == {"type": "choose"} and "n" not in seen["events"][0]
        assert redact_record(r, None)["move"] == {"type": "choose"}
        assert redact_record(r, 0)["move"]["n"] in (3, 7)
    assert tiny.view(game.state, 1)["choices"] == [True, None]
    record = play(games, game, 1, "choose", n=5)
    reveal = record["events"][1]
    assert reveal["type"] == "revealed" and reveal["choices"] == [7, 5] and reveal["reveal"]
    assert game.state["scores"] == [1, 0]


def test_undo_in_a_simultaneous_step_ignores_the_other_seats_choices(games):
    game = new_game(games)
    play(games, game, 0, "end")
    play(games, game, 1, "end")
    play(games, game, 0, "choose", n=3)   # v4
    play(games, game, 0, "choose", n=8)   # v5
    assert games.undo_reach(game, 0) == [5, 4]
    games.undo(game, 0, "step")
    assert game.state["choices"] == [3, None]
    games.undo(game, 0, "step")
    assert game.state["choices"] == [None, None]
    assert canonical(refold(games, game)) == canonical(game.state)


def test_undo_skips_another_seats_secret_choice(games):
    game = new_game(games, rounds=3)
    play(games, game, 0, "end")
    play(games, game, 1, "end")
    play(games, game, 0, "choose", n=3)   # v4
    # With two seats the second choice closes the step, so walk a log in which seat 1's secret
    # choice (v5) is still open, as it would be at a table of three.
    from events.fold import undo_reach
    open_choice = {"v": 5, "by": 1, "simultaneous": True, "move": {"type": "choose", "n": 1}, "events": []}
    newest = [open_choice] + list(reversed(games.store.records(game.gid)))
    assert undo_reach(newest, 0) == [4]
    # seat 1 may take back its choice, but not its "end" (v3) from before the step: seat 0's
    # choice stands on it
    assert undo_reach(newest, 1) == [5]


def test_illegal_moves_record_nothing(games):
    game = new_game(games)
    before = games.store.records(game.gid)
    with pytest.raises(IllegalMove) as err:
        play(games, game, 1, "add")
    assert err.value.code == "not_your_turn"
    with pytest.raises(IllegalMove):
        play(games, game, 0, "choose", n=3)
    assert games.store.records(game.gid) == before


def test_move_ids_make_retries_idempotent(games):
    game = new_game(games)
    games.submit(game, 0, {"type": "add"}, move_id="m1")
    with pytest.raises(AlreadyRecorded) as dup:
        games.submit(game, 0, {"type": "add"}, move_id="m1")
    assert dup.value.version == 2
    with pytest.raises(MoveIdReused):
        games.submit(game, 0, {"type": "draw"}, move_id="m1")
    # the id is scoped to the seat: another seat may use the same string
    play(games, game, 0, "end")
    games.submit(game, 1, {"type": "add"}, move_id="m1")
    assert game.state["counters"] == [1, 1] and game.version == 4


JSON_MOVES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**63, 2**64 - 1) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(move=JSON_MOVES)
def test_a_move_s_fingerprint_is_the_one_earlier_releases_recorded(move):
    """A move id recorded before fingerprints went through orjson still tells a retry from a new
    move: for every move the API accepts (JSON without fractions) the hash is the same."""
    assert fingerprint(move) == hashlib.sha256(canonical(move).encode()).hexdigest()[:32]


def test_a_move_orjson_cannot_write_has_a_fingerprint_too():
    big = {"type": "add", "n": 2**70}
    assert fingerprint(big) == hashlib.sha256(canonical(big).encode()).hexdigest()[:32]
    assert fingerprint(big) != fingerprint({"type": "add", "n": 2**70 + 1})


def test_stale_expected_version_conflicts_before_decide(games):
    game = new_game(games)
    play(games, game, 0, "add")
    with pytest.raises(Conflict) as err:
        games.submit(game, 0, {"type": "add"}, expected_version=1)
    assert err.value.current == 2


def test_snapshots_hold_only_what_no_undo_can_take_back(games):
    game = new_game(games, rounds=0)
    for _ in range(6):  # v2..v7: seat 0 may still take every one back, so no snapshot yet
        play(games, game, 0, "add")
    assert games.store.snapshot(game.gid) is None
    play(games, game, 0, "end")                     # v8
    play(games, game, 1, "add")                     # v9: seat 0's turn is out of reach now
    assert games.store.snapshot(game.gid)[0] == 8   # the state before seat 1's move
    play(games, game, 1, "add")                     # v10
    other_worker = Games(games.store, snapshot_every=4)  # no cached state: snapshot + tail
    loaded = other_worker.load(game.gid)
    assert canonical(loaded.state) == canonical(game.state) and loaded.version == 10
    assert other_worker.undo_reach(loaded, 1) == [10, 9]
    games.undo(game, 1, "checkpoint")               # back to the snapshot, not behind it
    for worker in (other_worker, Games(games.store, snapshot_every=4)):
        loaded = worker.load(game.gid)
        assert loaded.state["counters"] == [6, 0]
        assert canonical(loaded.state) == canonical(refold(games, game))


def test_undo_after_undo_stays_cheap_however_long_the_turn(games):
    """Taking a move back refolds the turn from its base, never the whole log."""
    game = new_game(games, rounds=0)
    for _ in range(200):
        play(games, game, 0, "add")
        games.undo(game, 0, "step")
    assert game.state["counters"] == [0, 0] and game.entry.turn == ()
    assert canonical(refold(games, game)) == canonical(game.state)


def test_a_workers_cached_state_follows_moves_made_by_another_worker(games):
    game = new_game(games)
    other_worker = Games(games.store)
    other_worker.load(game.gid)               # caches version 1
    play(games, game, 0, "add")
    play(games, game, 0, "add")
    loaded = other_worker.load(game.gid)
    assert loaded.version == 3 and loaded.state["counters"] == [2, 0]
    # a cached state is shared by every request of the worker: a move makes a new one
    held = loaded.state
    other_worker.submit(loaded, 0, {"type": "add"})
    assert held["counters"] == [2, 0] and loaded.state["counters"] == [3, 0]
    assert other_worker.load(game.gid).state is loaded.state   # nothing new: no refold


def test_redaction_hides_a_private_draw_from_everyone_else(games):
    game = new_game(games)
    record = play(games, game, 0, "draw")
    card = record["events"][0]["card"]
    assert redact_record(record, 0)["events"][0]["card"] == card
    assert "card" not in redact_record(record, 1)["events"][0]
    assert "card" not in redact_record(record, None)["events"][0]
    assert redact_record(record, ALL)["events"][0]["card"] == card
    setup = games.store.records(game.gid)[0]
    assert "deck" not in redact_record(setup, 0)["events"][0]
    assert "hash" not in redact_record(setup, 0) and "hash" in redact_record(setup, ALL)


def test_the_seed_reproduces_every_shuffle_and_draw(games):
    a = new_game(games)
    b = new_game(games)  # same seed "s"
    assert games.store.records(a.gid)[0]["events"] == games.store.records(b.gid)[0]["events"]


def test_a_record_heard_while_this_worker_appends_it_is_waited_for_not_loaded(games):
    # a live stream hears its own worker's record from Redis before that worker's append has
    # read its answer; it waits for the append to settle instead of reading the game again
    import threading
    game = new_game(games)
    games.load(game.gid)
    appended = threading.Event()
    real_append = games.store.append

    def slow_append(*args, **kwargs):
        appended.set()
        threading.Event().wait(0.03)
        return real_append(*args, **kwargs)

    games.store.append = slow_append
    mover = threading.Thread(target=play, args=(games, game, 0, "add"))
    mover.start()
    appended.wait(1)
    held = games.settled(game.gid, 2)
    mover.join()
    assert held is not None and held.version == 2 and held.state["counters"] == [1, 0]
    assert games.settled(game.gid, 3) is None   # nobody appends it: no wait, nothing held


@pytest.mark.parametrize("seed", range(6))
def test_a_copy_kept_record_by_record_equals_the_game_folded_afresh(any_redis, seed):
    """Another worker folds each record as it hears it (moves, undos, reveals, simultaneous
    choices, in any order the rules allow): its copy, state, base and turn, equals one folded
    from the log, and the states it shares with its base are never changed by later records."""
    import random

    from events.games import applied
    rng = random.Random(seed)
    mover = Games(Store(any_redis), snapshot_every=1000)
    game = new_game(mover, rounds=3)
    follower = mover.load(game.gid).entry   # this copy advances by `applied` alone
    while not game.over():
        seat = rng.choice(game.active())
        reach = mover.undo_reach(game, seat)
        before = game.version
        if reach and rng.random() < 0.3:
            mover.undo(game, seat, rng.choice(["step", "checkpoint"]))
        else:
            options = tiny.legal_moves(game.state, seat)
            pick = rng.choice(options)
            move = dict(pick["move"])
            for field, choice in pick.get("choose", {}).items():
                move[field] = rng.choice(choice["one_of"])
            mover.submit(game, seat, move)
        heard = mover.store.records(game.gid, before + 1, game.version)
        previous = follower
        frozen = canonical([previous.state, previous.base_state])
        follower = applied(tiny, previous, heard)
        assert canonical([previous.state, previous.base_state]) == frozen   # left as it was
        fresh = Games(Store(any_redis)).load(game.gid).entry
        assert follower.version == fresh.version == game.version
        assert canonical(follower.state) == canonical(fresh.state) == canonical(game.state)
        assert (follower.base_version, canonical(follower.base_state)) == \
            (fresh.base_version, canonical(fresh.base_state))
        assert [r["v"] for r in follower.turn] == [r["v"] for r in fresh.turn]


# --- the moment a record is stamped with ---------------------------------------------------------
@settings(max_examples=3000)
@given(st.floats(min_value=-1e9, max_value=4.1e9, allow_nan=False) | st.sampled_from(
    [0.0, 1e-7, 0.0004995, 0.0005, 0.9995, 0.9999994, 0.9999995, 0.9999996, 1796000000.9999996,
     1796000000.0004995, 1796000000.9995, -0.0004, -1.5]))
def test_a_record_is_stamped_as_datetime_writes_the_moment(seconds):
    """The date and time of day are made once a second, the milliseconds each time: the text is
    datetime's own, rounding to the next second included."""
    from datetime import datetime, timezone
    from events.games import stamp
    assert stamp(seconds) == datetime.fromtimestamp(seconds, timezone.utc).isoformat(
        timespec="milliseconds")
    assert stamp(seconds + 0.25) == datetime.fromtimestamp(seconds + 0.25, timezone.utc).isoformat(
        timespec="milliseconds")   # the same second again, from what was kept of it
