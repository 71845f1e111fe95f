"""Imperial Steam's component data, each item marked with where it comes from (SOURCE below):

  "page"      printed on the online rules page (shared/rules/imperial-steam.md) and taken as printed
  "research"  a count from the rulebook's component list (the research note cited by
              docs/games/imperial-steam.md); the page does not contradict it
  "stand-in"  made for this adaptation because no source gives it: NOT the printed game

The map (cities, Efforts, station costs, factory sites, connections, regions), the contents of
the City, Hub City and Normal Setup cards, the Business token stack's order, the Contract cards'
factories and values, the Factory board's costs and payouts, the Growth tiles, the Influence
track and key values, the Worker board's middle prices and the Round track are stand-ins.
"""
from __future__ import annotations

STAND_IN = True          # this module holds stand-in data (see SOURCE for which items)

# ---- printed on the rules page ---------------------------------------------------------------------

GOODS = ["wood", "stone", "iron", "coal"]
ROUNDS = 8
HANDS = {1: 2, 2: 3, 3: 4, 4: 5, 5: 5, 6: 5, 7: 5, 8: 5}           # "Hands per round"
START_MONEY = {2: 120, 3: 130, 4: 140}
CONTRACTS_PER_DECK = {2: 3, 3: 4, 4: 5}
ENGINES_PER_SPACE = {2: 2, 3: 3, 4: 4}
SHIPMENT_PER_ROUND = {2: 1, 3: 2, 4: 3}      # rounds 4-8: goods in total (reading: see docs)
FACTORIES_PER_ROW = {2: 6, 3: 9, 4: 12}
ENGINEERS = {2: 2, 3: 3, 4: 4}
OUTSIDE_DEMANDS = {2: False, 3: True, 4: True}

# Steam engines: level -> price, cars, influence
ENGINE_PRICE = {3: 30, 4: 40, 5: 50, 6: 60, 7: 70, 8: 80}
ENGINE_INFLUENCE = {3: 0, 4: 0, 5: 0, 6: 1, 7: 2, 8: 3}
MAX_TRAINS = 3

SHARE_VALUES = [40, 60, 90, 130, 180, 240]
SHARE_UP_COST = [0, 1, 2, 3, 4, 5]       # influence to move up INTO that row

PRODUCTION = {1: 2, 2: 3, 3: 4}          # goods beside a factory worker of each level
ENGINEER_PRICE = 30
MAX_WORKERS = 15
INCOME_PER = 10                           # per passenger car and per uncovered warehouse space
GOOD_SALE = 10                            # final scoring, per good on trains and in the warehouse
HUB_INFLUENCE_PAY = {0: 0, 1: 10, 2: 30, 3: 60, 4: 100}
MARKET_EMPTY_PRICE = 40
TRACK_FEE = 10
TRIESTE_PER_TRACK = 10
TRACK_USAGE = 20
PHILANTHROPY = 10
HUB_DEMANDS = ["wood", "stone", "iron", "coal", "coal"]            # 1 wood, stone, iron, 2 coal
START_CITY = "wien"
GOAL_CITY = "trieste"
SEMMERING = "gloggnitz-muerzzuschlag"     # Mürzzuschlag-Gloggnitz

ACTIONS = ["build_tracks", "hire", "build_building", "produce", "buy_goods", "train",
           "contract", "philanthropize", "share_value", "fundraise", "pass"]

# Hiring Price rows: the page gives only "from 10 up to a cap of 50"; the rows between are
# stand-ins, marked one by one.
HIRE_PRICES = [10, 20, 30, 40, 50]
HIRE_PRICE_SOURCE = ["page", "stand-in", "stand-in", "stand-in", "page"]

# ---- counted in the rulebook's component list (research note) ----------------------------------------

BUSINESS_TOKENS = [1] * 13 + [2] * 8 + [3] * 3      # 24 tokens: 13 x 1, 8 x 2, 3 x 3
CONTRACT_CARDS = 28
SHIPMENT_TILE_COUNT = 9                              # "numbered 2-5"
NORMAL_SETUP_CARDS = 15
HUB_TILES = ["bronze", "white", "green", "blue"]     # 4 Hub City tiles
GROWTH_TILE_COUNT = 4
STATE_RAILWAY_CROWNS = 4

# ---- STAND-IN: not printed on the page ----------------------------------------------------------------

INFLUENCE_TRACK = 30                      # columns 0..29; a bid of 10 guldens buys a column
BID_STEP = 10
MAX_BID = 100

# The board: each city's Effort, station cost (None: no station site) and map region. What a
# city offers besides (Business tokens, Influence hexagon, demands, hub) comes from the tile laid
# on it at setup; Wien and Trieste print their own.
REGIONS = ["austria", "styria", "lower_styria", "carniola"]
CITIES = {
    "wien":          {"effort": 0, "station": None, "region": None},
    "st_poelten":    {"effort": 1, "station": 10, "region": "austria"},
    "linz":          {"effort": 2, "station": 30, "region": "austria"},
    "wr_neustadt":   {"effort": 1, "station": 10, "region": "austria"},
    "gloggnitz":     {"effort": 2, "station": 20, "region": "austria"},
    "muerzzuschlag": {"effort": 2, "station": 20, "region": "styria"},
    "bruck":         {"effort": 2, "station": 20, "region": "styria"},
    "graz":          {"effort": 2, "station": 30, "region": "styria"},
    "leoben":        {"effort": 2, "station": 20, "region": "styria"},
    "selzthal":      {"effort": 2, "station": 20, "region": "styria"},
    "marburg":       {"effort": 2, "station": 30, "region": "lower_styria"},
    "pettau":        {"effort": 1, "station": 10, "region": "lower_styria"},
    "cilli":         {"effort": 2, "station": 20, "region": "lower_styria"},
    "klagenfurt":    {"effort": 2, "station": 30, "region": "carniola"},
    "villach":       {"effort": 2, "station": 20, "region": "carniola"},
    "laibach":       {"effort": 2, "station": 30, "region": "carniola"},
    "adelsberg":     {"effort": 1, "station": 20, "region": "carniola"},
    "trieste":       {"effort": 3, "station": 40, "region": None},
}
# Wien and Trieste print what tiles give elsewhere.
PRINTED = {"wien": {"business": 0, "hex": 0, "demands": []},
           "trieste": {"business": 0, "hex": 2, "demands": ["coal"]}}

# Connections: id -> (city, city, kind); kind "plain", "bridge" (gray) or "tunnel" (orange).
CONNECTIONS = {
    "wien-st_poelten": ("wien", "st_poelten", "plain"),
    "st_poelten-linz": ("st_poelten", "linz", "plain"),
    "wien-wr_neustadt": ("wien", "wr_neustadt", "plain"),
    "wr_neustadt-gloggnitz": ("wr_neustadt", "gloggnitz", "plain"),
    "wr_neustadt-graz": ("wr_neustadt", "graz", "plain"),
    "gloggnitz-muerzzuschlag": ("gloggnitz", "muerzzuschlag", "tunnel"),
    "muerzzuschlag-bruck": ("muerzzuschlag", "bruck", "plain"),
    "bruck-graz": ("bruck", "graz", "plain"),
    "bruck-leoben": ("bruck", "leoben", "plain"),
    "leoben-selzthal": ("leoben", "selzthal", "tunnel"),
    "selzthal-linz": ("selzthal", "linz", "plain"),
    "graz-marburg": ("graz", "marburg", "bridge"),
    "graz-pettau": ("graz", "pettau", "plain"),
    "pettau-cilli": ("pettau", "cilli", "plain"),
    "marburg-cilli": ("marburg", "cilli", "plain"),
    "cilli-laibach": ("cilli", "laibach", "bridge"),
    "laibach-adelsberg": ("laibach", "adelsberg", "plain"),
    "adelsberg-trieste": ("adelsberg", "trieste", "plain"),
    "laibach-trieste": ("laibach", "trieste", "tunnel"),
    "leoben-klagenfurt": ("leoben", "klagenfurt", "tunnel"),
    "klagenfurt-villach": ("klagenfurt", "villach", "plain"),
    "villach-laibach": ("villach", "laibach", "tunnel"),
    "villach-trieste": ("villach", "trieste", "tunnel"),
    "klagenfurt-marburg": ("klagenfurt", "marburg", "bridge"),
}
# State Railways (crowned): the Fixed layout's, and the State Railway Setup cards the other
# layouts draw from (one connection per card; the box's deck is larger, for a larger map).
STATE_RAILWAYS_FIXED = ["st_poelten-linz", "marburg-cilli", "klagenfurt-villach"]
STATE_RAILWAY_CARDS = ["st_poelten-linz", "bruck-graz", "marburg-cilli", "klagenfurt-villach",
                       "pettau-cilli", "bruck-leoben", "laibach-adelsberg"]
STATE_RAILWAYS_NORMAL = 3

# Factory sites, printed on the board: id -> city, good, fewest players it is valid for, cost rule:
# None (Factory board), an int (custom printed cost) or "station" (the city's station cost).
FACTORY_SITES = {
    "st_poelten-1": ("st_poelten", "wood", 2, None),
    "linz-1": ("linz", "iron", 2, None),
    "linz-2": ("linz", "wood", 3, None),
    "wr_neustadt-1": ("wr_neustadt", "stone", 2, None),
    "wr_neustadt-2": ("wr_neustadt", "iron", 2, None),
    "gloggnitz-1": ("gloggnitz", "coal", 2, 20),
    "bruck-1": ("bruck", "iron", 2, None),
    "graz-1": ("graz", "coal", 2, None),
    "graz-2": ("graz", "stone", 4, None),
    "leoben-1": ("leoben", "coal", 2, "station"),
    "selzthal-1": ("selzthal", "wood", 3, None),
    "marburg-1": ("marburg", "wood", 2, None),
    "pettau-1": ("pettau", "iron", 3, None),
    "cilli-1": ("cilli", "stone", 2, None),
    "klagenfurt-1": ("klagenfurt", "iron", 3, None),
    "villach-1": ("villach", "coal", 4, None),
    "laibach-1": ("laibach", "stone", 2, None),
    "laibach-2": ("laibach", "iron", 4, None),
    "adelsberg-1": ("adelsberg", "wood", 3, None),
}

# City tiles: the Business tokens stacked on them at setup (the circled number), the Influence
# hexagon, the demands (used at 3 and 4 players).
CITY_TILES = {
    "C1": {"business": 3, "hex": 0, "demands": ["wood"]},
    "C2": {"business": 3, "hex": 0, "demands": ["iron"]},
    "C3": {"business": 0, "hex": 1, "demands": ["stone"]},
    "C4": {"business": 3, "hex": 0, "demands": ["coal"]},
    "C5": {"business": 2, "hex": 0, "demands": ["wood"]},
    "C6": {"business": 0, "hex": 1, "demands": []},
    "C7": {"business": 3, "hex": 0, "demands": ["stone"]},
    "C8": {"business": 2, "hex": 1, "demands": ["iron"]},
}
# Hub City tiles: the column its hub's Influence marker starts on, and the Influence hexagon.
HUB_TILE = {"bronze": {"start": 2, "hex": 1}, "white": {"start": 3, "hex": 1},
            "green": {"start": 5, "hex": 1}, "blue": {"start": 7, "hex": 1}}

# The Fixed layout: every tile at its predetermined place.
FIXED_HUBS = {"linz": "bronze", "graz": "white", "marburg": "green", "laibach": "blue"}
FIXED_TILES = {"st_poelten": "C1", "wr_neustadt": "C2", "gloggnitz": "C3", "bruck": "C4",
               "leoben": "C5", "muerzzuschlag": "C7", "cilli": "C8", "klagenfurt": "C6"}

# Normal Setup cards (15, as in the box): the hub city of each region, in REGIONS order, with the
# Hub City tile laid there, and two City tiles at named cities; the rest is drawn.
NORMAL_SETUP = [
    (("linz", "graz", "marburg", "laibach"), ("bronze", "white", "green", "blue"),
     {"st_poelten": "C1", "bruck": "C4"}),
    (("st_poelten", "bruck", "cilli", "laibach"), ("white", "bronze", "blue", "green"),
     {"gloggnitz": "C3", "graz": "C7"}),
    (("linz", "leoben", "marburg", "villach"), ("green", "white", "bronze", "blue"),
     {"wr_neustadt": "C2", "cilli": "C5"}),
    (("wr_neustadt", "graz", "pettau", "klagenfurt"), ("blue", "green", "white", "bronze"),
     {"linz": "C6", "laibach": "C8"}),
    (("gloggnitz", "muerzzuschlag", "marburg", "laibach"), ("bronze", "green", "white", "blue"),
     {"st_poelten": "C5", "graz": "C2"}),
    (("linz", "selzthal", "cilli", "adelsberg"), ("white", "blue", "bronze", "green"),
     {"bruck": "C1", "klagenfurt": "C4"}),
    (("st_poelten", "graz", "marburg", "villach"), ("green", "bronze", "blue", "white"),
     {"wr_neustadt": "C7", "pettau": "C3"}),
    (("linz", "bruck", "pettau", "laibach"), ("blue", "white", "green", "bronze"),
     {"gloggnitz": "C8", "leoben": "C6"}),
    (("wr_neustadt", "leoben", "cilli", "klagenfurt"), ("bronze", "blue", "green", "white"),
     {"graz": "C1", "adelsberg": "C2"}),
    (("linz", "graz", "pettau", "adelsberg"), ("white", "green", "bronze", "blue"),
     {"marburg": "C4", "villach": "C5"}),
    (("gloggnitz", "bruck", "marburg", "klagenfurt"), ("green", "white", "blue", "bronze"),
     {"st_poelten": "C3", "laibach": "C7"}),
    (("st_poelten", "selzthal", "cilli", "villach"), ("blue", "bronze", "white", "green"),
     {"graz": "C8", "marburg": "C6"}),
    (("linz", "muerzzuschlag", "marburg", "adelsberg"), ("bronze", "white", "blue", "green"),
     {"bruck": "C2", "cilli": "C1"}),
    (("wr_neustadt", "graz", "cilli", "laibach"), ("white", "blue", "green", "bronze"),
     {"linz": "C5", "klagenfurt": "C7"}),
    (("linz", "leoben", "pettau", "villach"), ("green", "bronze", "white", "blue"),
     {"st_poelten": "C4", "laibach": "C3"}),
]


def factory_cost(bought: int) -> int:
    """Factory board, upper row: cost of the next factory when `bought` of its type are gone."""
    return 10 + 5 * bought


def delivery_pay(bought: int) -> int:
    """Factory board: the value in the rightmost empty space of a row (steps down per factory)."""
    return max(10, 40 - 5 * bought)


# Contract cards: two decks of 14 (28 in the box); id -> (required factory types, value);
# Investors = Reserved tokens = factories.
CONTRACT_DECKS = {
    "A": {"A1": (["wood"], 30), "A2": (["stone"], 30), "A3": (["iron"], 40),
          "A4": (["coal"], 40), "A5": (["wood"], 30), "A6": (["stone"], 40),
          "A7": (["iron"], 30), "A8": (["coal"], 30), "A9": (["wood"], 40),
          "A10": (["stone"], 30), "A11": (["iron"], 40), "A12": (["coal"], 40),
          "A13": (["wood"], 30), "A14": (["iron"], 30)},
    "B": {"B1": (["wood", "stone"], 70), "B2": (["iron", "coal"], 90),
          "B3": (["wood", "iron"], 80), "B4": (["stone", "coal"], 80),
          "B5": (["coal", "coal"], 100), "B6": (["wood", "wood"], 60),
          "B7": (["stone", "iron"], 80), "B8": (["wood", "coal"], 70),
          "B9": (["iron", "iron"], 90), "B10": (["stone", "stone"], 70),
          "B11": (["wood", "stone", "iron"], 130), "B12": (["stone", "iron", "coal"], 150),
          "B13": (["wood", "wood", "coal"], 120), "B14": (["iron", "coal", "coal"], 150)},
}
CONTRACTS = {cid: card for deck in CONTRACT_DECKS.values() for cid, card in deck.items()}

INVESTOR_SPACES = 2                       # per Share board row
GROWTH_TILES = [[1, 0, 2, 1, 0], [0, 1, 1, 2, 0], [2, 0, 1, 0, 1], [1, 1, 0, 1, 1]]


def gold_key_value(column: int) -> int:
    """The gulden value printed below a hub's Influence marker."""
    return 20 + 5 * column


def silver_key_value(column: int) -> int:
    """The small green flag nearest the marker (flags every 5 columns)."""
    return 10 + 10 * ((column + 2) // 5)


# The Round track: engine level on each round's space (IS-3 never appears).
ROUND_TRACK = {1: 4, 2: 4, 3: 5, 4: 5, 5: 6, 6: 6, 7: 7, 8: 8}
# Shipment tiles (9, numbered 2-5): their values, and the Fixed layout's seven above rounds 1-7.
SHIPMENT_TILES = [2, 2, 2, 3, 3, 3, 4, 4, 5]
SHIPMENT_FIXED = [2, 2, 3, 3, 3, 4, 4]
MARKET_PRICES = [40, 30, 20, 10]          # Shipment market rows, bottom to top
MARKET_START = 4                          # cubes per column at setup
STARTING_CARGO = ["wood", "stone", "iron"]  # the goods on the IS-3's three cars (coal on the engine)
STATIONS_PER_PLAYER = 5                   # train stations on a player board (Wien's not counted)

# Where each item comes from (see the module's docstring); the tests hold every table to one.
SOURCE = {
    **{name: "page" for name in (
        "GOODS", "ROUNDS", "HANDS", "START_MONEY", "CONTRACTS_PER_DECK", "ENGINES_PER_SPACE",
        "SHIPMENT_PER_ROUND", "FACTORIES_PER_ROW", "ENGINEERS", "OUTSIDE_DEMANDS",
        "ENGINE_PRICE", "ENGINE_INFLUENCE", "MAX_TRAINS", "SHARE_VALUES", "SHARE_UP_COST",
        "PRODUCTION", "ENGINEER_PRICE", "MAX_WORKERS", "INCOME_PER", "GOOD_SALE",
        "HUB_INFLUENCE_PAY", "MARKET_EMPTY_PRICE", "TRACK_FEE", "TRIESTE_PER_TRACK",
        "TRACK_USAGE", "PHILANTHROPY", "HUB_DEMANDS", "START_CITY", "GOAL_CITY", "SEMMERING",
        "ACTIONS")},
    "HIRE_PRICES": "per item: HIRE_PRICE_SOURCE",
    **{name: "research" for name in (
        "BUSINESS_TOKENS", "CONTRACT_CARDS", "SHIPMENT_TILE_COUNT", "NORMAL_SETUP_CARDS",
        "HUB_TILES", "GROWTH_TILE_COUNT", "STATE_RAILWAY_CROWNS")},
    **{name: "stand-in" for name in (
        "INFLUENCE_TRACK", "BID_STEP", "MAX_BID", "REGIONS", "CITIES", "PRINTED", "CONNECTIONS",
        "STATE_RAILWAYS_FIXED", "STATE_RAILWAY_CARDS", "STATE_RAILWAYS_NORMAL", "FACTORY_SITES",
        "CITY_TILES", "HUB_TILE", "FIXED_HUBS", "FIXED_TILES", "NORMAL_SETUP", "CONTRACT_DECKS",
        "INVESTOR_SPACES", "GROWTH_TILES", "ROUND_TRACK", "SHIPMENT_TILES", "SHIPMENT_FIXED",
        "MARKET_PRICES", "MARKET_START", "STARTING_CARGO", "STATIONS_PER_PLAYER",
        "factory_cost", "delivery_pay", "gold_key_value", "silver_key_value")},
}
