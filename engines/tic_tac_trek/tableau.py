"""The tableau: tiles on an unbounded grid, stored as {"x,y": tile} so the state stays plain JSON.

A tile is {"terrain": str, "symbol": "X" | "O", "campfire": bool}. A cell is [x, y]; x grows to
the right and y downward, as rows are printed.

Every view and every list of legal moves walks the board's edge, so the walks work on (x, y)
tuples and each key is parsed once (`_xy`): the answers are the same lists of [x, y].
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


def reading_order(cells):
    return sorted(cells, key=lambda c: (c[1], c[0]))


def placed(board: dict) -> list[tuple[list[int], dict]]:
    """(cell, tile) for every tile, in reading order."""
    return sorted(((list(_xy(k)), tile) for k, tile in board.items()),
                  key=lambda pair: (pair[0][1], pair[0][0]))


def touching(board: dict, cell) -> list[dict]:
    """The tiles orthogonally adjacent to a cell."""
    x, y = cell[0], cell[1]
    out = []
    for dx, dy in ORTHOGONAL:
        tile = board.get(f"{x + dx},{y + dy}")
        if tile is not None:
            out.append(tile)
    return out


def beside(keys) -> set[tuple[int, int]]:
    """The (x, y) of every cell orthogonally adjacent to one of the cells keyed by `keys`."""
    around = set()
    for k in keys:
        x, y = _xy(k)
        around.update(((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1)))
    return around


def edge(board: dict, near=None) -> list[list[int]]:
    """Every empty cell orthogonally adjacent to a placed tile ("anywhere along the edge"); with
    `near` (keys of placed tiles), only those adjacent to one of them."""
    empty = [(y, x) for x, y in beside(board if near is None else near)
             if f"{x},{y}" not in board]
    empty.sort()
    return [[x, y] for y, x in empty]


def empty_around(board: dict, cell) -> int:
    x, y = cell[0], cell[1]
    return sum(f"{x + dx},{y + dy}" not in board for dx, dy in AROUND)
