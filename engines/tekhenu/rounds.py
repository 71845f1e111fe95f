"""The flow of the 16 rounds: each seat's turn in turn order, a seat with no legal take passes,
Maat after rounds 4/8/12/16 with Scoring after 8 and 16, the wheel turning after every second
round, new Destiny cards after each Maat but the last, and the game end after round 16."""
from __future__ import annotations

from engines.core import event
from engines.tekhenu import data as D
from engines.tekhenu import destiny, game_end, maat, scoring
from engines.tekhenu.obelisk import turn_wheel
from engines.tekhenu.steps import STEPS
from engines.tekhenu.turn import take_options


def advance(t):
    """Play on until someone owes a move."""
    s = t.state
    n = s["players"]
    while True:
        if STEPS.top(s) is not None or s["phase"] in ("decrees", "draft", "over"):
            return
        if s["phase"] == "destiny":
            if s["turn"] < n:
                return
            t.emit(event("destiny_done", {"round": s["round"] + 1}))
            continue
        if s["phase"] == "maat":       # every upkeep question answered: the Maat phase ends
            maat.clear(t)
            next_round(t)
            continue
        if s["phase"] == "final":
            game_end.finish(t)
            return
        # play
        if s["took"]:
            t.emit(event("turn_ended", {"seat": s["order"][s["turn"]]}))
            continue
        if s["turn"] >= n:
            end_round(t)
            continue
        seat = s["order"][s["turn"]]
        if not take_options(s, seat, first_only=True):
            t.emit(event("passed", {"seat": seat}))
            t.emit(event("turn_ended", {"seat": seat}))
            continue
        return


def end_round(t):
    """After the last turn of a round: Maat (and Scoring) after rounds 4/8/12/16. The Maat phase
    ends (advance) once no Bread upkeep question is owed."""
    s = t.state
    r = s["round"]
    if r in D.MAAT_ROUNDS:
        maat.judge(t)
        if r in D.SCORING_ROUNDS:
            scoring.score(t)
        return
    next_round(t)


def next_round(t):
    s = t.state
    r = s["round"]
    if r == D.ROUNDS:
        game_end.reveal_decrees(t)
        return
    if r % D.TURN_EVERY == 0:
        turn_wheel(t)
    if r in D.MAAT_ROUNDS:
        destiny.show(t)
    else:
        t.emit(event("round_started", {"round": r + 1}))
