"""Tekhenu's rules as pure functions of the state: the light, the dice, costs, what an action may
do, the Temple's geometry, Maat and the scoring tables. The engine turns them into events."""
from __future__ import annotations

from itertools import combinations

from engines.tekhenu import data as D


# --- the Obelisk ---------------------------------------------------------------------------------

def light(s: dict, section: int) -> str:
    """The light over a section with the wheel in its current position."""
    return D.LIGHT_PATTERN[(section + s["wheel"]) % 6]


def purity(s: dict, section: int, colour: str) -> str:
    return D.PURITY[light(s, section)][colour]


def shaded_sections(s: dict) -> list[int]:
    return [i for i in range(6) if light(s, i) == "shaded"]


def scribe_cost(old: int, new: int) -> int:
    """1 Scribe changes a die by 1 or 2; Scribes stack."""
    return (abs(new - old) + 1) // 2


def find_die(s: dict, die: int):
    for sec, dice in enumerate(s["sections"]):
        for d in dice:
            if d["id"] == die:
                return sec, d
    return None, None


# --- paying --------------------------------------------------------------------------------------

def payment(p: dict, cost: dict):
    """The delta that pays `cost` (resources first, Gold for the shortfall), or None."""
    delta, gold = {}, 0
    for res, n in cost.items():
        if n <= 0:
            continue
        use = min(p[res], n)
        if use:
            delta[res] = -use
        gold += n - use
    if gold > p["gold"]:
        return None
    if gold:
        delta["gold"] = -gold
    return delta


# --- the Temple ----------------------------------------------------------------------------------

def temple_spaces(players: int) -> int:
    return D.TEMPLE_SPACES[players]


def line_cells(line) -> list[int]:
    kind, k = line
    n = D.TEMPLE_SIZE
    return [k * n + c for c in range(n)] if kind == "row" else [r * n + k for r in range(n)]


def cell_lines(cell: int) -> list[list]:
    r, c = divmod(cell, D.TEMPLE_SIZE)
    return [["row", r], ["col", c]]


def rotated(edges: list, rotation: int) -> list:
    """Edges N, E, S, W after `rotation` quarter turns clockwise."""
    return [edges[(k - rotation) % 4] for k in range(4)]


def buildings_in_lines(s: dict, lines: list, seat=None) -> int:
    n = 0
    for i, owner in enumerate(s["spaces"]):
        if owner is not None and (seat is None or owner == seat) \
                and D.BUILDING_SPACES[i]["line"] in lines:
            n += 1
    return n


def statues_in_lines(s: dict, lines: list, seat: int) -> int:
    return sum(1 for i, owner in enumerate(s["gold_spaces"])
               if owner == seat and D.GOLD_SPACES[i].get("line") in lines)


def edge_matches(s: dict, tile: str, cell: int, rotation: int) -> int:
    size = D.TEMPLE_SIZE
    r, c = divmod(cell, size)
    edges = rotated(D.PILLAR_TILES[tile]["edges"], rotation)
    matches = 0
    for k, side in enumerate(D.SIDES):
        dr, dc = D.STEP[side]
        nr, nc = r + dr, c + dc
        if 0 <= nr < size and 0 <= nc < size:
            other = s["temple"][nr * size + nc]
            if other is None:
                continue
            theirs = rotated(D.PILLAR_TILES[other["tile"]]["edges"], other["rotation"])
            if theirs[D.SIDES.index(D.OPPOSITE[side])] == edges[k]:
                matches += 1
        elif D.BORDER.get(f"{r},{c},{side}") == edges[k]:
            matches += 1
    return matches


def is_corner(cell: int) -> bool:
    r, c = divmod(cell, D.TEMPLE_SIZE)
    last = D.TEMPLE_SIZE - 1
    return r in (0, last) and c in (0, last)


def pillar_vp(s: dict, slot: int, tile: str, cell: int, rotation: int) -> dict:
    """What raising a Pillar scores: buildings in its lines, matching edges, the slot's VP."""
    buildings = buildings_in_lines(s, cell_lines(cell))
    matches = edge_matches(s, tile, cell, rotation)
    edge_vp = matches * (2 if is_corner(cell) else 1)
    return {"buildings": buildings, "edges": edge_vp, "slot": D.RA_SLOTS[slot]["vp"],
            "total": buildings + edge_vp + D.RA_SLOTS[slot]["vp"]}


# --- what an action may do -----------------------------------------------------------------------

def open_sections(s: dict, seat: int) -> list[int]:
    h = s["p"][seat]["happiness"]
    return [k for k in range(D.MARKET_SECTIONS) if h >= D.MARKET_HAPPINESS[k] and s["filled"][k]]


def statues_for(s: dict, god: str) -> list[dict]:
    return [st for st in s["statues"] if st["god"] == god]


def action_templates(s: dict, seat: int, action: str, value: int, colour):
    """The ways `seat` may perform `action` with die `value`: a list of (fixed, choose) pairs,
    where choose maps a move field to the values it may take. Empty when it cannot."""
    p = s["p"][seat]
    n = s["players"]
    if action == "produce":
        return [({}, {})] if colour in D.PRODUCE else []
    if action == "horus":
        if p["statues"] >= len(D.STATUE_COST) or \
                payment(p, {"granite": D.STATUE_COST[p["statues"]]}) is None:
            return []
        out = []
        god = s["horus_gods"][value - 1]
        if len(statues_for(s, god)) < D.STATUE_SPACES[n]:
            out.append(({"mode": "god"}, {}))
        free = [i for i, owner in enumerate(s["gold_spaces"]) if owner is None]
        if free:
            out.append(({"mode": "people"}, {"space": free}))
        return out
    if action == "ra":
        slot = D.ra_slot(value)
        tile = s["ra"][slot]
        empty = [i for i, c in enumerate(s["temple"]) if c is None]
        if tile is None or not empty or payment(p, D.PILLAR_TILES[tile]["cost"]) is None:
            return []
        return [({}, {"space": empty, "rotation": [0, 1, 2, 3]})]
    if action == "hathor":
        if p["buildings"] >= D.BUILDINGS:
            return []
        ok = [i for i, owner in enumerate(s["spaces"]) if owner is None
              and payment(p, {"bread": D.BUILDING_SPACES[i]["bread"]}) is not None]
        return [({}, {"space": ok})] if ok else []
    if action == "bastet":
        return [({}, {})] if payment(p, D.BASTET_COST) is not None else []
    if action == "thoth":
        k, cost = D.thoth_cards(value)
        if payment(p, {"papyrus": cost}) is None:
            return []
        if not any(len(s["market"][sec]) >= k for sec in open_sections(s, seat)):
            return []
        return [({}, {})]
    if action == "osiris":
        if p["happiness"] < 1 or p["buildings"] >= D.BUILDINGS:
            return []
        ok = [d for d in range(4) if seat not in s["districts"][d][value - 1]]
        if not ok:
            return []
        choose = {"district": ok}
        if D.OSIRIS_ROWS[value]["track"]:
            choose["track"] = list(D.RESOURCES)
        return [({}, choose)]
    return []


# --- Maat ----------------------------------------------------------------------------------------

def balance(p: dict) -> int:
    """Pure dice − Tainted dice − 1 per excess resource; Anubis dice do not count."""
    sc = p["scales"]
    return (sum(d["value"] for d in sc["pure"]) - sum(d["value"] for d in sc["tainted"])
            - sum(p["excess"].values()))


def with_faith(bal: int, faith: int) -> tuple[int, int]:
    """Faith moves the balance toward zero, ±1 each (never worse to use it so)."""
    used = min(faith, abs(bal))
    return (bal - used if bal > 0 else bal + used), used


def maat_order(s: dict, finals: list[int]) -> list[int]:
    """Closest to zero first (+1 and −1 tie); ties to the higher Ankh on the Destiny card."""
    def ankh(seat):
        card = s["p"][seat]["destiny"]
        return D.DESTINY[card]["ankh"] if card else 0
    return sorted(range(s["players"]), key=lambda seat: (abs(finals[seat]), -ankh(seat)))


# --- Scoring -------------------------------------------------------------------------------------

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
    around = sum(1 for owner in s["spaces"] if owner == seat)
    around += sum(1 for i, owner in enumerate(s["gold_spaces"])
                  if owner == seat and D.GOLD_SPACES[i]["where"] == "temple")
    pillars = 0
    for cell, c in enumerate(s["temple"]):
        if c is not None and c["seat"] == seat:
            lines = cell_lines(cell)
            pillars += buildings_in_lines(s, lines, seat) + statues_in_lines(s, lines, seat)
    return around + pillars


def scoring(s: dict, seat: int) -> dict:
    """One seat's Scoring (after rounds 8 and 16), item by item, before Bread upkeep."""
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


def decree_value(s: dict, seat: int, card: str) -> int:
    c = D.CARDS[card]
    p = s["p"][seat]
    kind = c["scores"]
    units = {
        "statues": p["statues"], "pillars": p["pillars"], "buildings": p["buildings"],
        "happiness": p["happiness"] // 3, "production": sum(p["production"].values()) // 2,
        "scribes": p["scribes"],
        "districts": sum(1 for d in range(4)
                         if any(seat in row for row in s["districts"][d])),
        "cards": len(p["cards"]), "none": 0,
    }[kind]
    vp = units * c["per"]
    return min(vp, c["cap"]) if "cap" in c else vp


def best_decrees(s: dict, seat: int) -> list[str]:
    """Up to 3 Decrees, at most one per symbol, scoring the most (the "Best" button)."""
    held = [c for c in s["p"][seat]["decrees"] if D.CARDS.get(c, {}).get("kind") == "decree"]
    best, best_vp = [], -1
    for k in range(min(D.DECREES_SCORED, len(held)), -1, -1):
        for combo in combinations(sorted(held), k):
            if len({D.CARDS[c]["symbol"] for c in combo}) < k:
                continue
            vp = sum(decree_value(s, seat, c) for c in combo)
            if vp > best_vp:
                best, best_vp = list(combo), vp
    return best


def ranking(s: dict) -> list[int]:
    """Most VP wins; ties: most Scribes, then earlier in turn order."""
    return sorted(range(s["players"]), key=lambda seat: (-s["p"][seat]["vp"],
                                                         -s["p"][seat]["scribes"],
                                                         s["order"].index(seat)))
