"""Setup essentials, the player-count table, and the opening blind bid (a simultaneous secret
step: each bid private, changeable while another seat is awaited, one reveal at the end)."""
import pytest

from engines.core import ALL, derive_rng, redact_event
from engines.imperial_steam import engine
from engines.imperial_steam import data as D
from engines.imperial_steam import rules as R
from tests.conformance.suite import check_position, check_secrecy

from .helpers import code, listed, of_type, opening, play


@pytest.mark.parametrize("players,money", [(2, 120), (3, 130), (4, 140)])
def test_setup_essentials(players, money):
    s, _ = opening(players)
    for p in s["p"]:
        assert p["money"] == money
        assert R.network(p) == {"wien"} and R.has_station(p, "wien")
        assert p["trains"] == [3] and p["freight"] == 3          # IS-3 with 3 freight cars
        assert p["goods"] == {"wood": 1, "stone": 1, "iron": 1, "coal": 1}  # one per car + coal
        assert p["training"] == [2, 0, 0]                        # 2 workers in Training Level 1
        assert p["share"] == 0 and D.SHARE_VALUES[p["share"]] == 40
        assert p["investors"][0] == 1 and sum(p["investors"]) == 1   # one Investor on the 40 row


@pytest.mark.parametrize("players,display,engines,shipment,engineers,outside,per_row", [
    (2, 3, 2, 1, 2, False, 6), (3, 4, 3, 2, 3, True, 9), (4, 5, 4, 3, 4, True, 12)])
def test_player_count_table(players, display, engines, shipment, engineers, outside, per_row):
    s, _ = opening(players)
    assert len(s["display"]) == 2 * display                      # per deck, two decks
    assert all(len([c for c in s["display"] if c.startswith(d)]) == display for d in "AB")
    assert all(space["count"] == engines for space in s["round_track"].values())
    assert s["engineers"] == {"bridge": engineers, "tunnel": engineers}
    assert all(len(s["shipments"][str(r)]) == shipment for r in range(4, 9))   # in total
    assert ("bruck" in s["demands"]) is outside                   # a regular city's demand
    assert all(len(s["demands"][h]) == 5 for h in s["hubs"])
    assert D.FACTORIES_PER_ROW[players] == per_row


def test_bid_is_simultaneous_private_and_changeable():
    s, _ = opening(3)
    assert engine.active(s) == [0, 1, 2] and engine.awaited(s) == [0, 1, 2]
    assert engine.public_move(s, 0, {"type": "bid", "amount": 30}) == {"type": "bid"}
    s, ev = play(s, 0, {"type": "bid", "amount": 30})
    assert ev[0]["vis"] == {"amount": [0]} and "amount" not in redact_event(ev[0], 1)
    assert engine.active(s) == [0, 1, 2] and engine.awaited(s) == [1, 2]
    assert engine.view(s, 1)["seats"][0]["bid"] is None
    assert engine.view(s, 1)["seats"][0]["has_bid"] is True
    assert engine.view(s, 0)["seats"][0]["bid"] == 30
    s, _ = play(s, 0, {"type": "bid", "amount": 50})                # changes its mind
    assert s["bids"][0] == [50]
    s, ev = play(s, 1, {"type": "bid", "amount": 0})
    assert not any(e.get("reveal") for e in ev)
    s, ev = play(s, 2, {"type": "bid", "amount": 20})
    revealed = of_type(ev, "bids_revealed")
    assert len(revealed) == 1 and revealed[0]["reveal"] and revealed[0]["bids"] == [50, 0, 20]
    assert [p["money"] for p in s["p"]] == [80, 130, 110]           # you pay your bid
    assert [p["col"] for p in s["p"]] == [5, 0, 2]                  # column matching the bid
    assert s["order"] == [0, 2, 1] and s["turn"] == 0               # reset by influence
    assert s["round"] == 1 and s["phase"] == "actions" and s["hands"] == [2, 2, 2]


def test_equal_bids_stack_in_reveal_order():
    s, _ = opening(3)
    s["order"] = [2, 0, 1]                                          # the reveal order
    for seat in range(3):
        s = play(s, seat, {"type": "bid", "amount": 20})[0]
    assert s["order"] == [2, 0, 1]


def test_bid_limits():
    s, _ = opening(2)
    assert code(s, 0, {"type": "bid", "amount": 15}) == "bad_bid"
    assert code(s, 0, {"type": "bid", "amount": -10}) == "bad_bid"
    assert code(s, 0, {"type": "bid", "amount": D.MAX_BID + 10}) == "bad_bid"
    assert code(s, 0, {"type": "fundraise"}) == "wrong_phase"
    assert {m["amount"] for m in listed(s, 0)} == set(range(0, D.MAX_BID + 1, 10))


def test_round_one_skips_phases_one_to_six():
    s, _ = opening(2)
    s["p"][0].update(freight=2, passenger=1, working=[1, 0, 0], training=[1, 0, 0])
    for seat in range(2):
        s = play(s, seat, {"type": "bid", "amount": 0})[0]
    assert s["p"][0]["money"] == 120                                # no income in Round 1
    assert s["p"][0]["working"] == [1, 0, 0]                        # no training either


def test_bid_step_secrecy_suite():
    s, _ = opening(3)
    s = play(s, 1, {"type": "bid", "amount": 40})[0]
    rng = derive_rng("secrecy", 0)
    check_position(engine, 3, s, rng, "x")
    check_secrecy(engine, 3, s, rng, "x")
    assert engine.hidden_zones(s, 0) == [["bids", 1], ["bids", 2]]
    assert engine.view(s, None)["seats"][1]["bid"] is None
    assert engine.view(s, ALL)["seats"][1]["bid"] == 40
