"""The end: the moment the last tile is placed, after 24 turns. Tie-breakers: points, campfires
placed, then the player who took the final turn loses."""
import pytest

from engines.core import IllegalMove, random_playout
from engines.tic_tac_trek import engine
from engines.tic_tac_trek.tiles import TERRAINS

from .helpers import EXAMPLE, place, play, position


def test_the_game_ends_at_the_last_tile_after_12_turns_each():
    turns = []
    state, events, moves = random_playout(
        engine, 2, {}, seed="end",
        on_move=lambda st, seat, move, new: turns.append((seat, engine.result(st) is not None)))
    assert moves == 24
    assert [seat for seat, _ in turns].count(0) == 12 and [seat for seat, _ in turns].count(1) == 12
    assert [over for _, over in turns] == [False] * 23 + [True]  # no result before the last tile
    assert len(state["board"]) == 26 and sum(state["bag"].values()) == 0
    assert events[-1]["type"] == "game_ended"
    assert state["last"] == 1 - state["first"]  # the second player takes the final turn
    assert engine.active(state) == [] and engine.legal_moves(state, 0) == engine.legal_moves(state, 1) == []
    with pytest.raises(IllegalMove) as err:
        engine.decide(state, state["last"], place(0, -1), None)
    assert err.value.code == "game_over"


def finished(picture, last):
    state = position(picture, drawn=None)
    state["over"], state["last"] = True, last
    return engine.result(state)


def seats(result):
    return [r["seat"] for r in result["ranking"]]


def test_most_points_wins():
    result = finished(EXAMPLE, last=0)
    assert result["tiebreak"] == "points" and result["scores"] == [10, 2]
    assert result["ranking"] == [{"seat": 0, "rank": 1, "points": 10, "campfires": 2},
                                 {"seat": 1, "rank": 2, "points": 2, "campfires": 1}]


def test_equal_points_then_most_campfires_placed():
    result = finished("""
    X  O  X
    O [X] O
    X  O  X
    """, last=0)  # both 0 points; ✖ placed one campfire, even though ✖ took the final turn
    assert result["tiebreak"] == "campfires" and seats(result) == [0, 1]


@pytest.mark.parametrize("last, winner", [(0, 1), (1, 0)])
def test_then_the_player_who_took_the_final_turn_loses(last, winner):
    result = finished("X O X \n O X O", last=last)
    assert result["tiebreak"] == "final_turn" and seats(result) == [winner, 1 - winner]
    assert [r["rank"] for r in result["ranking"]] == [1, 2]


def test_placing_the_last_tile_ends_the_game():
    state = position("X O", drawn="Lake", turn=1)
    state["bag"] = dict.fromkeys(TERRAINS, 0)
    assert engine.result(state) is None
    new, events = play(state, 1, place(2, 0))
    assert [ev["type"] for ev in events] == ["placed", "game_ended"]
    assert new["over"] and engine.active(new) == []
    result = engine.result(new)
    assert result["tiebreak"] == "final_turn" and seats(result) == [0, 1]
    assert engine.view(new, None)["result"] == result
