"""The Cardinal of Silver (rules page, "Solo mode"): with Prospect for Silver on, the Cardinalbot
uses its Silver Decrees and Challenges (setup.py, cardinalbot.py) and takes Prospector Actions;
after each of the first three King phases it spends Silver on King's Surprise cards, as many as
its Silver allows, 1, 3 or 5 Silver for 1, 2 or 3 (page, implementation notes), tucked under its
board and counted by the Technology Fair tile; it scores 1 VP per Silver.

STAND-IN (docs/games/tiletum.md): how it takes the Prospector Action (a die over the Prospector
wedge always takes it; it hires only on the free map 1 and, for each AP, places a Mine where its
Prospector stands or walks towards the nearest Town where it can), that it ignores the movement
wedge, and that each King's Surprise card scores its printed VP at the end."""
from __future__ import annotations

from collections import deque

from engines.core import event
from engines.tiletum import data as D
from engines.tiletum.prospect import data as P
from engines.tiletum.prospect import underground

BY = D.BOT


def buy_surprises(t, rng) -> None:
    s = t.state
    bot = s["bot"]
    if s["round"] > P.SURPRISE_ROUNDS:
        return
    pile = sorted(s["underground"]["surprises"])
    silver = s["boards"][bot]["silver"]
    n = max([k for k, cost in P.SURPRISE_COST.items() if cost <= silver and k <= len(pile)] or [0])
    if n:
        cards = [pile.pop(rng.randbelow(len(pile))) for _ in range(n)]
        t.emit(event("surprises_bought", {"seat": bot, "cards": cards, "silver": P.SURPRISE_COST[n]},
                     reveal=True, by=BY))


def on_surprises_bought(s, ev):
    b = s["boards"][ev["seat"]]
    b["silver"] -= ev["silver"]
    b["surprises"] += ev["cards"]
    for card in ev["cards"]:
        s["underground"]["surprises"].remove(card)


def can_mine(s, bot, town) -> bool:
    spaces = s["underground"]["towns"][town]["mines"]
    return bot not in spaces and None in spaces and s["boards"][bot]["mines"] > 0


def step_towards(start, good):
    """The next Town on a shortest Underground path to the nearest Town where `good` holds."""
    seen, queue = {start: None}, deque([start])
    while queue:
        town = queue.popleft()
        if town != start and good(town):
            while seen[town] != start:
                town = seen[town]
            return town
        for n in P.NEIGHBOURS[town]:
            if n not in seen:
                seen[n] = town
                queue.append(n)
    return None


def prospect(t, bot) -> None:
    """Its Prospector Action."""
    m = P.BOT_MAP
    if underground.where(t.state, bot, m) is None:
        underground.do_hire(t, bot, m, None, by=BY)
    while t.state["turn"]["ap"] > 0:
        s = t.state
        here = underground.where(s, bot, m)
        if can_mine(s, bot, here):
            underground.do_mine(t, bot, (here, s["underground"]["towns"][here]["mines"].index(None)), None, by=BY)
            continue
        nxt = step_towards(here, lambda town: can_mine(s, bot, town))
        if nxt is None:
            return  # nowhere to dig: the AP are lost
        underground.moved(t, bot, (here, nxt), False, by=BY)


EVENTS = {"surprises_bought": on_surprises_bought}
