"""Iberian Gauge's board as a data file (map.json), kept apart from the rules."""
