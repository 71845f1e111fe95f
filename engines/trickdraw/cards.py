"""The Trickdraw deck as data: 72 cards, what each is worth and what it does.

The printed rulebook does not list its deck. It gives the deck's size (72), one count (5 copies of
"Trickdraw"), and names or describes only some cards. So every card says, for each of its three
aspects (`name`, `effect`, `copies`), where that aspect comes from:

    "rulebook"   printed in the rulebook (shared/rules/trickdraw.md)
    "stand-in"   invented by us, until the real card list is known

and `note` says what exactly the rulebook gives. A card is a stand-in (`stand_in`, shown on the
page) when any aspect is. See docs/games/trickdraw.md, "The cards".

Effects (the `effect` key):
    None         no effect when played face up (it may still score, see `scores`)
    flip_two     choose 2 different players (you may be one); flip one card on each board
    flip_other   flip one card on any board, but not this card itself
    flip_one     flip one card on any board (this card included)
    steal        take a random card from another player's hand
    draw         draw `n` cards from the deck
`cost`: cards to Discard (the "Discard 1:" prefix). `once_per_turn`: may also be activated once
in each of its controller's turns while it lies face up. `scores`: "rally", "local_hero" or None.
`wins`: "pair" (any two face up win: The Key, The Safe, The Temple) or "treasure" (see
TREASURE_SHARE). `diplomacy`: lowers the controller's every discard cost by 1. `text`: the card as
the page prints it.
"""
from __future__ import annotations

TARGET = 10                 # points that win (the rulebook's default)
HAND_SIZE = 2               # cards dealt to each player
SECOND_PLAYER_EXTRA = 1     # at 2 players, Player Two is dealt 3
DOUBLE_DECK_FROM = 6        # 6-10 players shuffle two decks together
LOCAL_HERO_POINTS = 3

# 6 Players or More: teams at 8-10 players, "Pairs of 2, 3, or 4" alternating around the table
TEAM_PLAYERS = (8, 9, 10)
TEAM_SIZES = (2, 3, 4)

# The Treasure (stand-in effect): face up at the start of its controller's turn, it wins when
# that board also holds at least this share of the target in points (7 of 10, rounded up). See
# the docs page, "The Treasure", for why and for the figures.
TREASURE_SHARE = 0.7

RULEBOOK, STAND_IN = "rulebook", "stand-in"
ASPECTS = ("name", "effect", "copies")

CARDS: dict[str, dict] = {
    "trickdraw": {
        "title": "Trickdraw", "copies": 5, "effect": "steal",
        "text": "Take a random card from another player's hand.",
        "source": {"name": RULEBOOK, "effect": STAND_IN, "copies": RULEBOOK},
        "note": "the rulebook names it and removes its 5 copies at two players; it never says "
                "what the card does"},
    "bewitched": {
        "title": "Bewitched", "copies": 6, "effect": "flip_two",
        "text": "Choose 2 different players (you may be one); flip one card on each board.",
        "source": {"name": RULEBOOK, "effect": RULEBOOK, "copies": STAND_IN},
        "note": "effect from its worked example (\"Bewitched targets 2 players\"; it costs "
                "nothing there); the rulebook gives no count"},
    "the_army": {
        "title": "The Army", "copies": 4, "effect": "flip_other", "cost": 1,
        "text": "Discard 1: flip one card on any board, but not The Army itself.",
        "source": {"name": RULEBOOK, "effect": STAND_IN, "copies": STAND_IN},
        "note": "the rulebook says only that The Army cannot target itself; the flip and its "
                "Discard 1 cost are ours"},
    "rally": {
        "title": "Rally", "copies": 4, "scores": "rally",
        "text": "Worth 1 point for each Rally you control (1, 4, 9, 16).",
        "source": {"name": RULEBOOK, "effect": RULEBOOK, "copies": STAND_IN},
        "note": "effect from Winning the Game; the count is ours (its table stops at 4 Rallies)"},
    "local_hero": {
        "title": "Local Hero", "copies": 4, "scores": "local_hero",
        "text": "Worth 3 points when over half of your cards are face down.",
        "source": {"name": RULEBOOK, "effect": RULEBOOK, "copies": STAND_IN},
        "note": "effect from Winning the Game; the rulebook gives no count"},
    "the_key": {
        "title": "The Key", "copies": 1, "wins": "pair",
        "text": "Any two of The Key, The Safe and The Temple face up in front of you: you win.",
        "source": {"name": RULEBOOK, "effect": RULEBOOK, "copies": STAND_IN},
        "note": "effect from \"The Key, The Safe, and The Temple\"; the rulebook gives no count"},
    "the_safe": {
        "title": "The Safe", "copies": 1, "wins": "pair",
        "text": "Any two of The Key, The Safe and The Temple face up in front of you: you win.",
        "source": {"name": RULEBOOK, "effect": RULEBOOK, "copies": STAND_IN},
        "note": "effect from \"The Key, The Safe, and The Temple\"; the rulebook gives no count"},
    "the_temple": {
        "title": "The Temple", "copies": 1, "wins": "pair",
        "text": "Any two of The Key, The Safe and The Temple face up in front of you: you win.",
        "source": {"name": RULEBOOK, "effect": RULEBOOK, "copies": STAND_IN},
        "note": "effect from \"The Key, The Safe, and The Temple\"; the rulebook gives no count"},
    "the_treasure": {
        "title": "The Treasure", "copies": 1, "wins": "treasure",
        "text": "Face up at the start of your turn, with at least 7 points on your board "
                "(7/10 of the target): you win.",
        "source": {"name": RULEBOOK, "effect": STAND_IN, "copies": STAND_IN},
        "note": "the rulebook only shows it face up as a threat (\"at least they can't win next "
                "turn!\" once it is flipped face down); effect and count are ours"},
    "diplomacy": {
        "title": "Diplomacy", "copies": 4, "diplomacy": True,
        "text": "Your discard costs are 1 lower.",
        "source": {"name": RULEBOOK, "effect": RULEBOOK, "copies": STAND_IN},
        "note": "effect from Discarding Cards; the count is ours (\"none of these four cards\" "
                "may name four pictured cards rather than four copies)"},
    "scout": {
        "title": "Scout", "copies": 10, "effect": "draw", "n": 2, "cost": 1,
        "text": "Discard 1: draw 2 cards.",
        "source": {"name": STAND_IN, "effect": STAND_IN, "copies": STAND_IN},
        "note": "an invented card with a Discard 1 cost (the rulebook says some cards have one)"},
    "scholar": {
        "title": "Scholar", "copies": 8, "effect": "draw", "n": 1, "cost": 1,
        "once_per_turn": True,
        "text": "Once per turn, Discard 1: draw 1 card.",
        "source": {"name": STAND_IN, "effect": STAND_IN, "copies": STAND_IN},
        "note": "an invented once-per-turn card (the rulebook says some cards are)"},
    "trickster": {
        "title": "Trickster", "copies": 8, "effect": "flip_one", "cost": 1,
        "once_per_turn": True,
        "text": "Once per turn, Discard 1: flip one card on any board.",
        "source": {"name": STAND_IN, "effect": STAND_IN, "copies": STAND_IN},
        "note": "an invented once-per-turn card that flips"},
    "villager": {
        "title": "Villager", "copies": 15,
        "text": "No effect.",
        "source": {"name": STAND_IN, "effect": STAND_IN, "copies": STAND_IN},
        "note": "an invented card without effect, filling the deck to the rulebook's 72"},
}

for _card in CARDS.values():
    _card.setdefault("effect", None)
    _card.setdefault("cost", 0)
    _card.setdefault("n", 0)
    _card.setdefault("once_per_turn", False)
    _card.setdefault("scores", None)
    _card.setdefault("wins", None)
    _card.setdefault("diplomacy", False)
    _card["stand_in"] = [a for a in ASPECTS if _card["source"][a] == STAND_IN]

DECK_SIZE = 72
assert sum(c["copies"] for c in CARDS.values()) == DECK_SIZE

TWO_PLAYER_REMOVED = "trickdraw"   # "Remove the 5 copies of Trickdraw" at two players


def card(name: str) -> dict:
    return CARDS[name]


def decks(players: int) -> int:
    return 2 if players >= DOUBLE_DECK_FROM else 1


def deck_for(players: int) -> list[str]:
    """Every card of the game, sorted by name (no order is kept: draws are uniform)."""
    cards = []
    for name, data in CARDS.items():
        if players == 2 and name == TWO_PLAYER_REMOVED:
            continue
        cards += [name] * data["copies"] * decks(players)
    return sorted(cards)


def hand_sizes(players: int, first: int) -> list[int]:
    """Cards dealt per seat: 2 each; at 2 players Player Two (after `first`) gets 3."""
    sizes = [HAND_SIZE] * players
    if players == 2:
        sizes[(first + 1) % players] += SECOND_PLAYER_EXTRA
    return sizes
