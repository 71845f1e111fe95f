"""The map (rules page, "The map"): Towns and their spaces, of which a smaller table uses fewer
(spaces marked 3+ or 4; a solo table uses the two-player ones)."""
from __future__ import annotations

from engines.tiletum import data as D


def house_spaces(state, town) -> int:
    return sum(1 for m in D.TOWNS[town]["houses"] if m <= max(2, state["players"]))


def pillar_spaces(state, town) -> int:
    return sum(1 for m in (D.TOWNS[town]["cathedral"] or []) if m <= max(2, state["players"]))


def bonus_spaces(players, town) -> int:
    return sum(1 for m in D.TOWNS[town]["bonus_spaces"] if m <= max(2, players))
