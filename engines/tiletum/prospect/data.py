"""Component data of the Prospect for Silver expansion.

From the rules page ("Prospect for Silver", "Solo mode", implementation notes): Silver is not a
Resource and 2 Silver score 1 VP at the end; everyone but the first player starts with 1; three
Underground maps with start costs 0, 1 and 2 Silver, each with two sides; Mines pay 1 Silver and
any Gold printed on their space when placed, and 1 Silver in every King phase; three of each
player's Mines start locked, and a King marker at 0 or better unlocks one; the blue ribbons pay 1
Silver from +3 and 2 from +7; Technologies have tiers I, II, III costing 1, 2, 3 Silver, climbed
one at a time, each reached tier scoring its cost at the end; three Technologies are in play; the
Scoring overlay's two faces; a second disc, the Prospector Wheel, with a Prospector wedge over two
die values and a movement wedge; Die Manipulation I (a change of exactly 3 costs 2 Gold), Resource
I (a Resource that pays Gold costs once Gold runs short), Character II (Bonus AP markers +1),
Joker II (a King Action with 1 AP when the die is taken as the Joker), and tiers of the kind
"+1 AP on this Action"; the Cardinal of Silver's King's Surprise cards at 1, 3 or 5 Silver for
1, 2 or 3, counted by the Technology Fair tile, its 1 VP per Silver, and 30 VP with 1 Silver at
Bishop.

STAND-IN (the page prints none of these; marked "stand-in" per item): the Underground maps'
Towns, roads, House spaces (their VP and Gold cost), Mine spaces (their Gold), Underground
Cathedrals (Pillar spaces, Silver or Stone cost, VP) and Bonus-tile spaces; the Underground Bonus
tiles; the Stone Tablets and which roads carry one; the six Technologies' other tiers and the
first-game set; where the Prospector Wheel's wedges start and which way it turns; how many Mines a
player has unlocked at the start; the Technology Fair tile's value; the Cardinal of Silver's
Decrees, Challenges and King's Surprise cards.
"""
from __future__ import annotations

STAND_IN = True
SOURCE = "stand-in"

SILVER_PER_VP = 2          # page: 2 Silver = 1 VP at the end
BOT_SILVER_PER_VP = 1      # page: the Cardinal of Silver scores 1 VP per Silver
START_SILVER = 1           # page: everyone but the first player
TECH_COST = [1, 2, 3]      # page: tiers I, II, III
TECHS_IN_PLAY = 3          # page
MINES_LOCKED = 3           # page: "one of your three locked Mines"
MINES_UNLOCKED = 2         # STAND-IN: Mines in the supply at the start
MINE_SILVER = 1            # page: a Mine pays 1 Silver when placed and in each King phase
UNLOCK_AT = 0              # page: a marker at 0 or better unlocks a Mine (a King track value)
RIBBONS = [(7, 2), (3, 1)]  # page: from +7, 2 Silver; from +3, 1 Silver (King track values)
OVERLAY_FACES = ["houses", "pillars"]  # page: Houses x (Pillars or Mines), Pillars x (Houses or Mines)

# --- the Prospector Wheel ------------------------------------------------------------------------
# The wedge under die value i + 1: "prospector" (the Prospector Action instead of the printed one,
# with the wedge's own Bonus tile; page: two die values), "move" (a free movement point for a
# Prospector; page), None. STAND-IN: where the wedges start, the movement wedge's two values, and
# that it turns one step the other way from the Action Wheel in Cleanup.
PROSPECTOR_WHEEL = ["move", None, "prospector", "prospector", None, "move"]

# --- the Underground maps (STAND-IN but for the start costs) --------------------------------------
# A map side: Towns, each with House spaces [(VP, Gold to pay)], Mine spaces [Gold paid] (topmost
# first), a Cathedral or None ({"pillars": spaces, "cost": {"silver"|"stone": n}, "vp"}), and its
# number of Underground Bonus-tile spaces; roads between Towns, a Stone Tablet on some. The first
# Town of a side is where a hired Prospector starts.
START_COST = {1: 0, 2: 1, 3: 2}  # page: the map's printed start cost, 0, 1 or 2 Silver


def _side(towns, roads):
    return {"towns": {tid: {"houses": [list(h) for h in t[0]], "mines": list(t[1]),
                            "cathedral": t[2], "bonus": t[3], "source": SOURCE}
                      for tid, t in towns.items()},
            "roads": [(a, b) for a, b, _ in roads],
            "tablet_roads": [(a, b) for a, b, tablet in roads if tablet], "source": SOURCE}


UNDERGROUND = {
    1: {"a": _side({"u1a1": ([(1, 0)], [1, 0], None, 0),
                    "u1a2": ([(2, 1), (0, 0)], [0], None, 1),
                    "u1a3": ([(3, 2)], [2, 1], None, 1),
                    "u1a4": ([(4, 2)], [1], {"pillars": 2, "cost": {"silver": 2}, "vp": 6}, 1)},
                   [("u1a1", "u1a2", True), ("u1a1", "u1a3", False), ("u1a2", "u1a4", True),
                    ("u1a3", "u1a4", False)]),
        "b": _side({"u1b1": ([(0, 0)], [1], None, 1),
                    "u1b2": ([(2, 0)], [1, 0], {"pillars": 3, "cost": {"stone": 3}, "vp": 5}, 1),
                    "u1b3": ([(3, 1), (1, 0)], [2], None, 0),
                    "u1b4": ([(5, 3)], [0, 0], None, 1)},
                   [("u1b1", "u1b2", False), ("u1b2", "u1b3", True), ("u1b3", "u1b4", False),
                    ("u1b1", "u1b4", True), ("u1b2", "u1b4", False)])},
    2: {"a": _side({"u2a1": ([(1, 0)], [2], None, 1),
                    "u2a2": ([(3, 1)], [1, 1], {"pillars": 2, "cost": {"silver": 3}, "vp": 8}, 1),
                    "u2a3": ([(2, 0), (0, 0)], [0], None, 1),
                    "u2a4": ([(5, 2)], [3, 0], None, 0)},
                   [("u2a1", "u2a2", False), ("u2a2", "u2a3", True), ("u2a3", "u2a4", False),
                    ("u2a1", "u2a3", True)]),
        "b": _side({"u2b1": ([(2, 1)], [1, 0], None, 0),
                    "u2b2": ([(4, 2)], [2], None, 1),
                    "u2b3": ([(1, 0), (1, 0)], [1], {"pillars": 2, "cost": {"stone": 4}, "vp": 7}, 1),
                    "u2b4": ([(6, 3)], [2, 2], None, 1)},
                   [("u2b1", "u2b2", True), ("u2b1", "u2b3", False), ("u2b2", "u2b4", False),
                    ("u2b3", "u2b4", True)])},
    3: {"a": _side({"u3a1": ([(2, 0)], [2, 1], None, 1),
                    "u3a2": ([(4, 1)], [3], None, 0),
                    "u3a3": ([(3, 2), (1, 0)], [1], {"pillars": 3, "cost": {"silver": 4}, "vp": 10}, 1),
                    "u3a4": ([(7, 3)], [4, 2], None, 1)},
                   [("u3a1", "u3a2", True), ("u3a2", "u3a3", False), ("u3a3", "u3a4", True),
                    ("u3a1", "u3a4", False)]),
        "b": _side({"u3b1": ([(1, 0)], [3], None, 1),
                    "u3b2": ([(5, 2)], [2, 1], None, 1),
                    "u3b3": ([(3, 0)], [2], {"pillars": 2, "cost": {"silver": 3}, "vp": 9}, 1),
                    "u3b4": ([(6, 2), (2, 0)], [4], None, 0)},
                   [("u3b1", "u3b2", False), ("u3b1", "u3b3", True), ("u3b2", "u3b4", True),
                    ("u3b3", "u3b4", False), ("u3b2", "u3b3", False)])},
}
MAPS = sorted(UNDERGROUND)
SIDES = ["a", "b"]
UNDERGROUND_TOWNS = {tid: {**town, "map": m, "side": side}
                     for m in MAPS for side in SIDES
                     for tid, town in UNDERGROUND[m][side]["towns"].items()}
UNDERGROUND_TOWN_IDS = list(UNDERGROUND_TOWNS)
NEIGHBOURS = {tid: sorted({b for a, b in UNDERGROUND[t["map"]][t["side"]]["roads"] if a == tid}
                          | {a for a, b in UNDERGROUND[t["map"]][t["side"]]["roads"] if b == tid})
              for tid, t in UNDERGROUND_TOWNS.items()}


def entrance(m: int, side: str) -> str:
    return next(iter(UNDERGROUND[m][side]["towns"]))


def road_key(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


# Underground Bonus tiles (STAND-IN): taken for 1 Prospector AP, their effect applied at once.
UNDERGROUND_BONUS = {
    "U01": {"silver": 2}, "U02": {"res": {"gold": 3}}, "U03": {"vp": 3}, "U04": {"king": 2},
    "U05": {"res": {"iron": 2}}, "U06": {"res": {"stone": 2}}, "U07": {"silver": 1, "vp": 2},
    "U08": {"res": {"food": 2}}, "U09": {"res": {"wool": 2}}, "U10": {"mine": 1},
    "U11": {"silver": 3}, "U12": {"vp": 4},
}
# Stone Tablets (STAND-IN): on a road, for the first Prospector to cross it.
STONE_TABLETS = {
    "S1": {"silver": 1}, "S2": {"res": {"gold": 2}}, "S3": {"vp": 2}, "S4": {"king": 1},
    "S5": {"res": {"stone": 1, "iron": 1}}, "S6": {"mine": 1}, "S7": {"silver": 2},
    "S8": {"res": {"food": 1, "wool": 1}}, "S9": {"vp": 3},
}
CROSSED = "X"  # a Stone Tablet covered once crossed

# --- Technologies ----------------------------------------------------------------------------------
# Each tier is an effect (read by prospect/technologies.py):
#   turn_by_3: Gold for a change of exactly 3     turn_by_1: Gold for a change of exactly 1
#   die_extra: Resources more from a die          gold_substitute: a Resource you name pays Gold
#   substitute_gain: that Resource, at once       leftover_per_vp: leftovers per VP at the end
#   action_ap: +1 AP on that Action with a die    marker_plus: each Bonus AP marker +1
#   place_vp: VP per Character placed             joker_ap: AP more for a die taken as the Joker
#   joker_king: a King Action of 1 AP with it     joker_vp: VP for a die taken as the Joker
#   cathedral_discount: a contribution costs less  pillar_vp / house_vp: VP per Pillar / House
#   house_gold: Gold per House built
TECHNOLOGIES = {
    "die_manipulation": {"tiers": [{"turn_by_3": 2}, {"turn_by_1": 1}, {"die_extra": 1}],
                         "source": ["page", SOURCE, SOURCE]},
    "resource": {"tiers": [{"gold_substitute": True}, {"substitute_gain": 2}, {"leftover_per_vp": 3}],
                 "source": ["page", SOURCE, SOURCE]},
    "character": {"tiers": [{"action_ap": "character"}, {"marker_plus": 1}, {"place_vp": 2}],
                  "source": [SOURCE, "page", SOURCE]},
    "joker": {"tiers": [{"joker_ap": 1}, {"joker_king": 1}, {"joker_vp": 2}],
              "source": [SOURCE, "page", SOURCE]},
    "architect": {"tiers": [{"action_ap": "architect"}, {"cathedral_discount": 1}, {"pillar_vp": 2}],
                  "source": [SOURCE, SOURCE, SOURCE]},
    "merchant": {"tiers": [{"action_ap": "merchant"}, {"house_gold": 1}, {"house_vp": 2}],
                 "source": [SOURCE, SOURCE, SOURCE]},
}
TECH_IDS = list(TECHNOLOGIES)
FIRST_GAME_TECHS = ["architect", "merchant", "character"]  # STAND-IN: the rulebook's set
SUBSTITUTES = ["food", "wool", "stone", "iron"]  # what Resource Technology I may name

# The Technology Fair tile (page: it counts the Cardinal of Silver's King's Surprise cards; for a
# player, STAND-IN: the tiers reached). Only in the Fair pool with the expansion on.
FAIR_TILES = {"F8": {"value": 1, "per": "technologies", "source": SOURCE}}

# --- the Cardinal of Silver (solo, expansion on) -----------------------------------------------------
# Decree lines may ask for {"wedge": "prospector"}: a die over the Prospector wedge.
SILVER_DECREES = {
    "D7": {"lines": [{"wedge": "prospector"}, {"action": "king"}, {"at_least": 4}],
           "colours": ["dark_grey", "yellow", "blue", "pink", "light_grey"], "source": SOURCE},
    "D8": {"lines": [{"colour": "dark_grey"}, {"wedge": "prospector"}, {"at_most": 3}],
           "colours": ["blue", "dark_grey", "light_grey", "yellow", "pink"], "source": SOURCE},
}
SILVER_CHALLENGES = {
    "silver_vein": {"king_silver": 1, "source": SOURCE},   # 1 Silver more in each King phase
    "deep_shafts": {"mine_silver": 1, "source": SOURCE},   # each of its Mines pays 1 more there
}
KING_SURPRISES = {f"KS{i + 1}": {"vp": vp, "source": SOURCE} for i, vp in enumerate([2, 2, 3, 3, 4, 4, 5, 5])}
SURPRISE_COST = {1: 1, 2: 3, 3: 5}  # page: 1, 3 or 5 Silver for 1, 2 or 3 cards
SURPRISE_ROUNDS = 3                  # page: after each of the first three King phases
BISHOP_VP, BISHOP_SILVER = 30, 1     # page: at Bishop it starts on 30 VP with 1 Silver
BOT_MAP = 1                          # STAND-IN: it hires only on the free map

# enough tiles for the fullest choice of sides
assert sum(max(len(UNDERGROUND[m][s]["tablet_roads"]) for s in SIDES) for m in MAPS) <= len(STONE_TABLETS)
assert sum(max(sum(t["bonus"] for t in UNDERGROUND[m][s]["towns"].values()) for s in SIDES)
           for m in MAPS) <= len(UNDERGROUND_BONUS)
