"""The Trickdraw deck as data: 72 cards, what each is worth and what it does.

The printed rulebook names only some cards and gives one count (5 copies of "Trickdraw"). Every
entry below says where it comes from: "rulebook" (name and effect as the rulebook states them) or
"stand-in" (our invention, until the card list is known). See docs/games/trickdraw.md.

Effects (the `effect` key):
    None         no effect when played face up (it may still score, see `scores`)
    flip_two     choose 2 different players (you may be one); flip one card on each board
    flip_other   flip one card on any board, but not this card itself
    flip_one     flip one card on any board (this card included)
    steal        take a random card from another player's hand
    draw         draw `n` cards from the deck
`cost`: cards to Discard (the "Discard 1:" prefix). `once_per_turn`: may also be activated once
in each of its controller's turns while it lies face up. `scores`: "rally", "local_hero" or None.
`wins`: "pair" (any two face up win: The Key, The Safe, The Temple) or "treasure" (stand-in).
`diplomacy`: lowers the controller's every discard cost by 1.
"""
from __future__ import annotations

TARGET = 10                 # points that win (the rulebook's default)
HAND_SIZE = 2               # cards dealt to each player
SECOND_PLAYER_EXTRA = 1     # at 2 players, Player Two is dealt 3
DOUBLE_DECK_FROM = 6        # 6-10 players shuffle two decks together
LOCAL_HERO_POINTS = 3

CARDS: dict[str, dict] = {
    "trickdraw": {"title": "Trickdraw", "copies": 5, "effect": "steal", "cost": 0,
                  "source": "stand-in (count from the rulebook; effect invented)"},
    "bewitched": {"title": "Bewitched", "copies": 6, "effect": "flip_two", "cost": 0,
                  "source": "rulebook effect (its example), stand-in count"},
    "the_army": {"title": "The Army", "copies": 4, "effect": "flip_other", "cost": 1,
                 "source": "stand-in (the rulebook says only that it cannot target itself)"},
    "rally": {"title": "Rally", "copies": 4, "scores": "rally",
              "source": "rulebook effect, stand-in count (its table stops at 4 Rallies)"},
    "local_hero": {"title": "Local Hero", "copies": 4, "scores": "local_hero",
                   "source": "rulebook effect, stand-in count"},
    "the_key": {"title": "The Key", "copies": 1, "wins": "pair",
                "source": "rulebook effect, stand-in count"},
    "the_safe": {"title": "The Safe", "copies": 1, "wins": "pair",
                 "source": "rulebook effect, stand-in count"},
    "the_temple": {"title": "The Temple", "copies": 1, "wins": "pair",
                   "source": "rulebook effect, stand-in count"},
    "the_treasure": {"title": "The Treasure", "copies": 1, "wins": "treasure",
                     "source": "stand-in effect (the rulebook hints it threatens a win next turn)"},
    "diplomacy": {"title": "Diplomacy", "copies": 4, "diplomacy": True,
                  "source": "rulebook effect, stand-in count"},
    "scout": {"title": "Scout", "copies": 10, "effect": "draw", "n": 2, "cost": 1,
              "source": "stand-in card (a Discard 1 card)"},
    "scholar": {"title": "Scholar", "copies": 8, "effect": "draw", "n": 1, "cost": 1,
                "once_per_turn": True, "source": "stand-in card (a once-per-turn card)"},
    "trickster": {"title": "Trickster", "copies": 8, "effect": "flip_one", "cost": 1,
                  "once_per_turn": True, "source": "stand-in card (a once-per-turn card)"},
    "villager": {"title": "Villager", "copies": 15,
                 "source": "stand-in card (no effect: fills the deck to 72)"},
}

for _card in CARDS.values():
    _card.setdefault("effect", None)
    _card.setdefault("cost", 0)
    _card.setdefault("n", 0)
    _card.setdefault("once_per_turn", False)
    _card.setdefault("scores", None)
    _card.setdefault("wins", None)
    _card.setdefault("diplomacy", False)

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
