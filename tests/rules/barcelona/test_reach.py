"""Reach: over a few hundred play-outs, random and heuristic (engines/barcelona/heuristic.py),
every street action, Building, Cerdà Scoring, Project move, Public Service, the Tram and its
Passengers, and the end condition are reached, and the games last about as many turns per player
at 2, 3 and 4 players. Run with -s to see the figures (docs/games/barcelona.md quotes them)."""
import statistics
from collections import Counter

import pytest

from engines.core import derive_rng, sample_move
from engines.barcelona import engine, heuristic
from engines.barcelona.data import ACTIONS, BUILDINGS, SAGRADA_SLOTS, SECTIONS, SERVICES

GAMES = 40  # per player count and player kind


def play(players, seed, chooser):
    state = engine.initial(players, engine.load_options({}))
    for ev in engine.setup(players, state["options"], derive_rng(seed, 1)):
        state = engine.evolve(state, ev)
    bot = derive_rng(seed, 0, "bot")
    seen, turns, record = Counter(), 0, 2
    while engine.result(state) is None:
        [seat] = engine.active(state)
        move = chooser(state, seat, bot)
        seen["move:" + move["type"]] += 1
        for ev in engine.decide(state, seat, move, derive_rng(seed, record)):
            state = engine.evolve(state, ev)
            kind = ev["type"]
            turns += kind in ("turn_ended", "game_over")
            if kind == "building":
                seen["building:" + ev["building"]] += 1
            elif kind == "cerda_scoring":
                seen[f"cerda_scoring:{ev['section']}"] += 1
            elif kind == "service_built":
                seen["service:" + ev["service"]] += 1
            elif kind == "sagrada_tile":
                seen[f"sagrada_tile:{ev['level']}"] += 1
            elif kind == "game_over":
                seen["end:" + ev["reason"]] += 1
            else:
                seen[kind] += 1
        record += 1
    return seen, turns / players


def random_choice(state, seat, rng):
    return sample_move(engine.legal_moves(state, seat), rng)


def heuristic_choice(state, seat, rng):
    return heuristic.choose(engine, state, seat, rng)


@pytest.fixture(scope="module")
def runs():
    out = {}
    for kind, chooser in (("random", random_choice), ("heuristic", heuristic_choice)):
        for players in (2, 3, 4):
            seen, lengths = Counter(), []
            for game in range(GAMES):
                s, length = play(players, f"reach-{kind}-{players}-{game}", chooser)
                seen += s
                lengths.append(length)
            out[kind, players] = (seen, lengths)
    for (kind, players), (seen, lengths) in out.items():
        print(f"\n{kind} {players}p: turns per player min {min(lengths)} median "
              f"{statistics.median(lengths)} max {max(lengths)}; ends {dict((k, v) for k, v in seen.items() if k.startswith('end:'))}")
    total = sum((s for s, _ in out.values()), Counter())
    print("reached (all play-outs):", dict(sorted(total.items())))
    return out


WANTED = ([f"move:{a}" for a in ACTIONS] + [f"building:{b}" for b in BUILDINGS]
          + [f"cerda_scoring:{k}" for k in range(SECTIONS)] + ["project_taken", "project_improved"]
          + [f"service:{s}" for s in SERVICES] + ["tram_moved", "passenger"]
          + [f"sagrada_tile:{lv}" for lv in SAGRADA_SLOTS.values()]
          + ["move:store", "move:benefits", "move:decline", "bonus_flipped", "intersection_built",
             "end:third_cerda_scoring"])


@pytest.mark.parametrize("what", WANTED)
def test_reached(runs, what):
    total = sum((s for s, _ in runs.values()), Counter())
    assert total[what] > 0, f"{what} never happened in {6 * GAMES} play-outs"


def test_every_game_ends_by_the_third_cerda_scoring(runs):
    for (kind, players), (seen, lengths) in runs.items():
        assert seen["end:third_cerda_scoring"] == GAMES, (kind, players, seen)
        assert seen["end:stalled"] == 0


def test_turns_per_player_about_equal_at_every_count(runs):
    """The ② / ②③ covers keep the length per player; the stand-in tracks give 8 to 11."""
    for kind in ("random", "heuristic"):
        medians = [statistics.median(runs[kind, n][1]) for n in (2, 3, 4)]
        assert max(medians) - min(medians) <= 1.5, (kind, medians)
        assert all(8 <= m <= 11 for m in medians), (kind, medians)
