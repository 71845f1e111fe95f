"""The reach test: a few hundred play-outs (random, and the heuristic player where random play is
too weak) at several player counts and with teams reach every card effect, every win condition
and every end, and no stand-in decides more games than the rulebook's own conditions.

The figures are printed by `.venv/bin/python -m tests.rules.trickdraw.reach` (docs page, "How the
games go")."""
import pytest

from engines.trickdraw.cards import CARDS

from .reach import ENDS, FACE_DOWN, STAND_IN_EFFECTS, measure, report

RULEBOOK_DECIDERS = [FACE_DOWN] + [n for n, c in CARDS.items() if c["source"]["effect"] == "rulebook"]


@pytest.fixture(scope="module")
def tally():
    return measure()


def test_every_card_effect_is_reached(tally):
    wanted = ["Discard 1 paid", "Diplomacy waives a Discard 1", "a card flipped face up offers its effect",
              "a card flipped face down", "an offer declined", "an offer passed over",
              "Rallies worth 1 per Rally (2 or more face up)", "Local Hero worth 3",
              "effect trickdraw takes a card", "deck reformed", "nothing to draw", "captain chosen"]
    for name, c in CARDS.items():
        if c["effect"]:
            wanted.append(f"effect {name} (offer)")
        if c["once_per_turn"]:
            wanted.append(f"effect {name} (once_per_turn)")
    missing = [w for w in wanted if not tally.reached[w]]
    assert not missing, f"never reached: {missing}\n{report(tally)}"


def test_every_win_condition_and_every_end_is_reached(tally):
    missing = [e for e in ENDS if not tally.reached[f"end: {e}"]]
    # with teams: every win; the standstill needs all 144 cards on four or five boards without
    # two of The Key, The Safe and The Temple among them, a scenario of test_teams.py instead
    missing += [f"team {e}" for e in ("points", "pair", "treasure") if not tally.reached[f"team end: {e}"]]
    assert not missing, f"never reached: {missing}\n{report(tally)}"
    # the winning cards themselves: each rulebook win was made by some card at least once
    for card in ("rally", "local_hero", "the_key", "the_safe", "the_temple", "bewitched", FACE_DOWN):
        assert sum(n for (_, c), n in tally.decided.items() if c == card), (card, report(tally))


def test_no_stand_in_decides_more_games_than_the_rulebooks_own_conditions(tally):
    """Per table: The Treasure's wins and the standstill (our reading) end fewer games than the
    rulebook's 10 points and pair do, and no card with an invented effect makes the winning change
    in more games than the rulebook's cards and face-down points do."""
    too_many = []
    for setting in tally.games:
        rulebook_ends = tally.ends[setting, "points"] + tally.ends[setting, "pair"]
        for end in ("treasure", "standstill"):
            if tally.ends[setting, end] > rulebook_ends:
                too_many.append((setting, end))
        rulebook_wins = sum(tally.decided[setting, c] for c in RULEBOOK_DECIDERS)
        for card in STAND_IN_EFFECTS:
            if tally.decided[setting, card] > rulebook_wins:
                too_many.append((setting, card))
    assert not too_many, f"{too_many}\n{report(tally)}"


def test_the_treasure_no_longer_decides_a_quarter_of_two_player_games(tally):
    """The first stand-in (face up at the start of your turn: you win) ended 26% of 2-player and
    56% of 10-player random games; its successor must stay well below that everywhere."""
    for setting, games in tally.games.items():
        assert tally.ends[setting, "treasure"] <= 0.2 * games, (setting, report(tally))


def test_the_heuristic_answers_bewitched_to_stop_the_treasure_and_raise_its_rallies():
    """The rulebook's Bewitched example: with the rival's Treasure a threat, it plays Bewitched
    face up, turns its own face-down Rally up (2 Rallies + 1 face-down card = 5 points) and
    leaves the rival unable to win next turn (here by turning one of its 7 face-down cards up,
    below The Treasure's 7 points, which also costs the rival a point)."""
    from engines.core import derive_rng
    from engines.trickdraw import engine
    from engines.trickdraw.heuristic import choose
    from engines.trickdraw.scoring import treasure_wins

    from .helpers import D, U, play, table
    s = table(2, hands=[["bewitched"], []],
              boards=[[U("rally"), D("rally"), D("villager")],
                      [U("the_treasure")] + [D("villager")] * 7])
    assert choose(engine, s, 0, derive_rng("h", 0)) == {"type": "play", "card": "bewitched",
                                                          "face": "up"}
    _, s = play(s, 0, {"type": "play", "card": "bewitched", "face": "up"})
    move = choose(engine, s, 0, derive_rng("h", 1))
    _, s = play(s, 0, move)
    assert engine.view(s, 0)["points"][0] == 5
    assert not treasure_wins(s["boards"][1], s["target"])
    _, s = play(s, 0, {"type": "end_turn"})
    assert s["phase"] == "playing"
