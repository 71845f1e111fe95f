"""Bastet — festival (page: "Bastet — festival"): 2 Papyrus, Happiness up by the die value, and
Scribes for a low die."""
from __future__ import annotations

from engines.tekhenu import data as D
from engines.tekhenu.resources import gain, payment, raise_happiness


def options(s, seat, value, colour):
    return [({}, {})] if payment(s["p"][seat], D.BASTET_COST) is not None else []


def perform(t, seat, value, colour, params):
    gain(t, seat, payment(t.state["p"][seat], D.BASTET_COST), "festival")
    raise_happiness(t, seat, value, "bastet")
    gain(t, seat, {"scribes": D.bastet_scribes(value)}, "festival")
