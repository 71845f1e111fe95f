"""Tekhenu's table: name, player counts and table options (page: "Table options")."""
from __future__ import annotations

from marshmallow import Schema, fields

NAME = "tekhenu"
TITLE = "Tekhenu: Obelisk of the Sun"
VERSION = 2    # 2: card offers, Bread upkeep asked, 10 buildings, Destiny cards once
MIN_PLAYERS = 2
MAX_PLAYERS = 4


class TekhenuOptions(Schema):
    random_horus = fields.Boolean(load_default=False)   # Horus Bonus tiles random (else first game)
    random_wheel = fields.Boolean(load_default=False)   # Obelisk wheel starts at random (else 0)
