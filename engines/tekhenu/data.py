"""Tekhenu's component data.

What the online rules page prints is marked PRINTED below and is exact: the light table, the
statue costs, the Osiris row table, the Thoth and Bastet die brackets, the Happiness thresholds and
rewards, the Maat penalty table, the scoring tables, the player-count table and the errata.

STAND_IN: the page prints no card texts, tiles or board layouts. Everything marked STAND-IN is
guessed so that the game is playable from start to final score, and is NOT the printed game:
the number of dice and how many are rolled as the wheel turns, the gods' order around the
Obelisk, the Horus slot bonuses (all but slot 1) and the first-game god layout, the Temple's
shape (a 3x3 Pillar grid), its building spaces and Bread costs, the pillar tiles (costs, edges,
light symbols, abilities), the space rewards, the Gold on the Gold spaces, the Starting,
Destiny, Technology, Blessing and Decree cards (what each Decree scores and per how much,
which action each Technology and Blessing applies to), the player board's building row, and
each player's starting supplies.

SOURCE (not on the page, not guessed either): 10 buildings per player, and 3 dice in each
section at setup, as retailers' descriptions of the box give them (40 buildings in four colours;
"each of the 6 sections contains 3 dice").
"""
from __future__ import annotations

STAND_IN = True

# --- the Obelisk and the dice ----------------------------------------------------------------------

GODS = ["horus", "ra", "hathor", "bastet", "thoth", "osiris"]  # STAND-IN: order around the wheel
ACTIONS = GODS + ["produce"]

# STAND-IN shape of the shadow: two Sunny, two Dark, and a Shaded section between them on each
# side (the page: "new dice are rolled into the two Shaded sections").
LIGHT_PATTERN = ["sunny", "sunny", "shaded", "dark", "dark", "shaded"]

# PRINTED: how each die colour counts in each light.
PURITY = {
    "sunny": {"white": "pure", "yellow": "tainted", "black": "forbidden", "brown": "forbidden",
              "gray": "tainted"},
    "shaded": {"white": "tainted", "yellow": "pure", "black": "tainted", "brown": "pure",
               "gray": "tainted"},
    "dark": {"white": "forbidden", "yellow": "forbidden", "black": "pure", "brown": "tainted",
             "gray": "tainted"},
}
COLOURS = ["white", "yellow", "black", "brown", "gray"]
# PRINTED: what Produce gives per colour (gray produces nothing).
PRODUCE = {"yellow": "papyrus", "brown": "bread", "white": "limestone", "black": "granite"}

DICE_COUNTS = {"white": 8, "yellow": 8, "black": 8, "brown": 8, "gray": 4}   # STAND-IN
DICE_PER_SECTION = 3          # SOURCE: retailer's description (see above)
# STAND-IN: dice rolled into EACH Shaded section when the wheel turns: one per player.

ROUNDS = 16                   # PRINTED
MAAT_ROUNDS = [4, 8, 12, 16]  # PRINTED
SCORING_ROUNDS = [8, 16]      # PRINTED
TURN_EVERY = 2                # PRINTED: the wheel turns after every second round


def dice_ids():
    """Die ids 0..35 with their colours (the colour of a die never changes)."""
    out = []
    for colour in COLOURS:
        out += [colour] * DICE_COUNTS[colour]
    return out


DIE_COLOUR = dice_ids()

# --- resources -----------------------------------------------------------------------------------

RESOURCES = ["papyrus", "bread", "limestone", "granite"]
PAIRS = {"papyrus": "bread", "bread": "papyrus", "limestone": "granite", "granite": "limestone"}
PRODUCTION_MAX = 6            # PRINTED
TRACK_MAX = 21                # PRINTED: Happiness, and Population (implementation note)

# STAND-IN starting supplies of every player (before Starting and Destiny cards).
START = {"papyrus": 1, "bread": 1, "limestone": 1, "granite": 1, "gold": 1, "scribes": 1,
         "faith": 0, "vp": 0, "population": 3, "happiness": 1}
START_PRODUCTION = 1          # STAND-IN: every production marker starts on 1

# --- Horus ---------------------------------------------------------------------------------------

STATUE_COST = [4, 3, 2, 2, 3, 4]                 # PRINTED: Granite under statues 1..6
STATUE_VP = [0, 1, 3, 6, 10, 15, 21]             # PRINTED: statues built 0..6
STATUE_SPACES = {2: 1, 3: 2, 4: 3}               # PRINTED: per god

# Bonus of Horus slots 1..6, each a list of alternatives (a "/" on the board is a choice).
# Slot 1 is PRINTED ("2 Population / 3 Faith"); slots 2..6 are STAND-IN.
HORUS_BONUS = [
    [{"population": 2}, {"faith": 3}],
    [{"gold": 1}],
    [{"vp": 2}],
    [{"scribes": 1}],
    [{"faith": 2}],
    [{"limestone": 1}, {"granite": 1}],
]
# STAND-IN first-game layout: the god tile on Horus slots 1..6.
HORUS_FIRST_GAME = ["ra", "hathor", "bastet", "thoth", "osiris", "horus"]

# Gold spaces for a statue "for the people" (PRINTED: two by the Temple, two above the Osiris
# districts). STAND-IN: where they lie and the Gold on them.
GOLD_SPACES = [
    {"where": "temple", "line": ["row", 1], "gold": 2},
    {"where": "temple", "line": ["col", 1], "gold": 2},
    {"where": "osiris", "districts": [0, 1], "gold": 2},
    {"where": "osiris", "districts": [2, 3], "gold": 2},
]
STATUE_ROW = 7  # a statue above the districts is higher than any building (for majority ties)

# --- the Temple (STAND-IN shape: a 3x3 grid of Pillar spaces) ------------------------------------

TEMPLE_SIZE = 3
# What each Pillar space shows (covered by Ra: its reward; empty beside a Hathor build: 1 of it).
SPACE_SHOWS = ["papyrus", "faith", "bread",
               "granite", "faith", "limestone",
               "bread", "faith", "papyrus"]
# Edge symbols N, E, S, W; the Temple border's symbol on each outer edge, by (row, col, side).
SYMBOLS = ["sun", "moon"]
BORDER = {
    "0,0,N": "sun", "0,1,N": "moon", "0,2,N": "sun",
    "2,0,S": "moon", "2,1,S": "sun", "2,2,S": "moon",
    "0,0,W": "moon", "1,0,W": "sun", "2,0,W": "moon",
    "0,2,E": "sun", "1,2,E": "moon", "2,2,E": "sun",
}
SIDES = ["N", "E", "S", "W"]
STEP = {"N": [-1, 0], "E": [0, 1], "S": [1, 0], "W": [0, -1]}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}

# Building spaces beside the Temple: the line they sit on, their Bread, and the smallest table
# that uses them. PRINTED: 10 / 14 / 18 spaces for 2 / 3 / 4 players, Bread 2-4.
BUILDING_SPACES = (
    [{"line": ["row", r], "bread": b, "min_players": 2} for r, b in ((0, 2), (1, 3), (2, 2))]
    + [{"line": ["row", r], "bread": b, "min_players": 2} for r, b in ((0, 3), (1, 4), (2, 3))]
    + [{"line": ["col", c], "bread": b, "min_players": 2} for c, b in ((0, 2), (1, 3))]
    + [{"line": ["col", c], "bread": b, "min_players": 2} for c, b in ((1, 4), (2, 2))]
    + [{"line": ["col", c], "bread": b, "min_players": 3} for c, b in ((2, 3), (0, 4))]
    + [{"line": ["row", r], "bread": b, "min_players": 3} for r, b in ((0, 4), (2, 4))]
    + [{"line": ["row", r], "bread": b, "min_players": 4} for r, b in ((1, 2), (1, 3))]
    + [{"line": ["col", c], "bread": b, "min_players": 4} for c, b in ((0, 3), (2, 4))]
)
TEMPLE_SPACES = {2: 10, 3: 14, 4: 18}   # PRINTED

# --- Ra: pillar tiles ----------------------------------------------------------------------------

# PRINTED: die 5-6 left (3 VP), 3-4 middle (2 VP), 1-2 right (1 VP).
RA_SLOTS = [{"name": "left", "dice": [5, 6], "vp": 3},
            {"name": "middle", "dice": [3, 4], "vp": 2},
            {"name": "right", "dice": [1, 2], "vp": 1}]


def ra_slot(value: int) -> int:
    return 0 if value >= 5 else 1 if value >= 3 else 2


def _tiles():
    """STAND-IN pillar tiles: 6 per stack; costs fall with the slot's VP."""
    costs = [{"limestone": 2, "granite": 2}, {"limestone": 2, "granite": 1},
             {"limestone": 1, "granite": 1}]
    lights = ["sunny", "shaded", "dark"]
    abilities = [{"vp": 2}, {"faith": 1}, {"scribes": 1}]
    edges = [["sun", "sun", "moon", "moon"], ["sun", "moon", "sun", "moon"],
             ["sun", "sun", "sun", "moon"], ["moon", "moon", "sun", "moon"],
             ["sun", "moon", "moon", "moon"], ["moon", "sun", "moon", "sun"]]
    tiles = {}
    for stack in range(3):
        for k in range(6):
            tid = f"P{stack}{k}"
            tiles[tid] = {"id": tid, "stack": stack, "cost": dict(costs[stack]),
                          "edges": list(edges[k]), "light": lights[(k + stack) % 3],
                          "ability": dict(abilities[k % 3])}
    return tiles


PILLAR_TILES = _tiles()

# --- Hathor / Bastet / Thoth / Osiris (PRINTED numbers) ------------------------------------------

BASTET_COST = {"papyrus": 2}


def bastet_scribes(value: int) -> int:
    return 2 if value <= 2 else 1 if value <= 4 else 0


HAPPINESS_MILESTONES = {16: {"gold": 1}, 19: {"scribes": 1}, 21: {"extra": 1}}


def thoth_cards(value: int) -> tuple[int, int]:
    """(cards, Papyrus) for a Thoth die."""
    return (1, 0) if value <= 2 else (2, 2) if value <= 4 else (3, 3)


MARKET_SECTIONS = 4
MARKET_SIZE = 3                         # STAND-IN: cards per Market section
MARKET_HAPPINESS = [1, 5, 9, 13]        # PRINTED: Happiness that opens sections 1..4
MARKET_POPULATION = {2: 9, 3: 13}       # PRINTED: sections 3, 4 fill when a Population first reaches
REFRESH_COST = {"papyrus": 1}

DISTRICTS = ["papyrus", "bread", "limestone", "granite"]   # STAND-IN order of the four districts
# PRINTED: the Osiris rows.
OSIRIS_ROWS = {
    1: {"production": 1, "both": False, "gain": 1, "gold": 0, "first_gold": 0, "track": 0},
    2: {"production": 1, "both": False, "gain": 1, "gold": 0, "first_gold": 1, "track": 0},
    3: {"production": 1, "both": True, "gain": 1, "gold": 0, "first_gold": 0, "track": 0},
    4: {"production": 1, "both": True, "gain": 1, "gold": 1, "first_gold": 0, "track": 0},
    5: {"production": 2, "both": False, "gain": 2, "gold": 0, "first_gold": 0, "track": 0},
    6: {"production": 2, "both": False, "gain": 2, "gold": 0, "first_gold": 0, "track": 1},
}

# Buildings per player (Hathor and Osiris both build them). SOURCE: not on the rules page; a
# retailer's list of the box contents gives 40 buildings for 4 players' colours, 10 each.
BUILDINGS_PER_PLAYER = 10
# STAND-IN player board: each building taken uncovers a space (VP scored, Bread owed at Scoring).
BUILDING_ROW = [
    {"vp": 0, "bread": 0}, {"vp": 1, "bread": 0}, {"vp": 0, "bread": 1}, {"vp": 2, "bread": 0},
    {"vp": 0, "bread": 1}, {"vp": 3, "bread": 0}, {"vp": 0, "bread": 2}, {"vp": 4, "bread": 0},
    {"vp": 0, "bread": 2}, {"vp": 5, "bread": 0},
]
assert len(BUILDING_ROW) == BUILDINGS_PER_PLAYER

# --- Maat and scoring (PRINTED) ------------------------------------------------------------------


def maat_penalty(balance: int) -> int:
    if balance <= -9:
        return 3
    if balance <= -6:
        return 2
    if balance <= -3:
        return 1
    return 0


HAPPINESS_VP = [(21, 15), (19, 12), (16, 9), (13, 6), (9, 3)]
PRODUCTION_VP = 2
DISTRICT_VP = 3
BREAD_SHORT_VP = 3
TURN_ORDER_VP = {2: [3], 3: [3, 2], 4: [3, 2]}


def happiness_vp(h: int) -> int:
    for at, vp in HAPPINESS_VP:
        if h >= at:
            return vp
    return 0


# --- cards (STAND-IN texts; the ids T16, D03, D07, D20, D23 carry the page's rules) ---------------

# "When one of your cards applies to what you are doing, the game offers it": a Technology or a
# Blessing applies to one action (`on`), and is offered to its owner after each of the owner's
# actions of that kind. STAND-IN: which action each card applies to and its reward.
DECREE_SYMBOLS = ["ankh", "eye", "scarab", "lotus"]
# Decree scoring kinds: VP per unit of something at the end.
DECREE_KINDS = ["statues", "pillars", "buildings", "happiness", "production", "scribes",
                "districts", "cards"]
# STAND-IN: how much of each kind makes one unit ("per 3 Happiness", "per 2 production steps":
# the sum of the four markers); every other kind counts one by one.
DECREE_EVERY = {"happiness": 3, "production": 2}
D07_CAP = 21                  # PRINTED erratum


def _cards():
    cards = {}
    rewards = [{"vp": 1}, {"faith": 1}, {"scribes": 1}, {"gold": 1}]
    for i in range(1, 17):
        cards[f"T{i:02d}"] = {"id": f"T{i:02d}", "kind": "technology", "on": ACTIONS[(i - 1) % 7],
                              "reward": dict(rewards[(i - 1) % 4])}
    blessings = [{"gold": 2}, {"faith": 2}, {"scribes": 2}, {"vp": 3}, {"papyrus": 2},
                 {"bread": 2}, {"limestone": 2}, {"granite": 2}, {"population": 2},
                 {"happiness": 2}]
    for i, r in enumerate(blessings, 1):
        cards[f"B{i:02d}"] = {"id": f"B{i:02d}", "kind": "blessing", "on": ACTIONS[(i - 1) % 7],
                              "reward": dict(r)}
    per = [1, 2, 1, 1, 1, 1, 2, 1]
    for i in range(1, 25):
        kind = DECREE_KINDS[(i - 1) % len(DECREE_KINDS)]
        cards[f"D{i:02d}"] = {"id": f"D{i:02d}", "kind": "decree",
                              "symbol": DECREE_SYMBOLS[(i - 1) % 4], "scores": kind,
                              "per": per[(i - 1) % len(per)], "every": DECREE_EVERY.get(kind, 1)}
    cards["D07"].update(scores="buildings", per=3, every=1)   # a big scorer, capped at 21
    cards["D07"]["cap"] = D07_CAP
    cards["D23"] = {"id": "D23", "kind": "decree", "symbol": "ankh", "scores": "none", "per": 0,
                    "every": 1, "free_action": True}
    del cards["D03"]                 # PRINTED erratum: D03 is removed from the game
    return cards


CARDS = _cards()
REMOVED_2P = ["T16", "D20"]          # PRINTED
DECREES_DEALT = 2                    # PRINTED: keep 1 of 2
DECREES_SCORED = 3                   # PRINTED: up to 3, one per symbol

# STAND-IN Starting cards: initiative and reward.
STARTING = {f"S{i:02d}": {"id": f"S{i:02d}", "initiative": i,
                          "reward": [{"papyrus": 2}, {"bread": 2}, {"limestone": 2},
                                     {"granite": 2}, {"gold": 1}, {"scribes": 1},
                                     {"faith": 2}, {"prod:papyrus": 1}, {"prod:bread": 1},
                                     {"prod:limestone": 1}, {"prod:granite": 1},
                                     {"population": 2}][i - 1]}
            for i in range(1, 13)}
# STAND-IN Destiny cards: the Ankh (Maat tie-break) and a reward.
DESTINY = {f"X{i:02d}": {"id": f"X{i:02d}", "ankh": i,
                         "reward": [{"gold": 1}, {"papyrus": 1}, {"bread": 1}, {"limestone": 1},
                                    {"granite": 1}, {"faith": 1}, {"scribes": 1},
                                    {"population": 1}, {"happiness": 1}, {"vp": 1}][i - 1]}
           for i in range(1, 11)}
