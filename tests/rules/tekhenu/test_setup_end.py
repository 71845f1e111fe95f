"""Before round 1, player-count differences, errata, and the game end."""
import pytest

from engines.core import IllegalMove, derive_rng, fold_events, redact_event
from engines.tekhenu import data as D
from engines.tekhenu import game_end
from tests.rules.tekhenu.helpers import E, run, table


def opened(players=3, seed="s"):
    options = E.load_options({})
    events = E.setup(players, options, derive_rng(seed, 1))
    return fold_events(E, players, options, events), events


def test_each_player_keeps_one_of_two_secret_decrees():
    s, events = opened()
    dealt = [e for e in events if e["type"] == "decrees_dealt"]
    assert len(dealt) == 3
    for e in dealt:
        assert len(e["cards"]) == 2 and e["vis"] == {"cards": [e["seat"]]}
        assert "cards" not in redact_event(e, (e["seat"] + 1) % 3)
    assert sorted(E.active(s)) == [0, 1, 2] and sorted(E.awaited(s)) == [0, 1, 2]
    offer = s["p"][1]["offer"]
    with pytest.raises(IllegalMove):
        E.decide(s, 1, {"type": "keep", "decree": s["p"][0]["offer"][0]}, None)
    s, ev = run(s, 1, {"type": "keep", "decree": offer[0]})
    assert E.public_move(s, 1, {"type": "keep", "decree": offer[0]}) == {"type": "keep"}
    assert "decree" not in redact_event(ev[0], 0)
    assert 1 in E.active(s) and 1 not in E.awaited(s)
    s, _ = run(s, 1, {"type": "keep", "decree": offer[1]})      # a change of mind
    s, _ = run(s, 0, {"type": "keep", "decree": s["p"][0]["offer"][0]})
    s, _ = run(s, 2, {"type": "keep", "decree": s["p"][2]["offer"][1]})
    assert s["phase"] == "draft"
    assert s["p"][1]["decrees"] == [offer[1]] and offer[0] in s["removed"]
    view = E.view(s, 0)
    assert view["players_view"][1]["decrees"] is None
    assert view["players_view"][1]["decree_count"] == 1
    assert E.view(s, None)["players_view"][0]["decrees"] is None
    assert "deck" not in view and view["deck_size"] == len(s["deck"])


def _to_draft(players=3, seed="s"):
    s, _ = opened(players, seed)
    for seat in range(players):
        s, _ = run(s, seat, {"type": "keep", "decree": s["p"][seat]["offer"][0]})
    return s


def test_starting_cards_snake_draft_and_initiative_sets_the_first_turn_order():
    s = _to_draft()
    d = s["draft_order"]
    assert len(s["starting_display"]) == 7
    seen = []
    for k in range(6):
        seat = E.active(s)[0]
        seen.append(seat)
        display = sorted(s["starting_display"], key=lambda c: D.STARTING[c]["initiative"])
        s, _ = run(s, seat, {"type": "draft", "card": display[k % 2]})
    assert seen == [d[0], d[1], d[2], d[2], d[1], d[0]]
    totals = [sum(D.STARTING[c]["initiative"] for c in p["starting"]) for p in s["p"]]
    assert s["order"] == sorted(range(3), key=lambda x: (-totals[x], d.index(x)))
    assert s["phase"] == "destiny" and len(s["destiny_display"]) == 4
    # Destiny in turn order, with the rewards of both Starting cards and the Destiny card
    first = s["order"][0]
    assert E.active(s) == [first]
    before = dict(s["p"][first])
    card = s["destiny_display"][0]
    s2, events = run(s, first, {"type": "destiny", "card": card})
    whys = [e["why"] for e in events if e["type"] == "gain" and e["seat"] == first]
    for c in s["p"][first]["starting"] + [card]:
        assert c in whys
    assert s2["p"][first]["destiny"] == card and before["destiny"] is None
    with pytest.raises(IllegalMove):
        E.decide(s2, s2["order"][1], {"type": "destiny", "card": card}, None)


@pytest.mark.parametrize("players,removed", [(2, True), (3, False), (4, False)])
def test_t16_and_d20_removed_with_two_players(players, removed):
    s, _ = opened(players)
    everything = set(s["deck"]) | {c for p in s["p"] for c in p["offer"]} | \
        {c for sec in s["market"] for c in sec}
    assert ("T16" not in everything and "D20" not in everything) == removed
    assert "T16" in D.CARDS and "D20" in D.CARDS


def test_errata_d03_removed():
    assert "D03" not in D.CARDS


@pytest.mark.parametrize("players,spaces", [(2, 10), (3, 14), (4, 18)])
def test_temple_building_spaces(players, spaces):
    s, _ = opened(players)
    assert len(s["spaces"]) == spaces


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_rolls_every_section_and_fills_market_sections_1_and_2(players):
    s, _ = opened(players)
    assert [len(x) for x in s["sections"]] == [D.DICE_PER_SECTION] * 6
    assert [len(m) for m in s["market"]] == [3, 3, 0, 0]
    assert all(t is not None for t in s["ra"])


# --- game end ------------------------------------------------------------------------------------

def final_turn(players=2, **kw):
    s = table(players=players, **kw)
    s["round"] = 16
    s["turn"] = players - 1
    return s


def finish(s):
    seat = s["order"][s["turn"]]
    return run(s, seat, {"type": "take", "die": s["sections"][5][0]["id"], "value": 1,
                         "action": "produce"})


def test_decrees_up_to_three_one_per_symbol_best_set():
    s = table()
    p = s["p"][0]
    p.update(statues=2, pillars=4, buildings=6, scribes=5)
    by = {c["scores"]: c for c in D.CARDS.values() if c["kind"] == "decree"}
    # D01 statues (ankh), D02 pillars x2 (eye), D05 ankh, D06 scribes (eye) ...
    p["decrees"] = ["D01", "D02", "D06", "D04", "D05"]
    best = game_end.best_decrees(s, 0)
    assert len(best) <= 3
    assert len({D.CARDS[c]["symbol"] for c in best}) == len(best)
    values = {c: game_end.decree_value(s, 0, c) for c in p["decrees"]}
    # brute force over every legal set
    from itertools import combinations
    top = max(sum(values[c] for c in combo) for k in range(4)
              for combo in combinations(p["decrees"], k)
              if len({D.CARDS[c]["symbol"] for c in combo}) == k)
    assert sum(values[c] for c in best) == top
    assert by  # the stand-in has decrees of several kinds


def test_d07_scores_at_most_21():
    s = table()
    s["p"][0]["buildings"] = D.BUILDINGS_PER_PLAYER        # 10 x 3 VP would be 30
    assert D.CARDS["D07"]["scores"] == "buildings"
    assert game_end.decree_value(s, 0, "D07") == 21
    s["p"][0]["buildings"] = 5
    assert game_end.decree_value(s, 0, "D07") == 15


def decree_of(kind):
    return next(c for c, v in sorted(D.CARDS.items()) if v.get("scores") == kind)


@pytest.mark.parametrize("kind,every", [("happiness", 3), ("production", 2), ("statues", 1)])
def test_decree_units_come_from_the_data(kind, every):
    card = decree_of(kind)
    assert D.CARDS[card]["every"] == D.DECREE_EVERY.get(kind, 1) == every
    s = table()
    p = s["p"][0]
    p.update(happiness=14, population=21, statues=4)
    p["production"] = {"papyrus": 6, "bread": 2, "limestone": 1, "granite": 2}   # 11 steps
    amount = {"happiness": 14, "production": 11, "statues": 4}[kind]
    assert game_end.decree_value(s, 0, card) == amount // every * D.CARDS[card]["per"]


@pytest.mark.parametrize("players,vp", [(2, [3, 0]), (3, [3, 2, 0]), (4, [3, 2, 0, 0])])
def test_turn_order_vp_at_the_end(players, vp):
    s = final_turn(players)
    for p in s["p"]:
        p["decrees"] = []
        p["happiness"] = 0
    new, events = finish(s)
    order = new["order"]
    got = [sum(e["delta"].get("vp", 0) for e in events if e["type"] == "gain"
               and e["seat"] == order[k] and e["why"].startswith("turn order"))
           for k in range(players)]
    assert got == vp
    assert new["over"] and E.result(new) is not None


def test_ties_most_scribes_then_earlier_in_turn_order():
    s = table(players=3)
    s["order"] = [2, 0, 1]
    for seat, (vp, scribes) in enumerate([(20, 1), (20, 4), (20, 1)]):
        s["p"][seat].update(vp=vp, scribes=scribes)
    assert game_end.ranking(s) == [1, 2, 0]
    s["p"][0]["vp"] = 21
    assert game_end.ranking(s) == [0, 1, 2]


def test_result_ranks_every_seat_by_the_ranking():
    s = final_turn(3)
    new, _ = finish(s)
    res = E.result(new)
    assert [r["seat"] for r in res["ranking"]] == game_end.ranking(new)
    assert [r["rank"] for r in res["ranking"]] == [1, 2, 3]
    assert res["scores"] == [p["vp"] for p in new["p"]]


def test_scores_never_drop_below_zero():
    s = final_turn(2)
    s["p"][0].update(vp=0, decrees=[], buildings=3, bread=0, gold=0)   # 1 Bread short
    s["p"][0]["excess"]["granite"] = 12
    new, _ = finish(s)
    assert new["p"][0]["vp"] >= 0


def test_d23_free_action_first_after_the_decrees_are_shown():
    s = final_turn(2)
    s["p"][0]["decrees"] = ["D23"]
    s["p"][1]["decrees"] = ["D01"]
    new, events = finish(s)
    assert any(e["type"] == "decrees_revealed" and e.get("reveal") for e in events)
    assert new["phase"] == "final" and E.active(new) == [0]
    assert E.view(new, 1)["players_view"][0]["decrees"] == ["D23"]
    new["p"][0]["papyrus"] = 2
    done, _ = run(new, 0, {"type": "extra", "action": "bastet", "value": 2})
    assert done["over"] and done["p"][0]["scribes"] >= 2
    with pytest.raises(IllegalMove):
        E.decide(done, 0, {"type": "skip"}, None)
