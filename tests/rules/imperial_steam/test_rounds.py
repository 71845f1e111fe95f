"""Round structure: phases 1-8, hands per round, turn order, the game end check."""
import pytest

from engines.imperial_steam import engine
from engines.imperial_steam import data as D

from .helpers import check_components, listed, of_type, play, seat, table


CHEAP = ["fundraise", "pass", "philanthropize", "share_down"]


def cheap_move(s, who):
    """A move that changes little: end the turn, else Fundraise, Pass, ... whichever is legal."""
    if s["main_done"]:
        return {"type": "end_turn"}
    moves = listed(s, who)
    for kind in CHEAP:
        for m in moves:
            if m["type"] == kind:
                return m
    return moves[-1]


def finish_round(s):
    """Every seat takes cheap actions until the round ends."""
    r = s["round"]
    events = []
    while s["round"] == r and not s["over"]:
        s, ev = play(s, s["turn"], cheap_move(s, s["turn"]))
        events += ev
    return s, events


@pytest.mark.parametrize("rnd,hands", [(1, 2), (2, 3), (3, 4), (4, 5), (5, 5), (8, 5)])
def test_hands_per_round(rnd, hands):
    s = table(2)
    s = engine.evolve(s, {"type": "round_started", "round": rnd})
    assert s["hands"] == [hands, hands]


def test_everyone_places_every_hand_in_turn_order():
    s = table(3, bids=[0, 20, 10])
    assert s["order"] == [1, 2, 0]
    seen = []
    while s["round"] == 1:
        if not s["main_done"]:
            seen.append(s["turn"])
        s = play(s, s["turn"], cheap_move(s, s["turn"]))[0]
    assert seen == [1, 2, 0, 1, 2, 0]


def test_a_seat_without_hands_is_skipped():
    s = table(2, turn=0, hands=[1, 3])
    s["order"] = [0, 1]
    order = []
    while s["round"] == 1:
        if not s["main_done"]:
            order.append(s["turn"])
        s = play(s, s["turn"], cheap_move(s, s["turn"]))[0]
    assert order == [0, 1, 1, 1]


def test_phases_two_to_six():
    s = table(2, round=3)
    s["market"] = {"wood": 0, "stone": 3, "iron": 4, "coal": 1}
    s["shipments"]["4"] = ["wood"]              # 2 players: 1 good in all above round 4
    seat(s, 0, goods={"wood": 1, "stone": 1, "iron": 1, "coal": 1},
         landing={"wood": 1, "stone": 1, "iron": 0, "coal": 2}, ordered=4,
         freight=3, passenger=1, trains=[4], stations=["st_poelten"],
         training=[1, 1, 1], working=[1, 1, 0], col=2)
    seat(s, 1, col=5)
    money = s["p"][0]["money"]
    s = engine.evolve(s, {"type": "round_started", "round": 4})
    p = s["p"][0]
    # 2. Shipment (round 4): the good stored above the round drops into its column
    assert s["market"] == {"wood": 1, "stone": 3, "iron": 4, "coal": 1}
    # 3. Ordered goods stored while they fit: 3 freight cars + 1 warehouse space hold the wood,
    #    stone, iron and the arriving wood; the engine already holds the coal. The arriving
    #    stone and both coals do not fit and are discarded.
    assert p["goods"] == {"wood": 2, "stone": 1, "iron": 1, "coal": 1}
    assert p["landing"] == {g: 0 for g in D.GOODS} and p["ordered"] == 0
    # 4. Income: 10 per passenger car + 10 per uncovered warehouse space
    assert p["money"] == money + 20
    # 5. Training L1->2, L2->3; last round's workers return to their own level unadvanced
    assert p["training"] == [1, 1 + 1, 1 + 1] and p["working"] == [0, 0, 0]
    # 6. Turn order by influence
    assert s["order"] == [1, 0] and s["hands"] == [5, 5]


def test_the_last_hand_starts_the_next_round():
    s = table(2, round=2, hands=[0, 1], turn=1)
    s, ev = play(s, 1, {"type": "fundraise"})
    s, ev = play(s, 1, {"type": "end_turn"}) if s["main_done"] else (s, ev)
    assert of_type(ev, "round_started")[0]["round"] == 3
    assert s["hands"] == [4, 4] and s["placed"]["fundraise"] == [0, 0]


def test_no_shipment_before_round_four():
    s = table(2, round=2)
    before = dict(s["market"])
    s, _ = finish_round(s)
    assert s["round"] == 3 and s["market"] == before


def test_game_ends_after_round_eight():
    s = table(2, round=8)
    s = engine.evolve(s, {"type": "round_started", "round": 8})
    s, ev = finish_round(s)
    assert s["over"] and of_type(ev, "game_scored") and engine.result(s) is not None
    assert engine.active(s) == [] and engine.legal_moves(s, 0) == []


def test_trieste_ends_the_game_at_the_end_of_that_round():
    s = table(2, round=3, trieste=True)
    s, ev = finish_round(s)
    assert s["over"] and s["round"] == 3


def test_game_goes_on_without_trieste():
    s = table(2, round=3)
    s, ev = finish_round(s)
    assert not s["over"] and s["round"] == 4
    check_components(s)
