"""Technologies (rules page, "Prospect for Silver" and implementation notes): a Task, advancing
your marker one tier on one of the three Technologies in play for 1, 2 or 3 Silver (tier I, II,
III), one tier at a time; every tier below the marker stays in effect, and each tier reached
scores its cost at the end. A tier that changes the die's Action counts at once when reached
during it; none ever adds to an Action from a Helper."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.tiletum import data as D
from engines.tiletum import moves as mv
from engines.tiletum.king_track import free_king_action
from engines.tiletum.prospect import data as P


def reached(state, seat) -> list[dict]:
    """The effects of every tier the seat has reached (none without the expansion)."""
    if not state.get("prospect"):
        return []
    tech = state["boards"][seat]["tech"]
    return [P.TECHNOLOGIES[t]["tiers"][i] for t, tier in sorted(tech.items()) for i in range(tier)]


def value(state, seat, key, default=0):
    found = [e[key] for e in reached(state, seat) if key in e]
    return found[-1] if found else default


def action_ap(state, seat, action) -> int:
    """+1 AP for each "+1 AP on this Action" tier reached for the Action (with a die only)."""
    return sum(1 for e in reached(state, seat) if e.get("action_ap") == action)


def turning_gold(state, seat, steps: int) -> int:
    """Gold to turn a die `steps` values: 2 a step; Die Manipulation I makes only a change of
    exactly 3 cheap (page, implementation notes), II (stand-in) a change of exactly 1."""
    gold = D.GOLD_PER_STEP * steps
    if steps == 3:
        gold = min(gold, value(state, seat, "turn_by_3", gold))
    if steps == 1:
        gold = min(gold, value(state, seat, "turn_by_1", gold))
    return gold


def payment(state, seat, gold: int) -> dict | None:
    """How a Gold cost is paid: Gold first; with Resource Technology I, the Resource you named
    makes up the rest once your Gold runs short (page, implementation notes). None: cannot pay."""
    b = state["boards"][seat]
    have = b["res"]["gold"]
    if have >= gold:
        return {"gold": gold} if gold else {}
    sub = b.get("resource_tile") if value(state, seat, "gold_substitute", False) else None
    if sub is None or have + b["res"][sub] < gold:
        return None
    return {k: n for k, n in (("gold", have), (sub, gold - have)) if n}


def pay(board, paid: dict) -> None:
    for r, n in paid.items():
        board["res"][r] -= n


def tier_vp(board) -> int:
    """Each tier reached scores its cost: tier III scores 1 + 2 + 3."""
    return sum(sum(P.TECH_COST[:tier]) for tier in board.get("tech", {}).values())


def tiers_reached(board) -> int:
    return sum(board.get("tech", {}).values())


# --- the Task --------------------------------------------------------------------------------------

def check_technology(state, seat, move):
    if not state["prospect"]:
        raise IllegalMove("no_expansion", "Technologies come with the Prospect for Silver expansion.")
    tech = mv.one_of(move, "tech", P.TECH_IDS, "a Technology")
    resource = mv.optional(move, "resource", P.SUBSTITUTES, "the Resource of your Resource Bonus tile")
    if tech not in state["underground"]["technologies"]:
        raise IllegalMove("not_in_play", "That Technology is not in play at this table.")
    b = state["boards"][seat]
    tier = b["tech"].get(tech, 0)
    if tier >= len(P.TECH_COST):
        raise IllegalMove("top_tier", "You have reached that Technology's top tier.")
    cost = P.TECH_COST[tier]
    if b["silver"] < cost:
        raise IllegalMove("not_enough_silver", f"Tier {'I' * (tier + 1)} costs {cost} Silver.")
    names = "gold_substitute" in P.TECHNOLOGIES[tech]["tiers"][tier]
    if names and resource is None:
        raise IllegalMove("name_resource", "Resource Technology I names the Resource of your Resource Bonus tile.")
    if not names and resource is not None:
        raise IllegalMove("no_resource", "Only Resource Technology I names a Resource.")
    return tech, tier + 1, cost, resource


def do_technology(t, seat, p, rng):
    tech, tier, cost, resource = p
    s = t.state
    b = s["boards"][seat]
    effect = P.TECHNOLOGIES[tech]["tiers"][tier - 1]
    turn = s["turn"]
    die_action = turn["action"] if turn["stage"] == "action" else None
    ap = 0  # counts at once on the die's own Action (page, implementation notes)
    if effect.get("action_ap") is not None and effect["action_ap"] == die_action:
        ap += 1
    if effect.get("joker_ap") and die_action is not None and turn["space"] == "joker":
        ap += effect["joker_ap"]
    if effect.get("marker_plus") and die_action is not None and b["markers"].get(die_action):
        ap += effect["marker_plus"]
    gain = {}
    if effect.get("substitute_gain") and b["resource_tile"]:
        gain = {b["resource_tile"]: effect["substitute_gain"]}
    t.emit(event("technology", {"seat": seat, "tech": tech, "tier": tier, "silver": cost,
                                "resource": resource, "ap": ap, "gain": gain}))
    if effect.get("joker_king") and die_action is not None and turn["space"] == "joker":
        free_king_action(t, seat, effect["joker_king"])


def on_technology(s, ev):
    b = s["boards"][ev["seat"]]
    b["silver"] -= ev["silver"]
    b["tech"][ev["tech"]] = ev["tier"]
    if ev["resource"] is not None:
        b["resource_tile"] = ev["resource"]
    for r, n in ev["gain"].items():
        b["res"][r] += n
    s["turn"]["ap"] += ev["ap"]


def options(state, seat) -> list[dict]:
    """A tier up on each Technology in play (naming each Resource where the tier asks for one)."""
    out = []
    for t in state["underground"]["technologies"]:
        tier = state["boards"][seat]["tech"].get(t, 0)
        names = tier < len(P.TECH_COST) and "gold_substitute" in P.TECHNOLOGIES[t]["tiers"][tier]
        out += [{"type": "technology", "tech": t, "resource": r} for r in (P.SUBSTITUTES if names else [None])]
    return out


MOVES = {"technology": (check_technology, do_technology)}
EVENTS = {"technology": on_technology}
