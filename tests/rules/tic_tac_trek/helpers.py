"""Stack Tic Tac Trek positions from ASCII pictures, and play moves on them."""
import copy
import re

from engines.core import derive_rng
from engines.tic_tac_trek import engine
from engines.tic_tac_trek import tableau as tb
from engines.tic_tac_trek.tiles import CAMPFIRES_PER_PLAYER, TERRAINS

LETTERS = {name[0]: name for name in TERRAINS}  # M D G F L
TOKEN = re.compile(r"(\[)?([XO])([MDGFL])?(?(1)\])$")
# The rules page's scoring example: ✖ 10, ⭕ 2.
EXAMPLE = """
.  .  .  .  .
. [X] . [X] .
X  X  O  X  X
.  X [O] X  .
.  .  O  .  .
"""

# All six ✖ campfires out (seat 0 is ✖); ✖ ✖ at the bottom waits for a third.
SIX_OUT = """
 .   .   .   .   .   X
 .   .   .   .   .   .
[X] [X] [X] [X] [X] [X]
 O   O   O   O   O  [O]
 X   X   .
"""

PLAIN = ["Desert", "Grassland", "Forest", "Mountain"]  # terrains given in turn to bare symbols


def position(picture: str, drawn: str | None = "Lake", turn: int = 0,
             symbols=("X", "O")) -> dict:
    """A state from a picture like the rules page's example.

    Rows top to bottom are y = 0, 1, ...; columns left to right are x = 0, 1, ....
    `.` is an empty space; `X` or `O` a tile showing that symbol; a letter after it names the
    terrain (`XM` a ✖ Mountain, `OL` a ⭕ Lake; M D G F L); `[X]` a tile carrying a campfire.
    Bare symbols take Desert, Grassland, Forest, Mountain in turn. `drawn` is the tile drawn
    for `turn` (a Lake by default: it may go anywhere along the edge). The bag holds the rest.
    """
    state = engine.initial(2, {})
    state["symbols"] = list(symbols)
    bag = dict(TERRAINS)
    plain = 0
    for y, line in enumerate(l for l in picture.strip("\n").splitlines() if l.strip()):
        for x, token in enumerate(line.split()):
            if token == ".":
                continue
            m = TOKEN.match(token)
            assert m, f"bad token {token!r}"
            if m.group(3):
                terrain = LETTERS[m.group(3)]
            else:
                terrain, plain = PLAIN[plain % 4], plain + 1
            state["board"][tb.key([x, y])] = {
                "terrain": terrain, "symbol": m.group(2), "campfire": bool(m.group(1))}
            bag[terrain] -= 1
    for i, symbol in enumerate(symbols):
        out = sum(t["campfire"] and t["symbol"] == symbol for t in state["board"].values())
        state["supply"][i] = CAMPFIRES_PER_PLAYER - out
    if drawn is not None:
        bag[drawn] -= 1
        state["drawn"], state["turn"] = drawn, turn
    assert all(n >= 0 for n in bag.values()) and min(state["supply"]) >= 0, "more than the box holds"
    state["bag"] = bag
    return state


def give(state: dict, seat: int, terrain: str) -> dict:
    """Hand `seat` a drawn tile of `terrain` instead of the one drawn (to stack a later turn);
    the replaced tile goes back to the bag."""
    if state["drawn"] is not None:
        state["bag"][state["drawn"]] += 1
    state["bag"][terrain] -= 1
    state["drawn"], state["turn"] = terrain, seat
    return state


def play(state: dict, seat: int, move: dict, n: int = 0):
    """decide, then evolve a copy: (new state, events). The given state is left untouched."""
    events = engine.decide(state, seat, move, derive_rng("test", n))
    new = copy.deepcopy(state)
    for ev in events:
        new = engine.evolve(new, ev)
    return new, events


def place(x: int, y: int, **extra) -> dict:
    return {"type": "place", "cell": [x, y], **extra}


def tile(state: dict, x: int, y: int) -> dict | None:
    return state["board"].get(tb.key([x, y]))


def legal(state: dict, seat: int | None = None) -> list[list[int]]:
    """The cells legal_moves offers to the seat to move."""
    seat = state["turn"] if seat is None else seat
    return [o["move"]["cell"] for o in engine.legal_moves(state, seat)]
