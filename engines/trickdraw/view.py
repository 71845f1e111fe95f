"""What each viewer sees: hands are private (others see how many); the deck is a count; the
discard pile and face-up cards are open; a face-down card shows only to its owner ("You can
always look at your own face down cards"). Points are public: everything they depend on is."""
from __future__ import annotations

import copy

from engines.core import ALL
from engines.trickdraw import cards as tc
from engines.trickdraw import scoring


def catalogue() -> dict:
    return {name: {"title": d["title"], "effect": d["effect"], "cost": d["cost"],
                   "once_per_turn": d["once_per_turn"],
                   "stand_in": d["source"].startswith("stand-in")}
            for name, d in tc.CARDS.items()}


def view(state: dict, viewer, active: list[int]) -> dict:
    open_view = viewer == ALL
    own = viewer if type(viewer) is int and 0 <= viewer < state["players"] else None
    boards = []
    for seat, board in enumerate(state["boards"]):
        row = []
        for slot, c in enumerate(board):
            shown = {"slot": slot, "up": c["up"], "used": c["used"]}
            if c["up"] or open_view or seat == own:
                shown["card"] = c["card"]
            row.append(shown)
        boards.append(row)
    hands = []
    for seat, hand in enumerate(state["hands"]):
        entry = {"seat": seat, "count": len(hand)}
        if open_view or seat == own:
            entry["cards"] = list(hand)
        hands.append(entry)
    pending = state["pending"][-1] if state["pending"] else None
    out = {
        "players": state["players"],
        "target": state["target"],
        "phase": state["phase"],
        "first": state["first"],
        "turn": state["turn"] if state["phase"] == "playing" else None,
        "played": state["played"],
        "active": active,
        "deck": len(state["deck"]),
        "discard": list(state["discard"]),
        "hand": list(state["hands"][own]) if own is not None else None,
        "hands": hands,
        "boards": boards,
        "points": [scoring.points(b) for b in state["boards"]],
        "offer": None if pending is None else {
            **pending, "cost": scoring.cost(state["boards"][pending["seat"]], pending["card"])},
        "cards": catalogue(),
        "over": state["phase"] == "over",
        "result": copy.deepcopy(state["final"]),
    }
    if open_view:
        out["deck_cards"] = list(state["deck"])
    return out
