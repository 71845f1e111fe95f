"""Final Score: sets by trinket name, full sets first, Mirrors placed where they add the most.

READINGS.md: a Mirror counts as a card of a trinket the player holds at least one real card of;
that trinket's cards, Mirrors included, form full sets first and the remainder one more set; a
hand of Mirrors alone scores nothing. A Mirror that would lower the total (a second Crayon turns
20 points into 10) is left out of every set: it scores nothing, as a lone Mirror does.
"""
from __future__ import annotations

from collections import Counter

from engines.trinket_trove.cards import LADDERS, MIRROR, TRINKETS, trinket


def set_sizes(name: str, cards: int) -> list[int]:
    """Full sets first, then the remainder as one more set: 8 Crayons are 6 + 2, never 4 + 4."""
    full, rest = divmod(cards, TRINKETS[name])
    return [TRINKETS[name]] * full + ([rest] if rest else [])


def trinket_points(name: str, cards: int, ladders: str) -> int:
    ladder = LADDERS[ladders][name]
    return sum(ladder[size - 1] for size in set_sizes(name, cards))


def best_mirrors(counts: dict, mirrors: int, ladders: str) -> dict:
    """{trinket: Mirrors given to it} with the highest total, by a knapsack over the trinkets held.

    best[used] is the best gain found with `used` Mirrors placed so far, with its assignment.
    Among equal totals the first found stands (fewer Mirrors, earlier trinkets): a fixed choice.
    """
    best = {0: (0, {})}
    for name in TRINKETS:
        held = counts.get(name, 0)
        if not held:
            continue
        base = trinket_points(name, held, ladders)
        grown = {}
        for used, (gain, assigned) in best.items():
            for k in range(mirrors - used + 1):
                total = gain + trinket_points(name, held + k, ladders) - base
                if used + k not in grown or total > grown[used + k][0]:
                    grown[used + k] = (total, {**assigned, name: k} if k else assigned)
        best = grown
    top = max(gain for gain, _ in best.values())
    return next(assigned for used, (gain, assigned) in sorted(best.items()) if gain == top)


def score_hand(cards: list[str], ladders: str) -> dict:
    """{"points", "sets": [{"trinket", "cards", "mirrors", "points"}], "mirrors_unused"}.

    Sets are listed by trinket in the rules' order, full sets first; a trinket's Mirrors are shown
    in its last sets (real cards fill the sets first; the points do not depend on it).
    """
    counts = Counter(trinket(c) for c in cards)
    mirrors = counts.pop(MIRROR, 0)
    assigned = best_mirrors(counts, mirrors, ladders)
    sets = []
    for name in TRINKETS:
        real = counts.get(name, 0)
        if not real:
            continue
        wild = assigned.get(name, 0)
        for size in set_sizes(name, real + wild):
            from_real = min(size, real)
            real -= from_real
            sets.append({"trinket": name, "cards": size, "mirrors": size - from_real,
                         "points": LADDERS[ladders][name][size - 1]})
    return {"points": sum(s["points"] for s in sets), "sets": sets,
            "mirrors_unused": mirrors - sum(assigned.values())}
