"""Piles kept as counts: {name: how many}. Drawing picks uniformly among the cards left, so no
order is fixed in advance and the pile holds no secret beyond what it contains."""
from __future__ import annotations


def draw_from_counts(pile: dict, order, rng) -> str:
    """One name drawn uniformly among the pile's cards (the pile is not changed). `order` fixes
    how names are walked, so the same rng always draws the same card."""
    r = rng.randbelow(sum(pile[name] for name in order))
    for name in order:
        if r < pile[name]:
            return name
        r -= pile[name]
    raise AssertionError("unreachable")
