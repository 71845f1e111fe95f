"""Barcelona's component data: what the rules page prints, and a marked stand-in for the rest.

From the rules page (exact): the Cerdà track, the Building table, the Sagrada Família tiles,
the Public Services and their stacks, the Modernisme Project spaces, the scoring-condition
catalogue, the Intersections, the Passengers, the Cobblestone VP values and the Sidewalk.

STAND-IN (guessed, the page does not print them): the city grid's size and which streets are
Wide, the printed benefits on street spaces, the "printed" Action layout, the Citizen-track
VP values and which spaces carry the ② / ②③ marks, the Citizen bag, the number of Building
tiles, Street tiles, Building markers, Warehouse spaces and Sagrada Família steps. See
docs/games/barcelona.md. (The 18 Modernisme tiles, one per catalogue condition, are not a guess.)
"""
STAND_IN = True  # the grid, street benefits, tracks and piece counts below are guessed

# --- Citizens --------------------------------------------------------------------------------
CLASSES = ["upper", "middle", "working"]
# STAND-IN: sized so that the bag cannot run dry before a Citizen-track row fills (with every
# crossing holding two Citizens, the rest still fill 3 x (row length - 1) + 1 spaces at 4
# players), in the old 6 : 7 : 8 mix. See docs/games/barcelona.md, "Game length".
BAG = {"upper": 36, "middle": 42, "working": 48}

# Citizen tracks: one row per class, three sections (rules page, "Citizen tracks"); the last space
# of each row in a section is its scoring space. STAND-IN: eight spaces a section, of which two
# are marked ②③ and two ②, so that 8 / 6 / 4 spaces a row-section are open at 4 / 3 / 2
# players: as many spaces per player at every count, hence about as many turns per player.
# Eight is the most the page's city (16 blocks, see city.py) can absorb at 4 players without
# filling up first. COVERED[players] lists the section-relative indexes that start covered.
SECTIONS = 3
SECTION_SPACES = 8
# STAND-IN: the VP printed on the spaces rise from 1 to 8 along a row, the same on all three rows
TRACK_VP = [1 + (i * 8) // (SECTIONS * SECTION_SPACES) for i in range(SECTIONS * SECTION_SPACES)]
MARK_23 = [1, 3]  # STAND-IN: ②③ spaces (section-relative)
MARK_2 = [2, 5]   # STAND-IN: ② spaces
COVERED = {2: MARK_2 + MARK_23, 3: MARK_23, 4: []}

# --- Cerdà track (exact) ------------------------------------------------------------------------
CERDA_LABELS = [0, 1, None, "start", None, 2, None, 3, None, 4]
CERDA_START = 3
CERDA_TOP = len(CERDA_LABELS) - 1
CERDA_OVERFLOW_VP = 2

# --- The city (STAND-IN geometry) -------------------------------------------------------------
# 5 column streets x 5 row streets (+ the Diagonal) make 11 streets, one per Action tile; their
# 25 crossings bound 4 x 4 blocks. The Diagonal runs from crossing 0,0 to 4,4 and cuts the four
# blocks it crosses into two Corner triangles each.
SIZE = 5
WIDE_STREETS = ["col2", "row2", "diag"]  # STAND-IN: the Diagonal and the two central streets
DIAGONAL_CROSSING_COST = 1
# Printed benefits of street spaces (STAND-IN), a repeating pattern along the space list.
STREET_BENEFIT_PATTERN = ["coin", None, "cloth", "vp2", None, "cerda", "coin", "sagrada", None,
                          "cloth", "vp2"]

# --- Actions ------------------------------------------------------------------------------------
ACTIONS = ["cloth_vp", "coins", "cerda", "cobblestone", "wide_street", "narrow_streets",
           "intersection", "take_project", "improve_project", "public_service", "tram"]
STREETS = ["col0", "col1", "col2", "col3", "col4", "row0", "row1", "row2", "row3", "row4", "diag"]
PRINTED_LAYOUT = dict(zip(STREETS, ["coins", "narrow_streets", "wide_street", "cobblestone",
                                    "cloth_vp", "take_project", "tram", "intersection",
                                    "improve_project", "cerda", "public_service"]))  # STAND-IN

# --- Buildings (table exact; tile counts STAND-IN) ----------------------------------------------
BUILDINGS = {
    "corner": {"citizens": 2, "needs": None, "cerda": 0, "sagrada": 0, "vp": 0},
    "level1": {"citizens": 2, "needs": None, "cerda": 1, "sagrada": 0, "vp": 0},
    "level2": {"citizens": 2, "needs": "middle", "cerda": -1, "sagrada": 1, "vp": 0},
    "level3": {"citizens": 3, "needs": "upper", "cerda": -2, "sagrada": 2, "vp": 7},
}
LEVEL = {"level1": 1, "level2": 2, "level3": 3}
BUILDING_TILES = {"corner": 8, "level1": 12, "level2": 12, "level3": 12}  # STAND-IN
BUILDING_BONUS_VP = 5
MARKER_SPOTS = [2, 2, 2, 2, 2]  # STAND-IN: markers per spot, left to right

# --- Player board ------------------------------------------------------------------------------
WAREHOUSE_OPEN = 4  # STAND-IN: spaces open at the start; each Cobblestone placed frees one more
COBBLESTONE_VP = [1, 2, 4, 7, 11, 16]  # exact; six Cobblestones
WIDE_STACK = 3               # STAND-IN
NARROW_STACKS = [2, 2, 2]    # STAND-IN
WIDE_STACK_CERDA = 2
NARROW_STACK_CERDA = 1

INTERSECTIONS = [  # exact: cost and the benefit it unlocks, left to right
    {"coins": 0, "cloths": 0, "unlocks": "coin"},
    {"coins": 1, "cloths": 0, "unlocks": "vp2"},
    {"coins": 2, "cloths": 0, "unlocks": "cloth"},
    {"coins": 1, "cloths": 1, "unlocks": "cerda"},
    {"coins": 2, "cloths": 1, "unlocks": "sagrada"},
]
def intersection_benefit_count(built: int) -> int:
    return 0 if built == 0 else 1 if built <= 2 else 2 if built <= 4 else 3

PASSENGERS = [  # exact
    {"coins": 1, "cloths": 0}, {"coins": 0, "cloths": 1}, {"coins": 1, "cloths": 1},
    {"coins": 2, "cloths": 1}, {"coins": 2, "cloths": 2},
]
PASSENGER_VP = [1, 5, 10, 16, 23]

# Sidewalk (exact), row by row from the top; "centre" holds the printed starting Cobblestone.
SIDEWALK = [
    ["sagrada", "coin_cloth", "coins2", "improve", "sagrada"],
    ["cerda2", "take", "coin", "cloth", "wide"],
    ["narrow2", "cerda", "centre", "cerda", "narrow2"],
    ["wide", "cloth", "coin", "take", "cerda2"],
    ["sagrada", "improve", "narrow2", "coin_cloth", "sagrada"],
]

# --- Modernisme Projects (exact) -----------------------------------------------------------------
PROJECT_SPACES = [  # place cost, bottom x, top x, improve cost
    {"place": {"coins": 0, "cloths": 0}, "bottom": 1, "top": 2, "improve": {"coins": 0, "cloths": 1}},
    {"place": {"coins": 1, "cloths": 0}, "bottom": 1, "top": 2, "improve": {"coins": 0, "cloths": 0}},
    {"place": {"coins": 0, "cloths": 1}, "bottom": 1, "top": 3, "improve": {"coins": 0, "cloths": 2}},
    {"place": {"coins": 1, "cloths": 1}, "bottom": 2, "top": 3, "improve": {"coins": 0, "cloths": 1}},
    {"place": {"coins": 1, "cloths": 2}, "bottom": 2, "top": 4, "improve": {"coins": 0, "cloths": 2}},
]
DISPLAY = 4
# One tile per condition that may appear as a Modernisme tile: 18, the box's count in the research
# notes the issue cites, and exactly the conditions the page's catalogue allows on them.
MODERNISME_COPIES = 1

# Scoring conditions (exact): id -> VP each, and where it may appear.
CONDITIONS = {
    "block_line": {"vp": 2, "cerda": True, "modernisme": True},
    "coins": {"vp": 2, "cerda": True, "modernisme": True},
    "cloths": {"vp": 2, "cerda": True, "modernisme": True},
    "services": {"vp": 2, "cerda": True, "modernisme": True},
    "top_markers": {"vp": 2, "cerda": True, "modernisme": True},
    "cobblestones": {"vp": 2, "cerda": True, "modernisme": True},
    "narrow": {"vp": 1, "cerda": True, "modernisme": True},
    "wide": {"vp": 2, "cerda": True, "modernisme": True},
    "passengers": {"vp": 2, "cerda": True, "modernisme": True},
    "intersections": {"vp": 2, "cerda": True, "modernisme": True},
    "corners": {"vp": 3, "cerda": True, "modernisme": True},
    "projects": {"vp": 2, "cerda": True, "modernisme": True},
    "bottom_markers": {"vp": 2, "cerda": True, "modernisme": True},
    "empty_spots": {"vp": 3, "cerda": True, "modernisme": False},
    "busy_intersections": {"vp": 3, "cerda": False, "modernisme": True},
    "multiplier": {"vp": 2, "cerda": False, "modernisme": True},
    "busy_passengers": {"vp": 3, "cerda": False, "modernisme": True},
    "narrow_line": {"vp": 2, "cerda": False, "modernisme": True},
    "wide_line": {"vp": 2, "cerda": False, "modernisme": True},
}
CERDA_TILES = 3

# --- Public Services (exact) ------------------------------------------------------------------------
SERVICES = ["sant_antoni", "estacio_franca", "hospital_santa_creu", "passeig_companys",
            "universitat", "museu_modernisme", "pavello_operacions"]
SERVICE_STACK = [{"coins": 3, "vp": 10}, {"coins": 2, "vp": 6}, {"coins": 1, "vp": 3}]
SERVICE_CERDA = 2

# --- Sagrada Família (tiles exact; track length STAND-IN) --------------------------------------------
SAGRADA_STEPS = 8
SAGRADA_SLOTS = {1: 1, 3: 2, 5: 3, 7: 4}  # step -> tile level
SAGRADA_TILES = {  # per level: vp, mix (Coin or Cloth xN), coins, cloths, cerda
    1: [{"vp": 5}, {"vp": 3, "mix": 1}, {"coins": 1, "cloths": 1}, {"cerda": 1, "vp": 2}],
    2: [{"vp": 7}, {"vp": 5, "mix": 1}, {"mix": 2}, {"cerda": 1, "vp": 4}],
    3: [{"vp": 10}, {"vp": 6, "mix": 2}, {"mix": 3}, {"cerda": 2, "vp": 4}],
    4: [{"vp": 18}, {"vp": 8, "mix": 3}, {"mix": 5}, {"cerda": 3, "vp": 6}],
}
