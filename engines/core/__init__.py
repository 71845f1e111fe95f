"""The engine contract and the mechanisms every game shares."""
from engines.core.contract import (ALL, Engine, IllegalMove, canonical, canonical_bytes,
                                   deep_copy, state_hash)
from engines.core.events import event, is_reveal, redact_event
from engines.core.rng import Rng, derive_rng
from engines.core.options import count_moves, expand, sample_move
from engines.core.registry import get_engine, registered, register
from engines.core.playout import fold_events, random_playout
from engines.core.table import Table

__all__ = [
    "ALL", "Engine", "IllegalMove", "canonical", "canonical_bytes", "deep_copy", "state_hash",
    "event", "is_reveal", "redact_event",
    "Rng", "derive_rng",
    "count_moves", "expand", "sample_move",
    "get_engine", "registered", "register",
    "fold_events", "random_playout", "Table",
]
