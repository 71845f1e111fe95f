"""Imperial Steam: railways from Wien toward Trieste, workers, factories, goods and contracts."""
from engines.imperial_steam.engine import ImperialSteam

engine = ImperialSteam()

__all__ = ["ImperialSteam", "engine"]
