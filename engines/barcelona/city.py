"""The city grid (STAND-IN geometry, see data.py): crossings, street spaces, streets, building
spaces. Ids are strings: crossing "x,y"; street space "c{x}.{y}" (column x, between rows y and
y+1), "r{y}.{x}" (row y, between columns x and x+1), "d{i}" (the Diagonal from i,i to i+1,i+1);
building space "b{x},{y}" (a square block) or "t{i}u" / "t{i}l" (the two Corner triangles of
diagonal block i,i, above-right and below-left of the Diagonal)."""
from engines.barcelona.data import (DIAGONAL_CROSSING_COST, SIZE, STREET_BENEFIT_PATTERN,
                                    STREETS, WIDE_STREETS)


def cid(x, y):
    return f"{x},{y}"


CROSSINGS = [cid(x, y) for y in range(SIZE) for x in range(SIZE)]
CROSSING_COST = {c: (DIAGONAL_CROSSING_COST if c.split(",")[0] == c.split(",")[1] else 0)
                 for c in CROSSINGS}

# street -> ordered street spaces; space -> (street, end crossings)
STREET_SPACES = {}
SPACE = {}
for x in range(SIZE):
    STREET_SPACES[f"col{x}"] = [f"c{x}.{y}" for y in range(SIZE - 1)]
    for y in range(SIZE - 1):
        SPACE[f"c{x}.{y}"] = {"street": f"col{x}", "ends": [cid(x, y), cid(x, y + 1)]}
for y in range(SIZE):
    STREET_SPACES[f"row{y}"] = [f"r{y}.{x}" for x in range(SIZE - 1)]
    for x in range(SIZE - 1):
        SPACE[f"r{y}.{x}"] = {"street": f"row{y}", "ends": [cid(x, y), cid(x + 1, y)]}
STREET_SPACES["diag"] = [f"d{i}" for i in range(SIZE - 1)]
for i in range(SIZE - 1):
    SPACE[f"d{i}"] = {"street": "diag", "ends": [cid(i, i), cid(i + 1, i + 1)]}
assert list(STREET_SPACES) == STREETS

SPACE_IDS = list(SPACE)
for n, s in enumerate(SPACE_IDS):
    SPACE[s]["kind"] = "wide" if SPACE[s]["street"] in WIDE_STREETS else "narrow"
    SPACE[s]["benefit"] = STREET_BENEFIT_PATTERN[n % len(STREET_BENEFIT_PATTERN)]

SPACES_AT = {c: [s for s in SPACE_IDS if c in SPACE[s]["ends"]] for c in CROSSINGS}


def streets_through(crossing):
    """The streets whose actions a Citizen on this crossing takes: column, row, Diagonal."""
    x, y = crossing.split(",")
    out = [f"col{x}", f"row{y}"]
    if x == y:
        out.append("diag")
    return out


# building spaces: id -> {"corners": crossings, "kind": "square"|"corner", "block": [x, y]}
BUILDING_SPACES = {}
for y in range(SIZE - 1):
    for x in range(SIZE - 1):
        if x == y:
            BUILDING_SPACES[f"t{x}u"] = {"corners": [cid(x, y), cid(x + 1, y), cid(x + 1, y + 1)],
                                         "kind": "corner", "block": [x, y]}
            BUILDING_SPACES[f"t{x}l"] = {"corners": [cid(x, y), cid(x, y + 1), cid(x + 1, y + 1)],
                                         "kind": "corner", "block": [x, y]}
        else:
            BUILDING_SPACES[f"b{x},{y}"] = {
                "corners": [cid(x, y), cid(x + 1, y), cid(x, y + 1), cid(x + 1, y + 1)],
                "kind": "square", "block": [x, y]}
BLOCK_ROWS = SIZE - 1


def spaces_beside(street_space):
    """Building spaces that touch a street space (both its ends are corners of the space)."""
    a, b = SPACE[street_space]["ends"]
    return [k for k, v in BUILDING_SPACES.items() if a in v["corners"] and b in v["corners"]]


def spaces_around(crossing):
    return [k for k, v in BUILDING_SPACES.items() if crossing in v["corners"]]
