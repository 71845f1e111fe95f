"""2. Place the tile: an empty space orthogonally adjacent to a placed tile, legal if it matches
terrain, touches a Lake, holds a Lake, or is the first of its terrain; else anywhere on the edge."""
import pytest

from engines.core import IllegalMove
from engines.tic_tac_trek import tableau as tb

from .helpers import legal, place, play, position, tile


def cells(*pairs):
    return sorted([list(p) for p in pairs])


def rejected(state, x, y):
    with pytest.raises(IllegalMove) as err:
        play(state, state["turn"], place(x, y))
    return err.value.code


def test_the_tile_lands_with_its_terrain_and_the_movers_symbol():
    state = position("XM OD", drawn="Mountain", turn=1)
    new, _ = play(state, 1, place(0, 1))
    assert tile(new, 0, 1) == {"terrain": "Mountain", "symbol": "O", "campfire": False}


def test_an_occupied_space_is_refused():
    state = position("XM OD", drawn="Lake")
    assert rejected(state, 1, 0) == "cell_occupied"


def test_a_space_touching_only_at_a_corner_is_not_on_the_edge():
    state = position("XM OD", drawn="Lake")
    assert rejected(state, 2, 1) == "not_adjacent"
    assert rejected(state, 5, 5) == "not_adjacent"
    assert [2, 1] not in legal(state)


def test_a_corner_does_not_match_terrain():
    # (1,1) touches the Desert at its side and the Mountain only at its corner
    state = position("""
    XM OD
    """, drawn="Mountain")
    assert sorted(legal(state)) == cells((-1, 0), (0, -1), (0, 1))
    assert rejected(state, 1, 1) == "no_terrain_match"


def test_terrain_match():
    state = position("XF OD XG", drawn="Forest")
    assert sorted(legal(state)) == cells((-1, 0), (0, -1), (0, 1))
    play(state, 0, place(0, 1))
    assert rejected(state, 1, 1) == "no_terrain_match"
    assert rejected(state, 3, 0) == "no_terrain_match"


def test_a_lake_on_the_board_matches_everything():
    state = position("XM OL XD", drawn="Mountain")
    assert sorted(legal(state)) == cells((-1, 0), (0, -1), (0, 1), (1, -1), (1, 1))
    play(state, 0, place(1, 1))  # touches only the Lake
    assert rejected(state, 3, 0) == "no_terrain_match"


def test_a_lake_in_hand_goes_anywhere_along_the_edge():
    # a Lake on the board too, so "Lake in hand" is not mistaken for "first of its terrain"
    state = position("XM OD OL", drawn="Lake")
    assert sorted(legal(state)) == sorted(tb.edge(state["board"]))
    play(state, 0, place(-1, 0))  # touches only the Mountain


def test_the_first_tile_of_a_terrain_goes_anywhere_along_the_edge():
    # the Lake offers matching spaces, so this is not the fallback
    state = position("XM OL", drawn="Grassland")
    assert sorted(legal(state)) == sorted(tb.edge(state["board"]))
    play(state, 0, place(-1, 0))  # touches only the Mountain


def test_fallback_when_every_matching_tile_is_boxed_in():
    state = position("""
    XD XG XF
    XG XM XF
    XD XG XF
    """, drawn="Mountain")
    assert len(legal(state)) == 12
    assert sorted(legal(state)) == sorted(tb.edge(state["board"]))
    play(state, 0, place(-1, 0))


def test_no_fallback_while_one_matching_space_is_free():
    state = position("""
    XD XG XF
    XG XM .
    XD XG XF
    """, drawn="Mountain")
    assert legal(state) == [[2, 1]]
    assert rejected(state, -1, 0) == "no_terrain_match"
