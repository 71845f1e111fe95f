"""Your cards (page: "Cards"): Technologies are permanent and pay their reward after each of your
actions of their god; Blessings are one-shot and pay when taken (stand-in texts)."""
from __future__ import annotations

from engines.tekhenu import data as D
from engines.tekhenu.resources import grant


def after_action(t, seat, action):
    for card in t.state["p"][seat]["cards"]:
        c = D.CARDS[card]
        if c["kind"] == "technology" and c["on"] == action:
            grant(t, seat, c["reward"], card)
