"""Contents, Set Up, Two Player Set Up, 6 Players or More."""
from collections import Counter

import pytest

from engines.core import derive_rng, fold_events, redact_event
from engines.trickdraw import engine
from engines.trickdraw.cards import CARDS, DECK_SIZE, deck_for

from .helpers import assert_accounted


def start(players, seed="s", options=None):
    options = engine.load_options(options or {})
    events = engine.setup(players, options, derive_rng(seed, 1))
    return events, fold_events(engine, players, options, events)


def test_the_deck_holds_72_cards_with_five_trickdraws():
    assert DECK_SIZE == 72 == len(deck_for(3)) == len(deck_for(5))
    assert Counter(deck_for(4))["trickdraw"] == 5


def test_every_card_says_which_of_its_aspects_the_rulebook_gives():
    for name, c in CARDS.items():
        assert set(c["source"]) == {"name", "effect", "copies"} and c["note"], name
        assert set(c["source"].values()) <= {"rulebook", "stand-in"}, name
        assert c["stand_in"] == [a for a in ("name", "effect", "copies")
                                 if c["source"][a] == "stand-in"], name
    # the rulebook gives one count, Trickdraw's 5; every other count is ours
    assert [n for n, c in CARDS.items() if c["source"]["copies"] == "rulebook"] == ["trickdraw"]
    named = {"trickdraw", "bewitched", "the_army", "rally", "local_hero", "the_key", "the_safe",
             "the_temple", "the_treasure", "diplomacy"}
    assert {n for n, c in CARDS.items() if c["source"]["name"] == "rulebook"} == named
    assert {n for n, c in CARDS.items() if c["source"]["effect"] == "rulebook"} == \
        {"bewitched", "rally", "local_hero", "the_key", "the_safe", "the_temple", "diplomacy"}


def test_the_view_catalogue_says_what_is_invented_per_card():
    _, s = start(3)
    cat = engine.view(s, 0)["cards"]
    assert cat["rally"]["stand_in"] and cat["rally"]["invented"] == ["copies"]
    assert cat["rally"]["source"] == {"name": "rulebook", "effect": "rulebook", "copies": "stand-in"}
    assert cat["trickdraw"]["invented"] == ["effect"] and cat["trickdraw"]["copies"] == 5
    assert cat["villager"]["invented"] == ["name", "effect", "copies"]
    assert cat["the_treasure"]["invented"] == ["effect", "copies"]
    assert all(c["stand_in"] for c in cat.values())  # no card is wholly from the rulebook
    assert all(c["text"] and c["note"] for c in cat.values())


def test_two_players_remove_the_five_trickdraws():
    deck = deck_for(2)
    assert len(deck) == 67 and "trickdraw" not in deck


def test_six_to_ten_players_shuffle_two_decks_together():
    assert deck_for(5) == sorted(deck_for(5))
    for players in (6, 10):
        assert Counter(deck_for(players)) == Counter({k: 2 * v for k, v in Counter(deck_for(3)).items()})


@pytest.mark.parametrize("players", [3, 4, 5, 7])
def test_each_player_is_dealt_two_then_the_first_player_draws(players):
    events, s = start(players)
    first = s["first"]
    assert [len(h) for i, h in enumerate(s["hands"]) if i != first] == [2] * (players - 1)
    assert len(s["hands"][first]) == 3  # dealt 2, drew 1 to start the turn
    assert s["turn"] == first and engine.active(s) == [first]
    assert [e["type"] for e in events][-2:] == ["turn_started", "drew"]
    assert_accounted(s)


def test_two_players_player_two_is_dealt_an_extra_card():
    for seed in ("a", "b", "c", "d"):
        events, s = start(2, seed)
        first = s["first"]
        dealt = {e["seat"]: e["count"] for e in events if e["type"] == "dealt"}
        assert dealt == {first: 2, 1 - first: 3}
        assert len(s["hands"][first]) == 3 and len(s["hands"][1 - first]) == 3


def test_the_first_player_is_drawn_at_random():
    firsts = {start(4, f"seed-{i}")[1]["first"] for i in range(30)}
    assert firsts == {0, 1, 2, 3}


def test_a_table_that_played_the_hfb_round_seats_its_winner_first():
    for seed in ("a", "b", "c"):
        events, s = start(4, seed, {"first_player": "seat_0"})
        assert s["first"] == 0 and s["turn"] == 0 and events[0]["how"] == "seat_0"
    # at two players Player Two, the seat after the first, is dealt the extra card
    events, s = start(2, "d", {"first_player": "seat_0"})
    assert {e["seat"]: e["count"] for e in events if e["type"] == "dealt"} == {0: 2, 1: 3}


def test_dealt_cards_are_private_to_their_seat():
    events, s = start(3)
    for ev in events:
        if ev["type"] in ("dealt", "drew"):
            assert ev["reveal"] and ev["vis"]["cards"] == [ev["seat"]]
            other = (ev["seat"] + 1) % 3
            assert "cards" not in redact_event(ev, other) and "cards" not in redact_event(ev, None)


def test_target_option_defaults_to_ten():
    assert engine.load_options({}) == {"target": 10, "teams": False, "team_size": None,
                                       "first_player": "random"}
    assert engine.initial(3, engine.load_options({"target": 7}))["target"] == 7


def test_player_counts():
    assert (engine.min_players, engine.max_players) == (2, 10)
    with pytest.raises(ValueError):
        engine.initial(11, {})
