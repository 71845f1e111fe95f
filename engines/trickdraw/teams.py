"""6 Players or More, team play at 8-10 players: team members alternate around the table, each
team chooses a captain, and every member plays all cards to the captain's board.

Without teams every player is a team of one and captain of its own board, so the rules read the
same either way through these functions: `board_of` (where a seat's cards go), `acting_for` (who
answers for a board now), `team_of` (who shares a board and sees its face-down cards).
"""
from __future__ import annotations

from engines.trickdraw.cards import TEAM_PLAYERS, TEAM_SIZES


def team_size(players: int, options: dict) -> int | None:
    """Players per team, or None without teams. Teams exist only at 8-10 players; the size is
    the table's `team_size` when it divides the table, else the smallest of 2, 3, 4 that does
    (pairs at 8 and 10, threes at 9)."""
    if not options.get("teams") or players not in TEAM_PLAYERS:
        return None
    wanted = options.get("team_size")
    if wanted in TEAM_SIZES and players % wanted == 0:
        return wanted
    return next(size for size in TEAM_SIZES if players % size == 0)


def form_teams(players: int, size: int) -> list[list[int]]:
    """Members alternate around the table: with T teams seat s plays for team s mod T, so each
    team takes 1 turn before any other team takes an extra turn."""
    count = players // size
    return [list(range(t, players, count)) for t in range(count)]


def team_index(state: dict, seat: int) -> int | None:
    if not state.get("teams"):
        return None
    return seat % len(state["teams"])


def team_of(state: dict, seat: int) -> list[int]:
    """The seats that share `seat`'s board (itself alone without teams)."""
    t = team_index(state, seat)
    return [seat] if t is None else list(state["teams"][t]["seats"])


def board_of(state: dict, seat: int) -> int:
    """The seat whose board `seat` plays to: its team's captain (itself without teams)."""
    t = team_index(state, seat)
    return seat if t is None else state["teams"][t]["captain"]


def acting_for(state: dict, owner: int) -> int:
    """Who answers for the board in front of `owner` now: on its team's own turn the member whose
    turn it is, at any other time the owner (the captain). Without teams, the owner."""
    if state.get("teams") and state["turn"] is not None and state["turn"] in team_of(state, owner):
        return state["turn"]
    return owner


def captains(state: dict) -> list[int]:
    """The seats with a board: every seat, or each team's captain."""
    if not state.get("teams"):
        return list(range(state["players"]))
    return [team["captain"] for team in state["teams"]]


def turn_order(state: dict) -> list[int]:
    return [(state["first"] + i) % state["players"] for i in range(state["players"])]


def choosing_captain(state: dict) -> int | None:
    """The seat that names the next captain: teams choose in turn order, each through its member
    who plays first. None once every team has its captain."""
    for seat in turn_order(state):
        team = state["teams"][team_index(state, seat)]
        if team["captain"] is None:
            return seat
    return None
