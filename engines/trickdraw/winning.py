"""Winning the Game: the first to the target (10 points) or to two of The Key, The Safe and The
Temple face up wins at once, on anyone's turn; the ranking that follows."""
from __future__ import annotations

from engines.core import event
from engines.core.table import Table
from engines.trickdraw import scoring


def final_result(state: dict, winner, reason: str) -> dict:
    """The winner first; everyone else by points (equal points share a place)."""
    pts = [scoring.points(b) for b in state["boards"]]
    others = sorted((s for s in range(state["players"]) if s != winner), key=lambda s: -pts[s])
    ranking = [{"seat": winner, "rank": 1, "points": pts[winner], "winner": True}] \
        if winner is not None else []
    ahead = len(ranking)
    for s in others:
        rank = 1 + ahead + sum(pts[o] > pts[s] for o in others)
        ranking.append({"seat": s, "rank": rank, "points": pts[s], "winner": False})
    return {"ranking": ranking, "scores": pts, "winner": winner, "reason": reason,
            "tiebreak": "first_to_win" if winner is not None else "points"}


def game_ended(t: Table, winner, reason: str) -> None:
    t.emit(event("game_ended", {"reason": reason, "winner": winner,
                                "result": final_result(t.state, winner, reason)}))


def check_win(t: Table, seat: int) -> bool:
    """After a card of `seat`'s board changed: 10 points (or the table's target) or two of The
    Key, The Safe and The Temple face up win at once, on anyone's turn."""
    board = t.state["boards"][seat]
    reason = ("pair" if scoring.pair_win(board)
              else "points" if scoring.points(board) >= t.state["target"] else None)
    if reason:
        game_ended(t, seat, reason)
        return True
    return False


def over(t: Table) -> bool:
    return t.state["phase"] == "over"
