"""3. Make 3-in-a-row: a campfire on the tile just played, and moving one once all six are out."""
import pytest

from engines.core import IllegalMove
from engines.tic_tac_trek import engine

from .helpers import SIX_OUT, give, place, play, position, tile


def placed(events):
    return next(ev for ev in events if ev["type"] == "placed")


@pytest.mark.parametrize("picture, cell, row", [
    ("X X .", (2, 0), [[0, 0], [1, 0], [2, 0]]),            # horizontal, at the end
    ("X . X", (1, 0), [[0, 0], [1, 0], [2, 0]]),            # in the middle
    ("X \n X \n .", (0, 2), [[0, 0], [0, 1], [0, 2]]),      # vertical
    ("X O . \n O X O \n . . .", (2, 2), [[0, 0], [1, 1], [2, 2]]),  # diagonal
    (". O X \n O X O \n . . .", (0, 2), [[0, 2], [1, 1], [2, 0]]),  # the other diagonal
])
def test_three_in_a_row_lights_a_campfire_on_the_tile_just_played(picture, cell, row):
    new, events = play(position(picture), 0, place(*cell))
    assert placed(events)["rows"] == [row]
    assert placed(events)["campfire"] == "lit"
    assert tile(new, *cell)["campfire"]
    assert new["supply"] == [5, 6]


@pytest.mark.parametrize("picture, seat, cell", [
    ("X .", 0, (1, 0)),           # two are not a row
    ("X O .", 0, (2, 0)),         # the opponent's symbol breaks it
    ("O O .", 0, (2, 0)),         # the opponent's tiles are not yours
    ("X X .", 1, (2, 0)),         # ⭕ completing ✖ ✖ earns nothing
    ("X . \n . X \n X .", 0, (1, 2)),  # no gap-jumping: (0,0) (1,1) (1,2) is not a line
])
def test_only_three_of_the_movers_own_symbol_count(picture, seat, cell):
    new, events = play(position(picture, turn=seat), seat, place(*cell))
    assert placed(events)["rows"] == [] and placed(events)["campfire"] is None
    assert new["supply"] == [6, 6]


@pytest.mark.parametrize("picture", ["[X] X .", "X [X] .", "X [X] X ."])
def test_a_tile_carrying_a_campfire_is_spent(picture):
    state = position(picture)
    x = len(picture.split()) - 1
    new, events = play(state, 0, place(x, 0))
    assert placed(events)["campfire"] is None
    assert not tile(new, x, 0)["campfire"]


def test_lines_may_overlap_when_the_new_line_has_no_campfire():
    new, events = play(position("[X] X X ."), 0, place(3, 0))
    assert placed(events)["rows"] == [[[1, 0], [2, 0], [3, 0]]]
    assert tile(new, 3, 0)["campfire"] and new["supply"] == [4, 6]


def test_two_lines_at_once_earn_one_campfire():
    new, events = play(position("""
    X X .
    . . X
    . . X
    """), 0, place(2, 0))
    assert len(placed(events)["rows"]) == 2
    assert new["supply"] == [5, 6]


def test_a_longer_run_earns_one_campfire():
    new, events = play(position("X X . X X"), 0, place(2, 0))
    assert len(placed(events)["rows"]) == 3
    assert new["supply"] == [5, 6]


# --- all six campfires out ---------------------------------------------------------------------

FIRES = [[x, 2] for x in range(6)]


def test_with_six_out_the_completing_space_offers_which_campfire_to_move():
    options = engine.legal_moves(position(SIX_OUT), 0)
    choice = [o for o in options if "choose" in o]
    assert choice == [{"move": {"type": "place", "cell": cell},  # either end of ✖ ✖
                       "choose": {"campfire_from": {"one_of": [None] + FIRES}}}
                      for cell in ([-1, 4], [2, 4])]
    assert len(options) > 2  # the other spaces complete nothing: plain moves


def test_moving_a_campfire_onto_the_tile_just_played():
    new, events = play(position(SIX_OUT), 0, place(2, 4, campfire_from=[5, 2]))
    assert placed(events)["campfire"] == "moved"
    assert placed(events)["campfire_from"] == [5, 2]
    assert tile(new, 2, 4)["campfire"] and not tile(new, 5, 2)["campfire"]
    assert new["supply"] == [0, 5]


@pytest.mark.parametrize("move", [place(2, 4), place(2, 4, campfire_from=None)])
def test_leaving_the_campfires_where_they_are(move):
    state = position(SIX_OUT)
    new, events = play(state, 0, move)
    assert placed(events)["campfire"] == "left"
    assert not tile(new, 2, 4)["campfire"]
    assert [c for c in FIRES if tile(new, *c)["campfire"]] == FIRES


def test_a_vacated_tile_is_usable_in_later_rows_again():
    state = position(SIX_OUT)
    # before: (5,1) would complete (5,0) (5,1) (5,2), but (5,2) carries a campfire
    _, events = play(state, 0, place(5, 1))
    assert placed(events)["rows"] == []
    moved, _ = play(state, 0, place(2, 4, campfire_from=[5, 2]))
    give(moved, 0, "Lake")  # ✖'s next turn
    new, events = play(moved, 0, place(5, 1, campfire_from=[0, 2]))
    assert placed(events)["rows"] == [[[5, 0], [5, 1], [5, 2]]]
    assert tile(new, 5, 1)["campfire"] and not tile(new, 0, 2)["campfire"]


def code(state, move):
    with pytest.raises(IllegalMove) as err:
        engine.decide(state, state["turn"], move, None)
    return err.value.code


def test_no_moving_while_campfires_remain_in_the_supply():
    state = position("[X] [X] [X] [X] [X] O X X .")  # five out: the last one is lit instead
    assert code(state, place(8, 0, campfire_from=[0, 0])) == "campfire_choice_not_allowed"
    assert all("choose" not in o for o in engine.legal_moves(state, 0))
    new, events = play(state, 0, place(8, 0))
    assert placed(events)["campfire"] == "lit" and new["supply"] == [0, 6]


def test_no_moving_without_completing_a_row():
    assert code(position(SIX_OUT), place(5, 1, campfire_from=[0, 2])) == "campfire_choice_not_allowed"


def test_the_opponents_campfire_cannot_be_moved():
    assert code(position(SIX_OUT), place(2, 4, campfire_from=[5, 3])) == "not_your_campfire"


@pytest.mark.parametrize("source", [[0, 4], [9, 9], [2, 4]])
def test_the_campfire_must_be_on_the_named_space(source):
    assert code(position(SIX_OUT), place(2, 4, campfire_from=source)) == "no_campfire_there"
