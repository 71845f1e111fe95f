"""Setup: random symbols and first player, the opening pair, the first draw; all of it public."""
from engines.core import derive_rng, fold_events, get_engine
from engines.tic_tac_trek import engine
from engines.tic_tac_trek.engine import draw
from engines.tic_tac_trek.tiles import TERRAINS


def set_up(seed: str):
    events = engine.setup(2, {}, derive_rng(seed, 1))
    return events, fold_events(engine, 2, {}, events)


def test_the_registry_serves_this_engine():
    assert get_engine("tic-tac-trek") is engine
    assert engine.describe() == {"name": "tic-tac-trek", "title": "Tic Tac Trek", "version": 1,
                                 "min_players": 2, "max_players": 2}
    assert engine.load_options({}) == {}


def test_the_opening_pair_and_the_first_draw():
    events, state = set_up("opening")
    assert [ev["type"] for ev in events] == ["seats_assigned", "opening_placed", "drawn"]
    assert all(ev.get("reveal") and "vis" not in ev for ev in events)  # random, and public
    assert {k: t["symbol"] for k, t in state["board"].items()} == {"0,0": "X", "1,0": "O"}
    assert sum(state["bag"].values()) == 26 - 2 - 1
    assert state["turn"] == state["first"] and state["drawn"] in TERRAINS
    assert state["supply"] == [6, 6] and state["last"] is None and not state["over"]
    assert engine.active(state) == [state["first"]]


def test_symbols_and_first_player_are_random_and_independent():
    seen = set()
    for i in range(60):
        _, state = set_up(f"s{i}")
        assert sorted(state["symbols"]) == ["O", "X"]
        seen.add((state["symbols"].index("X"), state["first"]))
    assert seen == {(0, 0), (0, 1), (1, 0), (1, 1)}


def test_draws_pick_from_what_is_left():
    only_lake = dict.fromkeys(TERRAINS, 0) | {"Lake": 1}
    assert draw(only_lake, derive_rng("d", 0)) == "Lake"
    drawn = {draw(dict(TERRAINS), derive_rng("d", n)) for n in range(200)}
    assert drawn == set(TERRAINS)


def test_the_state_keeps_no_bag_order():
    _, state = set_up("order")
    # only the public counts per terrain: no drawing order is fixed ahead of the draws
    assert list(state["bag"]) == list(TERRAINS)
    assert all(isinstance(n, int) for n in state["bag"].values())
    assert not any(isinstance(v, list) and len(v) > 2 for v in state.values())
