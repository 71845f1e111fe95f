"""Tic Tac Trek's components, as the rules page lists them (shared/rules/tic-tac-trek.md)."""

# The 26 terrain tiles: terrain -> how many. A tile shows the same terrain on its ✖ and ⭕ faces.
TERRAINS = {
    "Mountain": 6,
    "Desert": 6,
    "Grassland": 6,
    "Forest": 6,
    "Lake": 2,
}
LAKE = "Lake"  # wild: matches every terrain

COLOURS = {
    "Mountain": "lavender",
    "Desert": "orange",
    "Grassland": "bright green",
    "Forest": "dark green",
    "Lake": "teal",
}

# The two symbols as states and events write them, and as players see them.
SYMBOLS = ("X", "O")
GLYPHS = {"X": "✖", "O": "⭕"}

CAMPFIRES_PER_PLAYER = 6

# The opening pair: drawn at setup and placed side by side, the ✖ tile left of the ⭕ tile.
OPENING_CELLS = {"X": [0, 0], "O": [1, 0]}
