"""The empty table that the setup events are folded onto.

State (plain JSON; per-seat data in lists indexed by seat):
    players, options, phase   phase: "decrees" (secret keep, simultaneous), "draft", "destiny",
                              "play", "maat" (from the judgement to the clearing of the boards:
                              Bread upkeep questions), "final" (D23 free actions), "over"
    round, wheel              the round (1..16) and the Obelisk wheel's position
    horus_gods                the god tile on Horus slots 1..6
    sections, supply          the dice around the Obelisk ({"id", "value"}), and die ids in supply
    ra, stacks                the tile on each Ra slot (left, middle, right) and each stack left
    temple                    the 3x3 Pillar spaces: None or {"seat", "tile", "rotation"}
    spaces, gold_spaces       building spaces beside the Temple, Gold spaces: None or a seat
    statues                   statues for gods: {"seat", "god", "slot"}
    districts                 Osiris: per district, per row 1..6, the seats built there
    market, filled            the four Market sections, and whether sections 3 and 4 are filled
    deck, discard, removed    card ids (the deck unordered; `removed`: Decrees not kept)
    starting_display, draft_order, draft_picks    the Starting-card snake draft
    destiny_display, destiny_deck                 Destiny cards
    order, turn               turn order and whose turn it is (index into order)
    took                      the current seat has taken its die this turn
    pending                   steps owed before play goes on: {"seat", "kind", ...}
    p                         per seat: resources, tracks, scales, cards (Technologies and
                              unused Blessings), Decrees (secret), Destiny card
    revealed, over, final     Decrees shown at game end; the game is over; the result
"""
from __future__ import annotations

from engines.tekhenu import data as D


def new_player() -> dict:
    p = dict(D.START)
    p.update({
        "production": {r: D.START_PRODUCTION for r in D.RESOURCES},
        "excess": {r: 0 for r in D.RESOURCES},
        "statues": 0, "buildings": 0, "pillars": 0,
        "scales": {"pure": [], "tainted": [], "anubis": []},
        "cards": [], "decrees": [], "offer": [], "chosen": None,
        "starting": [], "destiny": None, "milestones": [],
    })
    return p


def initial(players: int, options: dict) -> dict:
    n = players
    return {
        "players": n, "options": dict(options), "phase": "setup", "round": 0, "wheel": 0,
        "horus_gods": list(D.HORUS_FIRST_GAME),
        "sections": [[] for _ in range(6)], "supply": list(range(len(D.DIE_COLOUR))),
        "ra": [None, None, None],
        "stacks": [sorted(t for t, v in D.PILLAR_TILES.items() if v["stack"] == k)
                   for k in range(3)],
        "temple": [None] * (D.TEMPLE_SIZE ** 2),
        "spaces": [None] * D.TEMPLE_SPACES[n], "gold_spaces": [None] * len(D.GOLD_SPACES),
        "statues": [], "districts": [[[] for _ in range(6)] for _ in range(4)],
        "market": [[] for _ in range(D.MARKET_SECTIONS)],
        "filled": [True, True, False, False],
        "deck": sorted(c for c in D.CARDS if not (n == 2 and c in D.REMOVED_2P)),
        "discard": [], "removed": [],
        "starting_display": [], "draft_order": [], "draft_picks": 0,
        "destiny_display": [], "destiny_deck": sorted(D.DESTINY),
        "order": list(range(n)), "turn": 0, "took": False, "pending": [],
        "p": [new_player() for _ in range(n)],
        "revealed": False, "over": False, "final": None,
    }
