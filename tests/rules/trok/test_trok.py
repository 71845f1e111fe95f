"""2. Trök: three cards chosen face down at the same time, changeable until the last seat
commits, then revealed together; the Trade Master: highest total (Arcane Stone 10, Grid +3), a
tie settled by the previous Trade Master (never keeping it), a first-round tie at random."""
import itertools

import fakeredis

from engines.core import canonical, redact_event
from engines.trok import engine
from events.games import Games
from events.records import redact_record
from events.store import Store

from .helpers import code, of_type, offer, play, play_all, table

HANDS = [
    ["pickaxe", "ration", "gloves", "lantern", "hammer"],
    ["arcane_stone", "pickaxe", "pickaxe", "armor", "helmet"],
    ["ration", "ration", "gloves", "hammer", "hammer"],
]
OFFERS = [offer("pickaxe", "ration", "hammer"),            # 10
          offer("arcane_stone", "pickaxe", "pickaxe"),     # 12
          offer("ration", "hammer", "gloves")]             # 12


def trok(hands=HANDS, **kw):
    return table(len(hands), hands=hands, **kw)


def test_every_seat_acts_at_once_and_a_chosen_seat_stays_active():
    state = trok()
    assert engine.active(state) == engine.awaited(state) == [0, 1, 2]
    state, _ = play(state, 1, OFFERS[1])
    assert engine.active(state) == [0, 1, 2] and engine.awaited(state) == [0, 2]
    assert engine.public_move(state, 1, OFFERS[1]) == {"type": "offer"}


def test_a_choice_is_private_to_its_seat_and_its_existence_public():
    state, events = play(trok(), 1, OFFERS[1])
    assert events == [{"type": "offered", "seat": 1,
                       "cards": ["pickaxe", "pickaxe", "arcane_stone"], "vis": {"cards": [1]}}]
    for viewer in (0, 2, None):
        assert redact_event(events[0], viewer) == {"type": "offered", "seat": 1, "vis": {"cards": [1]}}
        seen = engine.view(state, viewer)["seats"][1]
        assert seen["has_chosen"] and seen["chosen"] is None and seen["hand"] is None
    assert engine.view(state, 1)["seats"][1]["chosen"] == ["pickaxe", "pickaxe", "arcane_stone"]
    assert engine.view(state, 0)["seats"][1]["offer"] == []


def test_a_seat_may_change_its_choice_until_the_last_commits():
    state, _ = play(trok(), 0, offer("lantern", "gloves", "ration"))
    state, _ = play(state, 0, OFFERS[0])  # changes its mind
    assert state["chosen"][0] == ["pickaxe", "ration", "hammer"]
    state, _ = play(state, 1, OFFERS[1])
    state, _ = play(state, 1, offer("pickaxe", "armor", "helmet"))
    state, events = play(state, 2, OFFERS[2])  # the last: the step closes
    reveal = of_type(events, "offers_revealed")[0]
    assert reveal["reveal"] and reveal["offers"] == [
        ["pickaxe", "ration", "hammer"], ["pickaxe", "armor", "helmet"], ["ration", "gloves", "hammer"]]
    assert state["phase"] == "trading" and state["chosen"] == [None] * 3
    assert state["hands"][1] == ["pickaxe", "arcane_stone"]
    # no more changes once revealed
    assert code(state, state["trade_master"], OFFERS[0]) == "wrong_phase"
    others = [s for s in range(3) if s != state["trade_master"]]
    assert code(state, others[0], OFFERS[others[0]]) == "not_your_turn"


def order_run(order, changes=()):
    """Commit OFFERS in `order` (first playing `changes`), recording what each seat sees."""
    state = trok()
    seen = {v: [] for v in (0, 1, 2, None)}
    committed = set()
    for seat, move in list(changes) + [(s, OFFERS[s]) for s in order]:
        state, events = play(state, seat, move)
        committed.add(seat)
        for viewer in seen:
            own = None if viewer is None else state["chosen"][viewer]
            seen[viewer].append(((frozenset(committed), canonical(own)),
                                 canonical(engine.view(state, viewer)),
                                 [redact_event(ev, viewer) for ev in events if viewer != seat]))
    return state, seen


def test_what_others_see_never_depends_on_the_order_of_commitment():
    runs = [order_run(order) for order in itertools.permutations(range(3))]
    runs.append(order_run((2, 0, 1), changes=[(0, offer("lantern", "gloves", "ration")),
                                                (2, offer("ration", "ration", "gloves"))]))
    finals = {canonical(state) for state, _ in runs}
    assert len(finals) == 1  # the same table after the reveal, whoever committed first
    for viewer in (0, 1, 2, None):
        views = {}  # (who has chosen, the viewer's own choice) -> every view seen then
        for _, seen in runs:
            for (committed, own), view, events in seen[viewer]:
                if len(committed) < 3:  # the step is open
                    views.setdefault((committed, own), set()).add(view)
                    for ev in events:  # another seat's choice: that it exists, no content
                        assert ev == {"type": "offered", "seat": ev["seat"],
                                      "vis": {"cards": [ev["seat"]]}}
        # a viewer's table depends on who has chosen (and its own choice), never on the others'
        # content or on the order they chose in
        assert len(views) >= 6 and all(len(v) == 1 for v in views.values())
        assert len({seen[viewer][-1][1] for _, seen in runs}) == 1  # the reveal, for all orders


def test_the_platform_hides_the_move_body_and_keeps_the_existence():
    games = Games(Store(fakeredis.FakeRedis()))
    game, _ = games.create(engine, {}, [{"kind": "human"}] * 3, seed="platform")
    hands = [list(h) for h in game.state["hands"]]
    record = games.submit(game, 0, offer(*hands[0][:3]))
    assert record["simultaneous"] and record["public"] == {"type": "offer"}
    for viewer in (1, 2, None):
        seen = redact_record(record, viewer)
        assert seen["move"] == {"type": "offer"} and seen["by"] == 0
        assert "cards" not in seen["events"][0]
    assert redact_record(record, 0)["move"]["cards"] == hands[0][:3]
    games.submit(game, 1, offer(*hands[1][:3]))
    last = games.submit(game, 2, offer(*hands[2][2:]))
    reveal = of_type(last["events"], "offers_revealed")[0]
    assert redact_record(last, 0)["events"][1] == reveal  # everything turned up at once
    assert reveal["offers"] == [hands[0][:3], hands[1][:3], hands[2][2:]]


def test_offers_are_three_cards_from_the_hand():
    state = trok()
    assert code(state, 0, offer("pickaxe", "ration")) == "offer_three"
    assert code(state, 0, offer("pickaxe", "ration", "gloves", "lantern")) == "offer_three"
    assert code(state, 0, offer("pickaxe", "pickaxe", "ration")) == "not_in_hand"
    assert code(state, 0, offer("armor", "ration", "gloves")) == "not_in_hand"


# --- the Trade Master ------------------------------------------------------------------------------

def reveal(hands, offers, **kw):
    state = table(len(hands), hands=hands, **kw)
    return play_all(state, list(enumerate(offers)))


def test_the_highest_total_becomes_trade_master_and_an_arcane_stone_counts_10():
    state, events = reveal([["arcane_stone", "pickaxe", "pickaxe"], ["hammer", "ration", "ration"]],
                           [offer("arcane_stone", "pickaxe", "pickaxe"), offer("hammer", "ration", "ration")])
    assert of_type(events, "offers_revealed")[0]["totals"] == [12, 11]
    assert of_type(events, "trade_master")[0] == {"type": "trade_master", "seat": 0, "how": "highest"}
    assert state["trade_master"] == 0 and state["chooser"] == 0 and engine.active(state) == [0]


def test_grid_adds_three_for_becoming_trade_master():
    hands = [["pickaxe", "pickaxe", "helmet"], ["hammer", "ration", "ration"]]
    offers = [offer(*hands[0]), offer(*hands[1])]
    _, events = reveal(hands, offers)
    assert of_type(events, "trade_master")[0]["seat"] == 1  # 8 against 11
    _, events = reveal(hands, offers, upgrades=[["grid"], []])
    assert of_type(events, "offers_revealed")[0]["totals"] == [11, 11]
    _, events = reveal(hands, offers, upgrades=[["grid"], []], round_=1)
    assert of_type(events, "trade_master")[0]["how"] == "random"
    hands[0][0] = "ration"
    _, events = reveal(hands, [offer(*hands[0]), offers[1]], upgrades=[["grid"], []])
    assert of_type(events, "offers_revealed")[0]["totals"] == [12, 11]
    assert of_type(events, "trade_master")[0]["seat"] == 0


TIE = [["hammer", "hammer", "pickaxe"], ["hammer", "armor", "gloves"], ["helmet", "helmet", "gloves"],
       ["pickaxe", "pickaxe", "pickaxe"]]  # 15, 15, 15, 3


def tie(previous, players=4, **kw):
    return reveal(TIE[:players], [offer(*h) for h in TIE[:players]], trade_master=previous, **kw)


def test_on_a_tie_the_previous_trade_master_chooses_among_the_tied():
    state, events = tie(previous=3)
    assert of_type(events, "trade_master_tied") == [
        {"type": "trade_master_tied", "seats": [0, 1, 2], "chooser": 3}]
    assert state["phase"] == "appoint" and engine.active(state) == [3]
    assert engine.legal_moves(state, 3) == [{"move": {"type": "appoint", "seat": s}} for s in (0, 1, 2)]
    new, events = play(state, 3, {"type": "appoint", "seat": 2})
    assert new["trade_master"] == 2 and new["phase"] == "trading" and engine.active(new) == [2]
    assert events == [{"type": "trade_master", "seat": 2, "how": "previous"}]
    assert code(state, 3, {"type": "appoint", "seat": 3}) == "cannot_keep_token"


def test_a_tied_previous_trade_master_may_not_keep_the_token():
    state, _ = tie(previous=1)
    assert engine.active(state) == [1]
    assert [o["move"]["seat"] for o in engine.legal_moves(state, 1)] == [0, 2]
    assert code(state, 1, {"type": "appoint", "seat": 1}) == "cannot_keep_token"
    assert code(state, 1, {"type": "appoint", "seat": 3}) == "not_tied"


def test_a_tie_of_the_previous_trade_master_and_one_other_needs_no_choice():
    state, events = tie(previous=0, players=2)
    assert of_type(events, "trade_master") == [{"type": "trade_master", "seat": 1, "how": "only_choice"}]
    assert state["phase"] == "trading"


def test_a_first_round_tie_is_settled_at_random_among_the_tied():
    picked = set()
    for seed in range(24):
        state = table(4, hands=TIE, round_=1)
        state, events = play_all(state, [(s, offer(*TIE[s])) for s in range(4)], seed=f"tie{seed}")
        (tm,) = of_type(events, "trade_master")
        assert tm["how"] == "random" and tm["reveal"]
        picked.add(tm["seat"])
    assert picked == {0, 1, 2}
