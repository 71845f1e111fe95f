"""The heuristic player (engines/tiletum/heuristic.py): it always answers a legal move, it takes
what scores first, and its games end."""
from engines.core import derive_rng
from engines.tiletum import engine
from engines.tiletum.heuristic import choose
from tests.rules.tiletum.helpers import give, prospect, res, tile_of, turn
from tests.rules.tiletum.test_contract import POSITIONS
from tests.rules.tiletum.test_reach import heuristic_playout


def test_it_answers_a_listed_legal_move_everywhere():
    rng = derive_rng("heuristic", 0)
    for state in POSITIONS:
        seat = engine.awaited(state)[0]
        for _ in range(3):
            assert {"move": choose(engine, state, seat, rng)} in engine.legal_moves(state, seat)


def test_it_fulfils_a_contract_it_can_pay_before_anything_else():
    s = prospect()
    k = tile_of("contract")
    give(s, 0, k)
    res(s, 0, **{r: 5 for r in ("gold", "food", "wool", "stone", "iron")})
    turn(s, 0, stage="action", action="character", ap=3)
    rng = derive_rng("h", 1)
    picks = [choose(engine, s, 0, rng) for _ in range(16)]
    assert sum(m == {"type": "fulfil", "tile": k} for m in picks) >= 12  # 1 in 8 is random


def test_its_games_end_with_a_result():
    for players in (1, 4):
        state, _, moves = heuristic_playout(players, {"prospect_for_silver": True}, f"h-end-{players}")
        assert engine.result(state) is not None and moves
