"""Random complete games for every player count and both ladders: the fold equals the live state
after every move, decide never mutates, and every card is accounted for."""
from collections import Counter

import pytest

from engines.core import random_playout
from engines.trinket_trove import engine
from engines.trinket_trove import cards as tc
from engines.trinket_trove.nimbus import NIMBUS
from engines.trinket_trove.scoring import score_hand

from .helpers import all_cards

GAMES = 8  # per player count and ladders, all with check_fold
SEEN = Counter()


def on_move(state, seat, move, events):
    assert sorted(all_cards(state)) == sorted(tc.DECK)  # each of the 112 cards exactly once
    assert len(state["unseen"]) >= state["timer"] >= 0
    if state["phase"] != "over":
        assert engine.active(state) and engine.awaited(state) == engine.active(state)
    for ev in events:
        SEEN[ev["type"]] += 1
        if ev["type"] == "bid":
            SEEN["zero_bid"] += ev["zero"]
        if ev.get("by") == NIMBUS:
            SEEN["by_nimbus"] += 1
            assert state["nimbus"]


@pytest.mark.parametrize("ladders", ["online", "printed"])
@pytest.mark.parametrize("players", range(2, 7))
def test_random_games_complete(players, ladders):
    collectors = players + (players == 2)
    for seed in range(GAMES):
        state, events, moves = random_playout(engine, players, {"ladders": ladders},
                                              seed=f"game{players}{ladders}{seed}",
                                              check_fold=True, on_move=on_move)
        rounds = tc.rounds(collectors)
        assert state["phase"] == "over" and state["round"] == rounds and state["timer"] == 0
        assert sum(ev["type"] == "round_started" for ev in events) == rounds
        assert sum(ev["type"] == "bid" for ev in events) == rounds * collectors
        claimed = Counter(ev["collector"] for ev in events if ev["type"] == "claimed")
        assert set(claimed.values()) == {2 * rounds} and len(claimed) == collectors
        result = engine.result(state)
        assert sorted(r["seat"] for r in result["ranking"]) == list(range(players))
        assert [r["rank"] for r in result["ranking"]] == list(range(1, players + 1))
        assert result["scores"] == [score_hand(h, ladders)["points"] for h in state["hands"]]
        points = [r["points"] for r in result["ranking"]]
        assert points == sorted(points, reverse=True)
        assert bool(state["set_aside"]) == (players == 2)


def test_the_playouts_met_every_step():
    if not SEEN:
        pytest.skip("run with the play-outs")
    for kind in ("zero_bid", "by_nimbus", "nimbus_tie", "turn_order_set", "game_ended"):
        assert SEEN[kind], kind
