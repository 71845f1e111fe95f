"""What each viewer sees: hands are private (others see how many; a teammate's too); the deck is
a count; the discard pile and face-up cards are open; a face-down card shows only to the players
of its board ("You can always look at your own face down cards": in a team game the whole team
looks at its captain's board). Points are public: everything they depend on is."""
from __future__ import annotations

import copy

from engines.core import ALL
from engines.trickdraw import cards as tc
from engines.trickdraw import scoring, teams
from engines.trickdraw.winning import points_of


def catalogue() -> dict:
    """Every card as the page shows it, with where each of its aspects comes from."""
    return {name: {"title": d["title"], "text": d["text"], "effect": d["effect"], "cost": d["cost"],
                   "once_per_turn": d["once_per_turn"], "copies": d["copies"],
                   "source": dict(d["source"]), "stand_in": bool(d["stand_in"]),
                   "invented": list(d["stand_in"]), "note": d["note"]}
            for name, d in tc.CARDS.items()}


def view(state: dict, viewer, active: list[int]) -> dict:
    open_view = viewer == ALL
    own = viewer if type(viewer) is int and 0 <= viewer < state["players"] else None
    sees = set(teams.team_of(state, own)) if own is not None else set()
    boards = []
    for seat, board in enumerate(state["boards"]):
        row = []
        for slot, c in enumerate(board):
            shown = {"slot": slot, "up": c["up"], "used": c["used"]}
            if c["up"] or open_view or seat in sees:
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
    ready = state["phase"] in ("playing", "over")
    out = {
        "players": state["players"],
        "target": state["target"],
        "treasure_needs": scoring.treasure_needs(state["target"]),
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
        "points": [points_of(state, s) if ready else 0 for s in range(state["players"])],
        "teams": None if not state["teams"] else [
            {"seats": list(team["seats"]), "captain": team["captain"],
             "points": scoring.points(state["boards"][team["captain"]])
             if team["captain"] is not None else 0}
            for team in state["teams"]],
        "offer": None if pending is None else {
            **pending, "player": teams.acting_for(state, pending["seat"]),
            "cost": scoring.cost(state["boards"][pending["seat"]], pending["card"])},
        "cards": catalogue(),
        "over": state["phase"] == "over",
        "result": copy.deepcopy(state["final"]),
    }
    if open_view:
        out["deck_cards"] = list(state["deck"])
    return out
