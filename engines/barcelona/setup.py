"""Setup (rules page, "Player-count differences" and the Options): the Cerdà Scoring tiles and
the Modernisme deck, the Action layout, the first player and the opening Citizens; each seat's
player board. Also the two draws made during play: Citizens from the bag, Modernisme tiles from
the deck (each draw is made at decide time, so the state keeps no secret order)."""
from engines.core import event
from engines.core.piles import draw_from_counts
from engines.barcelona.data import (ACTIONS, BAG, CERDA_START, CERDA_TILES, CLASSES, CONDITIONS,
                                    DISPLAY, MARKER_SPOTS, MODERNISME_COPIES, NARROW_STACKS,
                                    PRINTED_LAYOUT, PROJECT_SPACES, STREETS, WIDE_STACK)


def new_seat() -> dict:
    return {"vp": 0, "coins": 0, "cloths": 0, "cerda": CERDA_START, "sagrada": 0,
            "sagrada_tiles": [], "cobblestones": 0, "wide": WIDE_STACK,
            "narrow": list(NARROW_STACKS), "intersections": 0, "passengers": 0,
            "markers": list(MARKER_SPOTS), "services": [], "hand": [],
            "projects": [{"tile": None, "top": False} for _ in PROJECT_SPACES]}


def draw_citizens(bag: dict, n: int, rng) -> list[str]:
    bag = dict(bag)
    out = []
    for _ in range(n):
        if not sum(bag.values()):
            break
        citizen = draw_from_counts(bag, CLASSES, rng)
        out.append(citizen)
        bag[citizen] -= 1
    return out


def draw_tiles(deck: list, n: int, rng) -> list[int]:
    deck = list(deck)
    out = []
    for _ in range(min(n, len(deck))):
        out.append(deck.pop(rng.randbelow(len(deck))))
    return out


def table_set(players, options, rng) -> list[dict]:
    """The opening event: everything drawn at setup, shown to everyone."""
    cerda_pool = [c for c, v in CONDITIONS.items() if v["cerda"]]
    cerda_tiles = rng.sample(cerda_pool, CERDA_TILES)
    # a Cerdà tile in play removes its Modernisme twin
    tiles = [c for c, v in CONDITIONS.items() if v["modernisme"] and c not in cerda_tiles
             for _ in range(MODERNISME_COPIES)]
    display = draw_tiles(list(range(len(tiles))), DISPLAY, rng)
    if options.get("layout", "shuffled") == "printed":
        layout = dict(PRINTED_LAYOUT)
    else:
        layout = dict(zip(STREETS, rng.shuffled(ACTIONS)))
    first = rng.randbelow(players)
    bag = dict(BAG)
    hands = []
    for _ in range(players):
        hand = draw_citizens(bag, 2, rng)
        for c in hand:
            bag[c] -= 1
        hands.append(hand)
    return [event("table_set", {"cerda_tiles": cerda_tiles, "tiles": tiles, "display": display,
                                "layout": layout, "first": first, "hands": hands},
                  reveal=True)]
