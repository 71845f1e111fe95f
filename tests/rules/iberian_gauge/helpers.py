"""Stack Iberian Gauge positions directly, and play moves on them."""
import copy

from engines.core import derive_rng
from engines.iberian_gauge import board as bd
from engines.iberian_gauge import engine
from engines.iberian_gauge.railroads import LOCOMOTIVES, RAILROAD_IDS

# Named hexes used by the scenarios (see docs/games/iberian-gauge.md for the map).
MADRID, ZARAGOZA, VALENCIA, SEVILLE, LISBON, VIGO, BARCELONA = (
    [10, 14], [15, 9], [17, 19], [7, 27], [0, 22], [1, 5], [21, 9])
CUENCA = [13, 15]  # Urban


def table(players=3, cash=None, initiative=None, priority=0) -> dict:
    """A table after setup, before any round: every Railroad unfloated."""
    state = engine.initial(players, {})
    state["initiative"] = list(initiative or RAILROAD_IDS)
    state["priority"] = priority
    state["cash"] = list(cash) if cash is not None else [40] * players
    return state


def railroad(state, rid, share_value=24, level=1, treasury=0, shares=(), track=(),
             locomotives=None, special_dividend_paid=False) -> dict:
    """Float `rid` as given: Shares owned by the listed seats in purchase order, Locomotives on
    the listed hexes (the first is its floating Major City)."""
    rr = state["railroads"][rid]
    rr.update(share_value=share_value, dividend_level=level, treasury=treasury,
              shares=list(shares), track=[bd.key(h) for h in track],
              locomotives=LOCOMOTIVES - len(track) if locomotives is None else locomotives,
              special_dividend_paid=special_dividend_paid)
    for h in track:
        state["board"].setdefault(bd.key(h), []).append(rid)
    return state


def stock_round(state, turn=None, round_=1, passes=0, streak_start=None, bought=None) -> dict:
    state.update(round=round_, phase="stock", turn=state["priority"] if turn is None else turn)
    state["stock"] = {"passes": passes, "streak_start": streak_start,
                      "bought": [list(b) for b in (bought or [[]] * state["players"])]}
    return state


def build_turn(state, rid, share=0, round_=2, new_city=False) -> dict:
    """`rid` acting in a Build round, its Share number `share` (0-based) to act."""
    state.update(round=round_, phase="build", turn=state["railroads"][rid]["shares"][share])
    state["build"] = {"index": state["initiative"].index(rid), "railroad": rid, "share": share,
                      "new_city": new_city}
    return state


def play(state, seat, move, n=0):
    """decide, then evolve a copy: (new state, events). The given state is left untouched."""
    events = engine.decide(state, seat, move, derive_rng("test", n))
    new = copy.deepcopy(state)
    for ev in events:
        new = engine.evolve(new, ev)
    return new, events


def of_type(events, kind):
    return [e for e in events if e["type"] == kind]


def build(hex_, lease=()):
    return {"type": "build", "hex": list(hex_), "lease": [list(h) for h in lease]}


def legal_builds(state) -> dict:
    """{(col, row): [lease paths as tuples of (col, row)]} that legal_moves offers the seat to act."""
    out = {}
    for o in engine.legal_moves(state, state["turn"]):
        if o["move"]["type"] != "build":
            continue
        paths = o.get("choose", {}).get("lease", {}).get("one_of", [o["move"].get("lease", [])])
        out[tuple(o["move"]["hex"])] = sorted(tuple(tuple(h) for h in p) for p in paths)
    return out


def money(state) -> int:
    return sum(state["cash"]) + sum(rr["treasury"] for rr in state["railroads"].values())


def advance(state):
    """Run the automatic steps from a stacked position (as the end of a move would):
    (new state, events). The given state is left untouched."""
    from engines.core.table import Table
    p = Table(engine, state)
    engine._advance(p)
    return p.state, p.events


def between(state, round_):
    """Round `round_` has just ended."""
    state.update(round=round_, phase="between", turn=None, stock=None, build=None)
    return state
