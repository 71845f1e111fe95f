"""TRÖK: dwarves trade equipment in secret offers and combine it for Aare and Upgrades."""
from engines.trok.engine import Trok

engine = Trok()

__all__ = ["Trok", "engine"]
