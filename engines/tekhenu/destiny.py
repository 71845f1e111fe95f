"""Destiny cards (page: "Before round 1", step 3, and "Maat phase", step 6): n + 1 are shown,
each player picks one in turn order and receives its reward. Its Ankh breaks Maat ties."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.tekhenu import data as D
from engines.tekhenu.moves import text
from engines.tekhenu.resources import grant


def show(t):
    s = t.state
    k = min(s["players"] + 1, len(s["destiny_deck"]))
    cards = t.rng.sample(sorted(s["destiny_deck"]), k)
    t.emit(event("destiny_shown", {"cards": cards}))


def pick(t, seat, move):
    """The `destiny` move. The first pick also pays both Starting cards ("receive the rewards of
    both Starting cards and the Destiny card")."""
    s = t.state
    card = text(move.get("card"), "card")
    if card not in s["destiny_display"]:
        raise IllegalMove("not_displayed", "Pick one of the Destiny cards on display.")
    first = s["round"] == 0
    t.emit(event("destiny_taken", {"seat": seat, "card": card}))
    if first:
        for c in s["p"][seat]["starting"]:
            grant(t, seat, D.STARTING[c]["reward"], c)
    grant(t, seat, D.DESTINY[card]["reward"], card)


def options(s, seat):
    return [{"move": {"type": "destiny"},
             "choose": {"card": {"one_of": list(s["destiny_display"])}}}]
