"""Trinket Trove's components (shared/rules/trinket-trove.md, "Components" and "Trinket Cards &
Scoring"; the ladders where the sources differ: trinket-trove-differences.md).

A card is named by an id such as "key-3": the trinket's name and a number. Cards of one trinket
are identical; the number only lets a move name one card of a hand. Every id says openly which
trinket it is, so an id tells nothing that the card's face does not.
"""

MIRROR = "Mirror"
MIRROR_VALUE = 8     # the highest value, for bidding; wild at scoring
MIRRORS = 4          # "there are only 4 Mirrors total"

# Trinket -> Trinket Value, which is also the size of its full set. The deck holds two full sets
# of each. Listed as the rules' table lists them (highest value first).
TRINKETS = {
    "Lure": 7,
    "Feather": 7,
    "Gem": 6,
    "Crayon": 6,
    "Bottlecap": 5,
    "Marble": 5,
    "Key": 4,
    "Shell": 4,
    "Gear": 3,
    "Button": 3,
    "Thimble": 2,
    "Bell": 2,
}
FULL_SETS_IN_DECK = 2

# Trinket Points for a set of 1, 2, ... up to a full set, per table option `ladders`.
LADDERS = {
    # The online rules page (latest revision): the service's default.
    "online": {
        "Lure":      [5, 10, 15, 20, 25, 80, 175],
        "Feather":   [5, 10, 25, 50, 80, 110, 145],
        "Gem":       [10, 25, 25, 60, 60, 125],
        "Crayon":    [20, 10, 0, 80, 100, 120],
        "Bottlecap": [5, 5, 5, 50, 90],
        "Marble":    [5, 10, 20, 40, 80],
        "Key":       [10, 30, 30, 70],
        "Shell":     [10, 20, 40, 60],
        "Gear":      [5, 20, 55],
        "Button":    [10, 25, 45],
        "Thimble":   [5, 35],
        "Bell":      [10, 30],
    },
    # The printed rulebook: Feather 5 = 90, Key 2 = 20, Gear 3 = 65 differ from the page.
    "printed": {
        "Lure":      [5, 10, 15, 20, 25, 80, 175],
        "Feather":   [5, 10, 25, 50, 90, 110, 145],
        "Gem":       [10, 25, 25, 60, 60, 125],
        "Crayon":    [20, 10, 0, 80, 100, 120],
        "Bottlecap": [5, 5, 5, 50, 90],
        "Marble":    [5, 10, 20, 40, 80],
        "Key":       [10, 20, 30, 70],
        "Shell":     [10, 20, 40, 60],
        "Gear":      [5, 20, 65],
        "Button":    [10, 25, 45],
        "Thimble":   [5, 35],
        "Bell":      [10, 30],
    },
}
DEFAULT_LADDERS = "online"

# The character tiles. Seats take the players' tiles in this order (the rules let players pick;
# the service hands them out by seat). Nimbus is the 2-player rules bot's own tile.
CHARACTERS = ["Wander", "Brisby", "Templeton", "Gouda", "Patches", "Penfold", "Bernard"]
NIMBUS = "Nimbus"


def _build_deck() -> list[str]:
    deck = [f"{MIRROR.lower()}-{i}" for i in range(1, MIRRORS + 1)]
    for name, value in TRINKETS.items():
        deck += [f"{name.lower()}-{i}" for i in range(1, FULL_SETS_IN_DECK * value + 1)]
    return deck


DECK = _build_deck()                                   # all 112 card ids, in a fixed order
TRINKET_OF = {card: card.split("-")[0].capitalize() for card in DECK}
VALUE = {**TRINKETS, MIRROR: MIRROR_VALUE}
POSITION = {card: i for i, card in enumerate(DECK)}    # the order hands and piles are kept in


def trinket(card: str) -> str:
    return TRINKET_OF[card]


def value(card: str) -> int:
    return VALUE[TRINKET_OF[card]]


def in_order(cards) -> list[str]:
    return sorted(cards, key=POSITION.__getitem__)


# --- the table by player count ("Setup", "Gameplay", "Round Setup") --------------------------------
HAND_SIZE = 4
NIMBUS_BID = 2                 # Nimbus bids 2 cards from the draw deck
LOTS_PER_TURN = 2              # each drafter claims exactly two lots


def timer_deck_size(collectors: int) -> int:
    return 10 if collectors >= 5 else 6


def timer_cards_per_round(collectors: int) -> int:
    return 2 if collectors >= 5 else 1


def rounds(collectors: int) -> int:
    return 5 if collectors >= 5 else 6
