"""Barcelona: build the Eixample with Citizens, Streets and Buildings (base game, 2-4 players)."""
from engines.barcelona.engine import Barcelona

engine = Barcelona()

__all__ = ["Barcelona", "engine"]
