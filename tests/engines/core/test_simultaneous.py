"""engines.core.simultaneous on a tiny engine of its own, Sealed: every round each seat picks a
number from 1 to 3 in secret, all at once; the last pick shows them all (one reveal) and scores
them; then the lowest scorer nods (one seat alone), and after two rounds the most points win."""
from __future__ import annotations

import pytest
from marshmallow import Schema, fields

from engines.core import ALL, Engine, IllegalMove, Table, derive_rng, event, redact_event
from engines.core.simultaneous import Simultaneous
from events.records import move_record, redact_record
from tests.engines.core.helpers import conform, ranking

ROUNDS = 2


def _put_pick(s, seat, n):
    s["picks"][seat] = n


PICKS = Simultaneous(move="pick", chosen="picked", field="n", closed="numbers_shown",
                     is_open=lambda s: s["phase"] == "pick",
                     get=lambda s, seat: s["picks"][seat], put=_put_pick)


class PickMove(Schema):
    type = fields.String(required=True)
    n = fields.Integer(required=True)


class NodMove(Schema):
    type = fields.String(required=True)


def nodder(s) -> int:
    return min(range(s["players"]), key=lambda x: (s["scores"][x], x))


class Sealed(Engine):
    name = "test-sealed"
    min_players, max_players = 2, 4
    moves_schema = {"pick": PickMove, "nod": NodMove}

    def initial(self, players, options):
        return {"players": players, "round": 0, "phase": "setup", "picks": [None] * players,
                "scores": [0] * players, "shown": None, "over": False}

    def setup(self, players, options, rng):
        return [event("round_started", {"round": 1})]

    def decide(self, state, seat, move, rng):
        if state["over"]:
            raise IllegalMove("game_over", "The game is over.")
        if type(seat) is not int or seat not in self.active(state):
            raise IllegalMove("not_your_turn", "It is not your turn.")
        kind = move.get("type") if isinstance(move, dict) else None
        t = Table(self, state)
        if PICKS.is_open(state):
            n = move.get("n")
            if kind != "pick" or type(n) is not int or not 1 <= n <= 3:
                raise IllegalMove("bad_pick", "Pick a number from 1 to 3.")
            PICKS.choose(t, seat, n, lambda s: {"numbers": PICKS.choices(s)})
            return t.events
        if kind != "nod":
            raise IllegalMove("nod", "Nod.")
        t.emit(event("nodded", {"seat": seat}))
        if t.state["round"] < ROUNDS:
            t.emit(event("round_started", {"round": t.state["round"] + 1}))
        else:
            t.emit(event("game_over", {}))
        return t.events

    def evolve(self, state, ev):
        kind = ev["type"]
        if kind == "round_started":
            state["round"], state["phase"] = ev["round"], "pick"
        elif kind == PICKS.chosen:
            PICKS.fold(state, ev)
        elif kind == PICKS.closed:
            state["scores"] = [a + b for a, b in zip(state["scores"], ev["numbers"])]
            state["shown"], state["phase"] = list(ev["numbers"]), "nod"
            PICKS.clear(state)
        elif kind == "game_over":
            state["over"], state["phase"] = True, "over"
        return state

    def active(self, state):
        if PICKS.is_open(state):
            return PICKS.active(state)
        return [nodder(state)] if state["phase"] == "nod" else []

    def awaited(self, state):
        return PICKS.awaited(state) if PICKS.is_open(state) else self.active(state)

    def legal_moves(self, state, seat):
        if seat not in self.active(state):
            return []
        if PICKS.is_open(state):
            return [{"move": {"type": "pick"}, "choose": {"n": {"one_of": [1, 2, 3]}}}]
        return [{"move": {"type": "nod"}}]

    def public_move(self, state, seat, move):
        return PICKS.public_move(move) if move.get("type") == PICKS.move else move

    def view(self, state, viewer):
        s = state
        return {"round": s["round"], "phase": s["phase"], "scores": list(s["scores"]),
                "shown": s["shown"], "active": self.active(s), "awaited": self.awaited(s),
                "has_chosen": [PICKS.has_chosen(s, x) for x in range(s["players"])],
                "picks": list(s["picks"]) if viewer == ALL else None,
                "mine": s["picks"][viewer] if type(viewer) is int else None}

    def result(self, state):
        return ranking(state["scores"]) if state["over"] else None

    def resample(self, state, viewer, rng):
        """Another seat's secret pick could have been any number."""
        for x, n in enumerate(state["picks"]):
            if x != viewer and n is not None:
                state["picks"][x] = 1 + rng.randbelow(3)
        return state


ENGINE = Sealed()


def started(players=3):
    state = ENGINE.initial(players, {})
    for ev in ENGINE.setup(players, {}, derive_rng("s", 1)):
        state = ENGINE.evolve(state, ev)
    return state


def play(state, seat, move):
    events = ENGINE.decide(state, seat, move, derive_rng("s", 2))
    for ev in events:
        state = ENGINE.evolve(state, ev)
    return state, events


def pick(n):
    return {"type": "pick", "n": n}


def test_every_seat_is_active_and_awaited_while_the_step_is_open():
    s = started()
    assert ENGINE.active(s) == ENGINE.awaited(s) == [0, 1, 2]
    assert [ENGINE.legal_moves(s, x) != [] for x in range(3)] == [True] * 3


def test_a_choice_is_private_to_its_seat_and_its_existence_public():
    s = started()
    before = s
    s, events = play(s, 1, pick(3))
    [ev] = events
    assert ev == {"type": "picked", "seat": 1, "n": 3, "vis": {"n": [1]}}
    assert "n" not in redact_event(ev, 0) and "n" not in redact_event(ev, None)
    assert redact_event(ev, 1)["n"] == 3
    # the platform's record: simultaneous (several seats active), and only the move's type shown
    record = move_record(ENGINE, before, 2, 1, pick(3), events, False, "t")
    assert record["simultaneous"] is True
    assert redact_record(record, 0)["move"] == {"type": "pick"}
    assert redact_record(record, 1)["move"] == pick(3)
    assert ENGINE.view(s, 0)["has_chosen"] == [False, True, False]
    assert ENGINE.view(s, 0)["mine"] is None and ENGINE.view(s, 1)["mine"] == 3


def test_a_seat_that_has_chosen_stays_active_but_is_no_longer_awaited():
    s, _ = play(started(), 0, pick(2))
    assert ENGINE.active(s) == [0, 1, 2]
    assert ENGINE.awaited(s) == [1, 2]
    assert ENGINE.legal_moves(s, 0) != []


def test_a_seat_may_change_its_choice_while_another_is_awaited():
    s, _ = play(started(2), 0, pick(1))
    s, events = play(s, 0, pick(3))
    assert [ev["type"] for ev in events] == ["picked"]  # no seat closed the step
    assert ENGINE.awaited(s) == [1]
    s, events = play(s, 1, pick(2))
    assert events[-1]["numbers"] == [3, 2]  # the changed choice counts, not the first


def test_the_last_choice_closes_the_step_with_one_reveal():
    s, _ = play(started(), 0, pick(1))
    s, _ = play(s, 2, pick(3))
    s, events = play(s, 1, pick(2))
    assert [ev["type"] for ev in events] == ["picked", "numbers_shown"]
    assert events[1] == {"type": "numbers_shown", "numbers": [1, 2, 3], "reveal": True}
    assert [ev.get("reveal", False) for ev in events] == [False, True]
    assert s["picks"] == [None, None, None]           # cleared by the closing event's fold
    assert ENGINE.active(s) == ENGINE.awaited(s) == [0]   # the nod: one seat alone
    assert ENGINE.view(s, 2)["has_chosen"] == [False] * 3
    # the next move is no longer simultaneous
    assert "simultaneous" not in move_record(ENGINE, s, 5, 0, {"type": "nod"}, [], False, "t")


def test_a_changed_choice_by_the_last_seat_still_closes():
    s, _ = play(started(2), 0, pick(1))
    s, events = play(s, 1, pick(1))
    assert events[-1]["type"] == "numbers_shown"
    with pytest.raises(IllegalMove) as e:
        ENGINE.decide(s, 1, pick(2), derive_rng("s", 3))  # the step is closed: too late
    assert e.value.code == "not_your_turn"


def test_choose_refuses_a_seat_outside_the_step_and_a_choice_of_none():
    s = started(2)
    t = Table(ENGINE, s)
    with pytest.raises(IllegalMove):
        PICKS.choose(t, 5, 1, lambda s: {})
    with pytest.raises(ValueError):
        PICKS.choose(t, 0, None, lambda s: {})
    assert t.events == []


class Folder:
    """Just enough of an engine for a Table: the votes of a few seats, in a dict."""

    def evolve(self, state, ev):
        if ev["type"] == VOTES.chosen:
            VOTES.fold(state, ev)
        elif ev["type"] == VOTES.closed:
            state["open"] = False
            VOTES.clear(state)
        return state


def _put_vote(s, seat, v):
    if v is None:
        s["votes"].pop(str(seat), None)
    else:
        s["votes"][str(seat)] = v


# Only seats 0 and 2 take part; the votes stay secret after the step (no reveal).
VOTES = Simultaneous(move="vote", chosen="voted", field="vote", closed="votes_in",
                     is_open=lambda s: s["open"], get=lambda s, seat: s["votes"].get(str(seat)),
                     put=_put_vote, seats=lambda s: [0, 2], reveal=False)


def test_a_step_of_some_seats_whose_closing_event_reveals_nothing():
    state = {"open": True, "votes": {}}
    assert VOTES.active(state) == VOTES.awaited(state) == [0, 2]
    t = Table(Folder(), state)
    assert VOTES.choose(t, 0, "yes", lambda s: {}) is False
    with pytest.raises(IllegalMove):
        VOTES.choose(t, 1, "no", lambda s: {})
    assert VOTES.choose(t, 2, "no", lambda s: {"count": len(s["votes"])}) is True
    assert t.events[-1] == {"type": "votes_in", "count": 2}  # no "reveal"
    assert t.state == {"open": False, "votes": {}}
    assert VOTES.active(t.state) == VOTES.awaited(t.state) == []


def test_public_move_shows_only_the_type():
    assert PICKS.public_move({"type": "pick", "n": 3}) == {"type": "pick"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_conform(players):
    assert conform(ENGINE, players) > 0
