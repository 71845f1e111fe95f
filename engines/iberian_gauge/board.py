"""The map of the Iberian Peninsula: hexes, their terrain and names, and who neighbours whom.

The hexes come from data/map.json, a reconstruction not verified against the printed board (see
its "_about"). A hex is written [col, row] in moves and events and "col,row" as a state key.
Coordinates are doubled-height: col + row is even, and the six neighbours of (c, r) are
(c, r±2) and (c±1, r±1).
"""
from __future__ import annotations

import json
from pathlib import Path

MAP_FILE = Path(__file__).parent / "data" / "map.json"
NEIGHBOUR_OFFSETS = ((0, -2), (0, 2), (-1, -1), (-1, 1), (1, -1), (1, 1))


def key(hex_) -> str:
    return f"{hex_[0]},{hex_[1]}"


def coords(key_: str) -> list[int]:
    col, row = key_.split(",")
    return [int(col), int(row)]


def _load() -> dict[str, dict]:
    data = json.loads(MAP_FILE.read_text(encoding="utf-8"))
    hexes = {}
    for h in data["hexes"]:
        hexes[key([h["col"], h["row"]])] = {"terrain": h["terrain"], "name": h.get("name")}
    return hexes


HEXES: dict[str, dict] = _load()   # "c,r" -> {"terrain", "name"}
NEIGHBOURS: dict[str, list[str]] = {
    k: [n for n in (key([c + dc, r + dr]) for dc, dr in NEIGHBOUR_OFFSETS) if n in HEXES]
    for k, (c, r) in ((k, coords(k)) for k in HEXES)
}
ORDER = sorted(HEXES, key=lambda k: (coords(k)[1], coords(k)[0]))  # reading order: row, then col
MAJOR_CITIES = [k for k in ORDER if HEXES[k]["terrain"] == "major_city"]
URBAN = [k for k in ORDER if HEXES[k]["terrain"] == "urban"]


def terrain(key_: str) -> str:
    return HEXES[key_]["terrain"]


def adjacent(a: str, b: str) -> bool:
    return b in NEIGHBOURS[a]


def touches(key_: str, hexes) -> bool:
    """Whether the hex neighbours any of `hexes` (a set of keys)."""
    return any(n in hexes for n in NEIGHBOURS[key_])


def connected(keys) -> bool:
    """Whether the hexes form one region through neighbours."""
    keys = set(keys)
    if not keys:
        return True
    start = next(iter(keys))
    seen, todo = {start}, [start]
    while todo:
        for n in NEIGHBOURS[todo.pop()]:
            if n in keys and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == keys


def layers(sources: set[str], passable: set[str]) -> dict[str, int]:
    """Breadth-first distances over `passable` hexes: 1 for those next to a source hex, then 2…"""
    dist: dict[str, int] = {}
    frontier = sorted(h for h in passable if touches(h, sources))
    d = 1
    while frontier:
        for h in frontier:
            dist[h] = d
        d += 1
        frontier = sorted({n for h in frontier for n in NEIGHBOURS[h]
                           if n in passable and n not in dist})
    return dist


def shortest_paths(dist: dict[str, int], target: str) -> list[list[str]]:
    """Every shortest path of `dist`'s passable hexes from next to the sources to next to
    `target` (not included), in order from the sources' side; [] when there is none."""
    ends = [n for n in NEIGHBOURS[target] if n in dist]
    if not ends:
        return []
    k = min(dist[n] for n in ends)
    memo: dict[str, list[list[str]]] = {}

    def to(h: str) -> list[list[str]]:
        if h not in memo:
            if dist[h] == 1:
                memo[h] = [[h]]
            else:
                memo[h] = [p + [h] for n in NEIGHBOURS[h] if dist.get(n) == dist[h] - 1
                           for p in to(n)]
        return memo[h]

    return [p for n in ends if dist[n] == k for p in to(n)]
