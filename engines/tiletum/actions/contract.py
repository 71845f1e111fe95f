"""The Contract Action (rules page, "The Actions: Contract"): take a Contract from the offer for
the AP printed under its space (3 / 3 / 2 / 2 / 1), or exchange one Resource for another for 1 AP;
the first exchange of your turn also gives one Resource of your choice. The offer is refilled only
at the end of the turn."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.tiletum import data as D
from engines.tiletum import moves as mv
from engines.tiletum.actions.points import in_action, spend
from engines.tiletum.board import can_hold


def check_take_contract(state, seat, move, ctx=None):
    slot = mv.integer(move, "slot", 0, D.OFFER - 1, "an offer slot")
    in_action(state, ["contract"], D.CONTRACT_OFFER_AP[slot], ctx)
    tile = state["contracts"]["offer"][slot]
    if tile is None:
        raise IllegalMove("empty_slot", "That offer slot is empty until the end of the turn.")
    if not can_hold(state["boards"][seat], tile):
        raise IllegalMove("storehouse_full", "Your Storehouse has no room for that tile.")
    return slot


def do_take_contract(t, seat, slot, rng):
    t.emit(event("contract_taken", {"seat": seat, "slot": slot, "ap": D.CONTRACT_OFFER_AP[slot],
                                    "tile": t.state["contracts"]["offer"][slot]}))


def check_exchange(state, seat, move, ctx=None):
    in_action(state, ["contract"], 1, ctx)
    give = mv.one_of(move, "give", D.RESOURCES, "a Resource")
    get = mv.one_of(move, "get", D.RESOURCES, "a Resource")
    extra = mv.optional(move, "extra", D.RESOURCES, "a Resource")
    if give == get:
        raise IllegalMove("same_resource", "An exchange gives one Resource for another.")
    if state["boards"][seat]["res"][give] < 1:
        raise IllegalMove("cannot_pay", f"You have no {give.capitalize()} to give.")
    first = not state["turn"]["exchanged"]
    if first and extra is None:
        raise IllegalMove("choose_extra", "The first exchange of your turn also names the extra Resource you take.")
    if not first and extra is not None:
        raise IllegalMove("no_extra", "Only the first exchange of your turn gives an extra Resource.")
    return give, get, extra


def do_exchange(t, seat, p, rng):
    t.emit(event("exchanged", {"seat": seat, "give": p[0], "get": p[1], "extra": p[2]}))


def refill(t, rng, by=None):
    """At the end of a turn, the empty offer slots are filled in place from the pile."""
    s = t.state
    empty = [i for i, c in enumerate(s["contracts"]["offer"]) if c is None]
    if empty:
        pool = sorted(s["contracts"]["pile"])
        drawn = [pool.pop(rng.randbelow(len(pool))) if pool else None for _ in empty]
        t.emit(event("contracts_drawn", {"slots": empty, "tiles": drawn}, reveal=True, by=by))


def options(state, seat, ctx):
    b = state["boards"][seat]
    ap = ctx["ap"]
    out = [{"type": "take_contract", "slot": i} for i, c in enumerate(state["contracts"]["offer"])
           if c is not None and D.CONTRACT_OFFER_AP[i] <= ap and can_hold(b, c)]
    first = not state["turn"]["exchanged"]
    for give in D.RESOURCES:
        if b["res"][give] < 1:
            continue
        for get in D.RESOURCES:
            if get != give:
                for extra in (D.RESOURCES if first else [None]):
                    out.append({"type": "exchange", "give": give, "get": get, "extra": extra})
    return out


def on_contract_taken(s, ev):
    s["contracts"]["offer"][ev["slot"]] = None
    s["boards"][ev["seat"]]["store"].append(ev["tile"])
    spend(s, ev["ap"])


def on_exchanged(s, ev):
    b = s["boards"][ev["seat"]]
    b["res"][ev["give"]] -= 1
    b["res"][ev["get"]] += 1
    if ev["extra"] is not None:
        b["res"][ev["extra"]] += 1
    s["turn"]["exchanged"] = True
    spend(s, 1)


def on_contracts_drawn(s, ev):
    for slot, tile in zip(ev["slots"], ev["tiles"]):
        if tile is not None:
            s["contracts"]["pile"].remove(tile)
            s["contracts"]["offer"][slot] = tile


MOVES = {"take_contract": (check_take_contract, do_take_contract),
         "exchange": (check_exchange, do_exchange)}
EVENTS = {"contract_taken": on_contract_taken, "exchanged": on_exchanged,
          "contracts_drawn": on_contracts_drawn}
