"""Tic Tac Trek as a decider, in the order of the rules page: setup, taking a turn (a tile is
drawn, place it, 3-in-a-row and campfires), scoring, and what the table shows.

State (plain JSON):
    symbols   ["X", "O"] or ["O", "X"]: the symbol of seat 0 and seat 1
    first     the seat that takes the first turn
    board     {"x,y": {"terrain", "symbol", "campfire"}} (see tableau.py)
    bag       {terrain: tiles left}: only counts, as the draw order is decided at each draw
    drawn     the terrain drawn for the seat to move, or None
    turn      the seat to move, or None
    supply    campfires still in each seat's supply
    last      the seat that placed the latest tile (the final turn, once over)
    over      True once the last tile is placed
"""
from __future__ import annotations

from engines.core import Engine, IllegalMove, event
from engines.core.piles import draw_from_counts
from engines.tic_tac_trek import tableau as tb
from engines.tic_tac_trek.moves import PlaceMove, parse_place
from engines.tic_tac_trek.tiles import CAMPFIRES_PER_PLAYER, LAKE, OPENING_CELLS, SYMBOLS, TERRAINS


# --- Setup -------------------------------------------------------------------------------------

def draw(bag: dict, rng) -> str:
    """One tile drawn uniformly from those left. Nothing fixes the order in advance, so the bag
    holds no secret: its contents are public counts."""
    return draw_from_counts(bag, TERRAINS, rng)


def seat_of(state: dict, symbol: str) -> int:
    return state["symbols"].index(symbol)


# --- Taking a turn: 2. place the tile ------------------------------------------------------------

def legal_cells(board: dict, terrain: str) -> list[list[int]]:
    """Where a drawn tile may go: an edge cell that matches, else anywhere along the edge."""
    if terrain != LAKE:
        same = [k for k, t in board.items() if t["terrain"] == terrain]
        if same:   # not the first of its terrain
            lakes = [k for k, t in board.items() if t["terrain"] == LAKE]
            matching = tb.edge(board, near=same + lakes)
            if matching:
                return matching
    # a Lake in hand, the first of its terrain, or every matching tile boxed in
    return tb.edge(board)


def is_legal_cell(board: dict, terrain: str, cell) -> bool:
    """`cell in legal_cells(board, terrain)` for an empty cell along the edge: a cell touching
    a tile of its terrain or a Lake is always one, so only the others need the whole list."""
    if terrain == LAKE or any(t["terrain"] in (terrain, LAKE) for t in tb.touching(board, cell)):
        return True
    return cell in legal_cells(board, terrain)


# --- Taking a turn: 3. make 3-in-a-row -----------------------------------------------------------

def completed_rows(board: dict, cell, symbol: str) -> list[list[list[int]]]:
    """The lines of three through `cell` that placing `symbol` there completes: all three show
    the symbol and none carries a campfire (a spent tile never counts again). Each of the 4
    directions holds 3 lines through the cell: ending on it, centred on it, starting from it."""
    x, y = cell[0], cell[1]

    def usable(k):
        tile = board.get(k)
        return tile is not None and tile["symbol"] == symbol and not tile["campfire"]

    rows = []
    for dx, dy in tb.DIRECTIONS:
        back2, back1, _, on1, on2 = tb.line(x, y, dx, dy)
        b1, o1 = usable(back1), usable(on1)
        if b1 and usable(back2):
            rows.append([[x - 2 * dx, y - 2 * dy], [x - dx, y - dy], [x, y]])
        if b1 and o1:
            rows.append([[x - dx, y - dy], [x, y], [x + dx, y + dy]])
        if o1 and usable(on2):
            rows.append([[x, y], [x + dx, y + dy], [x + 2 * dx, y + 2 * dy]])
    return rows


def own_campfires(board: dict, symbol: str) -> list[list[int]]:
    return tb.reading_order(tb.cell_of(k) for k, t in board.items()
                            if t["campfire"] and t["symbol"] == symbol)


# --- Scoring -----------------------------------------------------------------------------------

def campfire_value(board: dict, cell) -> int:
    """1 point per empty space among the 8 around the campfire's tile."""
    return tb.empty_around(board, tb.key(cell))


def scores(state: dict) -> list[int]:
    """Live points per seat; a gap beside two campfires counts for each of them."""
    board, points = state["board"], [0, 0]
    for k, tile in board.items():
        if tile["campfire"]:
            points[seat_of(state, tile["symbol"])] += tb.empty_around(board, k)
    return points


def campfires_placed(state: dict) -> list[int]:
    return [CAMPFIRES_PER_PLAYER - n for n in state["supply"]]


def ranking(state: dict) -> dict:
    """Most points, then most campfires placed, then the player who took the final turn loses."""
    points, fires = scores(state), campfires_placed(state)
    order = sorted((0, 1), key=lambda s: (points[s], fires[s], s != state["last"]), reverse=True)
    tiebreak = ("points" if points[0] != points[1]
                else "campfires" if fires[0] != fires[1] else "final_turn")
    return {
        "ranking": [{"seat": s, "rank": i + 1, "points": points[s], "campfires": fires[s]}
                    for i, s in enumerate(order)],
        "scores": points,
        "tiebreak": tiebreak,
    }


# --- The engine --------------------------------------------------------------------------------

class TicTacTrek(Engine):
    name = "tic-tac-trek"
    title = "Tic Tac Trek"
    version = 1
    min_players = 2
    max_players = 2
    moves_schema = {"place": PlaceMove}

    def initial(self, players, options):
        return {"symbols": None, "first": None, "board": {}, "bag": dict(TERRAINS),
                "drawn": None, "turn": None, "supply": [CAMPFIRES_PER_PLAYER] * 2,
                "last": None, "over": False}

    def setup(self, players, options, rng):
        # READINGS: symbols and the first player are both random, drawn independently.
        symbols = list(SYMBOLS) if rng.randbelow(2) == 0 else list(reversed(SYMBOLS))
        first = rng.randbelow(2)
        bag = dict(TERRAINS)
        opening = []
        for symbol in SYMBOLS:
            terrain = draw(bag, rng)
            bag[terrain] -= 1
            opening.append({"cell": OPENING_CELLS[symbol], "terrain": terrain, "symbol": symbol})
        return [
            event("seats_assigned", {"symbols": symbols, "first": first}, reveal=True),
            event("opening_placed", {"tiles": opening}, reveal=True),
            event("drawn", {"seat": first, "terrain": draw(bag, rng)}, reveal=True),
        ]

    def decide(self, state, seat, move, rng):
        if state["over"]:
            raise IllegalMove("game_over", "The game is over: every tile has been placed.")
        if seat != state["turn"]:
            raise IllegalMove("not_your_turn", "It is not your turn.")
        cell, chosen = parse_place(move)
        board, terrain, symbol = state["board"], state["drawn"], state["symbols"][seat]

        if tb.key(cell) in board:
            raise IllegalMove("cell_occupied", "That space already holds a tile.")
        if not tb.touching(board, cell):
            raise IllegalMove("not_adjacent", "The tile must go next to a placed tile, side by "
                                              "side: touching only at a corner does not count.")
        if not is_legal_cell(board, terrain, cell):
            raise IllegalMove("no_terrain_match", f"A {terrain} tile must touch a {terrain} or a "
                                                  "Lake tile while such a space is free.")

        rows = completed_rows(board, cell, symbol)
        campfire = self._campfire(state, seat, rows, chosen)
        events = [event("placed", {"seat": seat, "cell": cell, "terrain": terrain,
                                   "symbol": symbol, "rows": rows, "campfire": campfire,
                                   "campfire_from": chosen if campfire == "moved" else None})]
        # the automatic consequence: the next draw for the other player, or the end
        if sum(state["bag"].values()):
            events.append(event("drawn", {"seat": 1 - seat, "terrain": draw(state["bag"], rng)},
                                reveal=True))
        else:
            events.append(event("game_ended", {}))
        return events

    @staticmethod
    def _campfire(state, seat, rows, chosen) -> str | None:
        """What the placement does with campfires: None (no row), "lit" (one from the supply,
        however many rows), or with all six out "moved" (chosen) or "left"."""
        if not rows or state["supply"][seat] > 0:
            if chosen is not None:
                why = ("this tile completes no row" if not rows
                       else "you still have campfires in your supply")
                raise IllegalMove("campfire_choice_not_allowed",
                                  f"You cannot move a campfire: {why}.")
            return "lit" if rows else None
        if chosen is None:
            return "left"
        tile = state["board"].get(tb.key(chosen))
        if tile is None or not tile["campfire"]:
            raise IllegalMove("no_campfire_there", "There is no campfire on that space.")
        if tile["symbol"] != state["symbols"][seat]:
            raise IllegalMove("not_your_campfire", "That campfire belongs to your opponent.")
        return "moved"

    def evolve(self, state, ev):
        kind = ev["type"]
        if kind == "seats_assigned":
            state["symbols"], state["first"] = list(ev["symbols"]), ev["first"]
        elif kind == "opening_placed":
            for tile in ev["tiles"]:
                state["bag"][tile["terrain"]] -= 1
                state["board"][tb.key(tile["cell"])] = {
                    "terrain": tile["terrain"], "symbol": tile["symbol"], "campfire": False}
        elif kind == "drawn":
            state["bag"][ev["terrain"]] -= 1
            state["drawn"], state["turn"] = ev["terrain"], ev["seat"]
        elif kind == "placed":
            board = state["board"]
            board[tb.key(ev["cell"])] = {"terrain": ev["terrain"], "symbol": ev["symbol"],
                                         "campfire": ev["campfire"] in ("lit", "moved")}
            if ev["campfire"] == "lit":
                state["supply"][ev["seat"]] -= 1
            elif ev["campfire"] == "moved":
                vacated = tb.key(ev["campfire_from"])
                board[vacated] = {**board[vacated], "campfire": False}  # usable in rows again
            state["drawn"], state["turn"], state["last"] = None, None, ev["seat"]
        elif kind == "game_ended":
            state["over"] = True
        else:
            raise ValueError(f"tic-tac-trek: unknown event {kind!r}")
        return state

    def copy_state(self, state):
        """evolve changes the board, the bag and the supplies, and replaces each tile it changes:
        a copy of those three shares the tiles (and the rest, which evolve replaces)."""
        return {**state, "board": dict(state["board"]), "bag": dict(state["bag"]),
                "supply": list(state["supply"])}

    # --- reading the state -------------------------------------------------------------------

    def active(self, state):
        return [] if state["over"] or state["turn"] is None else [state["turn"]]

    _last_cells = None   # (state, tiles, drawn, cells): the last state `_cells` was asked of

    def _cells(self, state) -> list[list[int]]:
        """Where the drawn tile may go; nowhere once the game is over or before a draw.

        A served view asks twice of one state (its legal cells, then the seat's legal moves):
        the answer for the last state is kept. Only a placement changes it, and a placement
        adds a tile, so the state object, its number of tiles and the tile drawn name it."""
        drawn = state["drawn"]
        if not drawn or state["over"]:
            return []
        board = state["board"]
        last = self._last_cells
        if last is None or last[0] is not state or last[1] != len(board) or last[2] != drawn:
            last = self._last_cells = (state, len(board), drawn, legal_cells(board, drawn))
        return [[x, y] for x, y in last[3]]   # the caller's own lists

    def legal_moves(self, state, seat):
        if seat not in self.active(state):
            return []
        board, symbol = state["board"], state["symbols"][seat]
        fires = own_campfires(board, symbol) if state["supply"][seat] == 0 else []
        options = []
        for cell in self._cells(state):
            move = {"type": "place", "cell": cell}
            if fires and completed_rows(board, cell, symbol):
                options.append({"move": move, "choose": {"campfire_from": {"one_of": [None] + fires}}})
            else:
                options.append({"move": move})
        return options

    def public_move(self, state, seat, move):
        """Every placement is made in the open."""
        return move

    def result(self, state):
        return ranking(state) if state["over"] else None

    def view(self, state, viewer):
        """Everything in Tic Tac Trek is public: every viewer sees the same table."""
        board, over = state["board"], state["over"]
        tiles = [{"cell": cell, **placed} for cell, placed in tb.placed(board)]
        if over:
            for tile in tiles:
                if tile["campfire"]:
                    tile["value"] = campfire_value(board, tile["cell"])  # shown at the end
        drawn = state["drawn"]
        return {
            "symbols": list(state["symbols"] or []),
            "first": state["first"],
            "turn": state["turn"],
            "drawn": None if drawn is None else {"seat": state["turn"], "terrain": drawn},
            "legal_cells": self._cells(state),
            "tiles": tiles,
            "supply": list(state["supply"]),
            "campfires_placed": campfires_placed(state),
            "scores": scores(state) if state["symbols"] else [0, 0],
            "bag": dict(state["bag"]),
            "tiles_in_bag": sum(state["bag"].values()),
            "over": over,
            "result": self.result(state),
        }
