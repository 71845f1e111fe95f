"""Counting the scoring conditions (rules page, "Reference tables"), the Cerdà multiplier, the
Citizen tracks' visible VP, and the final scoring."""
from engines.barcelona import city
from engines.barcelona.data import (CERDA_LABELS, CLASSES, COBBLESTONE_VP, CONDITIONS,
                                    PASSENGER_VP, PROJECT_SPACES, TRACK_VP)


def multiplier(pos: int) -> int:
    """The highest labelled value at or below the marker; the start space counts as x1."""
    for p in range(pos, -1, -1):
        label = CERDA_LABELS[p]
        if label == "start":
            return 1
        if label is not None:
            return label
    return 0


def lowest_visible_vp(tracks: dict) -> int:
    """The lowest VP value still visible on any Citizen track (0 when every space is covered)."""
    seen = [TRACK_VP[i] for c in CLASSES for i, cell in enumerate(tracks[c]) if cell is None]
    return min(seen) if seen else 0


def _runs(cells: set, size: int) -> int:
    best = 0
    for line in range(size):
        for horizontal in (True, False):
            run = 0
            for k in range(size):
                if ((k, line) if horizontal else (line, k)) in cells:
                    run += 1
                    best = max(best, run)
                else:
                    run = 0
    return best


def _line(state, seat, kind) -> int:
    best = 0
    for street, spaces in city.STREET_SPACES.items():
        run = 0
        for s in spaces:
            tile = state["street_tiles"].get(s)
            if tile and tile["seat"] == seat and tile["kind"] == kind:
                run += 1
                best = max(best, run)
            else:
                run = 0
    return min(best, 4)


def count(state: dict, seat: int, cond: str) -> int:
    p = state["p"][seat]
    built = state["buildings"]
    if cond == "block_line":
        blocks = {tuple(city.BUILDING_SPACES[k]["block"]) for k, b in built.items()
                  if seat in b["markers"]}
        return _runs(blocks, city.SIZE - 1)
    if cond == "coins":
        return min(p["coins"], 5)
    if cond == "cloths":
        return min(p["cloths"], 5)
    if cond == "services":
        return len(p["services"])
    if cond == "top_markers":
        return sum(1 for pr in p["projects"] if pr["top"])
    if cond == "cobblestones":
        return p["cobblestones"]
    if cond in ("narrow", "wide"):
        return sum(1 for t in state["street_tiles"].values() if t["seat"] == seat and t["kind"] == cond)
    if cond == "passengers":
        return p["passengers"]
    if cond == "intersections":
        return p["intersections"]
    if cond == "corners":
        return len({tuple(city.BUILDING_SPACES[k]["block"]) for k, b in built.items()
                    if b["tiles"][-1] == "corner" and seat in b["markers"]})
    if cond == "projects":
        return sum(1 for pr in p["projects"] if pr["tile"] is not None)
    if cond == "bottom_markers":
        return sum(1 for b in built.values()
                   if b["tiles"][-1] != "corner" and b["markers"] and b["markers"][0] == seat)
    if cond == "empty_spots":
        return sum(1 for n in p["markers"] if n == 0)
    if cond == "busy_intersections":
        return sum(1 for c, owner in state["intersections"].items() if owner == seat
                   and sum(1 for s in city.spaces_around(c) if s in built) >= 3)
    if cond == "multiplier":
        return multiplier(p["cerda"])
    if cond == "busy_passengers":
        return sum(1 for s, owner in state["passengers"].items() if owner == seat
                   and sum(1 for b in city.spaces_beside(s) if b in built) >= 2)
    if cond == "narrow_line":
        return _line(state, seat, "narrow")
    if cond == "wide_line":
        return _line(state, seat, "wide")
    raise ValueError(cond)


def cerda_points(state: dict, seat: int, cond: str) -> int:
    """tile value x the player's count x the player's Cerdà multiplier."""
    return CONDITIONS[cond]["vp"] * count(state, seat, cond) * multiplier(state["p"][seat]["cerda"])


def project_points(state: dict, seat: int) -> int:
    total = 0
    for slot, pr in enumerate(state["p"][seat]["projects"]):
        if pr["tile"] is not None:
            cond = state["tiles"][pr["tile"]]
            mult = PROJECT_SPACES[slot]["top" if pr["top"] else "bottom"]
            total += CONDITIONS[cond]["vp"] * count(state, seat, cond) * mult
    return total


def final_points(state: dict, seat: int) -> dict:
    p = state["p"][seat]
    return {
        "cobblestones": COBBLESTONE_VP[p["cobblestones"] - 1] if p["cobblestones"] else 0,
        "passengers": PASSENGER_VP[p["passengers"] - 1] if p["passengers"] else 0,
        "projects": project_points(state, seat),
    }
