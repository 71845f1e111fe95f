"""The move record, its redaction, folding with undo, and the Redis store."""
from events.records import Record, checkpoint_for, redact_record
from events.fold import fold, undo_reach
from events.store import Conflict, GameMeta, Store

__all__ = ["Record", "checkpoint_for", "redact_record", "fold", "undo_reach",
           "Conflict", "GameMeta", "Store"]
