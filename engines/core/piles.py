"""Piles without an order, drawn from uniformly at decide time, so no order is fixed in advance
and a pile holds no secret beyond what it contains. Two forms:

- as counts, {name: how many}: `draw_from_counts` (TRÖK's Equipment, Barcelona's bag);
- as a list of names, copies repeating a name or each card an id of its own, the list's order
  meaning nothing: `draw_from_names` (Trinket Trove's unseen cards, Trickdraw's deck).

Neither changes the pile: the event that shows the draw takes the cards out when it is folded.
"""
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


def draw_from_names(pile: list, k: int, rng, *, key=None) -> list:
    """Up to k cards drawn uniformly, without replacement, from a pile kept as a list of names
    (the pile is not changed). Fewer when the pile holds fewer; nothing, with no randomness used,
    from an empty pile or for k = 0. The cards come sorted (by `key`, like `sorted`), so an event
    says which cards were drawn, never in what order the rng found them; the same rng and the
    same list always draw the same cards."""
    if k < 0:
        raise ValueError("cannot draw a negative number of cards")
    if k == 0 or not pile:
        return []
    return sorted(rng.sample(pile, k), key=key)
