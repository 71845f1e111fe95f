"""Scoring: 1 point per empty space among the 8 around each campfire, live and at the end."""
from engines.tic_tac_trek import engine
from engines.tic_tac_trek.engine import campfire_value, scores

from .helpers import EXAMPLE, position


def test_rules_page_example_scores_x_10_o_2():
    state = position(EXAMPLE)
    assert campfire_value(state["board"], [1, 1]) == 5
    assert campfire_value(state["board"], [3, 1]) == 5
    assert campfire_value(state["board"], [2, 3]) == 2
    assert scores(state) == [10, 2]
    assert engine.view(state, None)["scores"] == [10, 2]  # live scores


def test_scores_follow_the_symbol_not_the_seat():
    assert scores(position(EXAMPLE, symbols=("O", "X"))) == [2, 10]


def test_a_gap_beside_two_campfires_counts_for_each():
    state = position("""
    X   X  .   X  X
    X  [X] X  [X] X
    X   X  X   X  X
    """)
    assert scores(state) == [2, 0]  # the one gap at (2,0) scores for both campfires


def test_diagonal_spaces_count_and_supply_scores_nothing():
    state = position("""
    .  X  .
    X [O] X
    .  X  .
    """)
    assert scores(state) == [0, 4]  # only the four corners are empty
    assert state["supply"] == [6, 5]  # ✖'s six campfires in supply add nothing


def test_each_campfire_shows_its_value_once_the_game_is_over():
    state = position(EXAMPLE, drawn=None)
    assert all("value" not in t for t in engine.view(state, None)["tiles"])
    state["over"], state["last"] = True, 1
    values = {tuple(t["cell"]): t.get("value") for t in engine.view(state, None)["tiles"]}
    assert values[(1, 1)] == 5 and values[(3, 1)] == 5 and values[(2, 3)] == 2
    assert values[(0, 2)] is None  # a tile without a campfire shows no value
