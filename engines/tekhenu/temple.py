"""The Temple's geometry: its Pillar spaces in rows and columns, the building spaces on those
lines, the edges of Pillar tiles and the border, and what raising a Pillar scores (page: "Ra —
raise a Pillar")."""
from __future__ import annotations

from engines.tekhenu import data as D


def line_cells(line) -> list[int]:
    kind, k = line
    n = D.TEMPLE_SIZE
    return [k * n + c for c in range(n)] if kind == "row" else [r * n + k for r in range(n)]


def cell_lines(cell: int) -> list[list]:
    r, c = divmod(cell, D.TEMPLE_SIZE)
    return [["row", r], ["col", c]]


def rotated(edges: list, rotation: int) -> list:
    """Edges N, E, S, W after `rotation` quarter turns clockwise."""
    return [edges[(k - rotation) % 4] for k in range(4)]


def buildings_in_lines(s: dict, lines: list, seat=None) -> int:
    n = 0
    for i, owner in enumerate(s["spaces"]):
        if owner is not None and (seat is None or owner == seat) \
                and D.BUILDING_SPACES[i]["line"] in lines:
            n += 1
    return n


def statues_in_lines(s: dict, lines: list, seat: int) -> int:
    return sum(1 for i, owner in enumerate(s["gold_spaces"])
               if owner == seat and D.GOLD_SPACES[i].get("line") in lines)


def own_pillars_in_line(s: dict, line, seat: int) -> int:
    return sum(1 for cell in line_cells(line)
               if s["temple"][cell] is not None and s["temple"][cell]["seat"] == seat)


def edge_matches(s: dict, tile: str, cell: int, rotation: int) -> int:
    size = D.TEMPLE_SIZE
    r, c = divmod(cell, size)
    edges = rotated(D.PILLAR_TILES[tile]["edges"], rotation)
    matches = 0
    for k, side in enumerate(D.SIDES):
        dr, dc = D.STEP[side]
        nr, nc = r + dr, c + dc
        if 0 <= nr < size and 0 <= nc < size:
            other = s["temple"][nr * size + nc]
            if other is None:
                continue
            theirs = rotated(D.PILLAR_TILES[other["tile"]]["edges"], other["rotation"])
            if theirs[D.SIDES.index(D.OPPOSITE[side])] == edges[k]:
                matches += 1
        elif D.BORDER.get(f"{r},{c},{side}") == edges[k]:
            matches += 1
    return matches


def is_corner(cell: int) -> bool:
    r, c = divmod(cell, D.TEMPLE_SIZE)
    last = D.TEMPLE_SIZE - 1
    return r in (0, last) and c in (0, last)


def pillar_vp(s: dict, slot: int, tile: str, cell: int, rotation: int) -> dict:
    """What raising a Pillar scores: buildings in its lines, matching edges, the slot's VP."""
    buildings = buildings_in_lines(s, cell_lines(cell))
    matches = edge_matches(s, tile, cell, rotation)
    edge_vp = matches * (2 if is_corner(cell) else 1)
    return {"buildings": buildings, "edges": edge_vp, "slot": D.RA_SLOTS[slot]["vp"],
            "total": buildings + edge_vp + D.RA_SLOTS[slot]["vp"]}
