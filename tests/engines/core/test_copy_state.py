"""Engine.copy_state: a server folds each new record into a copy of the state it caches, and the
cached state is shared by every request that reads it. Whatever an engine copies, evolving the
copy must leave the original as it was, and come to what evolving a deep copy comes to."""
import copy

import pytest

from engines.core import canonical, derive_rng, get_engine, random_playout
from tests.rules.tic_tac_trek.helpers import SIX_OUT, place, position

GAMES = ["tic-tac-trek", "trinket-trove", "no-loose-ends", "trok", "trickdraw", "iberian-gauge",
         "barcelona", "tiletum", "tekhenu", "imperial-steam"]


def evolved(engine, state, events):
    for ev in events:
        state = engine.evolve(state, ev)
    return state


def check(engine, state, events):
    before = canonical(state)
    mine = evolved(engine, engine.copy_state(state), events)
    assert canonical(state) == before, f"{engine.name}: evolving a copy changed the original"
    assert canonical(mine) == canonical(evolved(engine, copy.deepcopy(state), events))


@pytest.mark.parametrize("name", GAMES)
def test_evolving_a_copy_leaves_the_original_as_it_was(name):
    engine = get_engine(name)
    moves = []
    for seed in range(3):
        random_playout(engine, max(2, engine.min_players), seed=f"copy-{name}-{seed}",
                       on_decide=lambda state, seat, move, events, rng: moves.append(
                           (copy.deepcopy(state), events)))
    assert len(moves) > 20
    for state, events in moves:
        check(engine, state, events)


def test_a_campfire_moved_in_tic_tac_trek_leaves_the_original_tile_alight():
    # the one event that changes a tile already placed: random play-outs seldom reach it
    engine = get_engine("tic-tac-trek")
    state = position(SIX_OUT)
    events = engine.decide(state, 0, place(2, 4, campfire_from=[5, 2]), derive_rng("copy", 1))
    assert any(ev.get("campfire") == "moved" for ev in events)
    check(engine, state, events)
    assert state["board"]["5,2"]["campfire"]
