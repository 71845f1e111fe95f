"""11. Pass: do nothing; the repeat penalty still applies (main_actions/__init__.py)."""
from __future__ import annotations


def pass_(t, seat, move):
    pass


def options(s, seat):
    return [{"move": {"type": "pass"}}]


DECIDE = {"pass": pass_}
EVOLVE = {}
