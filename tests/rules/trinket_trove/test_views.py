"""What each viewer sees: hands private, the deck and timer deck as sizes, lots and bids face up."""
import copy
import json

from engines.core import ALL, random_playout, redact_event
from engines.trinket_trove import engine
from engines.trinket_trove import cards as tc
from engines.trinket_trove.nimbus import NIMBUS

from .helpers import all_cards, table


def game(players, seed):
    """(state after each move, events of the whole game)."""
    states = []
    _, events, _ = random_playout(engine, players, {}, seed=f"view{players}-{seed}",
                                  on_move=lambda state, *_: states.append(copy.deepcopy(state)))
    return states, events


def mentioned(view) -> set[str]:
    """Every card id anywhere in a view."""
    text = json.dumps(view)
    return {c for c in tc.DECK if f'"{c}"' in text}


def test_a_seat_sees_its_own_hand_and_only_counts_of_the_others():
    for players in range(2, 7):
        states, _ = game(players, 0)
        for state in states[::4]:
            for viewer in list(range(players)) + [None]:
                view = engine.view(state, viewer)
                assert json.loads(json.dumps(view)) == view
                secret = set(state["unseen"])
                for seat, hand in enumerate(state["hands"]):
                    assert view["hands"][seat]["count"] == len(hand)
                    if seat != viewer:
                        secret |= set(hand)
                        assert "cards" not in view["hands"][seat]
                assert not mentioned(view) & secret, (viewer, mentioned(view) & secret)
                if viewer is None:
                    assert view["hand"] is None
                else:
                    assert [c["id"] for c in view["hand"]] == state["hands"][viewer]
                assert view["deck"] == len(state["unseen"]) - state["timer"] >= 0
                assert view["timer_deck"] == state["timer"]
                assert "unseen" not in view


def test_lots_bids_and_set_aside_cards_are_face_up():
    state = table(2, order=[0, NIMBUS, 1], phase="drafting", lots=[["Bell", "Mirror"], ["Button"], ["Key"]],
                  bids=[(0, ["Feather", "Gem"], False), (NIMBUS, ["Bottlecap", "Gem"], False), (1, ["Marble"], True)],
                  set_aside=["Crayon"])
    state["lots"][1]["claimed_by"] = 0
    for viewer in (0, 1, None):
        view = engine.view(state, viewer)
        lots = view["lots"]
        assert [lot.get("cards") is not None for lot in lots] == [True, False, True, True, True, True]
        assert sorted(c["trinket"] for c in lots[0]["cards"]) == ["Bell", "Mirror"]
        assert lots[1] == {"lot": 1, "size": 1, "bid_of": None, "zero": False, "claimed_by": 0, "rank": None}
        assert (lots[5]["bid_of"], lots[5]["zero"], lots[5]["rank"]) == (1, True, 3)
        assert view["bid_row"] == [3, 4, 5]
        assert [c["trinket"] for c in view["set_aside"]] == ["Crayon"]
        assert view["order"] == [0, NIMBUS, 1] and view["turn"] == 0 and view["active"] == [0]
        assert view["phase"] == "drafting" and view["nimbus"] is True


def test_the_open_view_shows_everything():
    states, _ = game(3, 1)
    for state in states[::5]:
        view = engine.view(state, ALL)
        assert mentioned(view) >= set(all_cards(state))
        assert [c["id"] for c in view["unseen"]] == state["unseen"]
        assert all("cards" in h for h in view["hands"])


def test_events_hide_the_deal_and_name_no_card_before_it_is_face_up():
    for players in (2, 5):
        _, events = game(players, 2)
        face_up = set()
        for ev in events:
            for viewer in (None, *range(players)):
                seen = redact_event(ev, viewer)
                if ev["type"] == "dealt" and viewer != ev["seat"]:
                    assert "hand" not in seen
            if ev["type"] == "round_started":
                face_up |= {c for lot in ev["lots"] for c in lot}
            elif ev["type"] == "bid":
                face_up |= set(ev["cards"])
            elif ev["type"] == "claimed":
                assert set(ev["cards"]) <= face_up
            elif ev["type"] != "dealt":
                assert not mentioned(redact_event(ev, None)), ev


def test_the_view_names_whose_turn_and_which_phase():
    states, _ = game(2, 3)
    for state in states:
        view = engine.view(state, 0)
        if view["over"]:
            assert view["turn"] is None and view["active"] == [] and view["result"]
        else:
            assert view["phase"] in ("bidding", "drafting") and view["turn"] in state["order"]
            assert view["active"] == engine.active(state) != []
            if state["tie"]:
                assert view["tie"] == state["tie"] and view["active"] == [state["tie"]["chooser"]]
                assert view["turn"] == NIMBUS
        assert view["round"] == state["round"] and view["rounds"] == 6
        assert set(view["trinkets"]) == set(tc.TRINKETS)
