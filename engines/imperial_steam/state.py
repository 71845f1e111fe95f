"""The table as plain JSON: what `initial` lays out before the setup events, and the one helper
that moves a Player Influence marker.

State:
    players, layout, round, phase   "setup", "bid" (secret simultaneous bids), "actions", "over"
    bids                  per seat [] or [amount] while the bid is open (secret), last_bids after
    order, turn           turn order for the round and whose turn it is
    main_done, delivered  this turn's main action placed / delivery made
    pending               Business token values the turn's player still has to spend
    hands, placed         hands left per seat; {tile: [hands there per seat]}
    seq                   arrival counter of Influence markers (who sits on top in a column)
    p                     per seat: money, col/seq (influence marker), goods, landing, ordered,
                          training/working [L1, L2, L3], factories, bridge/tunnel, trains (engine
                          levels), freight/passenger/reserved cars, stations, tracks, rails,
                          contracts, investors (per Share row), shareholders, share, keys
    tracks                {connection: [seats with track]}; state_rails (crowned connections)
    stations, sites       {city: seat}, {factory site: seat}
    bought                factories bought per good (the Factory board)
    demands               {city: [seat or None per demand space]}
    hubs                  {hub city: {tile (its colour), col, growth, delivered}}
    tiles, setup_card     {city: City tile}; the Normal Setup card drawn (an index) or None
    stacks                {city: Business tokens still stacked there, topmost first}
    shipment_tiles        the Shipment tiles above rounds 1-7 (N for ordering)
    shipments             {round: goods stored above it}, dropping into the market in Phase 2
    action                the open Build tracks action: {tracks, effort, workers} or None
    market, display, round_track, hiring, engineers, semmering, trieste, final, over
"""
from __future__ import annotations

from engines.imperial_steam import data as D


def fresh_player(n):
    """Setup essentials: a player board before the starting goods are put on the IS-3."""
    return {
        "money": D.START_MONEY[n], "col": 0, "seq": 0,
        "goods": {"wood": 0, "stone": 0, "iron": 0, "coal": 0},
        "landing": {g: 0 for g in D.GOODS}, "ordered": 0,
        "training": [2, 0, 0], "working": [0, 0, 0], "factories": [],
        "bridge": False, "tunnel": False,
        "trains": [3], "freight": 3, "passenger": 0, "reserved": 0,
        "stations": [], "tracks": [], "rails": [], "contracts": [],
        "investors": [1, 0, 0, 0, 0, 0], "shareholders": 0, "share": 0, "keys": [],
    }


def initial(players, options) -> dict:
    n = players
    return {
        "players": n, "layout": options.get("layout", "fixed"), "round": 0, "phase": "setup",
        "bids": [[] for _ in range(n)], "last_bids": None,
        "order": list(range(n)), "turn": None, "main_done": False, "delivered": False,
        "pending": [], "hands": [0] * n, "placed": {a: [0] * n for a in D.ACTIONS},
        "seq": 0, "p": [fresh_player(n) for _ in range(n)],
        "tracks": {}, "state_rails": [], "stations": {}, "sites": {},
        "bought": {g: 0 for g in D.GOODS}, "demands": {}, "hubs": {}, "tiles": {},
        "stacks": {}, "setup_card": None, "shipment_tiles": [], "shipments": {},
        "market": {g: D.MARKET_START for g in D.GOODS}, "display": [],
        "round_track": {str(r): {"level": lvl, "count": D.ENGINES_PER_SPACE[n]}
                        for r, lvl in D.ROUND_TRACK.items()},
        "hiring": {}, "action": None,
        "engineers": {"bridge": D.ENGINEERS[n], "tunnel": D.ENGINEERS[n]},
        "semmering": None, "trieste": False, "final": None, "over": False,
    }


def set_col(s, seat, col):
    """Move a Player Influence marker; it lands behind the markers already in its column."""
    p = s["p"][seat]
    col = max(0, min(D.INFLUENCE_TRACK - 1, col))
    if col != p["col"]:
        s["seq"] += 1
        p["col"], p["seq"] = col, s["seq"]
