"""The Deck and the Discard Pile in the center of the table (Board Set Up)."""
from __future__ import annotations

from engines.core import event
from engines.core.piles import draw_from_names
from engines.core.table import Table


def draw(t: Table, seat: int, k: int, rng) -> None:
    """Draw k cards (fewer if deck and discard pile run out), uniformly from the unordered deck
    (engines.core.piles); an empty deck is refilled from the shuffled discard pile (our reading:
    the rulebook does not say)."""
    while k > 0:
        if not t.state["deck"]:
            if not t.state["discard"]:
                return
            t.emit(event("deck_reformed", {"cards": len(t.state["discard"])}))
        n = min(k, len(t.state["deck"]))
        drawn = draw_from_names(t.state["deck"], n, rng)
        t.emit(event("drew", {"seat": seat, "count": n}, private={"cards": ([seat], drawn)},
                     reveal=True))
        k -= n
