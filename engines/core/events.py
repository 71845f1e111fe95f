"""Events that carry their own visibility, and the one place that redacts them.

An event is a dict: {"type": ..., fields..., "vis": {field: [seats]}, "reveal": true?, "by": actor?}.
A field named in `vis` may be seen only by the listed seats (an empty list: by no seat, e.g. a
deck's order); every other field is public. The open view (ALL) sees everything.
"""
from __future__ import annotations

from typing import Any

from engines.core.contract import ALL


def event(type_: str, fields: dict | None = None, *, private: dict | None = None,
          secret: dict | None = None, reveal: bool = False, by: Any = None) -> dict:
    """Build an event.

    fields:  public fields.
    private: {field: (seats, value)}, seen only by those seats.
    secret:  {field: value}, seen by no seat until the open view.
    reveal:  the event shows some seat what was hidden from it (DESIGN.md, "reveal").
    by:      an actor other than the mover (a rules bot such as Nimbus).
    """
    ev: dict = {"type": type_}
    ev.update(fields or {})
    vis: dict = {}
    for name, (seats, value) in (private or {}).items():
        ev[name] = value
        vis[name] = sorted(seats)
    for name, value in (secret or {}).items():
        ev[name] = value
        vis[name] = []
    if vis:
        ev["vis"] = vis
    if reveal:
        ev["reveal"] = True
    if by is not None:
        ev["by"] = by
    return ev


def is_reveal(ev: dict) -> bool:
    return bool(ev.get("reveal"))


def redact_event(ev: dict, viewer: Any) -> dict:
    """The event as `viewer` may see it: hidden fields are removed, `vis` says which."""
    vis = ev.get("vis")
    if not vis or viewer == ALL:
        return ev
    return {k: v for k, v in ev.items() if k not in vis or viewer in vis[k]}
