"""Iberian Gauge's components and reference tables, as the rules page lists them
(shared/rules/iberian-gauge.md: Overview, Build Round, Reference Tables). No logic here."""

STARTING_CASH = 40          # ₱ per player
LOCOMOTIVES = 22            # per Railroad, for the whole game

# The ten rounds, in their fixed order ("Round Structure").
ROUNDS = ["stock", "build", "stock", "build", "build", "stock", "build", "build", "stock", "build"]

# The five Railroads, all in play at every player count. `dividends[level - 1]` is the dividend per
# Share at that Dividend level (the Dividends Track table); `special_dividend` is the five-Major-
# Cities Special Dividend per Share.
RAILROADS = {
    "red": {
        "name": "Red", "shares": 6, "special_dividend": 10,
        "dividends": [2, 3, 4, 5, 5, 6, 7, 8, 9, 10, 10, 11, 12, 13, 14, 15, 15, 16, 17],
    },
    "light_blue": {
        "name": "Light Blue", "shares": 5, "special_dividend": 12,
        "dividends": [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
    },
    "orange": {
        "name": "Orange", "shares": 5, "special_dividend": 12,
        "dividends": [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
    },
    "purple": {
        "name": "Purple", "shares": 4, "special_dividend": 15,
        "dividends": [3, 4, 5, 7, 8, 9, 10, 12, 13, 14, 15, 17, 18, 19, 20, 22, 23, 24, 25],
    },
    "yellow": {
        "name": "Yellow", "shares": 4, "special_dividend": 15,
        "dividends": [3, 4, 5, 7, 8, 9, 10, 12, 13, 14, 15, 17, 18, 19, 20, 22, 23, 24, 25],
    },
}
RAILROAD_IDS = list(RAILROADS)
TOTAL_SHARES = sum(r["shares"] for r in RAILROADS.values())  # 24

# Share Value Track: 20 spaces in steps of ₱4. READINGS: a start is one of its seven spaces
# ₱12..₱36, and every Share Value move goes one ₱4 space.
SHARE_VALUE_STEP = 4
SHARE_VALUE_MIN = 4
SHARE_VALUE_MAX = 80
SHARE_VALUES = list(range(SHARE_VALUE_MIN, SHARE_VALUE_MAX + 1, SHARE_VALUE_STEP))
STARTING_SHARE_VALUES = list(range(12, 36 + 1, SHARE_VALUE_STEP))

# Dividends Track: 19 spaces; a floated Railroad starts on space 1. A threshold sits on the
# boundary below each level listed here (3→4, 6→7, 9→10, 12→13, 14→15, 16→17, 18→19).
START_DIVIDEND_LEVEL = 1
MAX_DIVIDEND_LEVEL = 19
THRESHOLDS = [4, 7, 10, 13, 15, 17, 19]

# Hex types: build cost (to the bank), lease fee (to the owner; None: cannot be leased), and
# whether each Railroad may have its own Locomotive there (else one Locomotive in total).
TERRAIN = {
    "easy": {"name": "Easy", "build": 4, "lease": 2, "per_railroad": False},
    "difficult": {"name": "Difficult", "build": 8, "lease": 4, "per_railroad": False},
    "urban": {"name": "Urban", "build": 4, "lease": None, "per_railroad": True},
    "major_city": {"name": "Major City", "build": 4, "lease": None, "per_railroad": True},
}

# Immediate Bonuses.
URBAN_DIVIDEND_BONUS = 1
MAJOR_CITY_DIVIDEND_BONUS = 2
MAJOR_CITY_SHARE_VALUE_BONUS = 1
THRESHOLD_SHARE_VALUE_BONUS = 1
FIVE_CITIES = 5
