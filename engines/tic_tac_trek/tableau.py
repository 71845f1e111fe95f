"""The tableau: tiles on an unbounded grid, stored as {"x,y": tile} so the state stays plain JSON.

A tile is {"terrain": str, "symbol": "X" | "O", "campfire": bool}. A cell is [x, y]; x grows to
the right and y downward, as rows are printed.

Every view and every list of legal moves walks the board's edge and the spaces around its
campfires, so each key is parsed once (`_xy`) and the keys of a cell's neighbours are written
once (`_beside`, `_around`): the answers are the same lists of [x, y].
"""
from functools import lru_cache

ORTHOGONAL = ((1, 0), (0, 1), (-1, 0), (0, -1))  # "touches": corners never count
AROUND = ORTHOGONAL + ((1, 1), (1, -1), (-1, 1), (-1, -1))  # the 8 spaces a campfire scores
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))  # rows: horizontal, vertical, both diagonals


def key(cell) -> str:
    return f"{cell[0]},{cell[1]}"


@lru_cache(maxsize=4096)
def _xy(key_: str) -> tuple[int, int]:
    x, _, y = key_.partition(",")
    return int(x), int(y)


def cell_of(key_: str) -> list[int]:
    return list(_xy(key_))


@lru_cache(maxsize=4096)
def _reading(key_: str) -> tuple[int, int]:
    """Where the cell keyed `key_` comes in reading order: by row, then from the left."""
    x, y = _xy(key_)
    return y, x


def reading_order(cells):
    return sorted(cells, key=lambda c: (c[1], c[0]))


def placed(board: dict) -> list[tuple[list[int], dict]]:
    """(cell, tile) for every tile, in reading order."""
    return [(list(_xy(k)), board[k]) for k in sorted(board, key=_reading)]


def touching(board: dict, cell) -> list[dict]:
    """The tiles orthogonally adjacent to a cell."""
    return [board[k] for k in _beside(key(cell)) if k in board]


@lru_cache(maxsize=16384)
def line(x: int, y: int, dx: int, dy: int) -> tuple[str, ...]:
    """The keys of the 5 cells from 2 before (x, y) to 2 after it in direction (dx, dy)."""
    return tuple(f"{x + k * dx},{y + k * dy}" for k in (-2, -1, 0, 1, 2))


@lru_cache(maxsize=4096)
def _beside(key_: str) -> tuple[str, ...]:
    """The keys of the 4 cells orthogonally adjacent to the cell keyed `key_`."""
    x, y = _xy(key_)
    return tuple(f"{x + dx},{y + dy}" for dx, dy in ORTHOGONAL)


@lru_cache(maxsize=4096)
def _around(key_: str) -> tuple[str, ...]:
    """The keys of the 8 cells around the cell keyed `key_`."""
    x, y = _xy(key_)
    return tuple(f"{x + dx},{y + dy}" for dx, dy in AROUND)


def edge(board: dict, near=None) -> list[list[int]]:
    """Every empty cell orthogonally adjacent to a placed tile ("anywhere along the edge"); with
    `near` (keys of placed tiles), only those adjacent to one of them."""
    empty = set()
    for placed_ in board if near is None else near:
        empty.update(_beside(placed_))
    empty.difference_update(board)
    return [list(_xy(k)) for k in sorted(empty, key=_reading)]


def empty_around(board: dict, key_: str) -> int:
    """How many of the 8 spaces around the cell keyed `key_` are empty."""
    return sum(k not in board for k in _around(key_))
