"""Tekhenu: Obelisk of the Sun: dice drafting around the Obelisk, 2-4 players, 16 rounds."""
from engines.tekhenu.engine import Tekhenu

engine = Tekhenu()

__all__ = ["Tekhenu", "engine"]
