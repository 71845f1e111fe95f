"""Random complete games at every table size: the fold equals the live state after every move,
every card and Upgrade is accounted for, and private contents stay private in the events."""
import pytest

from engines.core import random_playout, redact_event
from engines.trok import engine

from .helpers import assert_accounted

GAMES = 2  # per table size, all with check_fold

PRIVATE = {"dealt": "cards", "offered": "cards", "hand_discarded": "cards", "given": "card",
           "earned": "aare"}


def on_move(state, seat, move, events):
    assert_accounted(state)
    assert not any(state["offers"]) or state["phase"] in ("appoint", "trading")
    for ev in events:
        field = PRIVATE.get(ev["type"])
        if field:
            owners = [ev["seat"]] + ([ev["to"]] if ev["type"] == "given" else [])
            assert sorted(ev["vis"][field]) == sorted(owners)
            outsider = next(s for s in range(state["players"]) if s not in owners)
            assert field not in redact_event(ev, outsider) and field not in redact_event(ev, None)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_fold_to_the_live_state_and_account_for_every_card(players):
    for i in range(GAMES):
        state, events, moves = random_playout(engine, players, {}, seed=f"game-{players}-{i}",
                                              check_fold=True, on_move=on_move)
        result = engine.result(state)
        assert state["over"] and engine.active(state) == [] and moves > 10 * players
        assert result["scores"] == state["aare"]
        assert sorted(r["seat"] for r in result["ranking"]) == list(range(players))
        assert result["ranking"][0]["rank"] == 1 and result["winners"]
        if state["end_reason"] == "wealth":
            assert max(state["aare"]) >= 50
        assert events[-1]["type"] == "game_ended"
        assert sum(ev["type"] == "round_started" for ev in events) == state["round"]


def test_many_more_games_end_without_the_fold_check():
    reasons = set()
    for i in range(24):
        players = 2 + i % 4
        state, _, _ = random_playout(engine, players, {}, seed=f"more-{i}", on_move=on_move)
        reasons.add(state["end_reason"])
    assert "wealth" in reasons
