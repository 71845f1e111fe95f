"""Trinket Trove: bid trinkets for turn order, draft lots, collect sets; Nimbus at two players."""
from engines.trinket_trove.engine import TrinketTrove

engine = TrinketTrove()

__all__ = ["TrinketTrove", "engine"]
