"""Set Up, Two Player Set Up and 6 Players or More: the deck (two decks at 6+), 2 cards each
(Player Two gets 3 at two players), the first player's turn."""
from __future__ import annotations

from engines.core import event
from engines.core.table import Table
from engines.trickdraw import cards as tc
from engines.trickdraw.turn import start_turn


def initial(players: int, options: dict | None) -> dict:
    return {
        "players": players,
        "target": (options or {}).get("target", tc.TARGET),
        "phase": "setup", "first": None, "turn": None, "played": False,
        "deck": tc.deck_for(players), "discard": [],
        "hands": [[] for _ in range(players)],
        "boards": [[] for _ in range(players)],
        "pending": [], "final": None,
    }


def set_up(t: Table, rng) -> None:
    players = t.state["players"]
    first = rng.randbelow(players)  # stands in for the HFB Booster Pack round
    t.emit(event("first_player", {"seat": first}, reveal=True))
    for seat, size in enumerate(tc.hand_sizes(players, first)):
        hand = sorted(rng.sample(t.state["deck"], size))
        t.emit(event("dealt", {"seat": seat, "count": size},
                     private={"cards": ([seat], hand)}, reveal=True))
    start_turn(t, first, rng)
