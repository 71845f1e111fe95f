"""Setup essentials and the Setup option. The layout lays the table's random parts face up in one
`table_laid` event:

  Fixed   every City tile, Hub City tile, Shipment tile, Growth tile and State Railway at its
          predetermined place
  Normal  a Normal Setup card names the hub cities and two City tiles; the other City tiles,
          the Shipment tiles' order, the Growth tiles and the State Railways are drawn
  Random  each region gets one random Hub City tile and two random City tiles at random cities
          within it; the number of State Railways is itself drawn

In every layout the Business tokens are shuffled and stacked on the City tiles' circled numbers,
the Contract display is drawn from each deck, the goods above Rounds 4-8 are drawn, and the first
reveal order of the blind bid is drawn.
"""
from __future__ import annotations

from marshmallow import Schema, fields
from marshmallow.validate import OneOf

from engines.imperial_steam import data as D
from engines.imperial_steam import rules as R


class Options(Schema):
    """Setup option: Fixed (first game), Normal, or Random (experts) layout."""
    layout = fields.String(load_default="fixed", validate=OneOf(["fixed", "normal", "random"]))


def _by_region(cities):
    return sorted(cities, key=lambda c: (D.REGIONS.index(D.CITIES[c]["region"]), c))


def _region_cities(region):
    return [c for c, v in D.CITIES.items() if v["region"] == region]


def lay_out(players, layout, rng) -> dict:
    card = None
    if layout == "fixed":
        hubs, tiles = dict(D.FIXED_HUBS), dict(D.FIXED_TILES)
        ship = list(D.SHIPMENT_FIXED)
        growth_tiles = [list(t) for t in D.GROWTH_TILES]
        rails = list(D.STATE_RAILWAYS_FIXED)
    elif layout == "normal":
        card = rng.randbelow(len(D.NORMAL_SETUP))
        cities, colours, named = D.NORMAL_SETUP[card]
        hubs = dict(zip(cities, colours))
        tiles = dict(named)
        rest = [t for t in D.CITY_TILES if t not in tiles.values()]
        free = [c for c in D.CITIES if D.CITIES[c]["region"] and c not in hubs and c not in tiles]
        tiles.update(zip(rng.sample(free, len(rest)), rng.shuffled(rest)))
        ship = rng.sample(D.SHIPMENT_TILES, len(D.SHIPMENT_FIXED))
        growth_tiles = rng.shuffled([list(t) for t in D.GROWTH_TILES])
        rails = sorted(rng.sample(D.STATE_RAILWAY_CARDS, D.STATE_RAILWAYS_NORMAL))
    else:
        colours = rng.shuffled(D.HUB_TILES)
        city_tiles = rng.shuffled(list(D.CITY_TILES))
        hubs, tiles = {}, {}
        for i, region in enumerate(D.REGIONS):
            spots = rng.sample(_region_cities(region), 3)
            hubs[spots[0]] = colours[i]
            tiles[spots[1]], tiles[spots[2]] = city_tiles[2 * i], city_tiles[2 * i + 1]
        ship = rng.sample(D.SHIPMENT_TILES, len(D.SHIPMENT_FIXED))
        growth_tiles = rng.shuffled([list(t) for t in D.GROWTH_TILES])
        rails = sorted(rng.sample(D.STATE_RAILWAY_CARDS, rng.randint(1, D.STATE_RAILWAY_CROWNS)))
    growth = {h: growth_tiles[i] for i, h in enumerate(_by_region(hubs))}
    # Business tokens: shuffled, stacked on each City tile's circled number
    tokens = rng.shuffled(D.BUSINESS_TOKENS)
    stacks = {}
    for city in D.CITIES:
        k = D.CITY_TILES[tiles[city]]["business"] if city in tiles else 0
        if k:
            stacks[city], tokens = tokens[:k], tokens[k:]
    k = D.CONTRACTS_PER_DECK[players]
    display = [c for deck in D.CONTRACT_DECKS.values()
               for c in sorted(rng.sample(list(deck), k), key=lambda x: int(x[1:]))]
    # Shipment arrives (Rounds 4-8): the goods stored above each round, drawn from the supply
    shipments = {str(r): [rng.choice(D.GOODS) for _ in range(D.SHIPMENT_PER_ROUND[players])]
                 for r in range(4, D.ROUNDS + 1)}
    return {"layout": layout, "setup_card": card, "hubs": hubs, "tiles": tiles,
            "growth": growth, "stacks": stacks, "shipment_tiles": ship,
            "shipments": shipments, "state_rails": rails, "display": display,
            "order": rng.shuffled(list(range(players)))}


def _table_laid(s, ev):
    n = s["players"]
    s.update(state_rails=list(ev["state_rails"]), display=list(ev["display"]),
             order=list(ev["order"]), phase="bid", tiles=dict(ev["tiles"]),
             stacks={c: list(v) for c, v in ev["stacks"].items()},
             shipment_tiles=list(ev["shipment_tiles"]),
             shipments={r: list(v) for r, v in ev["shipments"].items()},
             setup_card=ev["setup_card"])
    s["hubs"] = {h: {"tile": colour, "col": D.HUB_TILE[colour]["start"],
                     "growth": list(ev["growth"][h]), "delivered": 0}
                 for h, colour in ev["hubs"].items()}
    s["hiring"] = {h: 0 for h in ev["hubs"]}
    s["demands"] = {}
    for city in D.CITIES:
        wanted = R.demand_goods(s, city)
        if city in s["hubs"] or (wanted and D.OUTSIDE_DEMANDS[n]):
            s["demands"][city] = [None] * len(wanted)
    for p in s["p"]:
        for g in D.STARTING_CARGO:
            p["goods"][g] += 1
        p["goods"]["coal"] += 1


EVOLVE = {"table_laid": _table_laid}
