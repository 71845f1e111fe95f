"""Setup (rules page, "The map", "Round structure" and the player-count table): the Action tiles
(printed or shuffled), Bonus tiles on the Action spaces, the map's Bonus-tile spaces and the King
Bonus, a Construction Cost tile on each Cathedral, the Fairs of rounds 2-4, the Character and
Contract offers, and at a solo table the Cardinalbot's Decrees and Challenges."""
from __future__ import annotations

from engines.core import event
from engines.tiletum import data as D
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
    fair_tiles = rng.sample(sorted(D.FAIR_TILES), 4)
    fair_towns = [D.FAIR_TOWN_ROUND_1] + rng.sample([t for t in D.TOWN_IDS if t != D.FAIR_TOWN_ROUND_1], 3)
    chars = rng.sample(sorted(D.CHARACTERS), D.OFFER)
    contracts = rng.sample(sorted(D.CONTRACTS), D.OFFER)
    solo = {}
    if players == 1:
        solo = {"decrees": rng.shuffled(sorted(D.DECREES)),
                "challenges": rng.sample(sorted(D.CHALLENGES),
                                         D.DIFFICULTY[options.get("difficulty", "deacon")])}
    t.emit(event("table_set", {
        "wheel": wheel, "action_tiles": action_tiles, "town_tiles": town_tiles,
        "king_bonus": king_bonus, "costs": cost_of,
        "fairs": [{"town": w, "tile": f} for w, f in zip(fair_towns, fair_tiles)],
        "characters": chars, "contracts": contracts, **solo}))


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
    s["phase"] = "turn"


EVENTS = {"table_set": on_table_set}
