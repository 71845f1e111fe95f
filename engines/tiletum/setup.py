"""Setup (rules page, "The map", "Round structure" and the player-count table): the Action tiles
(printed or shuffled), Bonus tiles on the Action spaces, the map's Bonus-tile spaces and the King
Bonus, a Construction Cost tile on each Cathedral, the Fairs of rounds 2-4, the Character and
Contract offers, and at a solo table the Cardinalbot's Decrees and Challenges."""
from __future__ import annotations

from engines.core import event
from engines.tiletum import data as D
from engines.tiletum.prospect import data as P
from engines.tiletum.state import challenge, everyone
from engines.tiletum.towns import bonus_spaces, pillar_spaces


def deal(t, players, options, rng) -> None:
    wheel = list(D.PRINTED_WHEEL)
    if options.get("layout") == "random":
        rng.shuffle(wheel)
    bonus = rng.shuffled(sorted(D.BONUS_TILES))
    action_tiles = {a: bonus.pop() for a in D.ACTIONS}
    town_tiles = {t: [bonus.pop() for _ in range(bonus_spaces(players, t))] for t in D.TOWN_IDS}
    king_bonus = bonus.pop()
    costs = rng.shuffled(sorted(D.COST_TILES))
    cost_of = {t: costs[i] for i, t in enumerate(D.CATHEDRAL_TOWNS)}
    prospect = bool(options.get("prospect_for_silver"))
    fair_tiles = rng.sample(sorted(D.FAIR_TILES) + (sorted(P.FAIR_TILES) if prospect else []), 4)
    fair_towns = [D.FAIR_TOWN_ROUND_1] + rng.sample([t for t in D.TOWN_IDS if t != D.FAIR_TOWN_ROUND_1], 3)
    chars = rng.sample(sorted(D.CHARACTERS), D.OFFER)
    contracts = rng.sample(sorted(D.CONTRACTS), D.OFFER)
    solo = {}
    if players == 1:  # the Cardinal of Silver adds its Silver Decrees and Challenges
        solo = {"decrees": rng.shuffled(sorted(D.DECREES) + (sorted(P.SILVER_DECREES) if prospect else [])),
                "challenges": rng.sample(sorted(D.CHALLENGES) + (sorted(P.SILVER_CHALLENGES) if prospect else []),
                                         D.DIFFICULTY[options.get("difficulty", "deacon")])}
    extra = {"prospect": deal_prospect(players, options, bonus, rng)} if prospect else {}
    t.emit(event("table_set", {
        "wheel": wheel, "action_tiles": action_tiles, "town_tiles": town_tiles,
        "king_bonus": king_bonus, "costs": cost_of,
        "fairs": [{"town": w, "tile": f} for w, f in zip(fair_towns, fair_tiles)],
        "characters": chars, "contracts": contracts, **solo, **extra}))


def deal_prospect(players, options, bonus, rng) -> dict:
    """Prospect for Silver: the Underground map sides, the Technologies and the Scoring overlay
    face as the table options ask (or at random), the Prospector Wheel's Bonus tile (from the
    Bonus tiles left), the Underground Bonus tiles on their spaces and the Stone Tablets on their
    roads, shuffled."""
    side = options.get("underground", "random")
    sides = [rng.choice(P.SIDES) if side == "random" else side for _ in P.MAPS]
    if options.get("technologies", "random") == "first_game":
        techs = list(P.FIRST_GAME_TECHS)
    else:
        techs = rng.sample(P.TECH_IDS, P.TECHS_IN_PLAY)
    face = options.get("overlay", "random")
    overlay = rng.choice(P.OVERLAY_FACES) if face == "random" else face
    boards = [P.UNDERGROUND[m][sd] for m, sd in zip(P.MAPS, sides)]
    ubonus = rng.shuffled(sorted(P.UNDERGROUND_BONUS))
    town_tiles = {tid: [ubonus.pop() for _ in range(town["bonus"])]
                  for board in boards for tid, town in board["towns"].items()}
    tablets = rng.shuffled(sorted(P.STONE_TABLETS))
    on_roads = {P.road_key(a, b): tablets.pop() for board in boards for a, b in board["tablet_roads"]}
    return {"sides": sides, "technologies": techs, "overlay": overlay, "wheel_tile": bonus.pop(),
            "bonus_tiles": town_tiles, "tablets": on_roads}


def on_table_set(s, ev):
    s["wheel"] = list(ev["wheel"])
    s["action_tiles"] = dict(ev["action_tiles"])
    s["king_bonus"] = ev["king_bonus"]
    used = set(ev["action_tiles"].values()) | {ev["king_bonus"]}
    for town, tiles in ev["town_tiles"].items():
        s["towns"][town]["bonus_tiles"] = list(tiles)
        used |= set(tiles)
    s["bonus_pile"] = [x for x in s["bonus_pile"] if x not in used]
    for town, cost in ev["costs"].items():
        tw = s["towns"][town]
        tw["cost"] = cost
        if not D.COST_TILES[cost].get("unavailable"):
            tw["cathedral_tiles"] = D.CATHEDRAL_TILE_VP[:pillar_spaces(s, town)]
    s["fairs"] = [dict(f) for f in ev["fairs"]]
    s["characters"]["offer"] = list(ev["characters"])
    s["characters"]["pile"] = [x for x in s["characters"]["pile"] if x not in ev["characters"]]
    s["contracts"]["offer"] = list(ev["contracts"])
    s["contracts"]["pile"] = [x for x in s["contracts"]["pile"] if x not in ev["contracts"]]
    s["towns"]["tiletum"]["houses"] = list(everyone(s))
    if s["bot"] is not None:
        s["decrees"] = {"cards": list(ev["decrees"]), "pawn": 0}
        s["challenges"] = list(ev["challenges"])
        s["boards"][s["bot"]]["vp"] += challenge(s, "start_vp")
    if "prospect" in ev:
        set_prospect(s, ev["prospect"])
    s["phase"] = "turn"


def set_prospect(s, p) -> None:
    u = s["underground"]
    u.update(sides=list(p["sides"]), technologies=list(p["technologies"]), overlay=p["overlay"],
             wheel_tile=p["wheel_tile"], tablets=dict(p["tablets"]))
    s["bonus_pile"].remove(p["wheel_tile"])
    for m, sd in zip(P.MAPS, p["sides"]):
        for tid, town in P.UNDERGROUND[m][sd]["towns"].items():
            u["towns"][tid] = {"houses": [None] * len(town["houses"]), "mines": [None] * len(town["mines"]),
                               "pillars": [], "contributed": [], "bonus_tiles": list(p["bonus_tiles"][tid])}
    for seat, b in enumerate(s["boards"]):  # everyone but the first player starts with 1 Silver
        b["silver"] = P.START_SILVER if seat != s["order"][0] else 0
    if s["bot"] is not None:  # the Cardinal of Silver: 1 Silver and 30 VP at Bishop, else none
        bishop = s["difficulty"] == "bishop"
        s["boards"][s["bot"]]["silver"] = P.BISHOP_SILVER if bishop else 0
        if bishop:
            s["boards"][s["bot"]]["vp"] += P.BISHOP_VP


EVENTS = {"table_set": on_table_set}
