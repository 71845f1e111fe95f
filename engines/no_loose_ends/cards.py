"""No Loose Ends' components and tables, as the rules page gives them
(shared/rules/no-loose-ends.md: Components, Setup, Scoring, Variants).

A card is a string: "<suit>-<value>" for a suited card ("blue-7", "red-12"), and "getaway" for
each of the four black Getaway Cards. The Getaway Cards are identical, so they share one name:
a hand may hold the same name more than once, and no Getaway Card is ever told apart from another.
"""

SUITS = ("blue", "gray", "red", "yellow")  # Key Evidence, Footprints, Camera/Witnesses, Fingerprints
TRUMP = "blue"
GETAWAY = "getaway"
GETAWAY_CARDS = 4  # black, suitless, no number (Getaway Cards variant only)

# Setup table: players -> highest value used, cards per player, Max Bid.
TABLE = {
    2: {"values": 12, "hand": 15, "max_bid": 6},
    3: {"values": 12, "hand": 16, "max_bid": 5},
    4: {"values": 15, "hand": 15, "max_bid": 4},
    5: {"values": 15, "hand": 12, "max_bid": 3},
}

STARTING_POINTS = 5  # once, at the very start of the game
ROUNDS = 3

# Normal Scoring.
COVERED_BID = 2
LOOSE_END = -1
PERFECT_CRIME = 5
# Snitching: the snitch's bonus when it wins no trick, and what each other player's loose end
# then costs.
SNITCH_BONUS = 10
LOOSE_END_AFTER_SNITCH = -2

# Simplified Scoring variant: loose ends -> points; 2 or more cost per loose end instead.
SIMPLIFIED = {0: 4, 1: 2}
SIMPLIFIED_LOOSE_END = -1


def card(suit: str, value: int) -> str:
    return f"{suit}-{value}"


def suit_of(card_: str) -> str | None:
    """The card's suit; None for a Getaway Card (suitless)."""
    return None if card_ == GETAWAY else card_.split("-")[0]


def value_of(card_: str) -> int | None:
    """The card's number; None for a Getaway Card."""
    return None if card_ == GETAWAY else int(card_.split("-")[1])


def deck(players: int, getaway: bool) -> list[str]:
    """The round's deck for the player count: values 1-12 at 2-3 players, 1-15 at 4-5, and with
    the Getaway Cards variant the four black cards."""
    top = TABLE[players]["values"]
    cards = [card(s, v) for s in SUITS for v in range(1, top + 1)]
    return cards + [GETAWAY] * (GETAWAY_CARDS if getaway else 0)


def sort_key(card_: str):
    """Display order in a hand: suits in the page's order, then by value; Getaway Cards last."""
    if card_ == GETAWAY:
        return (len(SUITS), 0)
    return (SUITS.index(suit_of(card_)), value_of(card_))
