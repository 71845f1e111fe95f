"""Random complete games for 3, 4 and 5 players: the fold equals the live state after every move,
money is conserved with the bank's flows accounted for, and every Share and Locomotive is where
the state says."""
import pytest

from engines.core import random_playout
from engines.iberian_gauge import board as bd
from engines.iberian_gauge import engine
from engines.iberian_gauge.railroads import LOCOMOTIVES, RAILROADS, SHARE_VALUES, STARTING_CASH

FOLDED = 8     # games per player count with the fold checked after every move
UNFOLDED = 25  # more games per player count, checking the invariants only


def bank_flow(events) -> int:
    """What the bank paid in minus what it took: dividends out, build costs in. Shares, leases
    and everything else move money between players and Treasuries."""
    flow = 0
    for ev in events:
        if ev["type"] in ("dividend_paid", "special_dividend_paid"):
            flow += sum(ev["players"]) + ev["treasury"]
        elif ev["type"] == "built":
            flow -= ev["build_cost"]
    return flow


class Ledger:
    def __init__(self, players):
        self.players, self.flow = players, 0

    def __call__(self, state, seat, move, events):
        self.flow += bank_flow(events)
        money = sum(state["cash"]) + sum(rr["treasury"] for rr in state["railroads"].values())
        assert money == STARTING_CASH * self.players + self.flow
        assert min(state["cash"]) >= 0
        check_components(state)


def check_components(state):
    occupants = {}
    for rid, rr in state["railroads"].items():
        assert rr["locomotives"] + len(rr["track"]) == LOCOMOTIVES
        assert len(set(rr["track"])) == len(rr["track"])
        assert len(rr["shares"]) <= RAILROADS[rid]["shares"]
        assert rr["treasury"] >= 0
        if rr["share_value"] is None:
            assert rr["shares"] == [] and rr["track"] == [] and rr["treasury"] == 0
        else:
            assert rr["share_value"] in SHARE_VALUES and 1 <= rr["dividend_level"] <= 19
            assert bd.terrain(rr["track"][0]) == "major_city"  # where it floated
        for h in rr["track"]:
            occupants.setdefault(h, []).append(rid)
    assert {h: sorted(v) for h, v in occupants.items()} == {h: sorted(v) for h, v in state["board"].items()}
    for h, there in state["board"].items():
        if bd.terrain(h) in ("easy", "difficult"):
            assert len(there) == 1


def check_end(state, events, players):
    assert state["phase"] == "over" and state["round"] == 10
    result = engine.result(state)
    assert sorted(r["seat"] for r in result["ranking"]) == list(range(players))
    assert result["scores"] == [state["cash"][s] + sum(
        rr["share_value"] * rr["shares"].count(s) for rr in state["railroads"].values() if rr["shares"])
        for s in range(players)]
    best = max(result["scores"])
    assert all((r["rank"] == 1) == (r["points"] == best) for r in result["ranking"])
    # every automatic pass and skip says why
    for ev in events:
        if ev["type"] == "passed":
            assert ev["reason"] == ("no_legal_purchase" if ev["auto"] else None)
        if ev["type"] == "build_skipped":
            assert ev["reason"] in ("no_locomotives", "cannot_afford", "nowhere_to_build")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_fold_to_the_live_state_and_conserve_money(players):
    for game in range(FOLDED):
        ledger = Ledger(players)
        state, events, _ = random_playout(engine, players, {}, seed=f"fold{players}-{game}",
                                          check_fold=True, on_move=ledger)
        check_end(state, events, players)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_many_random_games_keep_the_invariants(players):
    kinds = set()
    for game in range(UNFOLDED):
        ledger = Ledger(players)
        state, events, _ = random_playout(engine, players, {}, seed=f"many{players}-{game}",
                                          on_move=ledger)
        check_end(state, events, players)
        kinds |= {(e["type"], e.get("reason")) for e in events
                  if e["type"] in ("passed", "build_skipped", "stock_round_ended")}
        kinds |= {("leased", None) for e in events if e["type"] == "built" and e["lease"]}
    # the random games do reach the automatic passes and skips, sell-outs and leases
    assert {("passed", "no_legal_purchase"), ("build_skipped", "cannot_afford"),
            ("stock_round_ended", "all_passed"), ("leased", None)} <= kinds
