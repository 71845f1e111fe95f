"""Views hide hands, the deck and face-down cards; every listed move is accepted, unlisted and
garbage moves are refused with IllegalMove only; secrecy under a redeal."""
import copy

from hypothesis import given, settings, strategies as st

from engines.core import ALL, IllegalMove, derive_rng, expand, random_playout
from engines.core.options import count_moves
from engines.core.secrecy import resample
from engines.trickdraw import engine

from .helpers import D, U, play, refused, table


def busy_table():
    return table(3, hands=[["scout", "bewitched", "villager"], ["the_key"], ["rally", "rally"]],
                 boards=[[U("scholar"), D("local_hero")], [D("the_safe"), U("diplomacy")], [U("trickster")]],
                 discard=["villager"])


def seen(view) -> str:
    """Everything in a view but its card catalogue."""
    return str({k: v for k, v in view.items() if k != "cards"})


def test_a_seat_sees_its_hand_and_face_down_cards_only():
    s = busy_table()
    v = engine.view(s, 1)
    assert v["hand"] == ["the_key"] and v["hands"][0] == {"seat": 0, "count": 3}
    assert v["boards"][1][0]["card"] == "the_safe"             # its own face-down card
    assert "card" not in v["boards"][0][1]                      # another's face-down card
    assert v["boards"][0][0]["card"] == "scholar"               # face up: public
    assert v["deck"] == len(s["deck"]) and "deck_cards" not in v
    assert v["discard"] == ["villager"] and v["points"] == [1, 1, 0]
    assert "the_key" not in seen(engine.view(s, 0)) and "the_safe" not in seen(engine.view(s, 2))


def test_spectators_see_only_public_things_and_the_open_view_everything():
    s = busy_table()
    v = engine.view(s, None)
    assert v["hand"] is None and all("cards" not in h for h in v["hands"])
    assert not {"the_key", "the_safe", "local_hero", "rally"} & set(seen(v).split("'"))
    full = engine.view(s, ALL)
    assert full["hands"][1]["cards"] == ["the_key"] and full["boards"][1][0]["card"] == "the_safe"
    assert sorted(full["deck_cards"]) == sorted(s["deck"])


def test_the_offer_shows_its_cost():
    s = busy_table()
    _, s = play(s, 0, {"type": "play", "card": "scout", "face": "up"})
    assert engine.view(s, 2)["offer"] == {"seat": 0, "slot": 2, "card": "scout", "cost": 1,
                                          "player": 0}


def test_views_do_not_change_when_hidden_cards_are_redealt():
    s = busy_table()
    rng = derive_rng("redeal", 0)
    for seat in (0, 1, 2, None):
        for _ in range(5):
            other = resample(engine, s, seat, rng)
            assert engine.view(other, seat) == engine.view(s, seat)
            assert engine.legal_moves(other, seat) == engine.legal_moves(s, seat)


def test_every_listed_move_is_accepted_in_sampled_positions():
    checked = 0

    def on_move(state, *_):
        nonlocal checked
        for seat in engine.active(state):
            options = engine.legal_moves(state, seat)
            if count_moves(options) <= 200:
                for option in options:
                    for move in expand(option):
                        engine.decide(state, seat, move, derive_rng("x", 1))
                        checked += 1
    for players in (2, 3, 5):
        random_playout(engine, players, {}, seed=f"expand-{players}", on_move=on_move)
    assert checked > 500


def test_moves_not_listed_are_refused():
    s = busy_table()
    _, s = play(s, 0, {"type": "play", "card": "bewitched", "face": "up"})
    listed = engine.legal_moves(s, 0)[0]["choose"]["flips"]["one_of"]
    assert [[0, 0], [0, 1]] not in listed
    refused(s, 0, {"type": "resolve", "flips": [[0, 0], [0, 1]]}, "bad_flip")
    refused(s, 0, {"type": "resolve", "flips": [[0, 0], [1, 9]]}, "bad_flip")
    refused(s, 0, {"type": "resolve", "flips": [[0, 0], [1, 0]], "target": 1}, "bad_move")
    refused(s, 0, {"type": "resolve", "flips": [[0, 0], [1, 0]], "discard": "villager"}, "bad_move")
    refused(s, 0, {"type": "resolve", "flips": [[0, 0], [1, 0]], "extra": 1}, "bad_move")


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 12) | st.text(max_size=8)
                    | st.sampled_from(["up", "down", "rally", "scout", "villager"]),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                    max_leaves=8)
MOVES = st.fixed_dictionaries(
    {"type": st.sampled_from(["play", "activate", "resolve", "decline", "end_turn", "x", ""])},
    optional={"card": JSON, "face": JSON, "slot": JSON, "flips": JSON, "target": JSON,
              "discard": JSON, "other": JSON}) | JSON


@settings(max_examples=300, deadline=None)
@given(move=MOVES, seat=st.sampled_from([0, 1, 2, -1, None, "0"]), offered=st.booleans())
def test_garbage_moves_raise_illegal_move_only(move, seat, offered):
    s = busy_table()
    if offered:
        s = play(s, 0, {"type": "play", "card": "bewitched", "face": "up"})[1]
    before = copy.deepcopy(s)
    try:
        events = engine.decide(s, seat, move, derive_rng("fuzz", 1))
    except IllegalMove as e:
        assert e.code and e.reason
    else:
        assert move in [m for o in engine.legal_moves(s, seat) for m in expand(o)]
        assert isinstance(events, list)
    assert s == before
