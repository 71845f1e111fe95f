"""What each viewer sees. Everything on the table is public; hidden are other seats' Decrees and
their dealt offer (until the Decrees are revealed at game end), the deck (its size only) and the
Decrees not kept. The open view (ALL) shows everything."""
from __future__ import annotations

from engines.core import ALL
from engines.core.secrecy import get_path
from engines.tekhenu import data as D
from engines.tekhenu.before_round_1 import KEEP
from engines.tekhenu.maat import balance
from engines.tekhenu.obelisk import light


def view(engine, s, viewer):
    everything = viewer == ALL

    def seat_view(seat, p):
        own = everything or (type(viewer) is int and viewer == seat)
        out = {k: v for k, v in p.items() if k not in ("decrees", "offer", "chosen")}
        out["seat"] = seat
        out["decrees"] = list(p["decrees"]) if own or s["revealed"] else None
        out["decree_count"] = len(p["decrees"])
        out["offer"] = list(p["offer"]) if own else None
        out["chosen"] = p["chosen"] if own else None
        out["has_chosen"] = KEEP.has_chosen(s, seat)
        out["balance"] = balance(p)
        return out

    out = {k: v for k, v in s.items() if k not in ("p", "deck", "removed")}
    out["players_view"] = [seat_view(x, p) for x, p in enumerate(s["p"])]
    out["deck_size"] = len(s["deck"])
    out["removed_size"] = len(s["removed"])
    out["lights"] = [light(s, sec) for sec in range(6)]
    out["gods"] = list(D.GODS)
    out["buildings_per_player"] = D.BUILDINGS_PER_PLAYER
    out["active"] = engine.active(s)
    out["awaited"] = engine.awaited(s)
    out["result"] = engine.result(s)
    if everything:
        out["deck"] = list(s["deck"])
        out["removed"] = list(s["removed"])
    return out


def hidden_zones(state, viewer):
    """The deck, the Decrees not kept, and other seats' Decrees (until revealed)."""
    if viewer == ALL:
        return []
    zones = [["deck"], ["removed"]]
    for seat in range(state["players"]):
        if seat != viewer:
            zones.append(["p", seat, "offer"])
            if not state["revealed"]:
                zones.append(["p", seat, "decrees"])
    return zones


def resample(state, viewer, rng):
    """Redeal hidden cards with Decrees only where Decrees lie; a seat's secret keep is one of
    its new offer."""
    zones = hidden_zones(state, viewer)
    lists = [get_path(state, z) for z in zones]
    pool = [c for z in lists for c in z]
    decrees = [c for c in pool if D.CARDS[c]["kind"] == "decree"]
    rng.shuffle(decrees)
    for z, lst in zip(zones, lists):
        if z != ["deck"]:
            lst[:], decrees = decrees[:len(lst)], decrees[len(lst):]
    deck = get_path(state, ["deck"])
    deck[:] = sorted(decrees + [c for c in pool if D.CARDS[c]["kind"] != "decree"])
    for seat, p in enumerate(state["p"]):
        if seat != viewer and p["chosen"] is not None:
            p["chosen"] = rng.choice(p["offer"])
    return state
