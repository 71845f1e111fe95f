"""Winning the Game: the first to the target (10 points) or to two of The Key, The Safe and The
Temple face up wins at once, on anyone's turn; in team games the team of the board wins. Also the
standstill (our reading, see the docs page) and the ranking that follows every end."""
from __future__ import annotations

from engines.core import event
from engines.core.table import Table
from engines.trickdraw import scoring, teams
from engines.trickdraw.cards import card

FLIPS = ("flip_two", "flip_one", "flip_other")


def points_of(state: dict, seat: int) -> int:
    """A seat's points: those of the board it plays to (its captain's in a team game)."""
    return scoring.points(state["boards"][teams.board_of(state, seat)])


def final_result(state: dict, winners: list[int], reason: str, board: int | None) -> dict:
    """The winners first (one player, one team, or the leaders sharing a standstill); everyone
    else by points, equal points sharing a place. `winner` is the winning board's seat."""
    pts = [points_of(state, s) for s in range(state["players"])]
    ranking = [{"seat": s, "rank": 1, "points": pts[s], "winner": True} for s in sorted(winners)]
    others = sorted((s for s in range(state["players"]) if s not in winners), key=lambda s: -pts[s])
    for s in others:
        rank = 1 + len(winners) + sum(pts[o] > pts[s] for o in others)
        ranking.append({"seat": s, "rank": rank, "points": pts[s], "winner": False})
    return {"ranking": ranking, "scores": pts, "winner": board, "winners": sorted(winners),
            "reason": reason, "tiebreak": "most_points" if reason == "standstill" else "first_to_win"}


def game_ended(t: Table, winners: list[int], reason: str, board: int | None) -> None:
    t.emit(event("game_ended", {"reason": reason, "winner": board, "winners": sorted(winners),
                                "result": final_result(t.state, winners, reason, board)}))


def check_win(t: Table, owner: int) -> bool:
    """After a card of `owner`'s board changed: the target in points or two of The Key, The Safe
    and The Temple face up win at once for that board's player or team, on anyone's turn."""
    board = t.state["boards"][owner]
    reason = ("pair" if scoring.pair_win(board)
              else "points" if scoring.points(board) >= t.state["target"] else None)
    if reason:
        game_ended(t, teams.team_of(t.state, owner), reason, owner)
        return True
    return False


def check_treasure(t: Table, seat: int) -> bool:
    """Stand-in: The Treasure face up at the start of your turn wins, if your board holds at least
    7/10 of the target in points."""
    owner = teams.board_of(t.state, seat)
    if scoring.treasure_wins(t.state["boards"][owner], t.state["target"]):
        game_ended(t, teams.team_of(t.state, owner), "treasure", owner)
        return True
    return False


def standstill(state: dict) -> bool:
    """Nothing can change any more: deck, discard pile and every hand are empty (no card can be
    drawn, played, discarded or taken) and no face-up once-per-turn card can flip for free."""
    if state["deck"] or state["discard"] or any(state["hands"]):
        return False
    for owner in teams.captains(state):
        board = state["boards"][owner]
        for c in board:
            data = card(c["card"])
            if c["up"] and data["once_per_turn"] and data["effect"] in FLIPS \
                    and scoring.cost(board, c["card"]) == 0:
                return False
    return True


def end_at_standstill(t: Table) -> None:
    """Our reading: at a standstill the table is as close to the target as it will ever be, so
    the most points win; leaders with equal points share the win."""
    boards = teams.captains(t.state)
    best = max(scoring.points(t.state["boards"][b]) for b in boards)
    leaders = [b for b in boards if scoring.points(t.state["boards"][b]) == best]
    winners = [s for b in leaders for s in teams.team_of(t.state, b)]
    game_ended(t, winners, "standstill", leaders[0] if len(leaders) == 1 else None)


def over(t: Table) -> bool:
    return t.state["phase"] == "over"
