"""The Cardinalbot, Tiletum's solo rules bot (rules page, "Solo mode").

It plays a full turn inside decide, each of its actions an event with by="cardinalbot":
roll two dice and move its pawn along the Decree cards by their difference; read Decrees top-down
from there and take a die for the first line it can meet (the card's colours break ties); take the
die's Resources (it never turns a die); keep a Crest Bonus tile, remove any other; perform the
Action with 7 - value AP; then activate Crests, contribute to Cathedrals, and fulfil up to two
Contracts, keeping three Food back from Contracts.

STAND-IN (the page describes the script, not its cards): the Decree cards and Challenges in
data.py; what it does with each Action (walk to and build at the nearest legal Town for the
Architect and Merchant, take the leftmost affordable Contracts, 1 VP per AP for the Character
Action, the Joker played as the King Action).
"""
from __future__ import annotations

from collections import deque

from engines.core import event
from engines.tiletum import data as D
from engines.tiletum.actions.contract import refill
from engines.tiletum.actions.points import spend
from engines.tiletum.prospect import cardinal
from engines.tiletum.prospect import data as P
from engines.tiletum.prospect.wheel import PROSPECTOR, wedge
from engines.tiletum.state import challenge
from engines.tiletum.towns import house_spaces, pillar_spaces

BY = D.BOT
DECREES = {**D.DECREES, **P.SILVER_DECREES}


def matching(state, line) -> list[dict]:
    out = []
    for d in state["dice"]:
        action = state["wheel"][d["value"] - 1]
        if ("wedge" in line and wedge(state, d["value"]) != line["wedge"]
                or "action" in line and action != line["action"]
                or "colour" in line and d["colour"] != line["colour"]
                or "at_most" in line and d["value"] > line["at_most"]
                or "at_least" in line and d["value"] < line["at_least"]):
            continue
        out.append(d)
    return out


def choose_die(state, start: int):
    """(die, card index, line index, cards passed): the first line met, reading from `start`."""
    cards = state["decrees"]["cards"]
    passed = []
    for k in range(len(cards)):
        i = (start + k) % len(cards)
        card = DECREES[cards[i]]
        for li, line in enumerate(card["lines"]):
            dice = matching(state, line)
            if dice:
                die = min(dice, key=lambda d: (card["colours"].index(d["colour"]), d["value"]))
                return die, i, li, passed
        passed.append(cards[i])
    return state["dice"][0], start, None, passed  # no line met anywhere: the leftmost die


def step_towards(state, start: str, good, roads=D.NEIGHBOURS) -> str | None:
    """The next Town on a shortest road path to the nearest Town where `good` holds."""
    seen = {start: None}
    queue = deque([start])
    while queue:
        town = queue.popleft()
        if town != start and good(town):
            while seen[town] != start:
                town = seen[town]
            return town
        for n in roads[town]:
            if n not in seen:
                seen[n] = town
                queue.append(n)
    return None


def play_turn(t, rng) -> None:
    s = t.state
    bot = s["bot"]
    a, b = rng.randint(1, 6), rng.randint(1, 6)
    start = (s["decrees"]["pawn"] + abs(a - b)) % len(s["decrees"]["cards"])
    die, card, line, passed = choose_die(s, start)
    t.emit(event("decree", {"seat": bot, "roll": [a, b], "pawn": start,
                            "card": s["decrees"]["cards"][card], "line": line, "passed": passed},
                 reveal=True, by=BY))
    space = s["wheel"][die["value"] - 1]
    performs = "king" if space == "joker" else space
    tile = s["action_tiles"][space]
    if wedge(s, die["value"]) == PROSPECTOR:  # the Cardinal of Silver takes Prospector Actions
        space = performs = PROSPECTOR
        tile = s["underground"]["wheel_tile"]
    keep = tile if tile is not None and D.TILES[tile]["kind"] == "crest" else None
    removed = tile if tile is not None and keep is None else None
    ap = 7 - die["value"] + challenge(s, "extra_ap")
    t.emit(event("die_taken", {"seat": bot, "colour": die["colour"], "value": die["value"],
                               "to": die["value"], "paid": {}, "space": space, "action": performs,
                               "tile": keep, "removed": removed,
                               "resource": D.COLOURS[die["colour"]], "gain": die["value"], "ap": ap},
                 by=BY))
    perform(t, bot, performs)
    after_action(t, bot)
    t.emit(event("turn_ended", {"seat": bot}, by=BY))
    refill(t, rng, by=BY)


def perform(t, bot, action) -> None:
    s = t.state
    if action == PROSPECTOR:
        cardinal.prospect(t, bot)
        return
    if action == "king":
        steps = min(s["turn"]["ap"], D.KING_TOP - s["king"]["pos"][bot])
        t.emit(event("king_moved", {"seat": bot, "steps": steps, "ap": s["turn"]["ap"]}, by=BY))
        return
    if action == "character":
        ap = t.state["turn"]["ap"]
        t.emit(event("bot_character", {"seat": bot, "vp": ap, "ap": ap}, by=BY))
        return
    if action == "contract":
        while True:
            s = t.state
            slots = [i for i, c in enumerate(s["contracts"]["offer"])
                     if c is not None and D.CONTRACT_OFFER_AP[i] <= s["turn"]["ap"]]
            if not slots:
                return
            i = slots[0]
            t.emit(event("contract_taken", {"seat": bot, "slot": i, "ap": D.CONTRACT_OFFER_AP[i],
                                            "tile": s["contracts"]["offer"][i]}, by=BY))
    pawn = action
    while t.state["turn"]["ap"] > 0:
        s = t.state
        here = s["boards"][bot][pawn]
        if pawn == "architect":
            can = lambda town: can_pillar(s, bot, town)
        else:
            can = lambda town: can_house(s, bot, town)
        if can(here):
            if pawn == "architect":
                t.emit(event("pillar_raised", {"seat": bot, "town": here}, by=BY))
            else:
                vp = (D.TOWNS[here]["bonus"] or {}).get("vp", 0)
                t.emit(event("house_built", {"seat": bot, "town": here, "vp": vp, "building": None,
                                             "bonuses": []}, by=BY))
            continue
        nxt = step_towards(s, here, can)
        if nxt is None:
            return  # nowhere to build: the AP are lost
        t.emit(event("pawn_moved", {"seat": bot, "pawn": pawn, "town": nxt}, by=BY))


def can_pillar(s, bot, town) -> bool:
    tw = s["towns"][town]
    if not D.TOWNS[town]["cathedral"] or D.COST_TILES[tw["cost"]].get("unavailable"):
        return False
    return (bot not in tw["pillars"] and len(tw["pillars"]) < pillar_spaces(s, town)
            and s["boards"][bot]["pillars"] > 0)


def can_house(s, bot, town) -> bool:
    tw = s["towns"][town]
    return (bot not in tw["houses"] and len(tw["houses"]) < house_spaces(s, town)
            and s["boards"][bot]["houses"] > 0)


def after_action(t, bot) -> None:
    s = t.state
    for tile in list(s["boards"][bot]["store"]):
        if D.TILES[tile]["kind"] == "crest" and t.state["boards"][bot]["res"]["food"] >= D.BOT_CREST_FOOD:
            t.emit(event("bot_crest", {"seat": bot, "tile": tile,
                                       "vp": challenge(s, "crest_vp", D.BOT_CREST_VP)}, by=BY))
    for town in D.CATHEDRAL_TOWNS:
        s = t.state
        tw = s["towns"][town]
        if bot in tw["pillars"] and bot not in tw["contributed"] \
                and s["boards"][bot]["res"]["stone"] >= D.COST_TILES[tw["cost"]]["stone"]:
            t.emit(event("contributed", {"seat": bot, "town": town,
                                         "paid": {"stone": D.COST_TILES[tw["cost"]]["stone"]},
                                         "vp": D.COST_TILES[tw["cost"]]["vp"] + tw["cathedral_tiles"][0]},
                         by=BY))
    done = 0
    for tile in list(t.state["boards"][bot]["store"]):
        s = t.state
        b = s["boards"][bot]
        if done == D.BOT_CONTRACTS_PER_TURN or len(b["contracts"]) >= len(D.CONTRACT_SPACE_VP):
            break
        if D.TILES[tile]["kind"] != "contract":
            continue
        cost = D.CONTRACTS[tile]["cost"]
        kept = {"food": D.BOT_FOOD_KEPT}
        if all(b["res"][r] - kept.get(r, 0) >= n for r, n in cost.items()):
            t.emit(event("fulfilled", {"seat": bot, "tile": tile, "space": len(b["contracts"]),
                                       "vp": D.CONTRACTS[tile]["vp"] + challenge(s, "contract_vp", D.BOT_CONTRACT_VP)},
                         by=BY))
            done += 1


# --- evolve -----------------------------------------------------------------------------------------

def on_decree(s, ev):
    s["decrees"]["pawn"] = ev["pawn"]


def on_bot_character(s, ev):
    s["boards"][ev["seat"]]["vp"] += ev["vp"]
    spend(s, ev["ap"])


def on_bot_crest(s, ev):
    b = s["boards"][ev["seat"]]
    b["store"].remove(ev["tile"])
    b["res"]["food"] -= D.BOT_CREST_FOOD
    s["out"].append(ev["tile"])
    b["vp"] += ev["vp"]


EVENTS = {"decree": on_decree, "bot_character": on_bot_character, "bot_crest": on_bot_crest}
