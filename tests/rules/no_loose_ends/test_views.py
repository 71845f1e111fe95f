"""Views: hands private (others see counts), the set-aside cards unseen; bids, the trick, covers,
loose ends and scores public. The open view (ALL) sees everything."""
import json

from engines.core import ALL, derive_rng, redact_event
from engines.core.secrecy import resample
from engines.no_loose_ends import engine

from .helpers import bid_entry, cards, one, table
from .test_moves import STATES


def stacked():
    return table(3, options={"getaway_cards": True, "plan_b": True},
                 hands=["R1 R2 K", "G1 G2", "Y1 Y2"],
                 bids=[[bid_entry(one("Y12"), cover=cards("Y3 Y4 Y5"))],
                       [bid_entry(one("B7"), promoted=True, with_=cards("R3 Y6"))], "R11"],
                 trick=[(0, "G3")], turn=1, loose_ends=[[], [], ["B1 B2 B3"]], won=[1, 1, 1])


def test_a_seat_sees_its_own_hand_and_only_counts_of_the_others():
    state = stacked()
    view = engine.view(state, 0)
    assert view["hand"] == cards("R1 R2 K")
    assert view["hand_sizes"] == [3, 2, 2] and view["set_aside"] == len(state["set_aside"])
    assert "hands" not in view and "set_aside_cards" not in view
    text = json.dumps(view)
    for card in cards("G1 G2 Y1 Y2"):
        assert f'"{card}"' not in text


def test_bids_covers_the_trick_and_loose_ends_are_public():
    state = stacked()
    spectator = engine.view(state, None)
    assert spectator["hand"] is None and "hands" not in spectator
    assert spectator["bids"] == state["bids"]  # covers and promoted cards included
    assert spectator["trick"] == {"leader": 0, "cards": [{"seat": 0, "card": one("G3")}],
                                  "lead_seat": 0, "lead_suit": "gray"}
    assert spectator["loose_ends"] == [[], [], [cards("B1 B2 B3")]]
    assert spectator["won"] == [1, 1, 1] and spectator["scores"] == [5, 5, 5]
    assert spectator["phase"] == "tricks" and spectator["turn"] == 1 and spectator["active"] == [1]
    assert spectator["tricks"] == {"played": 0, "total": 2}
    assert spectator["options"]["plan_b"] and spectator["max_bid"] == 5


def test_the_open_view_shows_every_hand_and_the_set_aside_cards():
    state = stacked()
    view = engine.view(state, ALL)
    assert view["hands"] == [cards("R1 R2 K"), cards("G1 G2"), cards("Y1 Y2")]
    assert view["set_aside_cards"] == state["set_aside"]


def test_no_view_depends_on_what_the_viewer_cannot_see():
    rng = derive_rng("views", 0)
    for state in STATES:
        for viewer in list(range(state["players"])) + [None]:
            for _ in range(2):
                other = resample(engine, state, viewer, rng)
                assert engine.view(other, viewer) == engine.view(state, viewer)
                if viewer is not None:
                    assert engine.legal_moves(other, viewer) == engine.legal_moves(state, viewer)


def test_hidden_zones_name_the_other_hands_and_the_set_aside_cards():
    state = stacked()
    assert engine.hidden_zones(state, 1) == [["hands", 0], ["hands", 2], ["set_aside"]]
    assert engine.hidden_zones(state, None) == [["hands", 0], ["hands", 1], ["hands", 2],
                                                ["set_aside"]]
    assert engine.hidden_zones(state, ALL) == []


def test_the_deal_is_seen_only_by_its_seat():
    events = engine.setup(2, engine.load_options({}), derive_rng("deal", 1))
    dealt = [ev for ev in events if ev["type"] == "dealt"]
    aside = next(ev for ev in events if ev["type"] == "set_aside")
    for seat in (0, 1):
        mine, theirs = redact_event(dealt[seat], seat), redact_event(dealt[1 - seat], seat)
        assert len(mine["cards"]) == 15 and "cards" not in theirs and theirs["count"] == 15
        assert "cards" not in redact_event(aside, seat)
    assert "cards" not in redact_event(dealt[0], None)
    assert len(redact_event(aside, ALL)["cards"]) == 48 - 30


def test_views_are_plain_json():
    for state in STATES[:20]:
        for viewer in (0, 1, None, ALL):
            view = engine.view(state, viewer)
            assert json.loads(json.dumps(view)) == view
        assert json.loads(json.dumps(state)) == state
