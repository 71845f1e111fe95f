"""The Market: four sections of cards, opened by your Happiness (page: "Thoth — take cards"),
filled at random from the deck; the discard pile is reshuffled into the deck when it runs out
(implementation note)."""
from __future__ import annotations

from engines.core import event
from engines.tekhenu import data as D


def open_sections(s: dict, seat: int) -> list[int]:
    """The sections this seat's Happiness opens, among those filled."""
    h = s["p"][seat]["happiness"]
    return [k for k in range(D.MARKET_SECTIONS) if h >= D.MARKET_HAPPINESS[k] and s["filled"][k]]


def fill_section(t, section: int) -> None:
    """Fill a Market section up to its size with cards drawn at random from the deck."""
    s = t.state
    cards = []
    while len(s["market"][section]) + len(cards) < D.MARKET_SIZE:
        pool = [c for c in s["deck"] if c not in cards]
        if not pool:
            if cards:
                t.emit(event("market_filled", {"section": section, "cards": cards}, reveal=True))
                cards = []
            if not s["discard"]:
                break
            t.emit(event("deck_reshuffled", {"cards": len(s["discard"])}))
            continue
        cards.append(pool[t.rng.randbelow(len(pool))])
    t.emit(event("market_filled", {"section": section, "cards": cards}, reveal=True))
