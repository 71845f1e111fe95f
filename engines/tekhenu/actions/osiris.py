"""Osiris — workshop or quarry (page: "Osiris — workshop or quarry"): lose 1 Happiness and build
in the row equal to the die value of one of the four districts (the page's row table)."""
from __future__ import annotations

from engines.core import event
from engines.tekhenu import data as D
from engines.tekhenu.resources import gain, grant


def options(s, seat, value, colour):
    p = s["p"][seat]
    if p["happiness"] < 1 or p["buildings"] >= D.BUILDINGS_PER_PLAYER:
        return []
    ok = [d for d in range(4) if seat not in s["districts"][d][value - 1]]
    if not ok:
        return []
    choose = {"district": ok}
    if D.OSIRIS_ROWS[value]["track"]:
        choose["track"] = list(D.RESOURCES)
    return [({}, choose)]


def perform(t, seat, value, colour, params):
    s = t.state
    d, row = params["district"], value
    spec = D.OSIRIS_ROWS[row]
    res = D.DISTRICTS[d]
    first2 = row == 2 and not s["districts"][d][1]
    gain(t, seat, {"happiness": -1}, "osiris")
    t.emit(event("osiris_built", {"seat": seat, "district": d, "row": row}))
    reward = {f"prod:{res}": spec["production"], res: spec["gain"],
              "gold": spec["gold"] + (spec["first_gold"] if first2 else 0)}
    if spec["both"]:
        reward[f"prod:{D.PAIRS[res]}"] = spec["production"]
    grant(t, seat, reward, "osiris")
    if spec["track"]:
        grant(t, seat, {f"prod:{params['track']}": spec["track"]}, "osiris row 6")
