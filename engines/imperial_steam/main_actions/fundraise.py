"""10. Fundraise: take 10 guldens from the supply."""
from __future__ import annotations

from engines.core import event


def fundraise(t, seat, move):
    t.emit(event("fundraised", {"seat": seat, "amount": 10}))


def options(s, seat):
    return [{"move": {"type": "fundraise"}}]


def _fundraised(s, ev):
    s["p"][ev["seat"]]["money"] += ev["amount"]


DECIDE = {"fundraise": fundraise}
EVOLVE = {"fundraised": _fundraised}
