"""Horus — build a Statue (page: "Horus — build a Statue", and the player-count table): for a
god (the die picks the Horus slot, whose bonus you then get when others take that god's action)
or for the people (a Gold space)."""
from __future__ import annotations

from engines.core import event
from engines.tekhenu import data as D
from engines.tekhenu import temple
from engines.tekhenu.moves import integer
from engines.tekhenu.resources import gain, grant, payment
from engines.tekhenu.steps import push


def statues_for(s: dict, god: str) -> list[dict]:
    return [st for st in s["statues"] if st["god"] == god]


def options(s, seat, value, colour):
    p = s["p"][seat]
    if p["statues"] >= len(D.STATUE_COST) or \
            payment(p, {"granite": D.STATUE_COST[p["statues"]]}) is None:
        return []
    out = []
    god = s["horus_gods"][value - 1]
    if len(statues_for(s, god)) < D.STATUE_SPACES[s["players"]]:
        out.append(({"mode": "god"}, {}))
    free = [i for i, owner in enumerate(s["gold_spaces"]) if owner is None]
    if free:
        out.append(({"mode": "people"}, {"space": free}))
    return out


def perform(t, seat, value, colour, params):
    s = t.state
    p = s["p"][seat]
    gain(t, seat, payment(p, {"granite": D.STATUE_COST[p["statues"]]}), "statue")
    if params["mode"] == "god":
        god = s["horus_gods"][value - 1]
        first = not any(st["seat"] == seat for st in statues_for(s, god))
        t.emit(event("statue_built", {"seat": seat, "god": god, "slot": value, "space": None}))
        if s["players"] == 3 and first:      # 3 players: the bonus at once when you build
            grant_horus(t, seat, value, "statue built")
        return
    space = params["space"]
    t.emit(event("statue_built", {"seat": seat, "god": None, "slot": None, "space": space}))
    gs = D.GOLD_SPACES[space]
    reward = {"gold": gs["gold"]}
    if gs["where"] == "temple":              # 3 VP per own Pillar in that line
        reward["vp"] = 3 * temple.own_pillars_in_line(s, gs["line"], seat)
    grant(t, seat, reward, "statue for the people")


def grant_horus(t, seat, slot, why):
    """A slot's bonus; a "/" on the board is the holder's choice (a `bonus` step)."""
    options = D.HORUS_BONUS[slot - 1]
    if len(options) == 1:
        grant(t, seat, options[0], why)
    else:
        push(t, {"seat": seat, "kind": "bonus", "options": options, "why": why})


def trigger(t, actor, god):
    """Whenever another player performs a god's action, its statues' owners get their slot's
    bonus (once per god); with 2 players also when you take it yourself."""
    s = t.state
    for seat in range(s["players"]):
        if seat == actor and s["players"] != 2:
            continue
        mine = [st for st in statues_for(s, god) if st["seat"] == seat]
        if mine:
            grant_horus(t, seat, mine[0]["slot"], f"horus statue at {god}")


def choose_bonus(t, seat, move, step):
    """The `bonus` step: one side of the "/"."""
    k = integer(move.get("choice"), "choice", 0, len(step["options"]) - 1)
    t.emit(event("bonus_chosen", {"seat": seat, "choice": k}))
    grant(t, seat, step["options"][k], step["why"])


def bonus_options(s, seat, step):
    return [{"move": {"type": "bonus"},
             "choose": {"choice": {"one_of": list(range(len(step["options"])))}}}]


