"""Random complete games: the fold equals the live state, and every tile is accounted for."""
from engines.core import derive_rng, random_playout
from engines.tic_tac_trek import engine
from engines.tic_tac_trek.engine import legal_cells, scores

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


def test_the_legal_cells_shown_follow_one_state_changed_in_place():
    # a fold evolves one state object record after record: the view and the legal moves must
    # answer for the state as it is now, never for what it was at an earlier ask
    state = engine.initial(2, {})
    for ev in engine.setup(2, {}, derive_rng("in place", 0)):
        state = engine.evolve(state, ev)
    for n in range(1, 25):
        seat = state["turn"]
        expected = legal_cells(state["board"], state["drawn"])
        assert engine.view(state, seat)["legal_cells"] == expected
        options = engine.legal_moves(state, seat)
        assert [o["move"]["cell"] for o in options] == expected
        for ev in engine.decide(state, seat, options[n % len(options)]["move"],
                                derive_rng("in place", n)):
            state = engine.evolve(state, ev)   # in place: the same object
    assert state["over"] and engine.view(state, None)["legal_cells"] == []
