"""The heuristic player: it always names a legal move, never looks at what its seat cannot see,
and plays toward Trieste (the reach figures are in test_reach.py)."""
import copy

from engines.core import derive_rng, expand
from engines.imperial_steam import engine, heuristic
from engines.imperial_steam.heuristic import way_to_trieste

from .helpers import check_components, opening, play, seat, table


def test_a_whole_game_of_heuristic_moves_is_legal_and_accounted_for():
    s, _ = opening(3, "normal", seed="heur")
    rng = derive_rng("heur", 0, "bot")
    n = 0
    while not s["over"]:
        who = engine.awaited(s)[0]
        before = copy.deepcopy(s)
        move = heuristic.choose(engine, s, who, rng)
        assert s == before, "choose changed the state"
        assert move in [m for o in engine.legal_moves(s, who) for m in expand(o)]
        s, _ = play(s, who, move, n)
        check_components(s)
        n += 1
    assert engine.result(s) is not None


def test_its_bid_does_not_depend_on_the_other_seats_secret_bids():
    s, _ = opening(2, seed="bids")
    a = play(s, 1, {"type": "bid", "amount": 0})[0]
    b = play(s, 1, {"type": "bid", "amount": 90})[0]
    assert heuristic.choose(engine, a, 0, derive_rng("r", 0)) == \
        heuristic.choose(engine, b, 0, derive_rng("r", 0))


def test_it_builds_toward_trieste_when_it_can():
    s = table(2, turn=0)
    s["stacks"] = {}
    seat(s, 0, goods={"wood": 1, "stone": 1, "iron": 1, "coal": 1}, training=[2, 0, 0])
    path = way_to_trieste(s, 0)
    assert path[0].startswith("wien-") and path[-1].endswith("trieste")
    move = heuristic.choose(engine, s, 0, derive_rng("r", 0))
    assert move["type"] == "build_tracks" and move["tracks"][0] == path[0]
