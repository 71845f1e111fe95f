"""The exported log: one JSON Lines file that rebuilds a game elsewhere.

Line 1, the header: {"kind": "game", "format": 1, "engine", "engine_version", "players",
"options", "seats", "commitment", "seed"?, "id"}. Every later line: {"kind": "record", ...} with the
record as stored (undo records included). Seat tokens never appear; the seed appears only when the
game is over or an operator exported it.
"""
from __future__ import annotations

import json
from typing import Iterable

FORMAT = 1
HEADER_FIELDS = ("engine", "engine_version", "players", "options", "seats", "commitment")


class BadLog(ValueError):
    """The file is not a tablefold log; the message says where and why."""


def dump(header: dict, records: Iterable[dict]) -> str:
    lines = [json.dumps({"kind": "game", "format": FORMAT, **header}, sort_keys=True)]
    lines += [json.dumps({"kind": "record", **r}, sort_keys=True) for r in records]
    return "\n".join(lines) + "\n"


def parse(text: str) -> tuple[dict, list[dict]]:
    """Header and records from a log file's text, or BadLog naming the line."""
    header, records = None, []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
            json.dumps(item, ensure_ascii=False).encode("utf-8")  # no lone surrogates
        except json.JSONDecodeError as e:
            raise BadLog(f"line {n} is not JSON: {e.msg}")
        except (ValueError, RecursionError):
            raise BadLog(f"line {n} is JSON this service cannot store (nested too deeply, a number "
                         "too long, or text that is not valid Unicode)")
        if not isinstance(item, dict):
            raise BadLog(f"line {n} is not a JSON object")
        kind = item.pop("kind", None)
        if header is None:
            if kind != "game" or item.get("format") != FORMAT:
                raise BadLog(f"line {n} should be the header (kind 'game', format {FORMAT})")
            missing = [f for f in HEADER_FIELDS if f not in item]
            if missing:
                raise BadLog(f"the header lacks {', '.join(missing)}")
            header = item
            continue
        if kind != "record":
            raise BadLog(f"line {n} should be a record (kind 'record')")
        _check_record(item, n, len(records) + 1, header["players"])
        records.append(item)
    if header is None:
        raise BadLog("the file is empty")
    if not records:
        raise BadLog("the file holds no records")
    return header, records


def _check_record(r: dict, line: int, version: int, players) -> None:
    if r.get("v") != version:
        raise BadLog(f"line {line}: expected record {version}, found {r.get('v')!r}")
    if not isinstance(r.get("events"), list) or not all(isinstance(e, dict) and isinstance(e.get("type"), str)
                                                         for e in r["events"]):
        raise BadLog(f"line {line}: record {version} has no valid event list")
    by = r.get("by")
    if by != "system" and not (isinstance(by, int) and isinstance(players, int) and 0 <= by < players):
        raise BadLog(f"line {line}: record {version} names an unknown actor {by!r}")
    undo = r.get("undo")
    if undo is not None and not (isinstance(undo, list) and all(isinstance(v, int) and 1 < v < version
                                                                for v in undo)):
        raise BadLog(f"line {line}: record {version} rescinds versions that are not before it")
    if r.get("move") is not None and not isinstance(r["move"], dict):
        raise BadLog(f"line {line}: record {version}'s move is not a JSON object")
