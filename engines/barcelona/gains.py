"""What a player gains (rules page, "Key concepts" and "Round structure"): resources into the
Warehouse, steps on the Cerdà track, steps on the Sagrada Família track and its tiles, and the
printed and Intersection benefits. Each function emits its events onto decide's Table `t`.

Choices owed in the middle of a move wait in `pending`, first item first (engines.core.pending,
with Barcelona's event names); `push` inserts them in the order a move makes them, ahead of older
items (PENDING.pushes counts this run's pushes). A `later` item is no choice: it holds the rest
of an effect, run by turn.flow once the choices before it are made.
"""
from engines.core import event
from engines.core.pending import Pending
from engines.barcelona.data import (CERDA_OVERFLOW_VP, CERDA_TOP, SAGRADA_SLOTS, SAGRADA_STEPS,
                                    SAGRADA_TILES, WAREHOUSE_OPEN)


PENDING = Pending(key="pending", pushed="pending_push", item="item", at="at", done="pending_pop")


def push(t, item):
    """Owe `item` ({"kind", "seat", ...}), ahead of the items pushed before this run."""
    PENDING.push(t, item)


def capacity(p: dict) -> int:
    """Open Warehouse spaces: each Cobblestone moved out frees its space."""
    return WAREHOUSE_OPEN + p["cobblestones"]


def can_pay(p, coins=0, cloths=0) -> bool:
    return p["coins"] >= coins and p["cloths"] >= cloths


def store_options(p: dict, coins: int, cloths: int) -> list[tuple[int, int]]:
    """The Warehouse contents a gain of `coins` and `cloths` may leave (rules page, "Resources":
    a gain that does not fit is lost, but the player may discard stored resources to make room
    and take only part of it). READING: the Warehouse is filled as far as the gain allows, since
    leaving a space empty is never better than discarding later; which resources stay is the
    player's choice."""
    total = min(capacity(p), p["coins"] + p["cloths"] + coins + cloths)
    most_cloths = p["cloths"] + cloths
    return [(c, total - c) for c in range(min(p["coins"] + coins, total) + 1)
            if total - c <= most_cloths]


def gain(t, seat, coins=0, cloths=0, vp=0, why=""):
    """Gain VP and resources, or pay (negative amounts). A gain that fits is stored; one that
    does not asks the player what to keep, unless only one choice is possible."""
    p = t.state["p"][seat]
    if coins <= 0 and cloths <= 0 or coins + cloths <= capacity(p) - p["coins"] - p["cloths"]:
        if coins or cloths or vp:
            t.emit(event("gain", {"seat": seat, "coins": coins, "cloths": cloths, "vp": vp,
                                  "why": why}))
        return
    choices = store_options(p, coins, cloths)
    if len(choices) == 1:
        [(c, k)] = choices
        t.emit(event("gain", {"seat": seat, "coins": c - p["coins"], "cloths": k - p["cloths"],
                              "vp": vp, "why": why}))
        return
    if vp:
        t.emit(event("gain", {"seat": seat, "coins": 0, "cloths": 0, "vp": vp, "why": why}))
    push(t, {"kind": "store", "seat": seat, "coins": coins, "cloths": cloths, "why": why})


def store(t, seat, item, coins, cloths):
    """The player's choice of what the Warehouse holds after an overflowing gain."""
    p = t.state["p"][seat]
    t.emit(event("gain", {"seat": seat, "coins": coins - p["coins"], "cloths": cloths - p["cloths"],
                          "vp": 0, "why": item["why"]}))


def later(t, item):
    """What an effect still has to do once the choices it has just pushed are made (turn.flow
    runs it then): the rules page's order within an effect is kept."""
    push(t, dict(item, kind="later"))


def cerda(t, seat, steps):
    """Mandatory, up or down; below the bottom is ignored, each step above the top is 2 VP."""
    pos = t.state["p"][seat]["cerda"] + steps
    over = max(0, pos - CERDA_TOP)
    t.emit(event("cerda_moved", {"seat": seat, "to": max(0, min(pos, CERDA_TOP)),
                                 "vp": over * CERDA_OVERFLOW_VP}))


def grant_sagrada(t, seat, steps):
    """Granted steps are optional: the player is asked how many to take."""
    left = SAGRADA_STEPS - t.state["p"][seat]["sagrada"]
    if min(steps, left) > 0:
        push(t, {"kind": "sagrada", "seat": seat, "steps": min(steps, left)})


def sagrada_steps(t, seat, steps):
    pos = t.state["p"][seat]["sagrada"]
    if steps:
        t.emit(event("sagrada_moved", {"seat": seat, "to": pos + steps}))
    for step in range(pos + 1, pos + steps + 1):
        level = SAGRADA_SLOTS.get(step)
        if level and t.state["sagrada_pool"][str(level)]:
            push(t, {"kind": "sagrada_tile", "seat": seat, "level": level})


def sagrada_tile(t, seat, level, tile, coins):
    spec = SAGRADA_TILES[level][tile]
    t.emit(event("sagrada_tile", {"seat": seat, "level": level, "tile": tile}))
    mix = spec.get("mix", 0)
    gain(t, seat, spec.get("coins", 0) + coins, spec.get("cloths", 0) + mix - coins,
         spec.get("vp", 0), "sagrada_tile")
    if spec.get("cerda"):
        cerda(t, seat, spec["cerda"])


def benefit(t, seat, b):
    """A printed or Intersection benefit."""
    if b == "coin":
        gain(t, seat, coins=1, why=b)
    elif b == "cloth":
        gain(t, seat, cloths=1, why=b)
    elif b == "vp2":
        gain(t, seat, vp=2, why=b)
    elif b == "cerda":
        cerda(t, seat, 1)
    elif b == "sagrada":
        grant_sagrada(t, seat, 1)


def benefits(t, seat, choice):
    """Intersection benefits, taken in the order chosen; one that asks for a choice (a Sagrada
    Família step, what to keep of a resource) is settled before the next."""
    for i, b in enumerate(choice):
        before = PENDING.pushes(t)
        benefit(t, seat, b)
        if PENDING.pushes(t) > before and choice[i + 1:]:
            later(t, {"do": "benefits", "seat": seat, "choice": choice[i + 1:]})
            return
