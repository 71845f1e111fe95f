"""A simple heuristic player, for play-outs where uniformly random moves are too weak to reach the
far ends of the tracks (Happiness 16 / 19 / 21 and its extra action, a sixth statue, markers on 6).

Each seat pursues one goal, fixed by its seat number: Happiness (Hathor for Population, then
Bastet), statues (Horus, with Granite), or buildings (Osiris on high rows, Hathor). It scores every take
the legal moves list by that goal, spends Scribes reluctantly, and fills the free parts at random.
It keeps the Decree that scores its goal best, uses every card offered and pays all the Gold the
Bread upkeep asks for; every other choice it makes at random. It is not a strong player: it is a way to reach states.
"""
from __future__ import annotations

from engines.core import sample_move
from engines.tekhenu import data as D
from engines.tekhenu.obelisk import find_die
from engines.tekhenu.turn import ANUBIS_SCRIBES, scribe_cost

GOALS = ("happiness", "statues", "buildings")
# The district (and row-6 track) each goal builds in: Papyrus feeds Bastet, Granite statues.
DISTRICT = {"happiness": 0, "statues": 3, "buildings": None}


def goal_of(seat: int) -> str:
    return GOALS[seat % len(GOALS)]


def choose(engine, state, seat, rng) -> dict:
    options = engine.legal_moves(state, seat)
    kinds = {o["move"]["type"] for o in options}
    if kinds == {"use"}:
        return {"type": "use", "cards": list(options[0]["choose"]["cards"]["subset"])}
    if kinds == {"upkeep"}:
        return {"type": "upkeep", "gold": max(options[0]["choose"]["gold"]["one_of"])}
    if kinds == {"keep"}:
        offer = options[0]["choose"]["decree"]["one_of"]
        return {"type": "keep", "decree": max(offer, key=lambda c: decree_want(seat, c))}
    if "take" in kinds or "extra" in kinds:
        acts = [o for o in options if o["move"]["type"] in ("take", "extra")]
        best = max(acts, key=lambda o: want(state, seat, o["move"]) + rng.randbelow(100) / 100)
        return fill(state, seat, best, rng)
    return sample_move(options, rng)


# The Decree kinds each goal builds toward.
DECREES = {"happiness": ("buildings", "happiness"), "statues": ("statues",),
           "buildings": ("buildings", "production", "districts")}


def decree_want(seat: int, card: str) -> int:
    c = D.CARDS[card]
    return c["per"] if c["scores"] in DECREES[goal_of(seat)] else 0


def want(s, seat, move) -> float:
    """How much this take (or free action) serves the seat's goal."""
    goal = goal_of(seat)
    action, value = move["action"], move["value"]
    p = s["p"][seat]
    if goal == "happiness":
        score = happiness_want(p, move)
    elif goal == "buildings":
        score = buildings_want(p, move)
    elif action == "horus":
        score = 12
    elif action == "osiris":
        score = 4 + value
    elif action == "produce":
        score = produce_want(p, move, "granite")
    else:
        score = 2
    if move["type"] == "take":
        _, die = find_die(s, move["die"])
        spent = scribe_cost(die["value"], value) + (ANUBIS_SCRIBES if move.get("anubis") else 0)
        score -= 1.5 * spent
    return score


def produce_want(p, move, need) -> float:
    res = D.PRODUCE[D.DIE_COLOUR[move["die"]]]
    kept = min(move["value"], p["production"][res])
    return (4 + kept if res == need and p[res] < 4 else 0) + kept / 2


def buildings_want(p, move) -> float:
    """Osiris on high rows while Happiness lasts (each costs 1), Hathor when the Bread is there,
    Bastet to refill Happiness, Bread produced when it runs short."""
    action, value = move["action"], move["value"]
    if action == "osiris":
        return 8 + value
    if action == "hathor":
        return 9
    if action == "bastet":
        return 10 if p["happiness"] <= 1 else 2
    if action == "produce":
        return produce_want(p, move, "bread" if p["bread"] < 4 else "papyrus")
    return 1


def happiness_want(p, move) -> float:
    """Papyrus production first (Osiris in the Papyrus district), then Population (Hathor) and
    Happiness (Bastet) in turn, Papyrus and Bread produced as they run short."""
    action, value = move["action"], move["value"]
    room = p["population"] - p["happiness"]
    if action == "bastet":
        return 10 + min(value, room) if room >= 3 or p["population"] >= D.TRACK_MAX else 0
    if action == "hathor":
        grow = min(value, D.TRACK_MAX - p["population"])
        return (9 if room < 6 else 3) + grow if grow else 0
    if action == "osiris":
        early = p["production"]["papyrus"] < 3 and value >= 3
        return 8 + value if early else 0
    if action == "produce":
        short = "papyrus" if p["papyrus"] < 2 else "bread" if p["bread"] < 3 else None
        return produce_want(p, move, short) if short else 0
    return 1


def fill(s, seat, option, rng) -> dict:
    """The option's move with its free parts chosen: the goal's district and track, else at
    random."""
    move = dict(option["move"])
    district = DISTRICT[goal_of(seat)]
    for name, part in option.get("choose", {}).items():
        values = part["one_of"]
        if name == "district" and district in values:
            move[name] = district
        elif name == "track" and district is not None:
            move[name] = D.DISTRICTS[district]
        else:
            move[name] = rng.choice(values)
    return move
