"""Cards as plain JSON: hands and offers are sorted lists of card names, piles are counts.

Equipment of one name is interchangeable, so a pile needs no order: a draw picks uniformly among
the cards left, at the moment of the draw, with the move's rng. Nothing about a future draw
exists before it happens, so no pile holds a secret order (the rulebook's "thoroughly shuffle").

These helpers know nothing of TRÖK beyond the name order they are given; a game with another
deck of interchangeable cards could share them (see docs/games/trok.md).
"""
from __future__ import annotations

from collections import Counter

from engines.core.piles import draw_from_counts


def counts(names: list[str], copies: dict | None = None) -> dict:
    """A pile as {name: count} over every name, full (copies) or empty."""
    return {name: (copies or {}).get(name, 0) for name in names}


def size(pile: dict) -> int:
    return sum(pile.values())


def add(pile: dict, cards) -> None:
    for card in cards:
        pile[card] += 1


def remove(pile: dict, cards) -> None:
    for card in cards:
        if pile[card] <= 0:
            raise ValueError(f"no {card} left in the pile")
        pile[card] -= 1


def draw_one(pile: dict, order: list[str], rng) -> str:
    """One card drawn uniformly among those in the pile (not removed: the event does that)."""
    return draw_from_counts(pile, order, rng)


def contains(hand: list[str], cards: list[str]) -> bool:
    """Whether the multiset `cards` is part of `hand`."""
    have = Counter(hand)
    return all(have[c] >= n for c, n in Counter(cards).items())


def without(hand: list[str], cards: list[str]) -> list[str]:
    """`hand` less one copy of each of `cards` (which it must contain)."""
    left = list(hand)
    for card in cards:
        left.remove(card)
    return left
