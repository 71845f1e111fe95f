"""canonical_bytes writes what canonical writes: the state hashes in every log recorded before it
(and the move fingerprints) must come out the same."""
import json
import random
import struct

import pytest

from engines.core import canonical, canonical_bytes, get_engine, random_playout, state_hash
from engines.core.contract import ALL

GAMES = ["tic-tac-trek", "trinket-trove", "no-loose-ends", "trok", "trickdraw", "iberian-gauge",
         "barcelona", "tiletum", "tekhenu", "imperial-steam"]


def slow(data) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


@pytest.mark.parametrize("name", GAMES)
def test_every_state_and_view_of_a_played_game_is_written_alike(name):
    engine = get_engine(name)
    seen = []
    random_playout(engine, max(2, engine.min_players), seed=f"canon-{name}",
                   on_decide=lambda state, *rest: seen.append(state))
    assert len(seen) > 10
    for state in seen:
        assert canonical_bytes(state) == slow(state)
        view = engine.view(state, ALL)
        assert canonical_bytes(view) == slow(view)


def test_strings_keys_and_escapes_are_written_alike():
    odd = "\x00\x1f\x7f\u2028\ud7ff\ue000\U0001f600\b\f\n\r\t\"\\/é"
    data = {odd: [odd, None, True, False, 0, -1, 2 ** 63 - 1, -2 ** 63],
            "\U0001f600": 1, "\uffff": 2, "a": {"b": [], "A": {}}, "B": 4, "1e5": "2E7"}
    assert canonical_bytes(data) == slow(data) == canonical(data).encode()


def test_numbers_orjson_writes_otherwise_take_the_slow_way():
    # orjson writes 1e-05 as 0.00001 and takes no integer beyond 64 bits
    for data in ({"x": 1e-05}, [1.5e-7, 0.0001], {"n": 2 ** 64}, [-2 ** 70], {"f": 1e16}):
        assert canonical_bytes(data) == slow(data)


def test_random_floats_are_written_alike():
    rng = random.Random(7)
    values = [struct.unpack("d", struct.pack("Q", rng.getrandbits(64)))[0] for _ in range(20000)]
    values += [rng.uniform(-1000, 1000) for _ in range(5000)]
    values += [float(f"{m}e{k}") for k in range(-320, 308) for m in (1, 1.5, 9.999999)]
    for value in values:
        if value != value or value in (float("inf"), float("-inf")):
            continue   # not JSON: a state holds none
        assert canonical_bytes([value, {"v": -value}]) == slow([value, {"v": -value}]), value


def test_state_hash_is_the_hash_of_canonical_json():
    import hashlib
    state = {"b": [1, 2], "a": {"é": 1e-05}}
    assert state_hash(state) == hashlib.sha256(canonical(state).encode()).hexdigest()
