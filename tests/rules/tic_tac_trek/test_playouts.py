"""Random complete games: the fold equals the live state, and every tile is accounted for."""
from engines.core import random_playout
from engines.tic_tac_trek import engine
from engines.tic_tac_trek.engine import scores

GAMES = 200  # all with check_fold: about 2 s


def on_move(state, seat, move, events):
    # every one of the 26 tiles is in the bag, in hand or on the board, after every move
    assert min(state["bag"].values()) >= 0
    assert sum(state["bag"].values()) + len(state["board"]) + (state["drawn"] is not None) == 26


def check_game(state, moves):
    assert moves == 24
    assert len(state["board"]) == 26 and sum(state["bag"].values()) == 0 and state["drawn"] is None
    for seat, symbol in enumerate(state["symbols"]):
        fires = sum(t["campfire"] and t["symbol"] == symbol for t in state["board"].values())
        assert fires + state["supply"][seat] == 6
    result = engine.result(state)
    assert [r["rank"] for r in result["ranking"]] == [1, 2]
    assert sorted(r["seat"] for r in result["ranking"]) == [0, 1]
    assert result["scores"] == scores(state)
    return result["tiebreak"]


def test_random_games_fold_to_the_live_state_and_account_for_every_tile():
    tiebreaks = set()
    for seed in range(GAMES):
        state, _, moves = random_playout(engine, 2, {}, seed=f"game{seed}", check_fold=True,
                                         on_move=on_move)
        tiebreaks.add(check_game(state, moves))
    assert tiebreaks <= {"points", "campfires", "final_turn"} and "points" in tiebreaks
