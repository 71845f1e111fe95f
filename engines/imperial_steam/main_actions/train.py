"""6. Buy or upgrade a train: engines at or left of the current round on the Round track; a new
train (fewer than 3) gets its freight cars and 1 coal; an upgrade pays the difference; both gain
the tile's influence."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.imperial_steam import data as D
from engines.imperial_steam import rules as R
from engines.imperial_steam.moves import field, integer
from engines.imperial_steam.state import set_col


def buy_train(t, seat, move):
    s = t.state
    p = s["p"][seat]
    level = integer(field(move, "level"), "level")
    if len(p["trains"]) >= D.MAX_TRAINS:
        raise IllegalMove("three_trains", "You already have 3 trains.")
    if level not in R.available_engines(s):
        raise IllegalMove("engine_unavailable", "That engine is not on the Round track yet.")
    if D.ENGINE_PRICE[level] > p["money"]:
        raise IllegalMove("cannot_afford", f"IS-{level} costs {D.ENGINE_PRICE[level]}.")
    t.emit(event("train_bought", {"seat": seat, "level": level, "cost": D.ENGINE_PRICE[level],
                                  "influence": D.ENGINE_INFLUENCE[level]}))


def upgrade_train(t, seat, move):
    s = t.state
    p = s["p"][seat]
    train = integer(field(move, "train"), "train")
    level = integer(field(move, "level"), "level")
    if not 0 <= train < len(p["trains"]):
        raise IllegalMove("no_such_train", "You have no such train.")
    old = p["trains"][train]
    if level not in R.available_engines(s) or level <= old:
        raise IllegalMove("engine_unavailable", "Upgrade to a bigger engine on the Round "
                                                "track.")
    cost = D.ENGINE_PRICE[level] - D.ENGINE_PRICE[old]
    if cost > p["money"]:
        raise IllegalMove("cannot_afford", f"The upgrade costs {cost} guldens.")
    t.emit(event("train_upgraded", {"seat": seat, "train": train, "level": level,
                                    "cost": cost, "influence": D.ENGINE_INFLUENCE[level]}))


def options(s, seat):
    p = s["p"][seat]
    out = []
    for lvl in R.available_engines(s):
        if len(p["trains"]) < D.MAX_TRAINS and D.ENGINE_PRICE[lvl] <= p["money"]:
            out.append({"move": {"type": "buy_train", "level": lvl}})
        for i, old in enumerate(p["trains"]):
            if lvl > old and D.ENGINE_PRICE[lvl] - D.ENGINE_PRICE[old] <= p["money"]:
                out.append({"move": {"type": "upgrade_train", "train": i, "level": lvl}})
    return out


def _take_engine(s, level):
    """A bought engine comes from the leftmost Round-track space that holds it."""
    for r in sorted(s["round_track"], key=int):
        space = s["round_track"][r]
        if int(r) <= s["round"] and space["level"] == level and space["count"] > 0:
            space["count"] -= 1
            return


def _train_bought(s, ev):
    p = s["p"][ev["seat"]]
    _take_engine(s, ev["level"])
    p["money"] -= ev["cost"]
    p["trains"].append(ev["level"])
    p["freight"] += ev["level"]
    p["goods"]["coal"] += 1
    set_col(s, ev["seat"], p["col"] + ev["influence"])


def _train_upgraded(s, ev):
    p = s["p"][ev["seat"]]
    _take_engine(s, ev["level"])
    p["money"] -= ev["cost"]
    p["freight"] += ev["level"] - p["trains"][ev["train"]]
    p["trains"][ev["train"]] = ev["level"]
    set_col(s, ev["seat"], p["col"] + ev["influence"])


DECIDE = {"buy_train": buy_train, "upgrade_train": upgrade_train}
EVOLVE = {"train_bought": _train_bought, "train_upgraded": _train_upgraded}
