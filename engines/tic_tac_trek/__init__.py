"""Tic Tac Trek: a two-player tile-laying game of ✖ and ⭕ and campfires."""
from engines.tic_tac_trek.engine import TicTacTrek

engine = TicTacTrek()

__all__ = ["TicTacTrek", "engine"]
