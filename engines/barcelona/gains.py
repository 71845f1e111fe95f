"""What a player gains (rules page, "Key concepts" and "Round structure"): resources into the
Warehouse, steps on the Cerdà track, steps on the Sagrada Família track and its tiles, and the
printed and Intersection benefits. Each function emits its events onto decide's Table `t`.

Choices owed in the middle of a move wait in `pending`, first item first; `push` inserts them in
the order a move makes them, ahead of older items (`t.at` counts this move's pushes).
"""
from engines.core import event
from engines.barcelona.data import (CERDA_OVERFLOW_VP, CERDA_TOP, SAGRADA_SLOTS, SAGRADA_STEPS,
                                    SAGRADA_TILES, WAREHOUSE_OPEN)


def push(t, item):
    t.emit(event("pending_push", {"at": t.at, "item": item}))
    t.at += 1


def capacity(p: dict) -> int:
    """Open Warehouse spaces: each Cobblestone moved out frees its space."""
    return WAREHOUSE_OPEN + p["cobblestones"]


def can_pay(p, coins=0, cloths=0) -> bool:
    return p["coins"] >= coins and p["cloths"] >= cloths


def gain(t, seat, coins=0, cloths=0, vp=0, why=""):
    """A gain fills open Warehouse spaces (Coins first); what does not fit is lost."""
    p = t.state["p"][seat]
    room = capacity(p) - p["coins"] - p["cloths"]
    c = max(0, min(coins, room)) if coins > 0 else coins
    room -= max(c, 0)
    k = max(0, min(cloths, room)) if cloths > 0 else cloths
    if c or k or vp:
        t.emit(event("gain", {"seat": seat, "coins": c, "cloths": k, "vp": vp, "why": why}))


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
