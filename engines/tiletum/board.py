"""Your player board (rules page, "Your player board"): the Storehouse, the Buildings and
Completed Buildings, the Houses and Pillars in your supply, and the printed bonuses they pay."""
from __future__ import annotations

from engines.tiletum import data as D
from engines.tiletum.king_track import king_up


def store_room(board) -> int:
    return D.STOREHOUSE - len(board["store"])


def can_hold(board, tile_id) -> bool:
    """A tile may go into the Storehouse: a free space, and never two Crests of one family."""
    if store_room(board) <= 0:
        return False
    t = D.TILES[tile_id]
    if t["kind"] == "crest":
        held = [D.TILES[x].get("family") for x in board["store"]] + board["crests"]
        return t["family"] not in held
    return True


def building_type(board, b: int):
    """The Character type a Building holds (the sixth one's is printed), or None while empty."""
    if b == len(D.BUILDING_ROOMS) - 1:
        return D.PRINTED_CHARACTER
    for room in board["rooms"][b]:
        if room is not None:
            return D.CHARACTERS[room]["ctype"]
    return None


def _all_towns(state):
    """The main board's Towns, and with Prospect for Silver the Underground ones in play: their
    Houses and Pillars count for everything a main-board one does (rules page)."""
    towns = list(state["towns"].values())
    if state.get("prospect"):
        towns += list(state["underground"]["towns"].values())
    return towns


def houses_on_map(state, seat) -> int:
    return sum(seat in t["houses"] for t in _all_towns(state))


def pillars_on_map(state, seat) -> int:
    return sum(seat in t["pillars"] for t in _all_towns(state))


def mines_on_map(state, seat) -> int:
    if not state.get("prospect"):
        return 0
    return sum(seat in t["mines"] for t in state["underground"]["towns"].values())


def cathedrals_contributed(state, seat) -> int:
    return sum(seat in t["contributed"] for t in _all_towns(state))


def apply_bonus(state, seat, bonus) -> None:
    """A printed bonus: Resources, VP or King steps; with the expansion Silver, or a locked Mine
    unlocked (evolve only)."""
    if not bonus:
        return
    b = state["boards"][seat]
    for r, n in bonus.get("res", {}).items():
        b["res"][r] += n
    b["vp"] += bonus.get("vp", 0)
    if bonus.get("silver"):
        b["silver"] += bonus["silver"]
    for _ in range(min(bonus.get("mine", 0), b.get("locked", 0))):
        b["locked"] -= 1
        b["mines"] += 1
    if bonus.get("king"):
        king_up(state, seat, bonus["king"])


def check_buildings(state, seat) -> None:
    """Roof Houses for full Buildings; Bonus AP markers for Completed ones (evolve only)."""
    b = state["boards"][seat]
    for i, rooms in enumerate(b["rooms"]):
        full = all(r is not None for r in rooms)
        if full and not b["roofs"][i]:
            b["roofs"][i] = True
            if D.ROOF_HOUSE[i]:
                b["houses"] += 1
        if full and b["crests"][i] is not None and not b["completed"][i]:
            b["completed"][i] = True
            marker = D.BONUS_AP_MARKERS[i]
            if marker:
                a = building_type(b, i)
                b["markers"][a] = b["markers"].get(a, 0) + marker
