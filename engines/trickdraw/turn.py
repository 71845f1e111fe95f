"""Turn Overview: always draw a card to start your turn; then, in any order, play 1 card from
your hand face up or face down and activate your once-per-turn cards; finally pass clockwise."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.core.table import Table
from engines.trickdraw import scoring
from engines.trickdraw.cards import card
from engines.trickdraw.deck import draw
from engines.trickdraw.effects import check_parts, offer, use_effect
from engines.trickdraw.winning import check_win, game_ended


def start_turn(t: Table, seat: int, rng) -> None:
    """Stand-in: The Treasure face up in front of you at the start of your turn wins. Then
    always draw a card; with deck and discard pile both empty the game ends (our reading)."""
    t.emit(event("turn_started", {"seat": seat}))
    if scoring.treasure(t.state["boards"][seat]):
        game_ended(t, seat, "treasure")
        return
    if not t.state["deck"] and not t.state["discard"]:
        game_ended(t, None, "deck_exhausted")
        return
    draw(t, seat, 1, rng)


def play(t: Table, seat: int, name: str, face: str) -> None:
    """Playing Cards: one card per turn to the row in front of you. Face down it is worth 1
    point and only you know it; face up its effect is offered to you."""
    if t.state["played"]:
        raise IllegalMove("already_played", "You have already played a card this turn.")
    if name not in t.state["hands"][seat]:
        raise IllegalMove("not_in_hand", f"You hold no {name!r}.")
    slot = len(t.state["boards"][seat])
    if face == "up":
        t.emit(event("played", {"seat": seat, "slot": slot, "face": "up", "card": name}))
    else:
        t.emit(event("played", {"seat": seat, "slot": slot, "face": "down"},
                     private={"card": ([seat], name)}))
    if check_win(t, seat):
        return
    if face == "up" and card(name)["effect"]:
        offer(t, seat, slot)


def activate(t: Table, seat: int, slot: int, parts: dict, rng) -> None:
    """A face-up card that says once per turn, each copy once in each of your turns."""
    board = t.state["boards"][seat]
    if not 0 <= slot < len(board):
        raise IllegalMove("no_such_card", f"There is no card at place {slot} on your board.")
    here = board[slot]
    if not here["up"] or not card(here["card"])["once_per_turn"]:
        raise IllegalMove("not_once_per_turn", "Only a face-up card that says \"once per "
                                               "turn\" can be activated from your board.")
    if here["used"]:
        raise IllegalMove("already_used", "This card's effect was already used this turn.")
    check_parts(t.state, seat, slot, parts)
    use_effect(t, seat, slot, parts, "once_per_turn", rng)


def end_turn(t: Table, seat: int, rng) -> None:
    """Finally, pass your turn. Play continues clockwise."""
    t.emit(event("turn_ended", {"seat": seat}))
    start_turn(t, (seat + 1) % t.state["players"], rng)
