"""Setup essentials and the Setup option: Fixed, Normal or Random layout of the table's random
parts, all laid face up in one `table_laid` event."""
from __future__ import annotations

from marshmallow import Schema, fields
from marshmallow.validate import OneOf

from engines.imperial_steam import data as D


class Options(Schema):
    """Setup option: Fixed (first game), Normal, or Random (experts) layout."""
    layout = fields.String(load_default="fixed", validate=OneOf(["fixed", "normal", "random"]))


def lay_out(players, layout, rng) -> dict:
    """The table's random parts (all face up): State Railways, Growth tiles, the Business token
    stack, the Contract display, the first reveal order."""
    k = D.CONTRACTS_PER_DECK[players]
    if layout == "fixed":
        rails = list(D.STATE_RAILWAYS_FIXED)
        growth = {h: list(D.GROWTH_TILES[i]) for i, h in enumerate(D.HUBS)}
        stack = list(D.BUSINESS_TOKENS)
        display = [c for deck in D.CONTRACT_DECKS.values() for c in list(deck)[:k]]
    else:
        if layout == "random":   # the number of State Railways is itself drawn
            rails = sorted(rng.sample(D.STATE_RAILWAY_CANDIDATES, rng.randint(0, 3)))
        else:
            rails = sorted(rng.sample(D.STATE_RAILWAY_CANDIDATES, 2))
        tiles = rng.shuffled([list(t) for t in D.GROWTH_TILES])
        growth = {h: tiles[i] for i, h in enumerate(D.HUBS)}
        stack = rng.shuffled(D.BUSINESS_TOKENS)
        display = [c for deck in D.CONTRACT_DECKS.values() for c in sorted(rng.sample(list(deck), k))]
    return {"state_rails": rails, "growth": growth, "stack": stack, "display": display,
            "order": rng.shuffled(list(range(players)))}


def _table_laid(s, ev):
    s.update(state_rails=list(ev["state_rails"]), stack=list(ev["stack"]),
             display=list(ev["display"]), order=list(ev["order"]), phase="bid")
    for h, tile in ev["growth"].items():
        s["hubs"][h]["growth"] = list(tile)
    for p in s["p"]:
        for g in D.STARTING_CARGO:
            p["goods"][g] += 1
        p["goods"]["coal"] += 1


EVOLVE = {"table_laid": _table_laid}
