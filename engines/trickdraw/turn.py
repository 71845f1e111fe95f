"""Turn Overview: always draw a card to start your turn; then, in any order, play 1 card from
your hand face up or face down and activate your once-per-turn cards; finally pass clockwise.
In a team game "your board" is your captain's (teams.board_of)."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.core.table import Table
from engines.trickdraw import teams
from engines.trickdraw.cards import card
from engines.trickdraw.deck import draw
from engines.trickdraw.effects import check_parts, offer, use_effect
from engines.trickdraw.winning import check_treasure, check_win, end_at_standstill, standstill


def start_turn(t: Table, seat: int, rng) -> None:
    """The Treasure (stand-in) may win first. Then always draw a card: an empty deck is refilled
    from the discard pile; with both empty there is nothing to draw and the turn goes on without
    it (our reading), unless the table has come to a standstill."""
    t.emit(event("turn_started", {"seat": seat}))
    if check_treasure(t, seat):
        return
    if not t.state["deck"] and not t.state["discard"]:
        t.emit(event("nothing_to_draw", {"seat": seat}))
        if standstill(t.state):
            end_at_standstill(t)
        return
    draw(t, seat, 1, rng)


def play(t: Table, seat: int, name: str, face: str) -> None:
    """Playing Cards: one card per turn to the row of your board. Face down it is worth 1 point
    and only you (your team) know it; face up its effect is offered to you."""
    if t.state["played"]:
        raise IllegalMove("already_played", "You have already played a card this turn.")
    if name not in t.state["hands"][seat]:
        raise IllegalMove("not_in_hand", f"You hold no {name!r}.")
    board = teams.board_of(t.state, seat)
    slot = len(t.state["boards"][board])
    where = {"seat": seat, "board": board, "slot": slot}
    if face == "up":
        t.emit(event("played", {**where, "face": "up", "card": name}))
    else:
        t.emit(event("played", {**where, "face": "down"},
                     private={"card": (teams.team_of(t.state, seat), name)}))
    if check_win(t, board):
        return
    if face == "up" and card(name)["effect"]:
        offer(t, board, slot)


def activate(t: Table, seat: int, slot: int, parts: dict, rng) -> None:
    """A face-up card of your board that says once per turn, each copy once in each turn."""
    owner = teams.board_of(t.state, seat)
    board = t.state["boards"][owner]
    if not 0 <= slot < len(board):
        raise IllegalMove("no_such_card", f"There is no card at place {slot} on your board.")
    here = board[slot]
    if not here["up"] or not card(here["card"])["once_per_turn"]:
        raise IllegalMove("not_once_per_turn", "Only a face-up card that says \"once per "
                                               "turn\" can be activated from your board.")
    if here["used"]:
        raise IllegalMove("already_used", "This card's effect was already used this turn.")
    check_parts(t.state, owner, slot, parts)
    use_effect(t, owner, slot, parts, "once_per_turn", rng)


def end_turn(t: Table, seat: int, rng) -> None:
    """Finally, pass your turn. Play continues clockwise."""
    t.emit(event("turn_ended", {"seat": seat}))
    start_turn(t, (seat + 1) % t.state["players"], rng)
