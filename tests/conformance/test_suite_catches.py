"""The suite's checks fail on a broken engine: a test that cannot fail proves nothing."""
from __future__ import annotations

import pytest

from engines.core import derive_rng, random_playout
from tests.conformance.suite import check_position, check_secrecy
from tests.support.tiny import Tiny


def position_with_hands():
    engine = Tiny()
    state = engine.initial(2, {"rounds": 2})
    for ev in engine.setup(2, {"rounds": 2}, derive_rng("x", 1)):
        state = engine.evolve(state, ev)
    for move in ({"type": "draw"}, {"type": "end"}, {"type": "draw"}):
        seat = engine.active(state)[0]
        for ev in engine.decide(state, seat, move, derive_rng("x", 2)):
            state = engine.evolve(state, ev)
    return state


def test_the_honest_tiny_engine_passes():
    state = position_with_hands()
    check_secrecy(Tiny(), 2, state, derive_rng("r", 0), "s")
    check_position(Tiny(), 2, state, derive_rng("r", 0), "s")


def test_a_view_that_leaks_one_hidden_card_is_caught():
    class Leaky(Tiny):
        def view(self, state, viewer):
            out = super().view(state, viewer)
            out["peek"] = state["hands"][1][:1]  # seat 1's first card, shown to everyone
            return out

    with pytest.raises(AssertionError, match="view depends on what it cannot see"):
        check_secrecy(Leaky(), 2, position_with_hands(), derive_rng("r", 0), "s")


def test_an_error_message_that_names_a_hidden_card_is_caught():
    class Chatty(Tiny):
        def decide(self, state, seat, move, rng):
            if move == {"type": "add"} and seat not in self.active(state):
                raise_with = f"not your turn (the deck's top card is {state['deck'][0]})"
                from engines.core import IllegalMove
                raise IllegalMove("not_your_turn", raise_with)
            return super().decide(state, seat, move, rng)

    with pytest.raises(AssertionError, match="learns something hidden"):
        check_secrecy(Chatty(), 2, position_with_hands(), derive_rng("r", 0), "s")


def test_a_decide_that_mutates_its_state_is_caught():
    class Careless(Tiny):
        def decide(self, state, seat, move, rng):
            state["counters"][0] += 1
            return super().decide(state, seat, move, rng)

    with pytest.raises(AssertionError, match="changed the state"):
        check_position(Careless(), 2, position_with_hands(), derive_rng("r", 0), "s")


def test_a_fold_that_differs_from_the_live_state_is_caught():
    class Forgetful(Tiny):
        def decide(self, state, seat, move, rng):
            events = super().decide(state, seat, move, rng)
            if move.get("type") == "add":
                state.setdefault("live_only", 0)  # state changed outside the events
            return events

    with pytest.raises(AssertionError):
        random_playout(Forgetful(), 2, {"rounds": 1}, seed="f", check_fold=True)


def test_an_event_that_shows_another_seats_hidden_card_is_caught():
    class Blabbing(Tiny):
        def decide(self, state, seat, move, rng):
            events = super().decide(state, seat, move, rng)
            if move.get("type") == "add" and state["hands"][seat]:
                events[0]["top"] = state["hands"][seat][0]  # a hand card, public in the log
            return events

    with pytest.raises(AssertionError, match="learns something hidden from seat 1's move"):
        check_secrecy(Blabbing(), 2, position_with_hands(), derive_rng("r", 0), "s")


def test_a_public_move_body_naming_a_hidden_value_is_caught():
    from tests.conformance.suite import check_record_secrecy

    class Showy(Tiny):
        def public_move(self, state, seat, move):
            return move

    engine, state = Showy(), position_with_hands()
    state["phase"], state["ended"] = "choose", 0
    move = {"type": "choose", "n": 4}
    rng = derive_rng("r", 3)
    events = engine.decide(state, 0, move, rng)
    check_record_secrecy(Tiny(), 2, state, 0, move, events, rng)
    with pytest.raises(AssertionError, match="hidden 4 appears in the move body"):
        check_record_secrecy(engine, 2, state, 0, move, events, rng)


def test_a_die_roll_the_platform_cannot_see_is_caught_by_undo_and_redo():
    import random
    from engines.core import event
    from tests.conformance.suite import check_undo_redo

    class Cheat(Tiny):
        def decide(self, state, seat, move, rng):
            events = super().decide(state, seat, move, rng)
            if move.get("type") == "add":
                events[0] = event("added", {"seat": seat, "die": random.randint(1, 10**9)})
            return events

    state, move = position_with_hands(), {"type": "add"}
    seat = Tiny().active(state)[0]
    rng = derive_rng("r", 5)
    check_undo_redo(Tiny(), state, seat, move, Tiny().decide(state, seat, move, rng), rng, "r", 5)
    rng = derive_rng("r", 5)
    with pytest.raises(AssertionError, match="undone and made again gives other events"):
        check_undo_redo(Cheat(), state, seat, move, Cheat().decide(state, seat, move, rng), rng,
                        "r", 5)
