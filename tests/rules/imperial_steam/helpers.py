"""Stack Imperial Steam positions directly, play moves on them, and check the components."""
from __future__ import annotations

import copy

import pytest

from engines.core import IllegalMove, derive_rng, fold_events
from engines.imperial_steam import engine
from engines.imperial_steam import data as D
from engines.imperial_steam import rules as R


def opening(players: int = 2, layout: str = "fixed", seed: str = "t") -> tuple[dict, list]:
    """The table after setup: the blind bid is open. Returns (state, events)."""
    options = engine.load_options({"layout": layout})
    events = engine.setup(players, options, derive_rng(seed, 1))
    return fold_events(engine, players, options, events), events


def table(players: int = 2, *, bids=None, turn=None, **fields) -> dict:
    """Round 1, Phase 7, after the blind bid (all bids 0 unless given), with `fields` set on the
    state. `turn` makes that seat the one to act."""
    s, _ = opening(players)
    for seat, amount in enumerate(bids or [0] * players):
        s = play(s, seat, {"type": "bid", "amount": amount})[0]
    s.update(fields)
    if turn is not None:
        s["turn"] = turn
    return s


def seat(s, i, **fields) -> dict:
    """Set fields of seat i's player board (goods merge into the current goods)."""
    p = s["p"][i]
    goods = fields.pop("goods", None)
    if goods is not None:
        p["goods"] = {g: goods.get(g, 0) for g in D.GOODS}
    p.update(fields)
    return s


def play(state, who, move, n=3):
    """decide + evolve; returns (new state, events). decide must not touch `state`."""
    before = copy.deepcopy(state)
    events = engine.decide(state, who, move, derive_rng("play", n))
    assert state == before, "decide mutated the state"
    new = copy.deepcopy(state)
    for ev in events:
        new = engine.evolve(new, ev)
    return new, events


def code(state, who, move) -> str:
    with pytest.raises(IllegalMove) as e:
        engine.decide(state, who, move, derive_rng("play", 3))
    return e.value.code


def of_type(events, kind):
    return [e for e in events if e["type"] == kind]


def listed(state, who):
    """Every concrete move legal_moves stands for."""
    from engines.core import expand
    return [m for o in engine.legal_moves(state, who) for m in expand(o)]


def check_components(s) -> None:
    """Everything is somewhere and nothing is negative: goods fit the store, workers within 15,
    factories on the board plus on sites equal the row, engines on the Round track plus in
    trains never exceed the supply, Investors within the Share board."""
    n = s["players"]
    for p in s["p"]:
        assert all(v >= 0 for v in p["goods"].values()), p["goods"]
        assert R.storage_ok(p), p
        assert R.workers_total(p) <= D.MAX_WORKERS
        assert min(p["training"] + p["working"]) >= 0
        assert p["freight"] >= 0 and p["freight"] + p["passenger"] + p["reserved"] == sum(p["trains"])
        assert len(p["trains"]) <= D.MAX_TRAINS
        assert all(0 <= x <= D.INVESTOR_SPACES for x in p["investors"])
        assert 0 <= p["col"] < D.INFLUENCE_TRACK and 0 <= p["share"] < len(D.SHARE_VALUES)
        assert all(f["goods"] >= 0 for f in p["factories"])
        if not s["over"]:
            assert p["money"] >= 0
    for g in D.GOODS:
        on_map = sum(1 for x in s["sites"] if D.FACTORY_SITES[x][1] == g)
        assert on_map == s["bought"][g] <= D.FACTORIES_PER_ROW[n]
    assert sum(len(p["factories"]) for p in s["p"]) == len(s["sites"])
    assert all(0 <= s["market"][g] <= len(D.MARKET_PRICES) for g in D.GOODS)
    for kind in ("bridge", "tunnel"):
        assert s["engineers"][kind] + sum(p[kind] for p in s["p"]) == D.ENGINEERS[n]
    for r, space in s["round_track"].items():
        assert 0 <= space["count"] <= D.ENGINES_PER_SPACE[n]
    held = sum(len(p["contracts"]) for p in s["p"])
    assert held + len(s["display"]) == 2 * D.CONTRACTS_PER_DECK[n]
