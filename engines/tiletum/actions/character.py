"""The Character Action (rules page, "The Actions: Character"): 1 AP to take a Character from the
offer into your Storehouse; 1 AP to discard the five on offer and draw five; 1 / 2 / 3 AP to place
one from your Storehouse on floor 1 / 2 / 3 of a Building, taking its printed bonus at once. A
Building holds one type of Character only, and a type goes in one Building only.

The replacement for a Character taken from the offer stays face down until revealed (page,
"Playing on BGA" and implementation notes): taking a Character then draws nothing, so the turn
can still be restarted; the `reveal` move, free, turns the face-down slots up (a draw: a reveal
for undo), and the end of the turn turns them up anyway. A face-down slot cannot be taken."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.tiletum import data as D
from engines.tiletum import moves as mv
from engines.tiletum.actions.points import allowed, in_action, spend
from engines.tiletum.board import apply_bonus, building_type, can_hold, check_buildings
from engines.tiletum.prospect import technologies as tech


def check_take_character(state, seat, move, ctx=None):
    in_action(state, ["character"], 1, ctx)
    slot = mv.integer(move, "slot", 0, D.OFFER - 1, "an offer slot")
    tile = state["characters"]["offer"][slot]
    if slot in state["characters"]["face_down"]:
        raise IllegalMove("face_down", "That slot's new Character is face down: reveal it first.")
    if tile is None:
        raise IllegalMove("empty_slot", "That offer slot is empty.")
    if not can_hold(state["boards"][seat], tile):
        raise IllegalMove("storehouse_full", "Your Storehouse has no room for that tile.")
    return slot


def draw_characters(t, slots, rng):
    pool = sorted(t.state["characters"]["pile"])
    if len(pool) < len(slots):
        pool += sorted(t.state["characters"]["discard"])
    drawn = []
    for _ in slots:
        drawn.append(pool.pop(rng.randbelow(len(pool))) if pool else None)
    t.emit(event("characters_drawn", {"slots": slots, "tiles": drawn}, reveal=True))


def do_take_character(t, seat, slot, rng):
    t.emit(event("character_taken", {"seat": seat, "slot": slot,
                                     "tile": t.state["characters"]["offer"][slot]}))


def check_reveal(state, seat, move):
    if not state["characters"]["face_down"]:
        raise IllegalMove("nothing_face_down", "No Character in the offer is face down.")


def do_reveal(t, seat, p, rng):
    reveal_face_down(t, rng)


def reveal_face_down(t, rng):
    """Turn up the face-down slots: the new Characters are drawn now."""
    slots = sorted(t.state["characters"]["face_down"])
    if slots:
        draw_characters(t, slots, rng)


def check_refresh(state, seat, move, ctx=None):
    in_action(state, ["character"], 1, ctx)


def do_refresh(t, seat, p, rng):
    t.emit(event("characters_discarded", {"seat": seat}))
    draw_characters(t, list(range(D.OFFER)), rng)


def check_place(state, seat, move, ctx=None):
    tile = mv.tile(move)
    bld = mv.integer(move, "building", 0, mv.BUILDINGS - 1, "a Building")
    floor = mv.integer(move, "floor", 1, 3, "a floor")
    in_action(state, ["character"], D.CHARACTER_FLOOR_AP[floor - 1], ctx)
    b = state["boards"][seat]
    if tile not in b["store"] or D.TILES[tile]["kind"] != "character":
        raise IllegalMove("not_in_storehouse", "That Character is not in your Storehouse.")
    if floor > len(b["rooms"][bld]) or b["rooms"][bld][floor - 1] is not None:
        raise IllegalMove("room_taken", "That Building has no free room on that floor.")
    ctype = D.CHARACTERS[tile]["ctype"]
    here = building_type(b, bld)
    if here is not None and here != ctype:
        raise IllegalMove("wrong_type", "A Building holds one type of Character only.")
    if any(building_type(b, i) == ctype for i in range(mv.BUILDINGS) if i != bld):
        raise IllegalMove("type_elsewhere", "That type of Character is in another Building already.")
    return tile, bld, floor


def do_place(t, seat, p, rng):
    t.emit(event("character_placed", {"seat": seat, "tile": p[0], "building": p[1],
                                      "floor": p[2], "ap": D.CHARACTER_FLOOR_AP[p[2] - 1],
                                      "vp": tech.value(t.state, seat, "place_vp")}))


def options(state, seat, ctx):
    b = state["boards"][seat]
    out = [{"type": "refresh"}]
    out += [{"type": "take_character", "slot": i} for i, c in enumerate(state["characters"]["offer"])
            if c is not None and can_hold(b, c)]
    for c in b["store"]:
        if D.TILES[c]["kind"] != "character":
            continue
        for bld, rooms in enumerate(b["rooms"]):
            for floor in range(1, len(rooms) + 1):
                m = {"type": "place", "tile": c, "building": bld, "floor": floor}
                if allowed(check_place, state, seat, m, ctx):
                    out.append(m)
    return out


def on_character_taken(s, ev):
    s["characters"]["offer"][ev["slot"]] = None
    s["characters"]["face_down"].append(ev["slot"])
    s["boards"][ev["seat"]]["store"].append(ev["tile"])
    spend(s, 1)


def on_characters_discarded(s, ev):
    ch = s["characters"]
    ch["discard"] += [c for c in ch["offer"] if c is not None]
    ch["offer"] = [None] * D.OFFER
    spend(s, 1)


def on_characters_drawn(s, ev):
    ch = s["characters"]
    ch["face_down"] = [x for x in ch["face_down"] if x not in ev["slots"]]
    for slot, tile in zip(ev["slots"], ev["tiles"]):
        if tile is None:
            continue
        if tile not in ch["pile"]:  # the pile ran out: the discards were shuffled in
            ch["pile"] += ch["discard"]
            ch["discard"] = []
        ch["pile"].remove(tile)
        ch["offer"][slot] = tile
    ch["pile"].sort()


def on_character_placed(s, ev):
    b = s["boards"][ev["seat"]]
    b["store"].remove(ev["tile"])
    b["rooms"][ev["building"]][ev["floor"] - 1] = ev["tile"]
    apply_bonus(s, ev["seat"], D.CHARACTERS[ev["tile"]]["bonus"])
    b["vp"] += ev["vp"]
    check_buildings(s, ev["seat"])
    spend(s, ev["ap"])


MOVES = {"take_character": (check_take_character, do_take_character),
         "refresh": (check_refresh, do_refresh), "place": (check_place, do_place),
         "reveal": (check_reveal, do_reveal)}
EVENTS = {"character_taken": on_character_taken, "characters_discarded": on_characters_discarded,
          "characters_drawn": on_characters_drawn, "character_placed": on_character_placed}
