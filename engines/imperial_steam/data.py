"""Imperial Steam's component data.

What the online rules page prints is taken as printed: the round and hand tables, the Steam engine
table, the Share value table, the player-count table, the income, delivery, key and hub-influence
amounts. Everything the page does NOT print (the map, its cities, Efforts, costs and sites, the
Business tokens, the Contract cards, the Factory board's costs and payouts, the Shipment tiles, the
Growth tiles, the Influence track and the key values, the Worker board's columns, the engines on the
Round track) is a STAND-IN made for this adaptation, marked below; it is not the printed game.
"""
from __future__ import annotations

# ---- printed on the rules page ------------------------------------------------------------------

GOODS = ["wood", "stone", "iron", "coal"]
ROUNDS = 8
HANDS = {1: 2, 2: 3, 3: 4, 4: 5, 5: 5, 6: 5, 7: 5, 8: 5}           # "Hands per round"
START_MONEY = {2: 120, 3: 130, 4: 140}
CONTRACTS_PER_DECK = {2: 3, 3: 4, 4: 5}
ENGINES_PER_SPACE = {2: 2, 3: 3, 4: 4}
SHIPMENT_PER_ROUND = {2: 1, 3: 2, 4: 3}                              # rounds 4-8
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
HIRE_PRICES = [10, 20, 30, 40, 50]        # Hiring Price rows, capped at 50
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

ACTIONS = ["build_tracks", "hire", "build_building", "produce", "buy_goods", "train",
           "contract", "philanthropize", "share_value", "fundraise", "pass"]

# ---- STAND-IN: not printed on the page ------------------------------------------------------------

STAND_IN = True

INFLUENCE_TRACK = 30                      # columns 0..29; a bid of 10 guldens buys a column
BID_STEP = 10
MAX_BID = 100

# Cities: effort, station cost (None: no station site), hub, business token, influence hexagon,
# demands outside hub cities (used at 3 and 4 players).
CITIES = {
    "wien":          {"effort": 0, "station": None, "hub": False, "business": False, "hex": 0, "demands": []},
    "st_poelten":    {"effort": 1, "station": 10, "hub": False, "business": True, "hex": 0, "demands": ["wood"]},
    "linz":          {"effort": 2, "station": 30, "hub": True, "business": False, "hex": 1, "demands": []},
    "wr_neustadt":   {"effort": 1, "station": 10, "hub": False, "business": True, "hex": 0, "demands": ["iron"]},
    "gloggnitz":     {"effort": 2, "station": 20, "hub": False, "business": False, "hex": 1, "demands": []},
    "muerzzuschlag": {"effort": 2, "station": 20, "hub": False, "business": True, "hex": 0, "demands": ["stone"]},
    "bruck":         {"effort": 2, "station": 20, "hub": False, "business": True, "hex": 0, "demands": ["coal"]},
    "graz":          {"effort": 3, "station": 30, "hub": True, "business": False, "hex": 1, "demands": []},
    "leoben":        {"effort": 2, "station": 20, "hub": False, "business": True, "hex": 0, "demands": ["wood"]},
    "selzthal":      {"effort": 2, "station": 20, "hub": False, "business": False, "hex": 1, "demands": []},
    "marburg":       {"effort": 3, "station": 30, "hub": True, "business": False, "hex": 1, "demands": []},
    "cilli":         {"effort": 2, "station": 20, "hub": False, "business": True, "hex": 0, "demands": ["iron"]},
    "klagenfurt":    {"effort": 3, "station": 30, "hub": False, "business": True, "hex": 1, "demands": ["stone"]},
    "villach":       {"effort": 3, "station": 20, "hub": False, "business": True, "hex": 0, "demands": []},
    "laibach":       {"effort": 3, "station": 30, "hub": True, "business": False, "hex": 1, "demands": []},
    "trieste":       {"effort": 4, "station": 40, "hub": False, "business": False, "hex": 2, "demands": ["coal"]},
}
START_CITY = "wien"
GOAL_CITY = "trieste"
HUBS = ["linz", "graz", "marburg", "laibach"]
HUB_DEMANDS = ["wood", "stone", "iron", "coal", "coal"]            # printed: 1 wood, stone, iron, 2 coal

# Connections: id -> (city, city, kind); kind "plain", "bridge" (gray) or "tunnel" (orange).
CONNECTIONS = {
    "wien-st_poelten": ("wien", "st_poelten", "plain"),
    "st_poelten-linz": ("st_poelten", "linz", "plain"),
    "wien-wr_neustadt": ("wien", "wr_neustadt", "plain"),
    "wr_neustadt-gloggnitz": ("wr_neustadt", "gloggnitz", "plain"),
    "gloggnitz-muerzzuschlag": ("gloggnitz", "muerzzuschlag", "tunnel"),
    "muerzzuschlag-bruck": ("muerzzuschlag", "bruck", "plain"),
    "bruck-graz": ("bruck", "graz", "plain"),
    "bruck-leoben": ("bruck", "leoben", "plain"),
    "leoben-selzthal": ("leoben", "selzthal", "tunnel"),
    "selzthal-linz": ("selzthal", "linz", "plain"),
    "graz-marburg": ("graz", "marburg", "bridge"),
    "marburg-cilli": ("marburg", "cilli", "plain"),
    "cilli-laibach": ("cilli", "laibach", "bridge"),
    "laibach-trieste": ("laibach", "trieste", "tunnel"),
    "leoben-klagenfurt": ("leoben", "klagenfurt", "tunnel"),
    "klagenfurt-villach": ("klagenfurt", "villach", "plain"),
    "villach-laibach": ("villach", "laibach", "tunnel"),
    "klagenfurt-marburg": ("klagenfurt", "marburg", "bridge"),
}
SEMMERING = "gloggnitz-muerzzuschlag"     # printed: Mürzzuschlag-Gloggnitz
# State Railways (crowned): the fixed layout's, and the candidates the random layout draws from.
STATE_RAILWAYS_FIXED = ["st_poelten-linz", "marburg-cilli"]
STATE_RAILWAY_CANDIDATES = ["st_poelten-linz", "marburg-cilli", "bruck-graz", "klagenfurt-villach"]

# Factory sites: id -> city, good, fewest players it is valid for, cost rule:
# None (Factory board), an int (custom printed cost) or "station" (the city's station cost).
FACTORY_SITES = {
    "st_poelten-1": ("st_poelten", "wood", 2, None),
    "linz-1": ("linz", "iron", 2, None),
    "linz-2": ("linz", "wood", 3, None),
    "wr_neustadt-1": ("wr_neustadt", "stone", 2, None),
    "gloggnitz-1": ("gloggnitz", "coal", 2, 20),
    "bruck-1": ("bruck", "iron", 2, None),
    "graz-1": ("graz", "coal", 2, None),
    "graz-2": ("graz", "stone", 4, None),
    "leoben-1": ("leoben", "coal", 2, "station"),
    "selzthal-1": ("selzthal", "wood", 3, None),
    "marburg-1": ("marburg", "wood", 2, None),
    "cilli-1": ("cilli", "stone", 2, None),
    "klagenfurt-1": ("klagenfurt", "iron", 3, None),
    "villach-1": ("villach", "coal", 4, None),
    "laibach-1": ("laibach", "stone", 2, None),
    "laibach-2": ("laibach", "iron", 4, None),
}


def factory_cost(bought: int) -> int:
    """Factory board, upper row: cost of the next factory when `bought` of its type are gone."""
    return 20 + 5 * bought


def delivery_pay(bought: int) -> int:
    """Factory board: the value in the rightmost empty space of a row (steps down per factory)."""
    return max(10, 40 - 5 * bought)


BUSINESS_TOKENS = [2, 1, 3, 1, 2, 2, 1, 3, 1, 2, 1, 2]   # the stack, topmost first

# Contract decks: id -> (required factory types, value); investors = reserved tokens = factories.
CONTRACT_DECKS = {
    "A": {"A1": (["wood"], 30), "A2": (["stone"], 30), "A3": (["iron"], 40), "A4": (["coal"], 40),
          "A5": (["wood"], 30), "A6": (["stone"], 40)},
    "B": {"B1": (["wood", "stone"], 70), "B2": (["iron", "coal"], 90), "B3": (["wood", "iron"], 80),
          "B4": (["stone", "coal"], 80), "B5": (["coal", "coal"], 100), "B6": (["wood", "wood"], 60)},
}
CONTRACTS = {cid: card for deck in CONTRACT_DECKS.values() for cid, card in deck.items()}

INVESTOR_SPACES = 2                       # per Share board row
HUB_START = {"linz": 4, "graz": 6, "marburg": 8, "laibach": 10}   # hub Influence marker columns
GROWTH_TILES = [[1, 0, 2, 1, 0], [0, 1, 1, 2, 0], [2, 0, 1, 0, 1], [1, 1, 0, 1, 1]]


def gold_key_value(column: int) -> int:
    """The gulden value printed below a hub's Influence marker."""
    return 20 + 5 * column


def silver_key_value(column: int) -> int:
    """The small green flag nearest the marker (flags every 5 columns)."""
    return 10 + 10 * ((column + 2) // 5)


# The Round track: engine level on each round's space (IS-3 never appears).
ROUND_TRACK = {1: 4, 2: 4, 3: 5, 4: 5, 5: 6, 6: 6, 7: 7, 8: 8}
# Shipment tiles above rounds 1-7 (N for ordering; no ordering in round 8).
SHIPMENT_TILES = [2, 2, 3, 3, 3, 4, 4]
MARKET_PRICES = [40, 30, 20, 10]          # Shipment market rows, bottom to top
MARKET_START = 2                          # cubes per column at setup
STARTING_CARGO = ["wood", "stone", "iron"]  # the goods on the IS-3's three cars (coal on the engine)
STATIONS_PER_PLAYER = 5                   # train stations on a player board (Wien's not counted)
