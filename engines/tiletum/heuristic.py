"""A simple heuristic player for Tiletum: `choose(engine, state, seat, rng) -> move`.

It plays the legal moves by a fixed order of preference, the things that score first: fulfil a
Contract, place a Crest, contribute to a Cathedral, place a Character, build (Houses, Pillars,
Mines), climb a Technology; then take tiles that lead there; walking, exchanging and buying come
last, and the turn ends when nothing better is left. A die is chosen for the Action that can use
it now. Ties and a little noise are broken by the rng, so play-outs differ. It is meant for
rollouts (a search bot) and for the reach test, not as a strong player; it sees only what the
seat may see (the view's facts, the legal moves)."""
from __future__ import annotations

from engines.tiletum import data as D

BASE = {
    "fulfil": 100, "crest": 90, "contribute": 85, "place": 80, "underground_house": 72,
    "house": 72, "pillar": 70, "underground_pillar": 70, "mine": 70, "technology": 60,
    "helper": 55, "take_contract": 50, "take_character": 46, "reveal": 44, "hire": 36,
    "take_bonus": 40, "underground_bonus": 40, "refresh": 12, "free_move": 25,
    "underground_move": 20, "move": 20, "buy": 8, "exchange": 6, "finish_helper": 2,
    "end": 0, "king_bonus": 10,
}


def _needs(board) -> dict:
    """Resources the Contracts in the Storehouse ask for, beyond what the board holds."""
    need = {}
    for x in board["store"]:
        if D.TILES[x]["kind"] == "contract":
            for r, n in D.CONTRACTS[x]["cost"].items():
                need[r] = need.get(r, 0) + n
    return {r: n - board["res"][r] for r, n in need.items() if n > board["res"][r]}


def _die_score(state, seat, m) -> float:
    b = state["boards"][seat]
    action = m["action"] or state["wheel"][m["to"] - 1]
    kinds = [D.TILES[x]["kind"] for x in b["store"]]
    room = D.STOREHOUSE - len(b["store"])
    score = 30 - 3 * abs(m["to"] - m["value"]) + (6 if m["bonus"] else 0)
    score += {"character": 18 if "character" in kinds else 4 + 3 * room,
              "contract": 6 + 4 * room, "merchant": 12, "architect": 11, "king": 7,
              "prospector": 14}.get(action, 0)
    resource = D.COLOURS[m["recolour"] or m["colour"]]
    if _needs(b).get(resource):
        score += 8
    return score


def score(state, seat, m) -> float:
    kind = m["type"]
    s = BASE.get(kind, 1)
    b = state["boards"][seat]
    if kind == "take_die":
        return _die_score(state, seat, m)
    if kind == "place":
        s += m["floor"]
    elif kind == "buy":
        s += 20 if _needs(b).get(m["resource"]) else -20
    elif kind == "exchange":
        need = _needs(b)
        s += 15 if need.get(m["get"]) and not need.get(m["give"]) else -10
    elif kind == "king_bonus":
        s += 5 if m["take"] else 0
    elif kind == "helper" and state["turn"]["stage"] == "choose":
        s -= 10  # +AP Helpers wait for the die anyway
    return s


def choose(engine, state, seat, rng):
    """The best-scoring legal move, ties broken at random; now and then (1 in 8) a random one
    other than ending the turn, to vary the play."""
    moves = [o["move"] for o in engine.legal_moves(state, seat)]
    if not moves:
        raise ValueError("no legal move")
    if rng.randbelow(8) == 0:
        others = [m for m in moves if m["type"] != "end"]
        if others:
            return others[rng.randbelow(len(others))]
    scored = [(score(state, seat, m), i) for i, m in enumerate(moves)]
    best = max(sc for sc, _ in scored)
    top = [i for sc, i in scored if sc == best]
    return moves[top[rng.randbelow(len(top))]]
