"""Tiletum: dice on the Action Wheel give Resources and Action Points; Contracts, Crests,
Cathedrals and Helpers, the King track and the Fairs over four rounds."""
from engines.tiletum.engine import Tiletum

engine = Tiletum()

__all__ = ["Tiletum", "engine"]
