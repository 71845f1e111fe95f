"""TRÖK's Equipment cards and coins, as the rulebook's Components list them (shared/rules/trok.md).

A card is written by its name. Cards of one name are identical, so hands, offers and piles are
lists (or counts) of names and no card ever carries an id that could be recognised later.
"""

# The seven types of equipment, in value order: name -> (value, copies, colour).
# Colours are what Dagda, Kraal, Astrid and Ylud read ("green": 2, 3, 4; "red": 5, 6, 7); the
# rulebook names no colour for the Pickaxe.
EQUIPMENT = {
    "pickaxe": (1, 11, None),
    "ration": (2, 10, "green"),
    "gloves": (3, 9, "green"),
    "lantern": (4, 8, "green"),
    "armor": (5, 7, "red"),
    "helmet": (6, 6, "red"),
    "hammer": (7, 5, "red"),
}
TYPES = list(EQUIPMENT)  # the seven types, pickaxe first

ARCANE = "arcane_stone"  # wild in combinations; counts 10 in the Trök total
ARCANE_COPIES = 2
ARCANE_TROK_VALUE = 10

PICKAXE = "pickaxe"  # the card a Vein turns into an Arcane Stone

CARDS = TYPES + [ARCANE]  # every card name, in the fixed order piles are drawn and sorted in
COPIES = {name: EQUIPMENT[name][1] for name in TYPES} | {ARCANE: ARCANE_COPIES}
TOTAL_CARDS = sum(COPIES.values())  # 58

GREEN = [name for name in TYPES if EQUIPMENT[name][2] == "green"]
RED = [name for name in TYPES if EQUIPMENT[name][2] == "red"]


def value(card: str) -> int:
    """A card's value in the Trök total."""
    return ARCANE_TROK_VALUE if card == ARCANE else EQUIPMENT[card][0]


def sort_cards(cards) -> list[str]:
    """Cards in the fixed order: Pickaxe to Hammer, then Arcane Stones."""
    return sorted(cards, key=CARDS.index)


# Coins (25 x 1, 15 x 5, 15 x 10 Aare): change may be made at any time, so only the amount each
# seat holds matters; the supply is treated as unlimited (docs/games/trok.md).

# Setup and the round, as the rulebook numbers them.
MARKET_SIZE = 3
ROW_SIZE = 7
DEAL = 5           # Equipment cards dealt to each person in the Supply phase
OFFER = 3          # cards each person offers in the Trök phase
RENEWAL_AARE = 3   # for trading the market into three identical cards

# The end of the game.
WEALTH_TO_END = 50
