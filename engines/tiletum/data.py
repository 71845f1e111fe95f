"""Tiletum's component data.

What the rules page prints is taken from it: the Resources and die colours, the King track, the
Fair board values, the player-count table, the Building rooms, Bonus AP markers and Crest costs,
the Contract spaces and their VP, the Contract offer's AP prices, the House-space Building Bonuses
of Wien, Firenze, Venezia, Köln, Hamburg, Milano and Toulouse, the Completed-Building table.

STAND-IN (the page prints none of these, so they are guessed, not the printed game): the roads of
the map and the Towns beyond those the page names, how many House, Bonus-tile and Pillar spaces each
Town has, which nine Towns hold a Cathedral, the Construction Cost tiles and Cathedral tiles, every
Character, Contract, Crest, Helper and Fair tile, the Corruption tokens, and the Action Wheel's
printed order. They are built so the game plays from start to final score as the page says.
"""

STAND_IN = True

RESOURCES = ["gold", "food", "wool", "stone", "iron"]
# Die colour -> Resource (page, "Your turn" table).
COLOURS = {"yellow": "gold", "pink": "food", "light_grey": "wool", "dark_grey": "stone",
           "blue": "iron"}
COLOUR_IDS = list(COLOURS)

ACTIONS = ["architect", "merchant", "character", "contract", "king", "joker"]
PRINTED_WHEEL = ["king", "contract", "character", "merchant", "architect", "joker"]  # STAND-IN
# (PRINTED_WHEEL[i] is the Action in front of die value i + 1.)

ROUNDS = 4
PASSES = 3
GOLD_PER_STEP = 2      # turning a die one value
GOLD_PER_RESOURCE = 2  # the Gold Task
STOREHOUSE = 4

# Player-count table.
DICE = {1: (10, 8), 2: (10, 8), 3: (15, 11), 4: (20, 14)}  # in the bag, rolled each round
STARTING_GOLD = [1, 3, 5, 6]

# King track (page, "Reference tables"): index 0 is -10, index 6 is 0, index 16 is +15.
KING_TRACK = [-10, -7, -5, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 9, 12, 15]
KING_ZERO = KING_TRACK.index(0)
KING_TOP = len(KING_TRACK) - 1
KING_BONUS_ROUND_4_VP = 4
CORRUPTION_TOKENS = [0, 0, 1, 1, 1, 2]  # STAND-IN: values 0, 1 or 2 as the page says; the mix guessed

FAIR_BOARD = [2, 5, 3, 1]  # added to the Fair tile in rounds 1..4
FAIR_TOWN_ROUND_1 = "tiletum"

# Player board.
BUILDING_ROOMS = [3, 2, 2, 1, 1, 1]
BONUS_AP_MARKERS = [3, 2, 2, 1, 1, None]   # the sixth Building's room is printed: no marker
PRINTED_CHARACTER = "joker"                # STAND-IN: the printed Character's type
PRINTED_ROOM = "printed"                   # what fills the sixth Building's room
CREST_FOOD = [6, 6, 5, 4, 3, 2]
CREST_BONUS = [{"vp": 4}, {"king": 2}, {"res": {"iron": 2}}, {"res": {"stone": 2}},  # STAND-IN
               {"res": {"wool": 2}}, {"vp": 2}]
ROOF_HOUSE = [True, True, True, True, True, False]
CONTRACT_SPACE_VP = [0, 1, 2, 4, 7, 12]
START_HOUSES, START_PILLARS = 2, 2
COMPLETED_BUILDINGS_VP = {3: 5, 4: 10, 5: 20, 6: 30}
LEFTOVER_PER_VP = 4

CHARACTER_TYPES = ["architect", "merchant", "character", "contract", "king"]
CHARACTER_FLOOR_AP = [1, 2, 3]
CONTRACT_OFFER_AP = [3, 3, 2, 2, 1]
OFFER = 5

# --- the map (STAND-IN except the Building Bonuses the page names) --------------------------------
# houses: minimum player count of each House space; bonus: the Building Bonus beside them;
# bonus_spaces: minimum player count of each Bonus-tile space; cathedral: minimum player count of
# each Pillar space (None: no Cathedral).
TOWNS = {
    "tiletum":   {"houses": [1, 1, 1, 1], "bonus": None, "bonus_spaces": [], "cathedral": None},
    "wien":      {"houses": [1, 3, 4], "bonus": {"vp": 7}, "bonus_spaces": [1], "cathedral": [1, 1, 3]},
    "firenze":   {"houses": [1, 3], "bonus": {"vp": 7}, "bonus_spaces": [1], "cathedral": [1, 1, 3, 4]},
    "venezia":   {"houses": [1, 4], "bonus": {"vp": 8}, "bonus_spaces": [1, 3], "cathedral": None},
    "koln":      {"houses": [1, 3], "bonus": {"building": True}, "bonus_spaces": [1], "cathedral": [1, 1, 4]},
    "hamburg":   {"houses": [1, 4], "bonus": {"building": True}, "bonus_spaces": [1], "cathedral": None},
    "milano":    {"houses": [1, 3], "bonus": {"building": True}, "bonus_spaces": [1, 4], "cathedral": [1, 1, 3]},
    "toulouse":  {"houses": [1, 4], "bonus": {"building": True}, "bonus_spaces": [1], "cathedral": None},
    "paris":     {"houses": [1, 1, 3], "bonus": None, "bonus_spaces": [1, 3], "cathedral": [1, 1, 3, 4]},
    "lyon":      {"houses": [1, 3], "bonus": None, "bonus_spaces": [1], "cathedral": [1, 1]},
    "praha":     {"houses": [1, 3, 4], "bonus": None, "bonus_spaces": [1], "cathedral": [1, 1, 4]},
    "augsburg":  {"houses": [1, 1], "bonus": None, "bonus_spaces": [1, 3], "cathedral": [1, 1, 3]},
    "roma":      {"houses": [1, 3], "bonus": None, "bonus_spaces": [1], "cathedral": [1, 1, 3, 4]},
    "barcelona": {"houses": [1, 4], "bonus": None, "bonus_spaces": [1], "cathedral": None},
}
TOWN_IDS = list(TOWNS)
ROADS = [
    ("tiletum", "koln"), ("tiletum", "paris"), ("tiletum", "lyon"), ("tiletum", "augsburg"),
    ("tiletum", "milano"), ("koln", "hamburg"), ("koln", "paris"), ("hamburg", "praha"),
    ("praha", "wien"), ("augsburg", "praha"), ("augsburg", "wien"), ("wien", "venezia"),
    ("venezia", "milano"), ("venezia", "firenze"), ("firenze", "roma"), ("milano", "firenze"),
    ("milano", "lyon"), ("lyon", "toulouse"), ("paris", "toulouse"), ("toulouse", "barcelona"),
    ("lyon", "barcelona"),
]
NEIGHBOURS = {t: sorted({b for a, b in ROADS if a == t} | {a for a, b in ROADS if b == t})
              for t in TOWN_IDS}
CATHEDRAL_TOWNS = [t for t in TOWN_IDS if TOWNS[t]["cathedral"]]

# Construction Cost tiles (STAND-IN values): one per Cathedral, one reads Unavailable.
COST_TILES = {
    "T1": {"stone": 2, "vp": 3}, "T2": {"stone": 3, "vp": 5}, "T3": {"stone": 3, "vp": 4},
    "T4": {"stone": 4, "vp": 6}, "T5": {"stone": 4, "vp": 7}, "T6": {"stone": 5, "vp": 8},
    "T7": {"stone": 5, "vp": 9}, "T8": {"stone": 6, "vp": 10}, "T9": {"unavailable": True},
}
CATHEDRAL_TILE_VP = [4, 3, 2, 1]  # STAND-IN: the stack on each Cathedral, top first

# --- tiles (STAND-IN) ----------------------------------------------------------------------------
# Characters: type and printed bonus.
_CHAR_BONUSES = [{"res": {"gold": 2}}, {"res": {"food": 2}}, {"res": {"iron": 1, "stone": 1}},
                 {"vp": 2}, {"king": 1}, {"res": {"wool": 2}}]
CHARACTERS = {}
for _i, (_t, _b) in enumerate((t, b) for t in CHARACTER_TYPES for b in _CHAR_BONUSES):
    CHARACTERS[f"C{_i + 1:02d}"] = {"kind": "character", "ctype": _t, "bonus": _b}

# Contracts: the Resources to pay, the tile's VP and any extra reward.
_CONTRACT_COSTS = [
    {"food": 2, "wool": 1}, {"stone": 2, "iron": 1}, {"wool": 2, "iron": 1}, {"food": 1, "stone": 2},
    {"gold": 2, "wool": 2}, {"iron": 2, "food": 2}, {"stone": 3}, {"wool": 3}, {"food": 3},
    {"iron": 3}, {"gold": 1, "food": 1, "wool": 1, "stone": 1}, {"wool": 1, "stone": 1, "iron": 1},
    {"food": 2, "stone": 2, "iron": 1}, {"gold": 3, "iron": 2}, {"wool": 2, "stone": 2, "food": 1},
]
CONTRACTS = {}
for _i, _c in enumerate(_CONTRACT_COSTS * 2):
    _n = sum(_c.values())
    _extra = [None, {"king": 1}, {"res": {"gold": 2}}][_i % 3]
    CONTRACTS[f"K{_i + 1:02d}"] = {"kind": "contract", "cost": _c, "vp": 2 * _n - 2 + (_i % 2),
                                   "reward": _extra}

# Bonus tiles: Crests and Helpers.
CREST_FAMILIES = ["lion", "eagle", "rose", "tower", "key", "star"]
BONUS_TILES = {}
_n = 0
for _f in CREST_FAMILIES:
    for _ in range(3):
        _n += 1
        BONUS_TILES[f"B{_n:02d}"] = {"kind": "crest", "family": _f}
for _a in CHARACTER_TYPES:
    for _ap in (1, 2, 2, 3):
        _n += 1
        BONUS_TILES[f"B{_n:02d}"] = {"kind": "helper", "action": _a, "ap": _ap}
for _ap in (1, 1, 2, 2, 3, 3):
    _n += 1
    BONUS_TILES[f"B{_n:02d}"] = {"kind": "plus_ap", "ap": _ap}
# The colour Helper (page, implementation notes: "used while choosing" the die): the die you take
# counts as another colour, so its Resources are of that colour. STAND-IN: the page names the
# kind, not how many there are; three of them.
for _ in range(3):
    _n += 1
    BONUS_TILES[f"B{_n:02d}"] = {"kind": "colour_helper"}
for _t in BONUS_TILES.values():
    _t["source"] = "stand-in"
for _t in CHARACTERS.values():
    _t["source"] = "stand-in"
for _t in CONTRACTS.values():
    _t["source"] = "stand-in"
HELPER_KINDS = ("helper", "plus_ap", "colour_helper")

# Fair tiles: a value and a condition counted per player.
FAIR_TILES = {
    "F1": {"value": 0, "per": "houses"}, "F2": {"value": 0, "per": "pillars"},
    "F3": {"value": 0, "per": "characters"}, "F4": {"value": 1, "per": "crests"},
    "F5": {"value": 1, "per": "contracts"}, "F6": {"value": 2, "per": "completed"},
    "F7": {"value": 1, "per": "cathedrals"},
}
for _t in FAIR_TILES.values():
    _t["source"] = "stand-in"

TILES = {**CHARACTERS, **CONTRACTS, **BONUS_TILES}
assert len(CATHEDRAL_TOWNS) == 9 == len(COST_TILES)

# --- the Cardinalbot (solo) ---------------------------------------------------------------------
# The page names its script (two dice, Decree cards read top-down, colour tie-breaks, Challenges
# by difficulty, +3 VP floor on the King track, 3 Food per Crest for 5 VP, Contracts at their VP
# plus 5, three Food kept back) but prints no card. STAND-IN: the Decree cards and Challenges below.
# A line picks the dice that meet it: {"action": A} a die in front of Action A, {"colour": C}
# a die of colour C, {"at_most": n} / {"at_least": n} its value. "colours" breaks ties between the
# dice a line allows (then the lower value).
DECREES = {
    "D1": {"lines": [{"action": "contract"}, {"at_least": 5}, {"colour": "pink"}],
           "colours": ["pink", "yellow", "blue", "dark_grey", "light_grey"]},
    "D2": {"lines": [{"action": "architect"}, {"colour": "dark_grey"}, {"at_most": 2}],
           "colours": ["dark_grey", "blue", "pink", "light_grey", "yellow"]},
    "D3": {"lines": [{"action": "merchant"}, {"colour": "yellow"}, {"at_least": 4}],
           "colours": ["yellow", "light_grey", "dark_grey", "pink", "blue"]},
    "D4": {"lines": [{"action": "king"}, {"at_most": 3}, {"colour": "blue"}],
           "colours": ["blue", "pink", "light_grey", "yellow", "dark_grey"]},
    "D5": {"lines": [{"colour": "light_grey"}, {"action": "character"}, {"at_least": 3}],
           "colours": ["light_grey", "dark_grey", "yellow", "blue", "pink"]},
    "D6": {"lines": [{"action": "joker"}, {"colour": "pink"}, {"at_most": 4}],
           "colours": ["pink", "blue", "dark_grey", "yellow", "light_grey"]},
}
CHALLENGES = {
    "favor_at_court": {"king_floor": 5},   # named on the page: its King floor is +5
    "tithe": {"start_vp": 10},
    "zeal": {"extra_ap": 1},
    "relics": {"crest_vp": 7},
    "patronage": {"contract_vp": 7},
    "pilgrims": {"fair_vp": 3},
}
DIFFICULTY = {"priest": 1, "deacon": 3, "bishop": 5}
BOT_KING_FLOOR = 3
BOT_CREST_FOOD, BOT_CREST_VP = 3, 5
BOT_CONTRACT_VP = 5
BOT_FOOD_KEPT = 3
BOT_CONTRACTS_PER_TURN = 2
BOT = "cardinalbot"
