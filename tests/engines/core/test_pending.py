"""engines.core.pending on a tiny engine of its own, Favours: on its turn a seat asks some other
seats for a favour; each asked seat owes an answer, on the asker's turn. A "yes" scores the asker
a point and makes the asker owe a "thanks", which scores the answerer a point. When nothing is
owed, the turn passes; after four turns the most points win.

The engine runs with two queues: first in, first out (Tekhenu's kind), and nested, where what a
move asks for goes ahead of what was already waiting (Barcelona's kind), each with its own event
names."""
from __future__ import annotations

import pytest
from marshmallow import Schema, fields

from engines.core import Engine, IllegalMove, Table, derive_rng, event
from engines.core.pending import Pending
from tests.engines.core.helpers import conform, ranking

TURNS = 4

FIFO = Pending(key="owed", pushed="owed_pushed", item="owed", done="owed_done",
               done_fields=("seat", "kind"))
NESTED = Pending(key="owed", pushed="push", item="item", at="at", done="pop")


class AskMove(Schema):
    type = fields.String(required=True)
    of = fields.List(fields.Integer(), required=True)


class AnswerMove(Schema):
    type = fields.String(required=True)
    yes = fields.Boolean(required=True)


class ThankMove(Schema):
    type = fields.String(required=True)


class Favours(Engine):
    min_players, max_players = 2, 4
    moves_schema = {"ask": AskMove, "answer": AnswerMove, "thank": ThankMove}

    def __init__(self, owed: Pending, name: str):
        self.owed, self.name = owed, name

    def initial(self, players, options):
        return {"players": players, "turn": 0, "number": 0, "owed": [],
                "scores": [0] * players, "over": False}

    def setup(self, players, options, rng):
        return [event("turn_started", {"seat": 0, "number": 1})]

    def decide(self, state, seat, move, rng):
        if state["over"]:
            raise IllegalMove("game_over", "The game is over.")
        if type(seat) is not int or seat not in self.active(state):
            raise IllegalMove("not_your_turn", "It is not your turn.")
        kind = move.get("type") if isinstance(move, dict) else None
        t = Table(self, state)
        item = self.owed.top(state)
        if item is None:
            asked = move.get("of")
            if kind != "ask" or not isinstance(asked, list) \
                    or not all(type(x) is int and 0 <= x < state["players"] and x != seat
                               for x in asked) or len(set(asked)) != len(asked):
                raise IllegalMove("bad_ask", "Ask some other seats, each once.")
            for x in asked:
                self.owed.push(t, {"seat": x, "kind": "answer", "asker": seat})
        elif item["kind"] == "answer":
            if kind != "answer" or type(move.get("yes")) is not bool:
                raise IllegalMove("answer", "Answer yes or no.")
            self.owed.done(t)
            if move["yes"]:
                t.emit(event("scored", {"seat": item["asker"]}))
                self.owed.push(t, {"seat": item["asker"], "kind": "thanks", "to": seat})
        else:
            if kind != "thank":
                raise IllegalMove("thank", "Say thanks.")
            t.emit(event("scored", {"seat": item["to"]}))
            self.owed.done(t)
        if self.owed.top(t.state) is None:
            if t.state["number"] < TURNS:
                t.emit(event("turn_started", {"seat": (t.state["turn"] + 1) % t.state["players"],
                                              "number": t.state["number"] + 1}))
            else:
                t.emit(event("game_over", {}))
        return t.events

    def evolve(self, state, ev):
        kind = ev["type"]
        if kind in self.owed.events:
            self.owed.fold(state, ev)
        elif kind == "turn_started":
            state["turn"], state["number"] = ev["seat"], ev["number"]
        elif kind == "scored":
            state["scores"][ev["seat"]] += 1
        elif kind == "game_over":
            state["over"] = True
        return state

    def active(self, state):
        if state["over"]:
            return []
        return self.owed.active(state) or [state["turn"]]

    def legal_moves(self, state, seat):
        if seat not in self.active(state):
            return []
        item = self.owed.top(state)
        if item is None:
            others = [x for x in range(state["players"]) if x != seat]
            return [{"move": {"type": "ask", "of": of}}
                    for of in ([], others[:1], others[::-1])]
        if item["kind"] == "answer":
            return [{"move": {"type": "answer"}, "choose": {"yes": {"one_of": [True, False]}}}]
        return [{"move": {"type": "thank"}}]

    def public_move(self, state, seat, move):
        return move

    def view(self, state, viewer):
        return {"turn": state["turn"], "owed": list(state["owed"]), "scores": state["scores"],
                "active": self.active(state)}

    def result(self, state):
        return ranking(state["scores"]) if state["over"] else None


ENGINES = {"fifo": Favours(FIFO, "test-favours-fifo"),
           "nested": Favours(NESTED, "test-favours-nested")}


def started(engine, players=3):
    state = engine.initial(players, {})
    for ev in engine.setup(players, {}, derive_rng("p", 1)):
        state = engine.evolve(state, ev)
    return state


def play(engine, state, seat, move):
    events = engine.decide(state, seat, move, derive_rng("p", 2))
    for ev in events:
        state = engine.evolve(state, ev)
    return state, events


ASK_BOTH = {"type": "ask", "of": [1, 2]}
YES = {"type": "answer", "yes": True}
NO = {"type": "answer", "yes": False}
THANKS = {"type": "thank"}


@pytest.mark.parametrize("kind", ENGINES)
def test_a_choice_owed_by_a_seat_that_is_not_the_mover_makes_it_active(kind):
    engine = ENGINES[kind]
    s, _ = play(engine, started(engine), 0, ASK_BOTH)
    assert engine.owed.owner(s) == 1 and engine.active(s) == [1]
    assert engine.legal_moves(s, 0) == []
    with pytest.raises(IllegalMove) as e:
        engine.decide(s, 0, ASK_BOTH, derive_rng("p", 3))
    assert e.value.code == "not_your_turn"
    s, _ = play(engine, s, 1, NO)
    assert engine.active(s) == [2]            # the next item's seat
    s, _ = play(engine, s, 2, NO)
    assert engine.owed.top(s) is None and engine.active(s) == [1]   # nothing owed: next turn


def test_first_in_first_out_with_the_engines_event_names():
    engine = ENGINES["fifo"]
    s, events = play(engine, started(engine), 0, ASK_BOTH)
    assert events == [
        {"type": "owed_pushed", "owed": {"seat": 1, "kind": "answer", "asker": 0}},
        {"type": "owed_pushed", "owed": {"seat": 2, "kind": "answer", "asker": 0}}]
    s, events = play(engine, s, 1, YES)
    assert events[0] == {"type": "owed_done", "seat": 1, "kind": "answer"}  # the item's fields
    # the thanks joins the end of the queue: seat 2 answers first
    assert [(i["seat"], i["kind"]) for i in s["owed"]] == [(2, "answer"), (0, "thanks")]
    s, _ = play(engine, s, 2, NO)
    assert engine.active(s) == [0]
    s, _ = play(engine, s, 0, THANKS)
    assert s["scores"] == [1, 1, 0] and engine.active(s) == [1]


def test_nested_items_go_ahead_of_older_ones_in_the_order_pushed():
    engine = ENGINES["nested"]
    s, events = play(engine, started(engine), 0, ASK_BOTH)
    assert [ev["at"] for ev in events] == [0, 1]  # one move's pushes, in the order made
    assert [i["seat"] for i in s["owed"]] == [1, 2]
    s, events = play(engine, s, 1, YES)
    assert events[0] == {"type": "pop"}
    assert events[-1] == {"type": "push", "at": 0,
                          "item": {"seat": 0, "kind": "thanks", "to": 1}}
    # the thanks this move asked for comes before seat 2's older answer
    assert [(i["seat"], i["kind"]) for i in s["owed"]] == [(0, "thanks"), (2, "answer")]
    assert engine.active(s) == [0]
    s, _ = play(engine, s, 0, THANKS)
    assert engine.active(s) == [2]


def test_pushes_are_counted_per_table_and_restart_puts_the_next_first():
    engine = ENGINES["nested"]
    t = Table(engine, started(engine))
    assert NESTED.pushes(t) == 0
    NESTED.push(t, {"seat": 1, "kind": "answer", "asker": 0})
    NESTED.push(t, {"seat": 2, "kind": "answer", "asker": 0})
    NESTED.restart(t)
    NESTED.push(t, {"seat": 0, "kind": "thanks", "to": 2})
    assert [ev["at"] for ev in t.events] == [0, 1, 0]
    assert [i["seat"] for i in t.state["owed"]] == [0, 1, 2]
    assert NESTED.pushes(Table(engine, t.state)) == 0   # a new decide starts again at 0


def test_the_fold_keeps_its_own_copy_of_the_item():
    engine = ENGINES["fifo"]
    s, events = play(engine, started(engine), 0, ASK_BOTH)
    s["owed"][0]["asker"] = 9
    assert events[0]["owed"]["asker"] == 0        # the event is not changed through the state


def test_misuse_is_refused():
    engine = ENGINES["fifo"]
    t = Table(engine, started(engine))
    with pytest.raises(ValueError):
        FIFO.push(t, {"kind": "answer"})          # an item names the seat that owes it
    with pytest.raises(ValueError):
        FIFO.done(t)                              # nothing is owed
    with pytest.raises(ValueError):
        FIFO.fold(t.state, {"type": "scored", "seat": 0})
    assert t.events == [] and FIFO.active(t.state) == [] and FIFO.owner(t.state) is None


@pytest.mark.parametrize("kind", ENGINES)
@pytest.mark.parametrize("players", [2, 4])
def test_random_games_conform(kind, players):
    assert conform(ENGINES[kind], players) > 0
