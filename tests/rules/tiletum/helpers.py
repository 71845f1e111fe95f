"""Stack Tiletum positions directly, and play moves on them."""
import copy

from engines.core import derive_rng, fold_events
from engines.tiletum import engine
from engines.tiletum import data as D


def table(players=2, seed="table", **options):
    """A table right after setup (round 1, pass 1, first seat to choose a die)."""
    options = engine.load_options(options)
    return fold_events(engine, players, options, engine.setup(players, options, derive_rng(seed, 1)))


def turn(state, seat, stage="choose", action=None, ap=0, helper=None, exchanged=False, space=None,
         free_move=0):
    """Make it `seat`'s turn, at the given stage (the die's Action space defaults to its Action)."""
    state["phase"] = "turn"
    state["turn"] = {"seat": seat, "stage": stage, "die": None, "action": action, "ap": ap,
                     "helper": helper, "exchanged": exchanged,
                     "space": space if space is not None else action, "free_move": free_move}
    state["turn_pos"] = state["order"].index(seat)
    return state


def dice(state, *pairs):
    """Put exactly these dice ((colour, value) pairs) on the wheel."""
    state["dice"] = [{"colour": c, "value": v} for c, v in pairs]
    return state


def res(state, seat, **amounts):
    b = state["boards"][seat]
    for r in D.RESOURCES:
        b["res"][r] = amounts.get(r, 0)
    return state


def value_of(state, action):
    """The die value whose segment is in front of `action`."""
    return state["wheel"].index(action) + 1


def play(state, seat, move, n=0):
    """decide, then evolve a copy: (new state, events). The given state is left untouched."""
    events = engine.decide(state, seat, move, derive_rng("test", n))
    new = copy.deepcopy(state)
    for ev in events:
        new = engine.evolve(new, ev)
    return new, events


def of_type(events, kind):
    return [e for e in events if e["type"] == kind]


def take(colour, value, to=None, bonus=False, action=None, helper=None, recolour=None):
    return {"type": "take_die", "colour": colour, "value": value, "to": value if to is None else to,
            "bonus": bonus, "action": action, "helper": helper, "recolour": recolour}


def legal(state, seat):
    return [o["move"] for o in engine.legal_moves(state, seat)]


def tile_of(kind, **match):
    """The first tile id of a kind (and matching fields)."""
    for tid, t in sorted(D.TILES.items()):
        if t["kind"] == kind and all(t.get(k) == v for k, v in match.items()):
            return tid
    raise KeyError((kind, match))


def remove_everywhere(state, tile_id):
    """Take a tile out of every pile and offer so a test may hand it to a seat."""
    for pile in (state["characters"]["pile"], state["contracts"]["pile"], state["bonus_pile"]):
        if tile_id in pile:
            pile.remove(tile_id)
    for offer in (state["characters"]["offer"], state["contracts"]["offer"]):
        if tile_id in offer:
            offer[offer.index(tile_id)] = None
    for a, x in state["action_tiles"].items():
        if x == tile_id:
            state["action_tiles"][a] = None
    for tw in state["towns"].values():
        if tile_id in tw["bonus_tiles"]:
            tw["bonus_tiles"].remove(tile_id)
    if state["king_bonus"] == tile_id:
        state["king_bonus"] = None
    return tile_id


def give(state, seat, tile_id):
    remove_everywhere(state, tile_id)
    state["boards"][seat]["store"].append(tile_id)
    return state


def prospect(players=2, seed="prospect", **options):
    """A table with Prospect for Silver on: all A sides, the first-game Technologies and the
    Houses face unless asked otherwise."""
    options = {"prospect_for_silver": True, "underground": "a", "technologies": "first_game",
               "overlay": "houses", **options}
    return table(players, seed=seed, **options)


def silver(state, seat, n):
    state["boards"][seat]["silver"] = n
    return state


def wedge_value(state, wedge):
    """A die value over the Prospector Wheel's wedge (the lowest)."""
    return state["underground"]["wheel"].index(wedge) + 1
