"""Move bodies checked against the engine's own schemas, inside decide (which must refuse any
garbage with IllegalMove, whatever the service validated before)."""
from __future__ import annotations

import functools

from engines.core.contract import IllegalMove


@functools.cache
def schema_fields(schema_class) -> tuple[frozenset, frozenset]:
    """The JSON names a move schema allows, and those it requires."""
    fields = schema_class().fields
    names = {f.data_key or name: f for name, f in fields.items()}
    return frozenset(names), frozenset(n for n, f in names.items() if f.required)


def move_kind(move, schemas: dict, unknown: str, hints: dict | None = None) -> str:
    """The move's type, once its body has the fields its schema names, and no others.

    unknown: the reason given for a body that names no move of the game.
    hints:   per move type, a sentence showing the body (added to the reason).
    """
    kind = move.get("type") if isinstance(move, dict) else None
    if not isinstance(kind, str) or kind not in schemas:
        raise IllegalMove("unknown_move", unknown)
    allowed, required = schema_fields(schemas[kind])
    hint = f" {hints[kind]}" if hints else ""
    extra = sorted(str(k) for k in move if k not in allowed)
    if extra:
        raise IllegalMove("bad_move", f"A {kind} move has no field {extra[0]!r}.{hint}")
    missing = sorted(required - set(move))
    if missing:
        raise IllegalMove("bad_move", f"A {kind} move needs {missing[0]!r}.{hint}")
    return kind
