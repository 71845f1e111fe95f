"""The exported log: one JSON Lines file that rebuilds a game elsewhere.

Line 1, the header: {"kind": "game", "format": 1, "engine", "engine_version", "players",
"options", "seats", "commitment", "seed"?, "id"}. Every later line: {"kind": "record", ...} with the
record as stored (undo records included). Seat tokens never appear; the seed appears only when the
game is over or an operator exported it. Every line is checked against the schemas below; a line
with a field they do not name is refused.
"""
from __future__ import annotations

import json
from typing import Iterable

import fastjsonschema
import orjson

FORMAT = 1

_name = {"type": "string", "minLength": 1, "maxLength": 64}
_version = {"type": "integer", "minimum": 1, "maximum": 2**53}
_seat_spec = {
    "type": "object", "required": ["kind"], "additionalProperties": False,
    "properties": {"kind": {"enum": ["human", "bot"]}, "bot": _name,
                   "name": {"type": "string", "maxLength": 40},
                   "level": {"type": "integer", "minimum": 1, "maximum": 3}},
}
HEADER = {
    "type": "object", "additionalProperties": False,
    "required": ["kind", "format", "engine", "engine_version", "players", "options", "seats",
                 "commitment"],
    "properties": {
        "kind": {"const": "game"}, "format": {"const": FORMAT},
        "id": {"type": "string", "maxLength": 64}, "engine": _name, "engine_version": _version,
        "players": {"type": "integer", "minimum": 1, "maximum": 16},
        "options": {"type": "object", "maxProperties": 64},
        "seats": {"type": "array", "items": _seat_spec, "minItems": 1, "maxItems": 16},
        "commitment": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
        "seed": {"type": "string", "minLength": 1, "maxLength": 200},
    },
}
_event = {"type": "object", "required": ["type"],
          "properties": {"type": _name, "reveal": {"type": "boolean"},
                         "vis": {"type": "object", "additionalProperties": {
                             "type": "array", "items": {"type": "integer", "minimum": 0}}}}}
RECORD = {
    "type": "object", "additionalProperties": False, "required": ["kind", "v", "by", "events"],
    "properties": {
        "kind": {"const": "record"}, "v": _version,
        "by": {"anyOf": [{"const": "system"}, {"type": "integer", "minimum": 0, "maximum": 15}]},
        "bot": _name, "move": {"type": ["object", "null"]}, "public": {"type": ["object", "null"]},
        "simultaneous": {"type": "boolean"}, "reveal": {"type": "boolean"},
        "events": {"type": "array", "items": _event},
        "undo": {"type": "array", "items": _version, "minItems": 1},
        "move_id": {"type": "string", "minLength": 1, "maxLength": 100},
        "at": {"type": "string", "maxLength": 40},
        "hash": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
    },
}
_header = fastjsonschema.compile(HEADER)
_record = fastjsonschema.compile(RECORD)


class BadLog(ValueError):
    """The file is not a tablefold log; the message says where and why."""


class TooLong(BadLog):
    """The log holds more records than the limit."""


def dump(header: dict, records: Iterable[dict]) -> str:
    lines = [json.dumps({"kind": "game", "format": FORMAT, **header}, sort_keys=True)]
    lines += [json.dumps({"kind": "record", **r}, sort_keys=True) for r in records]
    return "\n".join(lines) + "\n"


def _checked(validator, item, n: int):
    try:
        validator(item)
    except fastjsonschema.JsonSchemaValueException as e:
        where = ".".join(e.path[1:]) or "the line"
        raise BadLog(f"line {n}: {where}: {e.message.replace('data.', '', 1).replace('data ', '', 1)}")


def parse(text: str, max_records: int | None = None) -> tuple[dict, list[dict]]:
    """Header and records from a log file's text, or BadLog naming the line."""
    header, records = None, []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            item = orjson.loads(line)
        except orjson.JSONDecodeError as e:
            raise BadLog(f"line {n} is not JSON this service accepts: {e}")
        if not isinstance(item, dict):
            raise BadLog(f"line {n} is not a JSON object")
        if header is None:
            if item.get("kind") != "game":
                raise BadLog(f"line {n} should be the header (kind 'game', format {FORMAT})")
            _checked(_header, item, n)
            if len(item["seats"]) != item["players"]:
                raise BadLog(f"line {n}: the header names {len(item['seats'])} seats for "
                             f"{item['players']} players")
            item.pop("kind")
            header = item
            continue
        if max_records is not None and len(records) >= max_records:
            raise TooLong(f"the log holds more than {max_records} records")
        _checked(_record, item, n)
        item.pop("kind")
        _check_record(item, n, len(records) + 1, header["players"])
        records.append(item)
    if header is None:
        raise BadLog("the file is empty")
    if not records:
        raise BadLog("the file holds no records")
    return header, records


def _check_record(r: dict, line: int, version: int, players: int) -> None:
    if r["v"] != version:
        raise BadLog(f"line {line}: expected record {version}, found {r['v']!r}")
    if r["by"] != "system" and r["by"] >= players:
        raise BadLog(f"line {line}: record {version} names an unknown actor {r['by']!r}")
    if (r["by"] == "system") != (version == 1):
        raise BadLog(f"line {line}: record {version}: only the first record is the table's own")
    undo = r.get("undo")
    if undo is not None and not all(1 < v < version for v in undo):
        raise BadLog(f"line {line}: record {version} rescinds versions that are not before it")
