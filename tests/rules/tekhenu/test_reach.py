"""Reach: over a few hundred play-outs, every action, every end condition and every scoring line
of the rules page is reached at least once; a line never reached fails its test.

Uniformly random play-outs reach most of it. The far ends of the tracks (Happiness 16 / 19 / 21
and its extra action, a fifth and sixth statue) need a player that pursues them:
engines/tekhenu/heuristic.py plays the heuristic games. Every move either player makes must be
one the legal moves list.
"""
from __future__ import annotations

import collections
import copy

import pytest

from engines.core import derive_rng, sample_move
from engines.core.options import allows
from engines.tekhenu import data as D
from engines.tekhenu import heuristic
from engines.tekhenu.temple import is_corner
from tests.rules.tekhenu.helpers import E

RANDOM_GAMES = 240      # 80 at each player count
HEURISTIC_GAMES = 60    # 20 at each player count
OPTION_SETS = [{"random_horus": h, "random_wheel": w} for h in (False, True) for w in (False, True)]

ACTIONS = [
    "move keep", "move draft", "move destiny", "move take", "move bonus", "move refresh",
    "move cards", "move extra", "move skip", "move use", "move upkeep",
    "take horus for a god", "take horus for the people", "take ra", "take hathor",
    "take bastet", "take thoth", "take osiris", "take produce", "take with anubis",
    "take with scribes spent on the value",
    "extra action of happiness 21", "free action of D23",
    "bonus side 0", "bonus side 1",
    "technology used", "blessing used", "cards declined",
    "upkeep paid with gold", "upkeep gold kept",
]
END_CONDITIONS = [
    "game over after round 16", "decrees revealed", "rank decided by vp",
    "rank decided by scribes", "rank decided by turn order",
]
SCORING_LINES = [
    "maat faith used", "maat penalty 1", "maat penalty 2", "maat penalty 3",
    "scores never below 0",
    "scoring districts", "scoring temple", "scoring production", "scoring building_row",
    *[f"scoring statues {vp}" for vp in D.STATUE_VP[1:]],
    *[f"scoring happiness {vp}" for _, vp in D.HAPPINESS_VP],
    "bread upkeep paid with bread", "bread upkeep paid with gold", "bread upkeep short",
    "decree scored", "decree D07 capped at 21", "turn order 1", "turn order 2",
    "pillar buildings", "pillar edges", "pillar corner edges doubled", "pillar slot",
    "pillar space reward", "pillar ability",
    "statue for the people gold", "statue for the people pillars",
    "hathor own pillar", "hathor empty space",
    "horus bonus", "horus bonus when building (3 players)",
    "happiness 16", "happiness 19", "happiness 21",
    "osiris row 2 first gold", "osiris row 6 track",
]


def move_lines(s, seat, move) -> set[str]:
    kind = move["type"]
    out = {f"move {kind}"}
    if kind == "take":
        action = move["action"]
        if action == "horus":
            out.add("take horus for a god" if move["mode"] == "god"
                    else "take horus for the people")
        else:
            out.add(f"take {action}")
        if move["anubis"]:
            out.add("take with anubis")
        rolled = next(d["value"] for sec in s["sections"] for d in sec if d["id"] == move["die"])
        if rolled != move["value"]:
            out.add("take with scribes spent on the value")
    elif kind == "extra":
        why = s["pending"][0]["why"]
        out.add("free action of D23" if why == "D23" else f"extra action of {why}")
    elif kind == "bonus":
        out.add(f"bonus side {move['choice']}")
    elif kind == "use":
        offered = s["pending"][0]["cards"]
        for c in move["cards"]:
            out.add(f"{D.CARDS[c]['kind']} used")
        if len(move["cards"]) < len(offered):
            out.add("cards declined")
    elif kind == "upkeep":
        out.add("upkeep paid with gold" if move["gold"] else "upkeep gold kept")
    return out


def event_lines(s, ev) -> set[str]:
    """What an event reaches, read against the state just before it."""
    kind = ev["type"]
    out = set()
    if kind == "gain":
        why, delta = ev["why"], ev["delta"]
        vp = delta.get("vp", 0)
        if why.startswith("scoring: ") and vp:
            item = why[len("scoring: "):]
            out.add(f"scoring {item} {vp}" if item in ("statues", "happiness")
                    else f"scoring {item}")
        elif why == "bread upkeep":
            out |= {f"bread upkeep paid with {r}" for r in ("bread", "gold") if delta.get(r)}
        elif why == "bread upkeep short":
            out.add("bread upkeep short")
        elif why.startswith("decree ") and vp:
            out.add("decree scored")
            if why == "decree D07" and vp == D.D07_CAP and s["p"][ev["seat"]]["buildings"] * \
                    D.CARDS["D07"]["per"] > D.D07_CAP:
                out.add("decree D07 capped at 21")
        elif why.startswith("turn order "):
            out.add(why)
        elif why == "pillar":
            if any(k in delta for k in D.RESOURCES + ["faith"]):
                out.add("pillar space reward")
        elif why == "pillar ability":
            out.add("pillar ability")
        elif why == "statue for the people":
            out.add("statue for the people gold")
            if vp:
                out.add("statue for the people pillars")
        elif why == "building around the Temple":
            if vp:
                out.add("hathor own pillar")
            if set(delta) - {"vp"}:
                out.add("hathor empty space")
        elif why.startswith("horus statue at "):
            out.add("horus bonus")
        elif why == "statue built":
            out.add("horus bonus when building (3 players)")
        elif why == "osiris row 6":
            out.add("osiris row 6 track")
    elif kind == "maat":
        for row in ev["seats"]:
            if row["faith"]:
                out.add("maat faith used")
            if row["penalty"]:
                out.add(f"maat penalty {row['penalty']}")
                if row["penalty"] > s["p"][row["seat"]]["vp"]:
                    out.add("scores never below 0")
    elif kind == "pillar_raised":
        score = ev["score"]
        out.add("pillar slot")
        if score["buildings"]:
            out.add("pillar buildings")
        if score["edges"]:
            out.add("pillar edges")
            if is_corner(ev["space"]):
                out.add("pillar corner edges doubled")
    elif kind == "osiris_built" and ev["row"] == 2 and not s["districts"][ev["district"]][1]:
        out.add("osiris row 2 first gold")
    elif kind == "milestone":
        out.add(f"happiness {ev['at']}")
    elif kind == "decrees_revealed":
        out.add("decrees revealed")
    elif kind == "game_over":
        if s["round"] == D.ROUNDS:
            out.add("game over after round 16")
        ranking = ev["result"]["ranking"]
        for a, b in zip(ranking, ranking[1:]):
            out.add("rank decided by vp" if a["points"] != b["points"] else
                    "rank decided by scribes" if a["scribes"] != b["scribes"] else
                    "rank decided by turn order")
    return out


def play(players, options, seed, policy) -> set[str]:
    options = E.load_options(options)
    s = E.initial(players, options)
    for ev in E.setup(players, options, derive_rng(seed, 1)):
        s = E.evolve(s, ev)
    chooser = derive_rng(seed, 0, "reach")
    reached = set()
    n = 2
    while E.result(s) is None:
        seat = chooser.choice(E.awaited(s))
        options_ = E.legal_moves(s, seat)
        move = policy(E, s, seat, chooser) if policy else sample_move(options_, chooser)
        assert allows(options_, move), f"{move} is not among the legal moves"
        reached |= move_lines(s, seat, move)
        events = E.decide(s, seat, move, derive_rng(seed, n))
        n += 1
        for ev in events:
            reached |= event_lines(s, ev)
            s = E.evolve(s, ev)
    return reached


@pytest.fixture(scope="module")
def reach() -> collections.Counter:
    """How many games reached each line."""
    counts = collections.Counter()
    for g in range(RANDOM_GAMES):
        counts.update(play(2 + g % 3, OPTION_SETS[g // 3 % 4], f"reach-random-{g}", None))
    for g in range(HEURISTIC_GAMES):
        counts.update(play(2 + g % 3, OPTION_SETS[g // 3 % 4], f"reach-heuristic-{g}",
                           heuristic.choose))
    return counts


@pytest.mark.parametrize("line", ACTIONS + END_CONDITIONS + SCORING_LINES)
def test_reached(reach, line):
    assert reach[line] > 0, f"never reached in {RANDOM_GAMES} random and {HEURISTIC_GAMES} " \
                            f"heuristic play-outs: {line}"


def test_every_game_ends_after_round_16(reach):
    assert reach["game over after round 16"] == RANDOM_GAMES + HEURISTIC_GAMES


def test_the_heuristic_moves_only_legally_and_leaves_the_state_alone():
    s = E.initial(3, E.load_options({}))
    for ev in E.setup(3, E.load_options({}), derive_rng("h", 1)):
        s = E.evolve(s, ev)
    rng = derive_rng("h", 0)
    for n in range(2, 60):
        seat = E.awaited(s)[0]
        before = copy.deepcopy(s)
        move = heuristic.choose(E, s, seat, rng)
        assert s == before and allows(E.legal_moves(s, seat), move)
        for ev in E.decide(s, seat, move, derive_rng("h", n)):
            s = E.evolve(s, ev)
