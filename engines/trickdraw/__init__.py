"""Trickdraw: draw, play a card face up for its effect or face down for a point, flip cards;
first to 10 points (or two of The Key, The Safe and The Temple) wins."""
from engines.trickdraw.engine import Trickdraw

engine = Trickdraw()

__all__ = ["Trickdraw", "engine"]
