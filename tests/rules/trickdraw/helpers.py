"""Stack Trickdraw positions directly, play moves on them, and check every card is accounted for."""
from __future__ import annotations

import copy
from collections import Counter

import pytest

from engines.core import IllegalMove, derive_rng
from engines.trickdraw import engine
from engines.trickdraw.cards import deck_for


def D(name: str) -> dict:
    """A face-down card on a board."""
    return {"card": name, "up": False, "used": False}


def U(name: str, used: bool = False) -> dict:
    """A face-up card on a board."""
    return {"card": name, "up": True, "used": used}


def table(players: int = 3, *, hands=None, boards=None, discard=(), deck=None, turn: int = 0,
          played: bool = False, pending=(), target: int = 10, teams=None) -> dict:
    """A running game with the given hands and boards (lists of D()/U()). The deck holds every
    other card of the game unless `deck` (a list) is given. `teams`: {captain: [its seats]}."""
    s = engine.initial(players, {"target": target})
    s.update(phase="playing", first=0, turn=turn, played=played, target=target)
    if teams:
        s["teams"] = sorted(({"seats": sorted(seats), "captain": captain}
                             for captain, seats in teams.items()), key=lambda t: t["seats"][0])
    s["hands"] = [sorted(h) for h in (hands or [[] for _ in range(players)])]
    s["boards"] = [copy.deepcopy(list(b)) for b in (boards or [[] for _ in range(players)])]
    s["discard"] = list(discard)
    s["pending"] = [dict(p) for p in pending]
    rest = Counter(deck_for(players)) - Counter(in_sight(s))
    if deck is None:
        s["deck"] = sorted(rest.elements())
    else:
        s["deck"] = sorted(deck)
    return s


def in_sight(s: dict) -> list[str]:
    return (list(s["discard"]) + [c for h in s["hands"] for c in h]
            + [c["card"] for b in s["boards"] for c in b])


def assert_accounted(s: dict) -> None:
    """Every card of the game is in exactly one place: deck, discard pile, a hand or a board."""
    assert Counter(s["deck"] + in_sight(s)) == Counter(deck_for(s["players"]))


def play(s: dict, seat: int, move: dict, seed: str = "t"):
    """Decide and fold one move; returns (events, new state). decide must not touch `s`."""
    before = copy.deepcopy(s)
    events = engine.decide(s, seat, move, derive_rng(seed, 5))
    assert s == before, "decide mutated the state"
    new = copy.deepcopy(s)
    for ev in events:
        new = engine.evolve(new, ev)
    return events, new


def refused(s: dict, seat: int, move: dict, code: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as err:
        engine.decide(s, seat, move, derive_rng("t", 5))
    assert err.value.code == code, (err.value.code, err.value.reason)
    return err.value


def types(events) -> list[str]:
    return [ev["type"] for ev in events]
