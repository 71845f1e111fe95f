"""engines.core.piles: draws from unordered piles, on a tiny engine of its own, Pick-up: a pile
of named cards (copies repeat a name) and no order; each seat in turn draws one or two cards into
its secret hand, and once the pile is empty the game ends, the most cards winning."""
from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from marshmallow import Schema, fields

from engines.core import ALL, Engine, IllegalMove, Table, derive_rng, event
from engines.core.piles import draw_from_counts, draw_from_names
from tests.engines.core.helpers import conform, ranking

PILE = ["apple"] * 3 + ["bell"] * 2 + ["crown"] + ["drum"] * 2
ORDER = {"drum": 0, "crown": 1, "bell": 2, "apple": 3}   # Pick-up's own card order


class DrawMove(Schema):
    type = fields.String(required=True)
    n = fields.Integer(required=True)


class PickUp(Engine):
    name = "test-pick-up"
    min_players, max_players = 2, 3
    moves_schema = {"draw": DrawMove}

    def initial(self, players, options):
        return {"players": players, "pile": sorted(PILE), "hands": [[] for _ in range(players)],
                "turn": 0, "over": False}

    def setup(self, players, options, rng):
        return [event("turn", {"seat": 0})]

    def decide(self, state, seat, move, rng):
        if state["over"]:
            raise IllegalMove("game_over", "The game is over.")
        if type(seat) is not int or seat not in self.active(state):
            raise IllegalMove("not_your_turn", "It is not your turn.")
        n = move.get("n") if isinstance(move, dict) else None
        if move.get("type") != "draw" or n not in (1, 2) or type(n) is not int:
            raise IllegalMove("bad_draw", "Draw one or two cards.")
        t = Table(self, state)
        cards = draw_from_names(state["pile"], n, rng, key=ORDER.__getitem__)
        t.emit(event("drew", {"seat": seat, "count": len(cards)},
                     private={"cards": ([seat], cards)}, reveal=True))
        if t.state["pile"]:
            t.emit(event("turn", {"seat": (seat + 1) % state["players"]}))
        else:
            t.emit(event("game_over", {}))
        return t.events

    def evolve(self, state, ev):
        if ev["type"] == "drew":
            for c in ev["cards"]:
                state["pile"].remove(c)
            state["hands"][ev["seat"]] += ev["cards"]
        elif ev["type"] == "turn":
            state["turn"] = ev["seat"]
        elif ev["type"] == "game_over":
            state["over"] = True
        return state

    def active(self, state):
        return [] if state["over"] else [state["turn"]]

    def legal_moves(self, state, seat):
        if seat not in self.active(state):
            return []
        return [{"move": {"type": "draw"}, "choose": {"n": {"one_of": [1, 2]}}}]

    def public_move(self, state, seat, move):
        return move

    def view(self, state, viewer):
        return {"pile_size": len(state["pile"]), "turn": state["turn"],
                "hand_sizes": [len(h) for h in state["hands"]],
                "hand": state["hands"][viewer] if type(viewer) is int else None,
                "pile": state["pile"] if viewer == ALL else None}

    def hidden_zones(self, state, viewer):
        if viewer == ALL:
            return []
        return [["pile"]] + [["hands", s] for s in range(state["players"]) if s != viewer]

    def result(self, state):
        return ranking([len(h) for h in state["hands"]]) if state["over"] else None


ENGINE = PickUp()


def test_a_draw_comes_sorted_by_the_engines_order_and_leaves_the_pile_alone():
    pile = list(PILE)
    drawn = draw_from_names(pile, 4, derive_rng("d", 1), key=ORDER.__getitem__)
    assert len(drawn) == 4 and pile == PILE
    assert drawn == sorted(drawn, key=ORDER.__getitem__)
    assert not Counter(drawn) - Counter(PILE)            # a sub-multiset of the pile
    assert draw_from_names(pile, 4, derive_rng("d", 1), key=ORDER.__getitem__) == drawn
    assert draw_from_names(pile, 8, derive_rng("d", 2)) == sorted(PILE)   # the whole pile


def test_a_draw_is_uniform():
    # one card from [a, a, b]: a two times in three
    counts = Counter(draw_from_names(["a", "a", "b"], 1, derive_rng("u", i))[0]
                     for i in range(3000))
    assert 1870 < counts["a"] < 2130
    # two of four distinct cards: each of the six pairs one time in six
    pairs = Counter(tuple(draw_from_names(["w", "x", "y", "z"], 2, derive_rng("v", i)))
                    for i in range(3000))
    assert set(pairs) == set(combinations("wxyz", 2))
    assert all(400 < n < 600 for n in pairs.values())


def test_a_short_pile_gives_what_it_holds_and_an_empty_one_nothing():
    assert draw_from_names(["x"], 3, derive_rng("e", 1)) == ["x"]
    rng = derive_rng("e", 2)
    assert draw_from_names([], 2, rng) == []
    assert draw_from_names(["x", "y"], 0, rng) == []
    assert rng.drawn is False        # drawing nothing is no draw: no reveal for the platform
    with pytest.raises(ValueError):
        draw_from_names(["x"], -1, rng)


def test_counts_piles_draw_by_their_walk_order():
    pile = {"a": 0, "b": 2, "c": 1}
    seen = Counter(draw_from_counts(pile, ["a", "b", "c"], derive_rng("c", i)) for i in range(600))
    assert set(seen) == {"b", "c"} and 330 < seen["b"] < 470
    assert pile == {"a": 0, "b": 2, "c": 1}


def test_the_engine_draws_up_to_the_last_card_and_ends():
    state = ENGINE.initial(2, {})
    for ev in ENGINE.setup(2, {}, derive_rng("g", 1)):
        state = ENGINE.evolve(state, ev)
    state["pile"] = ["bell"]                 # one card left: a draw of two gets one
    events = ENGINE.decide(state, 0, {"type": "draw", "n": 2}, derive_rng("g", 2))
    assert events[0] == {"type": "drew", "seat": 0, "count": 1, "cards": ["bell"],
                         "vis": {"cards": [0]}, "reveal": True}
    assert events[-1]["type"] == "game_over"


@pytest.mark.parametrize("players", [2, 3])
def test_random_games_conform(players):
    assert conform(ENGINE, players) > 0
