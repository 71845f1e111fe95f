"""3. Combination: what makes a combination, what it earns, and every combination a hand allows.

The Golden Rules: Arcane Stones are wild; each Vein the player owns turns ONE Pickaxe into an
Arcane Stone for the turn; no card is used in two combinations. A hand is a list of card names.
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations

from engines.trok import upgrades as up
from engines.trok.cards import ARCANE, EQUIPMENT, GREEN, PICKAXE, RED, TYPES, sort_cards

PERFECT_SIZE = len(TYPES) + 1  # one of each type plus an Arcane Stone


# --- Combinations of all-identical cards --------------------------------------------------------

def identical_wild_pickaxes(cards: list[str], as_: str) -> int:
    """Pickaxes that must be Veined to count as `as_`: all of them, unless `as_` is Pickaxe."""
    return 0 if as_ == PICKAXE else cards.count(PICKAXE)


def identical_problem(cards: list[str], as_: str, veins_left: int) -> str | None:
    """Why `cards` are not a combination of identical `as_` cards, or None when they are."""
    if len(cards) < 3:
        return "A combination of identical cards needs at least 3 cards."
    strangers = [c for c in cards if c not in (as_, ARCANE, PICKAXE)]
    if strangers:
        return f"A {strangers[0]} is not a {as_}, and only Arcane Stones are wild."
    if identical_wild_pickaxes(cards, as_) > veins_left:
        return (f"A Pickaxe counts as a {as_} only as a wild, one per Vein you own: you have "
                f"{veins_left} Vein(s) left this turn.")
    return None


def identical_aare(as_: str, size: int, owned: list[str]) -> int:
    """Aare for `size` identical `as_` cards: the type's value for three (Dagda: 7 for green,
    Kraal: 10 for red), then 3 per extra card (Aegur: 5). Example: five Rations, 2 + 3 + 3 = 8."""
    base = EQUIPMENT[as_][0]
    if as_ in GREEN and "dagda" in owned:
        base = up.DAGDA_AARE
    if as_ in RED and "kraal" in owned:
        base = up.KRAAL_AARE
    extra = up.AEGUR_EXTRA if "aegur" in owned else up.EXTRA_CARD_AARE
    return base + (size - 3) * extra


# --- Combinations of all-different cards --------------------------------------------------------

def different_wild_pickaxes(cards: list[str]) -> int:
    """Pickaxes beyond the first must be Veined (the first stands for itself)."""
    return max(0, cards.count(PICKAXE) - 1)


def different_problem(cards: list[str], veins_left: int) -> str | None:
    """Why `cards` are not a combination of all-different cards, or None when they are.

    Wilds stand for types not otherwise in it, and one may stand for an Arcane Stone itself
    (the perfect combination), so any 3 to 8 cards whose non-wild cards differ will do."""
    if len(cards) < 3:
        return "A combination of different cards needs at least 3 cards."
    if len(cards) > PERFECT_SIZE:
        return (f"A combination of different cards holds at most {PERFECT_SIZE}: one of each type "
                "and an Arcane Stone.")
    real = [c for c in cards if c not in (ARCANE, PICKAXE)]
    twins = [c for c, n in Counter(real).items() if n > 1]
    if twins:
        return f"Two {twins[0]} cards are not different."
    if different_wild_pickaxes(cards) > veins_left:
        return (f"A second Pickaxe is different only as a wild, one per Vein you own: you have "
                f"{veins_left} Vein(s) left this turn.")
    return None


def is_perfect(cards: list[str]) -> bool:
    """THE perfect combination: eight different cards (a valid all-different combination)."""
    return len(cards) == PERFECT_SIZE


def run_wild_pickaxes(cards: list[str], veins_left: int) -> int | None:
    """Idunn's run of five consecutive values (READINGS): the fewest Veined Pickaxes that make
    `cards` (an all-different combination) such a run, or None when no run within the Veins.
    A Pickaxe may stand for itself (value 1) or, Veined, for any missing value."""
    if len(cards) != up.IDUNN_RUN:
        return None
    fixed = [EQUIPMENT[c][0] for c in cards if c not in (ARCANE, PICKAXE)]
    pickaxes = cards.count(PICKAXE)
    for real_pickaxe in ((1, 0) if pickaxes else (0,)):
        veined = pickaxes - real_pickaxe
        if veined > veins_left:
            continue
        values = fixed + [EQUIPMENT[PICKAXE][0]] * real_pickaxe
        if not values or max(values) - min(values) < up.IDUNN_RUN:
            return veined  # the wilds fill the gaps of a window of five values
    return None


def upgrade_window(size: int, row: list[str], owned: list[str], run: bool) -> int:
    """How many of the first Upgrades in the row a combination of `size` different cards may
    choose from: X, or 5 for Idunn's run; Skaa: any of those available."""
    if "skaa" in owned:
        return len(row)
    return min(up.IDUNN_RUN if run else size, len(row))


# --- Every combination a hand allows (for legal_moves) -------------------------------------------

def identical_choices(hand: list[str], veins_left: int) -> list[tuple[list[str], str]]:
    """Every (cards, as) of at least 3 identical cards the hand can show."""
    have = Counter(hand)
    out = []
    for as_ in TYPES:
        veinable = 0 if as_ == PICKAXE else min(veins_left, have[PICKAXE])
        for real in range(have[as_] + 1):
            for arcane in range(have[ARCANE] + 1):
                for veined in range(veinable + 1):
                    if real + arcane + veined >= 3:
                        cards = [as_] * real + [ARCANE] * arcane + [PICKAXE] * veined
                        out.append((sort_cards(cards), as_))
    return out


def different_choices(hand: list[str], veins_left: int) -> list[list[str]]:
    """Every distinct multiset of cards the hand can show as an all-different combination."""
    have = Counter(hand)
    kinds = [t for t in TYPES if have[t]]
    seen = set()
    for k in range(len(kinds) + 1):
        for reals in combinations(kinds, k):
            spare_pickaxes = have[PICKAXE] - (PICKAXE in reals)
            for arcane in range(have[ARCANE] + 1):
                for veined in range(min(veins_left, spare_pickaxes) + 1):
                    cards = sort_cards(list(reals) + [ARCANE] * arcane + [PICKAXE] * veined)
                    if 3 <= len(cards) <= PERFECT_SIZE and not different_problem(cards, veins_left):
                        seen.add(tuple(cards))
    return [list(c) for c in sorted(seen, key=lambda c: (len(c), [sort_key(x) for x in c]))]


def sort_key(card: str) -> int:
    return (TYPES + [ARCANE]).index(card)


def any_identical(hand: list[str], veins_left: int) -> bool:
    have = Counter(hand)
    return any(have[t] + have[ARCANE] + (0 if t == PICKAXE else min(veins_left, have[PICKAXE])) >= 3
               for t in TYPES)


def any_different(hand: list[str], veins_left: int) -> bool:
    have = Counter(hand)
    distinct = sum(1 for t in TYPES if have[t])
    spare = min(veins_left, max(0, have[PICKAXE] - 1))
    return distinct + have[ARCANE] + spare >= 3
