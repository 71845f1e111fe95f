"""Scoring after rounds 8 and 16 (page: "Scoring — after rounds 8 and 16"), item by item as the
page's table lists them, and Bread upkeep."""
from __future__ import annotations

from engines.core import event
from engines.tekhenu import data as D
from engines.tekhenu import temple
from engines.tekhenu.moves import integer
from engines.tekhenu.resources import gain, grant
from engines.tekhenu.steps import push


def district_winners(s: dict, d: int) -> list[int]:
    """3 VP to the majority (Buildings and Statues over it); a tie goes to the highest piece."""
    count = [0] * s["players"]
    high = [0] * s["players"]
    for row, seats in enumerate(s["districts"][d], start=1):
        for seat in seats:
            count[seat] += 1
            high[seat] = max(high[seat], row)
    for i, owner in enumerate(s["gold_spaces"]):
        if owner is not None and d in D.GOLD_SPACES[i].get("districts", []):
            count[owner] += 1
            high[owner] = max(high[owner], D.STATUE_ROW)
    top = max(count)
    if top == 0:
        return []
    tied = [seat for seat in range(s["players"]) if count[seat] == top]
    best = max(high[seat] for seat in tied)
    return [seat for seat in tied if high[seat] == best]


def temple_vp(s: dict, seat: int) -> int:
    """1 VP per own Building and Statue around the Temple; each own Pillar 1 VP per own Building
    and Statue in its row and column."""
    around = sum(1 for owner in s["spaces"] if owner == seat)
    around += sum(1 for i, owner in enumerate(s["gold_spaces"])
                  if owner == seat and D.GOLD_SPACES[i]["where"] == "temple")
    pillars = 0
    for cell, c in enumerate(s["temple"]):
        if c is not None and c["seat"] == seat:
            lines = temple.cell_lines(cell)
            pillars += temple.buildings_in_lines(s, lines, seat) + \
                temple.statues_in_lines(s, lines, seat)
    return around + pillars


def items(s: dict, seat: int) -> dict:
    """One seat's Scoring, item by item, before Bread upkeep."""
    p = s["p"][seat]
    built = D.BUILDING_ROW[:p["buildings"]]
    return {
        "districts": D.DISTRICT_VP * sum(1 for d in range(4) if seat in district_winners(s, d)),
        "temple": temple_vp(s, seat),
        "statues": D.STATUE_VP[p["statues"]],
        "happiness": D.happiness_vp(p["happiness"]),
        "production": D.PRODUCTION_VP * sum(1 for v in p["production"].values()
                                            if v >= D.PRODUCTION_MAX),
        "building_row": sum(b["vp"] for b in built),
        "upkeep": sum(b["bread"] for b in built),
    }


VP_ITEMS = ("districts", "temple", "statues", "happiness", "production", "building_row")


def score(t):
    """Every seat's items, then Bread upkeep in the new turn order (its questions are asked in
    that order)."""
    s = t.state
    owed = {}
    for seat in range(s["players"]):
        got = items(s, seat)
        t.emit(event("scored", {"seat": seat, "round": s["round"], "items": got}))
        for item in VP_ITEMS:
            grant(t, seat, {"vp": got[item]}, f"scoring: {item}")
        owed[seat] = got["upkeep"]
    for seat in s["order"]:
        upkeep(t, seat, owed[seat])


def upkeep(t, seat, owed):
    """Pay the Bread uncovered on your board, or lose 3 VP per Bread short. Bread is paid
    automatically; a seat is asked (an `upkeep` step) only when paying would need Gold."""
    p = t.state["p"][seat]
    bread = min(p["bread"], owed)
    gain(t, seat, {"bread": -bread}, "bread upkeep")
    rest = owed - bread
    if rest and p["gold"]:
        push(t, {"seat": seat, "kind": "upkeep", "bread": rest})
    elif rest:
        short_of(t, seat, rest)


def short_of(t, seat, bread):
    grant(t, seat, {"vp": -D.BREAD_SHORT_VP * bread}, "bread upkeep short")


def pay_upkeep(t, seat, move, step):
    """The `upkeep` step: how much Gold pays the Bread still owed; each Bread left unpaid costs
    3 VP."""
    most = min(t.state["p"][seat]["gold"], step["bread"])
    gold = integer(move.get("gold"), "gold", 0, most)
    t.emit(event("upkeep_paid", {"seat": seat, "gold": gold, "short": step["bread"] - gold}))
    gain(t, seat, {"gold": -gold}, "bread upkeep")
    if step["bread"] > gold:
        short_of(t, seat, step["bread"] - gold)


def upkeep_options(s, seat, step):
    most = min(s["p"][seat]["gold"], step["bread"])
    return [{"move": {"type": "upkeep"}, "choose": {"gold": {"one_of": list(range(most + 1))}}}]
