"""The secrecy checks of tests/support/secrets.py fail on engines broken on purpose, through the
same API: a check that cannot fail proves nothing."""
from __future__ import annotations

import random

import pytest

from engines.core import event, registry
from events import games as games_module
from service import create_app
from tests.support.http import Http
from tests.support.secrets import compare_twins, find_hidden_choice, play_and_check
from tests.support.tiny import Tiny

OPERATOR = "operator-secret"


@pytest.fixture
def http(fake_redis):
    from tests.conftest import TEST_CONFIG
    return Http(client=create_app(fake_redis, {**TEST_CONFIG, "ADMIN_TOKEN": OPERATOR}).test_client())


def hosted(monkeypatch, engine):
    monkeypatch.setitem(registry._engines, engine.name, engine)
    return engine


class Showy(Tiny):
    """Declares the whole secret choice public."""
    name = "tiny-showy"

    def public_move(self, state, seat, move):
        return move


class Telltale(Tiny):
    """Shows every seat's secret choice in everyone's view."""
    name = "tiny-telltale"

    def view(self, state, viewer):
        return {**super().view(state, viewer), "peek": state["choices"]}


class Roller(Tiny):
    """`add` rolls a die from the platform's rng, and marks nothing a reveal."""
    name = "tiny-roller"

    def decide(self, state, seat, move, rng):
        events = super().decide(state, seat, move, rng)
        if move.get("type") == "add":
            events[0] = event("added", {"seat": seat, "die": rng.randint(1, 6)})
        return events


class Cheat(Tiny):
    """`add` rolls a die behind the platform's back."""
    name = "tiny-cheat"

    def decide(self, state, seat, move, rng):
        events = super().decide(state, seat, move, rng)
        if move.get("type") == "add":
            events[0] = event("added", {"seat": seat, "die": random.randint(1, 10**9)})
        return events


def test_the_honest_tiny_engine_passes_all_three(http):
    play_and_check(http, "tiny", 2, {}, "honest", OPERATOR)
    choice = find_hidden_choice(Tiny(), 2, {}, "honest")
    assert choice is not None and choice.moves[0]["type"] == "choose"
    assert compare_twins(http, Tiny(), 2, {}, "honest", OPERATOR, choice)["steps"] >= 1


def test_a_public_move_body_that_names_a_hidden_value_is_caught(http, monkeypatch):
    hosted(monkeypatch, Showy())
    with pytest.raises(AssertionError, match="appears in the move body"):
        play_and_check(http, "tiny-showy", 2, {}, "showy", OPERATOR)


def test_a_view_that_tells_the_twins_apart_is_caught(http, monkeypatch):
    engine = hosted(monkeypatch, Telltale())
    choice = find_hidden_choice(engine, 2, {}, "telltale")
    with pytest.raises(AssertionError, match="tells the twins apart"):
        compare_twins(http, engine, 2, {}, "telltale", OPERATOR, choice)


def test_a_die_roll_is_a_reveal_because_the_platform_saw_the_draw(http, monkeypatch):
    hosted(monkeypatch, Roller())
    play_and_check(http, "tiny-roller", 2, {}, "roller", OPERATOR)
    # without the platform's mark, undo would let the seat roll again
    real = games_module.move_record
    monkeypatch.setattr(games_module, "move_record",
                        lambda engine, state, v, seat, move, events, drew, at:
                        real(engine, state, v, seat, move, events, False, at))
    with pytest.raises(AssertionError, match="undone and made again gives other events"):
        play_and_check(http, "tiny-roller", 2, {}, "roller", OPERATOR)


def test_a_die_rolled_behind_the_platforms_back_is_caught(http, monkeypatch):
    hosted(monkeypatch, Cheat())
    with pytest.raises(AssertionError, match="undone and made again gives other events"):
        play_and_check(http, "tiny-cheat", 2, {}, "cheat", OPERATOR)
