"""The legal moves of a seat (DESIGN.md, "legal_moves"): every concrete move, no templates. The
Tasks and the die are tried against their own checks; the Action in progress lists its steps."""
from __future__ import annotations

from engines.core import IllegalMove
from engines.tiletum import data as D
from engines.tiletum import moves as mv
from engines.tiletum.actions import action_moves
from engines.tiletum.actions.points import context
from engines.tiletum.prospect import data as P
from engines.tiletum.prospect import technologies, underground
from engines.tiletum.prospect.wheel import PROSPECTOR, wedge


def candidates(state, seat) -> list[dict]:
    """Task moves, the end of the turn and the dice, before checking."""
    turn = state["turn"]
    b = state["boards"][seat]
    cands = [{"type": "buy", "resource": r} for r in D.RESOURCES[1:]]
    for x in b["store"]:
        kind = D.TILES[x]["kind"]
        if kind == "contract":
            cands.append({"type": "fulfil", "tile": x})
        elif kind == "crest":
            cands += [{"type": "crest", "tile": x, "building": i} for i in range(mv.BUILDINGS)]
        elif kind in ("helper", "plus_ap"):  # a colour Helper goes with the die (below)
            cands.append({"type": "helper", "tile": x})
    cands += [{"type": "contribute", "town": town} for town in D.CATHEDRAL_TOWNS]
    if state["prospect"]:
        cands += [{"type": "contribute", "town": town} for town in state["underground"]["towns"]
                  if P.UNDERGROUND_TOWNS[town]["cathedral"]]
        cands += technologies.options(state, seat) + underground.task_options(state, seat)
    cands.append({"type": "reveal"})
    cands.append({"type": "finish_helper"})
    cands.append({"type": "end"})
    if turn["stage"] == "choose" and turn["helper"] is None:
        # colour Helpers are interchangeable: only the first one held is offered
        helpers = [x for x in sorted(b["store"]) if D.TILES[x]["kind"] == "colour_helper"][:1]
        seen = []
        for d in state["dice"]:
            if d in seen:
                continue
            seen.append(d)
            colours = [(None, None)] + [(h, c) for h in helpers for c in D.COLOUR_IDS if c != d["colour"]]
            for to in range(1, 7):
                joker = state["wheel"][to - 1] == "joker"
                chosen = D.CHARACTER_TYPES if joker else [None]
                if wedge(state, to) == PROSPECTOR:
                    chosen = chosen + [PROSPECTOR]
                for bonus in (False, True):
                    for a in chosen:
                        for h, c in colours:
                            cands.append({"type": "take_die", "colour": d["colour"], "value": d["value"],
                                          "to": to, "bonus": bonus, "action": a, "helper": h, "recolour": c})
    return cands


def legal_moves(state, seat, checks) -> list[dict]:
    """checks: move type -> its check (state, seat, move)."""
    if state["phase"] == "king_bonus":
        return [{"move": {"type": "king_bonus", "take": True}},
                {"move": {"type": "king_bonus", "take": False}}]
    moves = []
    for m in candidates(state, seat):
        try:
            checks[m["type"]](state, seat, m)
        except IllegalMove:
            continue
        moves.append(m)
    moves += action_moves(state, seat, context(state))
    return [{"move": m} for m in moves]
