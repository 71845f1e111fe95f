"""Random play-outs for every player count and option set, component accounting, legal moves,
garbage moves and views."""
import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.core import ALL, IllegalMove, derive_rng, expand, random_playout
from engines.core.options import count_moves
from engines.tekhenu import data as D
from tests.rules.tekhenu.helpers import E, started

OPTION_SETS = [{"random_horus": h, "random_wheel": w} for h in (False, True) for w in (False, True)]


def accounted(s):
    """Every die, every card and every Pillar tile is somewhere, exactly once."""
    dice = list(s["supply"]) + [d["id"] for sec in s["sections"] for d in sec]
    for p in s["p"]:
        dice += [d["id"] for side in p["scales"].values() for d in side]
    assert sorted(dice) == list(range(len(D.DIE_COLOUR)))
    cards = list(s["deck"]) + list(s["discard"]) + list(s["removed"])
    cards += [c for sec in s["market"] for c in sec]
    for p in s["p"]:
        cards += p["cards"] + p["decrees"] + p["offer"]
    expected = sorted(c for c in D.CARDS if not (s["players"] == 2 and c in D.REMOVED_2P))
    # a kept Decree is in `decrees`; during the keep it is still in `offer` only
    assert sorted(cards) == expected
    destiny = list(s["destiny_deck"]) + list(s["destiny_display"])
    destiny += [p["destiny"] for p in s["p"] if p["destiny"]]
    assert sorted(destiny) == sorted(D.DESTINY), "a Destiny card is missing or twice"
    tiles = [t for st_ in s["stacks"] for t in st_] + [t for t in s["ra"] if t]
    tiles += [c["tile"] for c in s["temple"] if c]
    assert sorted(tiles) == sorted(D.PILLAR_TILES)
    for p in s["p"]:
        assert 0 <= p["happiness"] <= p["population"] <= D.TRACK_MAX
        assert all(1 <= v <= D.PRODUCTION_MAX for v in p["production"].values())
        assert p["vp"] >= 0 and p["scribes"] >= 0 and p["gold"] >= 0
        assert all(p[r] >= 0 for r in D.RESOURCES)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", OPTION_SETS)
def test_random_playout_folds_and_accounts(players, options):
    seen = set()

    def check(state, seat, move, events):
        accounted(state)
        seen.add(move["type"])

    final, events, moves = random_playout(E, players, options, seed=f"p{players}{options}",
                                          check_fold=True, on_move=check)
    res = E.result(final)
    assert final["round"] == 16 and res is not None
    assert sorted(r["seat"] for r in res["ranking"]) == list(range(players))
    assert {"keep", "draft", "destiny", "take"} <= seen
    assert sum(1 for e in events if e["type"] == "maat") == 4
    assert sum(1 for e in events if e["type"] == "scored") == 2 * players


def test_many_short_games_every_count():
    for seed in range(6):
        for players in (2, 3, 4):
            final, _, _ = random_playout(E, players, {}, seed=f"m{seed}")
            accounted(final)
            assert E.result(final) is not None


def _positions(players, seed, every=5):
    out = []

    def grab(state, *_):
        if E.result(state) is None and len(out) < 60:
            out.append(copy.deepcopy(state))

    random_playout(E, players, {}, seed=seed, on_move=grab)
    return out[::every]


@pytest.mark.parametrize("players", [2, 4])
def test_every_listed_move_is_accepted_and_others_are_refused(players):
    rng = derive_rng("lm", 0)
    for s in _positions(players, f"lm{players}"):
        for seat in range(players):
            options = E.legal_moves(s, seat)
            if seat not in E.active(s):
                assert options == []
                with pytest.raises(IllegalMove):
                    E.decide(s, seat, {"type": "take", "die": 0, "value": 1,
                                       "action": "produce"}, rng)
                continue
            for option in options[:40]:
                moves = list(expand(option)) if count_moves([option]) <= 20 else []
                for move in moves:
                    E.decide(s, seat, move, rng)


def test_an_unlisted_take_is_refused():
    s = started(2, "u")
    seat = E.active(s)[0]
    listed = [m for o in E.legal_moves(s, seat) for m in expand(o)]
    keyed = {(m["die"], m["value"], m["anubis"], m["action"]) for m in listed}
    for sec in s["sections"]:
        for d in sec:
            for value in range(1, 7):
                for action in D.ACTIONS:
                    if (d["id"], value, False, action) in keyed:
                        continue
                    move = {"type": "take", "die": d["id"], "value": value, "anubis": False,
                            "action": action, "mode": "god", "space": 0, "rotation": 0,
                            "district": 0, "track": "papyrus"}
                    with pytest.raises(IllegalMove):
                        E.decide(s, seat, move, None)


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.text(max_size=4),
                 st.lists(st.integers(-1, 3), max_size=3), st.just("papyrus"), st.just("god"),
                 st.sampled_from(["horus", "ra", "hathor", "bastet", "thoth", "osiris",
                                  "produce"]),
                 st.floats(allow_nan=False))
_POS = {}


def positions():
    if not _POS:
        _POS["all"] = _positions(3, "fz", every=3)
    return _POS["all"]


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(kind=st.sampled_from(sorted(E.moves_schema) + ["", "nope"]),
       fields=st.dictionaries(st.sampled_from(["die", "value", "anubis", "action", "mode",
                                               "space", "rotation", "district", "track",
                                               "decree", "card", "choice", "section",
                                               "cards", "gold"]), JUNK, max_size=6),
       pick=st.integers(0, 10**6))
def test_garbage_moves_raise_only_illegal_move(kind, fields, pick):
    ps = positions()
    s = ps[pick % len(ps)]
    before = copy.deepcopy(s)
    move = dict(fields, type=kind)
    for seat in range(3):
        try:
            E.decide(s, seat, move, derive_rng("fz", pick))
        except IllegalMove:
            pass
    assert s == before


def test_views_hide_decrees_and_the_deck():
    for s in _positions(3, "v", every=7):
        for viewer in (0, 1, 2, None):
            v = E.view(s, viewer)
            assert "deck" not in v and "removed" not in v
            for seat, pv in enumerate(v["players_view"]):
                if seat != viewer and not s["revealed"]:
                    assert pv["decrees"] is None and pv["offer"] is None
                    assert pv["chosen"] is None
                elif seat == viewer:
                    assert pv["decrees"] == s["p"][seat]["decrees"]
        full = E.view(s, ALL)
        assert full["deck"] == s["deck"]


def test_the_open_view_and_the_finished_game_show_every_decree():
    final, _, _ = random_playout(E, 2, {}, seed="open")
    v = E.view(final, None)
    assert [pv["decrees"] for pv in v["players_view"]] == [p["decrees"] for p in final["p"]]
    assert v["result"] == E.result(final)
