"""The engine as a decider (DESIGN.md, "The engine contract").

An engine is a stateless object; the state is plain JSON data (dicts with string keys, lists,
numbers, strings, booleans, None). Seats are the integers 0..players-1.
"""
from __future__ import annotations

import copy
import hashlib
import json
import re
from typing import Any

import orjson
from marshmallow import Schema

ALL = "all"  # the open view: every field, for a finished game or an operator


class IllegalMove(Exception):
    """A move the rules forbid. `code` is stable for clients; `reason` is for the player."""

    def __init__(self, code: str, reason: str):
        super().__init__(reason)
        self.code = code
        self.reason = reason


def canonical(data: Any) -> str:
    """Canonical JSON: the form states are compared and hashed in."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# what orjson writes otherwise than `canonical`: a float Python gives an exponent (1e-05 is
# 0.00001 to orjson); a string that only looks like one is written the slow way, to the same bytes
_OTHER_FLOATS = re.compile(rb"[0-9][eE]|0\.0000")


def canonical_bytes(data: Any) -> bytes:
    """canonical(data) as UTF-8, ten times faster: orjson sorts keys and escapes strings alike,
    and where it would write a number otherwise (an exponent, an integer beyond 64 bits) the text
    is made by `canonical` instead."""
    try:
        text = orjson.dumps(data, option=orjson.OPT_SORT_KEYS)
    except TypeError:
        return canonical(data).encode()
    return canonical(data).encode() if _OTHER_FLOATS.search(text) else text


def deep_copy(state: Any) -> Any:
    """A private copy of plain JSON data: through orjson, several times faster than deepcopy."""
    try:
        return orjson.loads(orjson.dumps(state))
    except TypeError:   # what orjson does not write (integers beyond 64 bits)
        return copy.deepcopy(state)


def state_hash(state: Any) -> str:
    return hashlib.sha256(canonical_bytes(state)).hexdigest()


class EmptyOptions(Schema):
    """Options schema for a game without table options."""


class Engine:
    """Base class of every game. Subclasses override the methods below."""

    name: str = ""            # registry key, e.g. "tic-tac-trek"
    title: str = ""           # what players call it
    version: int = 1          # bump when a log folds differently
    min_players: int = 2
    max_players: int = 2
    options_schema: type[Schema] = EmptyOptions
    moves_schema: dict[str, type[Schema]] = {}

    # --- building state -------------------------------------------------------------------
    def initial(self, players: int, options: dict) -> Any:
        """The empty table that the setup events are folded onto."""
        raise NotImplementedError

    def setup(self, players: int, options: dict, rng) -> list[dict]:
        """The opening events: the secret shuffles, the deal."""
        raise NotImplementedError

    def decide(self, state: Any, seat: int, move: dict, rng) -> list[dict]:
        """Validate `move` (raise IllegalMove) and return the events it causes. Never mutates."""
        raise NotImplementedError

    def evolve(self, state: Any, event: dict) -> Any:
        """Apply one event. Deterministic; may mutate `state` in place and return it."""
        raise NotImplementedError

    def copy_state(self, state: Any) -> Any:
        """A copy of `state` that evolve may change without touching `state` (states a server
        caches are shared). A deep copy; an engine whose evolve replaces what it changes below
        some level may copy less (tests/engines/core/test_copy_state.py holds every engine to
        it)."""
        return deep_copy(state)

    # --- reading state --------------------------------------------------------------------
    def legal_moves(self, state: Any, seat: int) -> list[dict]:
        """Options in the shape of engines.core.options; empty when the seat cannot act."""
        raise NotImplementedError

    def view(self, state: Any, viewer: Any) -> dict:
        """What `viewer` (a seat, None for a spectator, or ALL) may see of the state."""
        raise NotImplementedError

    def active(self, state: Any) -> list[int]:
        raise NotImplementedError

    def awaited(self, state: Any) -> list[int]:
        """Seats that still owe a move; differs from active only in simultaneous steps."""
        return self.active(state)

    def result(self, state: Any) -> dict | None:
        """None while the game runs; then {"ranking": [...], "scores": ..., ...}."""
        raise NotImplementedError

    def public_move(self, state: Any, seat: int, move: dict) -> dict | None:
        """What viewers other than the mover may see of the move body, given the state before it
        (DESIGN.md, "Secret by default"). None, the default, shows nothing: the others still see
        the move's events, redacted for them. Return only what the table sees the player do."""
        return None

    def hidden_zones(self, state: Any, viewer: Any) -> list[list]:
        """Paths (lists of keys) to the lists in `state` whose items `viewer` cannot see: other
        seats' hands, a deck's order. The secrecy test redeals them (engines.core.secrecy)."""
        return []

    def resample(self, state: Any, viewer: Any, rng) -> Any:
        """Redeal in place what `viewer` cannot see (the state is already a copy). Override when
        hidden parts depend on each other."""
        from engines.core.secrecy import redeal
        return redeal(state, self.hidden_zones(state, viewer), rng)

    skip_moves: tuple[str, ...] = ()   # move types that hand the turn on (a pass), if the game has

    def skip_move(self, state: Any, seat: int) -> dict | None:
        """The move a seat makes when its turn clock runs out and the table skips it: the first of
        its legal moves whose type is one of `skip_moves`; None when there is none (its bot plays
        instead)."""
        for option in self.legal_moves(state, seat):
            if option["move"].get("type") in self.skip_moves and not option.get("choose"):
                return option["move"]
        return None

    def can_fold(self, version: int) -> bool:
        """Whether a log recorded by `version` of this engine folds correctly with this one."""
        return version == self.version

    # --- description ----------------------------------------------------------------------
    def describe(self) -> dict:
        return {
            "name": self.name,
            "title": self.title,
            "version": self.version,
            "min_players": self.min_players,
            "max_players": self.max_players,
        }

    def load_options(self, options: dict | None) -> dict:
        """Validate table options and fill in defaults (raises marshmallow.ValidationError)."""
        return self.options_schema().load(options or {})
