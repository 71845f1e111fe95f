"""The tableau: tiles on an unbounded grid, stored as {"x,y": tile} so the state stays plain JSON.

A tile is {"terrain": str, "symbol": "X" | "O", "campfire": bool}. A cell is [x, y]; x grows to
the right and y downward, as rows are printed.
"""

ORTHOGONAL = ((1, 0), (0, 1), (-1, 0), (0, -1))  # "touches": corners never count
AROUND = ORTHOGONAL + ((1, 1), (1, -1), (-1, 1), (-1, -1))  # the 8 spaces a campfire scores
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))  # rows: horizontal, vertical, both diagonals


def key(cell) -> str:
    return f"{cell[0]},{cell[1]}"


def cell_of(key_: str) -> list[int]:
    x, y = key_.split(",")
    return [int(x), int(y)]


def reading_order(cells):
    return sorted(cells, key=lambda c: (c[1], c[0]))


def shifted(cell, offsets) -> list[list[int]]:
    return [[cell[0] + dx, cell[1] + dy] for dx, dy in offsets]


def touching(board: dict, cell) -> list[dict]:
    """The tiles orthogonally adjacent to a cell."""
    return [board[key(c)] for c in shifted(cell, ORTHOGONAL) if key(c) in board]


def edge(board: dict) -> list[list[int]]:
    """Every empty cell orthogonally adjacent to a placed tile ("anywhere along the edge")."""
    cells = {key(c) for k in board for c in shifted(cell_of(k), ORTHOGONAL)} - set(board)
    return reading_order(cell_of(k) for k in cells)


def lines_through(cell) -> list[list[list[int]]]:
    """Every line of three consecutive cells that includes `cell`: 4 directions x 3 positions."""
    x, y = cell
    return [[[x + (start + i) * dx, y + (start + i) * dy] for i in range(3)]
            for dx, dy in DIRECTIONS for start in (-2, -1, 0)]


def empty_around(board: dict, cell) -> int:
    return sum(key(c) not in board for c in shifted(cell, AROUND))
