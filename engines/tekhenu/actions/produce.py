"""Produce (page: "Produce"): any non-gray die, in any section, gives resources of its colour
equal to its value; everything above that resource's production marker is excess."""
from __future__ import annotations

from engines.tekhenu import data as D
from engines.tekhenu.resources import gain


def options(s, seat, value, colour):
    return [({}, {})] if colour in D.PRODUCE else []


def perform(t, seat, value, colour, params):
    p = t.state["p"][seat]
    res = D.PRODUCE[colour]
    kept = min(value, p["production"][res])
    gain(t, seat, {res: kept, f"excess:{res}": value - kept}, "produce")
