"""The table before setup, and the facts about it every section of the rules reads.

State (plain JSON; seats 0..n-1):
    players, layout     seat count; "printed" or "random" Action layout
    round, pass         1..4 and 1..3 (0 before the first)
    phase               "turn" | "king_bonus" | "over"
    order, turn_pos     Turn Order (seats) and the index of the seat on turn in this pass
    wheel               the Action in front of die value 1..6 (index 0..5)
    action_tiles        {Action: Bonus tile id or None} on the Action spaces
    dice                the dice still on the wheel: [{"colour", "value"}], sorted by value
    corruption          {"pool": tokens not yet revealed this round, "revealed": [values]}
    king                {"pos": [track index per seat], "stamp": [landing order per seat]};
                        a higher stamp on the same space is on top
    stamp               the last landing stamp given out
    king_bonus          the King Bonus tile id or None
    fairs               [{"town", "tile"}] for rounds 1..4
    towns               {town: {"houses": [seats], "pillars": [seats], "bonus_tiles": [ids],
                         "cost": Construction Cost tile id or None, "cathedral_tiles": [VP, top
                         first], "contributed": [seats]}}
    characters          {"offer": [5 ids or None], "pile": [ids], "discard": [ids],
                         "face_down": [offer slots whose replacement is not yet revealed]}
    contracts           {"offer": [5 ids or None], "pile": [ids]}
    bonus_pile          Bonus tiles not yet on the board
    boards              per seat: {"res", "vp", "store", "rooms", "crests", "roofs", "completed",
                         "markers", "contracts", "houses", "pillars", "architect", "merchant",
                         "dice"}
    turn                None, or {"seat", "stage": "choose"|"action", "die", "action", "ap",
                         "helper": None|{"tile", "action", "ap", "spent"}, "exchanged"}
    final               the final-scoring breakdown once the game is over
    out                 tiles out of play (used Helpers, placed Crests, discarded Bonus tiles)
    bot, decrees,       solo only: the Cardinalbot's index (after the seat), its Decree row and
    challenges,         pawn, its Challenge cards, and the table's difficulty
    difficulty
    prospect            whether Prospect for Silver is on; with it:
    underground         {"sides": ["a"|"b" per map 1..3], "towns": {Underground Town: {"houses":
                         [seat or None per space], "mines": [seat or None per space], "pillars",
                         "contributed", "bonus_tiles"}}, "tablets": {road "a|b": Stone Tablet or
                         "X" once crossed}, "technologies": [the three in play], "overlay":
                         "houses"|"pillars", "wheel": the Prospector Wheel's wedge under die value
                         1..6, "wheel_tile": its Bonus tile, "used": Underground Bonus tiles used,
                         "surprises": the King's Surprise pile (solo)}
                        and per board "silver", "mines" (unlocked, in the supply), "locked",
                        "prospectors" (Town per map 1..3, or None), "tech" ({Technology: tier}),
                        "resource_tile" (the Resource of Resource Technology I), "surprises"
                        (King's Surprise cards under the Cardinal of Silver's board)
"""
from __future__ import annotations

from engines.tiletum import data as D
from engines.tiletum.prospect import data as P


def initial(players: int, options: dict) -> dict:
    n = players + (1 if players == 1 else 0)  # a solo table adds the Cardinalbot
    state = {
        "players": players, "layout": options.get("layout", "printed"),
        "round": 0, "pass": 0, "phase": "setup", "order": list(range(n)), "turn_pos": -1,
        "bot": 1 if players == 1 else None, "decrees": None, "challenges": [],
        "difficulty": options.get("difficulty", "deacon") if players == 1 else None,
        "wheel": list(D.PRINTED_WHEEL), "action_tiles": {a: None for a in D.ACTIONS},
        "dice": [], "corruption": {"pool": list(D.CORRUPTION_TOKENS), "revealed": []},
        "king": {"pos": [D.KING_ZERO] * n, "stamp": [n - s for s in range(n)]},
        "stamp": n, "king_bonus": None, "fairs": [],
        "towns": {t: {"houses": [], "pillars": [], "bonus_tiles": [], "cost": None,
                      "cathedral_tiles": [], "contributed": []} for t in D.TOWN_IDS},
        "characters": {"offer": [None] * D.OFFER, "pile": sorted(D.CHARACTERS), "discard": [],
                       "face_down": []},
        "contracts": {"offer": [None] * D.OFFER, "pile": sorted(D.CONTRACTS)},
        "bonus_pile": sorted(D.BONUS_TILES),
        "boards": [{
            "res": {r: (D.STARTING_GOLD[s] if r == "gold" else 0) for r in D.RESOURCES},
            "vp": 0, "store": [], "rooms": [[None] * n for n in D.BUILDING_ROOMS[:-1]] + [[D.PRINTED_ROOM]],
            "crests": [None] * len(D.BUILDING_ROOMS), "roofs": [False] * (len(D.BUILDING_ROOMS) - 1) + [True],
            "completed": [False] * len(D.BUILDING_ROOMS), "markers": {}, "contracts": [],
            "houses": D.START_HOUSES, "pillars": D.START_PILLARS,
            "architect": "tiletum", "merchant": "tiletum", "dice": [],
        } for s in range(n)],
        "turn": None, "final": None,
        "out": [],  # tiles out of play: used Helpers, placed Crests, discarded Bonus tiles
        "prospect": bool(options.get("prospect_for_silver")),
    }
    if state["prospect"]:
        state["underground"] = {"sides": [], "towns": {}, "tablets": {}, "technologies": [],
                                "overlay": None, "wheel": list(P.PROSPECTOR_WHEEL),
                                "wheel_tile": None, "used": [],
                                "surprises": sorted(P.KING_SURPRISES) if players == 1 else []}
        for b in state["boards"]:
            b.update(silver=0, mines=P.MINES_UNLOCKED, locked=P.MINES_LOCKED,
                     prospectors=[None] * len(P.MAPS), tech={}, resource_tile=None, surprises=[])
    return state


def everyone(state) -> range:
    """The seats, and the Cardinalbot's index after them at a solo table."""
    return range(len(state["boards"]))


def challenge(state, key, default=0):
    """What the solo table's Challenge cards change (rules page, "Solo mode")."""
    for c in state.get("challenges", []):
        card = D.CHALLENGES.get(c) or P.SILVER_CHALLENGES[c]
        if key in card:
            return card[key]
    return default
