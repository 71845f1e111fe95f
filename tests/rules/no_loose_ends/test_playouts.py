"""Random complete games for every player count and every combination of the four variants: the
fold of the log equals the live state after every move, and every card is accounted for."""
from collections import Counter
from itertools import product

import pytest

from engines.core import random_playout
from engines.no_loose_ends import engine
from engines.no_loose_ends import cards as c

from .helpers import accounted

VARIANTS = ["double_cross", "getaway_cards", "simplified_scoring", "plan_b"]
COMBOS = [dict(zip(VARIANTS, combo)) for combo in product([False, True], repeat=4)]
GAMES = 1  # per player count and combination, all with check_fold: 64 games, a few seconds


def label(options):
    return "+".join(k for k, v in options.items() if v) or "base"


def on_move(state, seat, move, events):
    assert accounted(state), "a card is missing or doubled"
    n = state["players"]
    assert state["scores"] == [c.STARTING_POINTS + sum(h["lines"][s]["points"] for h in state["history"])
                               for s in range(n)]
    if state["phase"] in ("tricks", "cover"):
        # one card per seat per trick: the shortest hand holds exactly the tricks left
        in_trick = {p["seat"] for p in state["trick"]}
        held = [len(state["hands"][s]) + (s in in_trick) for s in range(n)]
        assert min(held) == state["tricks_total"] - state["tricks_played"] > 0
    if state["phase"] == "planning":
        assert all(len(b) <= state["max_bid"] for b in state["bids"])


SEEN: Counter = Counter()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("options", COMBOS, ids=label)
def test_random_games_complete(players, options):
    for game in range(GAMES):
        kinds = Counter()

        def watch(state, seat, move, events):
            on_move(state, seat, move, events)
            kinds.update(ev["type"] for ev in events)
            kinds.update(f"played {ev['card']}" for ev in events if ev["type"] == "played"
                         and ev["card"] == c.GETAWAY)

        state, events, moves = random_playout(engine, players, options, seed=f"po-{players}-{game}",
                                              check_fold=True, on_move=watch)
        result = engine.result(state)
        assert len(state["history"]) == c.ROUNDS and kinds["round_scored"] == c.ROUNDS
        assert sorted(r["seat"] for r in result["ranking"]) == list(range(players))
        assert result["scores"] == state["scores"]
        assert result["ranking"][0]["rank"] == 1
        # what only a variant can cause never happens without it
        assert options["double_cross"] or not kinds["double_crossed"]
        assert options["plan_b"] or not kinds["promoted"]
        assert options["getaway_cards"] or not kinds["played getaway"]
        for h in state["history"]:
            for line in h["lines"]:
                assert not (options["simplified_scoring"] and line["perfect_crime"])
        SEEN.update({f"{kind} with {name}" for name, on in options.items() if on for kind in kinds})


def test_the_play_outs_exercised_the_variants():
    # runs after the parametrized games in this module (pytest keeps file order)
    if not SEEN:
        pytest.skip("run with the play-outs above")
    for needed in ["promoted with plan_b", "played getaway with getaway_cards",
                   "double_crossed with double_cross"]:
        assert SEEN[needed], needed
