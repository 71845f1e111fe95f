"""Random complete games at every table size, with and without teams: the fold equals the live
state after every move, every card is accounted for, private contents stay private in the events
(a face-down card to its player's team)."""
import pytest

from engines.core import random_playout, redact_event
from engines.trickdraw import engine
from engines.trickdraw.scoring import pair_win, points
from engines.trickdraw.teams import board_of, team_of

from .helpers import assert_accounted

PRIVATE = {"dealt": "cards", "drew": "cards", "stole": "card"}


def on_move(state, seat, move, events):
    assert_accounted(state)
    for ev in events:
        field = PRIVATE.get(ev["type"]) or ("card" if ev["type"] == "played" and ev["face"] == "down" else None)
        if field:
            owners = [ev["seat"]] + ([ev["from"]] if ev["type"] == "stole" else [])
            if ev["type"] == "played":
                owners = team_of(state, ev["seat"])
            assert sorted(ev["vis"][field]) == sorted(owners)
            outsiders = [s for s in range(state["players"]) if s not in owners] + [None]
            assert all(field not in redact_event(ev, o) for o in outsiders)
    if state["phase"] == "playing":  # nobody stands at a win the engine missed
        assert all(points(b) < state["target"] and not pair_win(b) for b in state["boards"])


@pytest.mark.parametrize("players,teams", [(p, False) for p in range(2, 11)]
                         + [(p, True) for p in (8, 9, 10)])
def test_random_games_fold_to_the_live_state_and_account_for_every_card(players, teams):
    for i in range(2):
        state, events, moves = random_playout(engine, players, {"teams": teams},
                                              seed=f"game-{players}-{teams}-{i}",
                                              check_fold=True, on_move=on_move)
        result = engine.result(state)
        assert state["phase"] == "over" and engine.active(state) == [] and events[-1]["type"] == "game_ended"
        assert result["scores"] == [points(state["boards"][board_of(state, s)]) for s in range(players)]
        assert sorted(r["seat"] for r in result["ranking"]) == list(range(players))
        if result["reason"] == "points":
            assert result["scores"][result["winner"]] >= 10
        assert (state["teams"] is not None) == teams


def test_many_games_end_every_way_and_the_target_option_holds():
    reasons = set()
    for i in range(60):
        players = 2 + i % 4
        state, _, _ = random_playout(engine, players, {"target": 6 if i % 2 else 10},
                                     seed=f"more-{i}", on_move=on_move)
        result = engine.result(state)
        reasons.add(result["reason"])
        if result["reason"] == "points":
            assert result["scores"][result["winner"]] >= state["target"]
    assert {"points", "pair", "treasure"} <= reasons
