"""How each event changes the state: one function per event, in the page's order (setup,
before round 1, your turn and the actions, steps, rounds, Maat, game end). Deterministic; never
fails on an event that decide produced."""
from __future__ import annotations

from engines.tekhenu import data as D
from engines.tekhenu.before_round_1 import KEEP
from engines.tekhenu.steps import STEPS


def _board_set(s, ev):
    s["wheel"] = ev["wheel"]
    s["horus_gods"] = list(ev["horus_gods"])
    s["draft_order"] = list(ev["draft_order"])
    s["starting_display"] = list(ev["starting_display"])


def _dice_rolled(s, ev):
    for d in ev["dice"]:
        s["supply"].remove(d["id"])
        s["sections"][ev["section"]].append(dict(d))


def _pillar_drawn(s, ev):
    s["stacks"][ev["slot"]].remove(ev["tile"])
    s["ra"][ev["slot"]] = ev["tile"]


def _market_filled(s, ev):
    for c in ev["cards"]:
        s["deck"].remove(c)
    s["market"][ev["section"]] += ev["cards"]
    s["filled"][ev["section"]] = True


def _deck_reshuffled(s, ev):
    s["deck"] = sorted(s["deck"] + s["discard"])
    s["discard"] = []


def _decrees_dealt(s, ev):
    for c in ev["cards"]:
        s["deck"].remove(c)
    s["p"][ev["seat"]]["offer"] = list(ev["cards"])


def _phase(s, ev):
    s["phase"] = ev["phase"]


def _decrees_kept(s, ev):
    for p in s["p"]:
        p["decrees"] = [p["chosen"]]
        s["removed"] += [c for c in p["offer"] if c != p["chosen"]]
        p["offer"] = []
    KEEP.clear(s)
    s["removed"].sort()
    s["phase"] = "draft"


def _drafted(s, ev):
    s["starting_display"].remove(ev["card"])
    s["p"][ev["seat"]]["starting"].append(ev["card"])
    s["draft_picks"] += 1


def _turn_order(s, ev):
    s["order"] = list(ev["order"])


def _destiny_shown(s, ev):
    for c in ev["cards"]:
        s["destiny_deck"].remove(c)
    s["destiny_display"] = list(ev["cards"])
    s["phase"] = "destiny"
    s["turn"] = 0


def _destiny_taken(s, ev):
    s["destiny_display"].remove(ev["card"])
    s["p"][ev["seat"]]["destiny"] = ev["card"]
    s["turn"] += 1


def _destiny_done(s, ev):
    s["destiny_deck"] = sorted(s["destiny_deck"] + s["destiny_display"])
    s["destiny_display"] = []
    s["phase"] = "play"
    s["round"] = ev["round"]
    s["turn"] = 0
    s["took"] = False


def _gain(s, ev):
    p = s["p"][ev["seat"]]
    for key, n in ev["delta"].items():
        if ":" in key:
            kind, res = key.split(":")
            p["production" if kind == "prod" else "excess"][res] += n
        else:
            p[key] += n


def _milestone(s, ev):
    s["p"][ev["seat"]]["milestones"].append(ev["at"])


def _step_refreshed(s, ev):
    STEPS.top(s)["refreshed"] = True


def _die_taken(s, ev):
    sec = s["sections"][ev["section"]]
    sec[:] = [d for d in sec if d["id"] != ev["die"]]
    s["p"][ev["seat"]]["scales"][ev["side"]].append({"id": ev["die"], "value": ev["value"]})
    s["took"] = True


def _statue_built(s, ev):
    if ev["space"] is None:
        s["statues"].append({"seat": ev["seat"], "god": ev["god"], "slot": ev["slot"]})
    else:
        s["gold_spaces"][ev["space"]] = ev["seat"]
    s["p"][ev["seat"]]["statues"] += 1


def _pillar_raised(s, ev):
    s["temple"][ev["space"]] = {"seat": ev["seat"], "tile": ev["tile"], "rotation": ev["rotation"]}
    s["ra"][ev["slot"]] = None
    s["p"][ev["seat"]]["pillars"] += 1


def _building_built(s, ev):
    s["spaces"][ev["space"]] = ev["seat"]
    s["p"][ev["seat"]]["buildings"] += 1


def _osiris_built(s, ev):
    s["districts"][ev["district"]][ev["row"] - 1].append(ev["seat"])
    s["p"][ev["seat"]]["buildings"] += 1


def _market_refreshed(s, ev):
    s["discard"] = sorted(s["discard"] + s["market"][ev["section"]])
    s["market"][ev["section"]] = []


def _cards_taken(s, ev):
    p = s["p"][ev["seat"]]
    for c in ev["cards"]:
        s["market"][ev["section"]].remove(c)
        kind = D.CARDS[c]["kind"]
        if kind == "decree":
            p["decrees"].append(c)
        else:                        # a Technology or a Blessing, kept until it applies
            p["cards"].append(c)


def _cards_used(s, ev):
    p = s["p"][ev["seat"]]
    for c in ev["cards"]:
        if D.CARDS[c]["kind"] == "blessing":     # one-shot
            p["cards"].remove(c)
            s["discard"].append(c)
    s["discard"].sort()


def _turn_ended(s, ev):
    s["turn"] += 1
    s["took"] = False


def _round_started(s, ev):
    s["round"] = ev["round"]
    s["turn"] = 0
    s["took"] = False


def _wheel_turned(s, ev):
    s["wheel"] = ev["wheel"]


def _maat(s, ev):
    s["order"] = list(ev["order"])
    s["phase"] = "maat"          # until the board is cleared (Bread upkeep may ask first)


def _maat_cleared(s, ev):
    for p in s["p"]:
        for side in ("pure", "tainted", "anubis"):
            s["supply"] += [d["id"] for d in p["scales"][side]]
            p["scales"][side] = []
        p["excess"] = {r: 0 for r in D.RESOURCES}
        p["faith"] = 0
    s["supply"].sort()
    if ev["round"] < D.ROUNDS:
        # the Destiny cards go back into the deck: a seat holds none until it picks again
        for p in s["p"]:
            if p["destiny"]:
                s["destiny_deck"].append(p["destiny"])
                p["destiny"] = None
        s["destiny_deck"].sort()
    s["phase"] = "play"
    s["turn"] = 0
    s["took"] = False


def _decrees_revealed(s, ev):
    s["revealed"] = True
    s["phase"] = "final"


def _game_over(s, ev):
    s["over"] = True
    s["phase"] = "over"
    s["final"] = ev["result"]


def _noop(s, ev):
    pass


EVOLVE = {
    "board_set": _board_set, "dice_rolled": _dice_rolled, "pillar_drawn": _pillar_drawn,
    "market_filled": _market_filled, "deck_reshuffled": _deck_reshuffled,
    "decrees_dealt": _decrees_dealt, "phase": _phase, KEEP.chosen: KEEP.fold,
    KEEP.closed: _decrees_kept, "drafted": _drafted, "turn_order": _turn_order,
    "destiny_shown": _destiny_shown, "destiny_taken": _destiny_taken,
    "destiny_done": _destiny_done, "gain": _gain, "milestone": _milestone,
    STEPS.pushed: STEPS.fold, STEPS.done_event: STEPS.fold, "step_refreshed": _step_refreshed,
    "die_taken": _die_taken,
    "statue_built": _statue_built, "pillar_raised": _pillar_raised,
    "building_built": _building_built, "osiris_built": _osiris_built,
    "market_refreshed": _market_refreshed, "cards_taken": _cards_taken,
    "turn_ended": _turn_ended, "round_started": _round_started, "wheel_turned": _wheel_turned,
    "maat": _maat, "scored": _noop, "maat_cleared": _maat_cleared,
    "decrees_revealed": _decrees_revealed, "game_over": _game_over,
    "passed": _noop, "extra_taken": _noop, "extra_skipped": _noop, "bonus_chosen": _noop,
    "cards_used": _cards_used, "upkeep_paid": _noop,
}


def evolve(state: dict, ev: dict) -> dict:
    EVOLVE[ev["type"]](state, ev)
    return state
