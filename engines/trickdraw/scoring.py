"""Points and instant wins ("Winning the Game", "The Key, The Safe, and The Temple"), The
Treasure (stand-in) and Diplomacy's discount."""
from __future__ import annotations

import math

from engines.trickdraw.cards import LOCAL_HERO_POINTS, TREASURE_SHARE, card


def face_up(board: list[dict], key: str, value) -> int:
    return sum(1 for c in board if c["up"] and card(c["card"])[key] == value)


def points(board: list[dict]) -> int:
    """Every face-down card is 1 point; each face-up Rally is worth 1 per Rally you control
    (n Rallies: n*n); each face-up Local Hero is worth 3 when OVER half your cards are face down."""
    down = sum(1 for c in board if not c["up"])
    rallies = face_up(board, "scores", "rally")
    heroes = face_up(board, "scores", "local_hero")
    hero_points = LOCAL_HERO_POINTS * heroes if 2 * down > len(board) else 0
    return down + rallies * rallies + hero_points


def pair_win(board: list[dict]) -> bool:
    """Any two of The Key, The Safe and The Temple face up in front of you."""
    return face_up(board, "wins", "pair") >= 2


def treasure_wins(board: list[dict], target: int) -> bool:
    """Stand-in: The Treasure face up, and at least 7/10 of the target in points on the board."""
    return face_up(board, "wins", "treasure") >= 1 and points(board) >= treasure_needs(target)


def treasure_needs(target: int) -> int:
    return math.ceil(target * TREASURE_SHARE)


def diplomacy(board: list[dict]) -> bool:
    return face_up(board, "diplomacy", True) >= 1


def cost(board: list[dict], name: str) -> int:
    """A card's Discard cost for its controller: Diplomacy face up lowers each discard by 1."""
    return max(0, card(name)["cost"] - (1 if diplomacy(board) else 0))
