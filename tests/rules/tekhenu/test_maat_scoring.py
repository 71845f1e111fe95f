"""The Maat phase every 4 rounds, and Scoring after rounds 8 and 16."""
import pytest

from engines.core import IllegalMove
from engines.tekhenu import data as D
from engines.tekhenu import scoring
from tests.rules.tekhenu.helpers import E, run, table


def last_turn(players=2, round_=4, **fields):
    """The last seat's turn in `round_`: it takes a filler die (brown 1, Pure, produce)."""
    s = table(players=players, **fields)
    s["round"] = round_
    s["turn"] = players - 1
    return s


def finish_round(s):
    seat = s["order"][s["turn"]]
    die = s["sections"][5][0]["id"]
    return run(s, seat, {"type": "take", "die": die, "value": 1, "action": "produce"})


def maat_row(events, seat):
    ev = [e for e in events if e["type"] == "maat"][0]
    return ev["seats"][seat], ev["order"]


@pytest.mark.parametrize("round_,maat", [(1, False), (3, False), (4, True), (8, True),
                                         (12, True), (16, True)])
def test_maat_after_rounds_4_8_12_16(round_, maat):
    s = last_turn(round_=round_)
    _, events = finish_round(s)
    assert any(e["type"] == "maat" for e in events) == maat


def test_balance_pure_minus_tainted_minus_excess_anubis_not_counted():
    s = last_turn()
    s["p"][0]["scales"] = {"pure": [{"id": 0, "value": 5}, {"id": 1, "value": 3}],
                           "tainted": [{"id": 2, "value": 2}],
                           "anubis": [{"id": 3, "value": 6}]}
    s["p"][0]["excess"]["bread"] = 2
    for d in (0, 1, 2, 3):
        s["supply"].remove(d)
    new, events = finish_round(s)
    row, _ = maat_row(events, 0)
    assert row["balance"] == 5 + 3 - 2 - 2
    # dice, excess and Faith leave the board
    p = new["p"][0]
    assert p["scales"] == {"pure": [], "tainted": [], "anubis": []}
    assert p["excess"]["bread"] == 0 and p["faith"] == 0
    on_board = {d["id"] for sec in new["sections"] for d in sec}
    assert {0, 1, 2, 3} <= set(new["supply"]) | on_board   # back to the supply (or rolled anew)


@pytest.mark.parametrize("balance,penalty", [(2, 0), (-2, 0), (-3, 1), (-5, 1), (-6, 2),
                                             (-8, 2), (-9, 3), (-15, 3)])
def test_penalty_table(balance, penalty):
    s = last_turn()
    s["p"][0]["vp"] = 10
    s["p"][0]["excess"]["granite"] = -balance if balance < 0 else 0
    if balance > 0:
        s["p"][0]["scales"]["pure"] = [{"id": 0, "value": balance}]
        s["supply"].remove(0)
    new, events = finish_round(s)
    row, _ = maat_row(events, 0)
    assert row["final"] == balance and row["penalty"] == penalty
    assert new["p"][0]["vp"] == 10 - penalty


def test_faith_moves_the_balance_toward_zero_and_unused_faith_is_lost():
    s = last_turn()
    s["p"][0].update(faith=3, vp=5)
    s["p"][0]["excess"]["granite"] = 7            # -7: 2 VP without Faith
    new, events = finish_round(s)
    row, _ = maat_row(events, 0)
    assert row["faith"] == 3 and row["final"] == -4 and row["penalty"] == 1
    assert new["p"][0]["vp"] == 4 and new["p"][0]["faith"] == 0
    s["p"][0]["excess"]["granite"] = 1
    _, events = finish_round(s)
    row, _ = maat_row(events, 0)
    assert row["faith"] == 1 and row["final"] == 0


@pytest.mark.parametrize("ankh0,ankh1,first", [(3, 7, 1), (7, 3, 0)])
def test_new_turn_order_closest_to_zero_plus_and_minus_one_tie_to_the_higher_ankh(ankh0, ankh1,
                                                                                 first):
    s = last_turn(players=3)
    s["p"][0]["scales"]["pure"] = [{"id": 0, "value": 1}]
    s["supply"].remove(0)
    s["p"][1]["excess"]["papyrus"] = 1            # -1
    s["p"][2]["excess"]["papyrus"] = 5            # seat 2 ends on -4 after its +1 die
    s["p"][0]["destiny"], s["p"][1]["destiny"] = f"X{ankh0:02d}", f"X{ankh1:02d}"
    s["p"][2]["destiny"] = "X10"
    new, events = finish_round(s)
    finals = [maat_row(events, x)[0]["final"] for x in range(3)]
    assert finals == [1, -1, -4]
    assert new["order"] == [first, 1 - first, 2]


def test_destiny_cards_go_back_into_the_deck_and_exist_once():
    s = last_turn()
    s["p"][0]["destiny"], s["p"][1]["destiny"] = "X03", "X07"
    s["destiny_deck"] = sorted(set(D.DESTINY) - {"X03", "X07"})
    new, events = finish_round(s)
    assert [p["destiny"] for p in new["p"]] == [None, None]
    shown = [e for e in events if e["type"] == "destiny_shown"][0]["cards"]
    assert sorted(new["destiny_deck"] + new["destiny_display"]) == sorted(D.DESTINY)
    assert shown == new["destiny_display"]
    for seat in (0, 1):
        assert E.view(new, 1 - seat)["players_view"][seat]["destiny"] is None


def test_the_reported_game_never_holds_a_destiny_card_twice():
    """2 players, seed oracleC-tekhenu-0: at replay step 17 X10 and X09 were both in the Destiny
    deck and still held by seats 0 and 1."""
    from tests.golden.record import play
    options = E.load_options({})
    _, records = play(E, 2, options, "oracleC-tekhenu-0")
    s = E.initial(2, options)
    maats = 0
    for record in records:
        for ev in record["events"]:
            s = E.evolve(s, ev)
            maats += ev["type"] == "maat_cleared"
        held = [p["destiny"] for p in s["p"] if p["destiny"]]
        assert sorted(held + s["destiny_deck"] + s["destiny_display"]) == sorted(D.DESTINY)
    assert maats == 4 and s["over"]


def test_maat_then_everyone_picks_a_new_destiny_in_the_new_order():
    s = last_turn()
    s["p"][0]["excess"]["papyrus"] = 4            # seat 1 is closer to zero
    new, _ = finish_round(s)
    assert new["phase"] == "destiny" and new["order"] == [1, 0]
    assert E.active(new) == [1] and len(new["destiny_display"]) == 3
    card = new["destiny_display"][0]
    after, _ = run(new, 1, {"type": "destiny", "card": card})
    assert after["p"][1]["destiny"] == card
    card = after["destiny_display"][0]
    after, _ = run(after, 0, {"type": "destiny", "card": card})
    assert after["phase"] == "play" and after["round"] == 5 and E.active(after) == [1]


# --- Scoring -------------------------------------------------------------------------------------

def scored(events, seat):
    return [e for e in events if e["type"] == "scored" and e["seat"] == seat][0]["items"]


@pytest.mark.parametrize("round_,scores", [(4, False), (8, True), (12, False), (16, True)])
def test_scoring_after_rounds_8_and_16(round_, scores):
    _, events = finish_round(last_turn(round_=round_))
    assert any(e["type"] == "scored" for e in events) == scores


@pytest.mark.parametrize("statues,vp", [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10), (5, 15),
                                        (6, 21)])
def test_statues_built(statues, vp):
    s = last_turn(round_=8)
    s["p"][0]["statues"] = statues
    _, events = finish_round(s)
    assert scored(events, 0)["statues"] == vp


@pytest.mark.parametrize("happiness,vp", [(8, 0), (9, 3), (12, 3), (13, 6), (15, 6), (16, 9),
                                          (19, 12), (20, 12), (21, 15)])
def test_happiness(happiness, vp):
    s = last_turn(round_=8)
    s["p"][0].update(happiness=happiness, population=21)
    _, events = finish_round(s)
    assert scored(events, 0)["happiness"] == vp


def test_production_2_vp_per_marker_on_6():
    s = last_turn(round_=8)
    s["p"][0]["production"] = {"papyrus": 6, "bread": 6, "limestone": 5, "granite": 1}
    _, events = finish_round(s)
    assert scored(events, 0)["production"] == 4


def test_osiris_majority_counts_statues_in_both_districts_and_ties_go_to_the_highest_piece():
    s = last_turn(round_=8)
    s["districts"][0][0] = [0]
    s["districts"][0][1] = [0]
    s["districts"][0][2] = [1]
    s["districts"][0][3] = [1]                    # 2-2: seat 1's row 4 is higher
    s["districts"][2][5] = [0]
    s["districts"][2][0] = [1, 0]                 # 2-1 to seat 0
    assert scoring.district_winners(s, 0) == [1]
    s["gold_spaces"][2] = 0                       # a statue over districts 1 and 2 (index 0, 1)
    assert scoring.district_winners(s, 0) == [0] and scoring.district_winners(s, 1) == [0]
    assert scoring.district_winners(s, 3) == []
    _, events = finish_round(s)
    assert scored(events, 0)["districts"] == 9 and scored(events, 1)["districts"] == 0


def test_temple_own_buildings_and_statues_around_it_and_per_pillar():
    s = last_turn(round_=8)
    s["spaces"][0] = 0                            # row 0
    s["spaces"][6] = 0                            # col 0
    s["spaces"][2] = 1                            # row 2, not mine
    s["gold_spaces"][0] = 0                       # statue by the Temple, row 1
    s["temple"][0] = {"seat": 0, "tile": "P00", "rotation": 0}   # row 0, col 0: 2
    s["temple"][3] = {"seat": 0, "tile": "P01", "rotation": 0}   # row 1, col 0: 2
    s["temple"][8] = {"seat": 1, "tile": "P02", "rotation": 0}
    _, events = finish_round(s)
    assert scored(events, 0)["temple"] == 3 + 2 + 2


def test_building_row_uncovers_vp_and_bread_owed():
    s = last_turn(round_=8)
    s["p"][0].update(buildings=5, bread=5)      # uncovers VP 0+1+0+2+0, Bread 0+0+1+0+1
    _, events = finish_round(s)
    items = scored(events, 0)
    assert items["building_row"] == 3 and items["upkeep"] == 2


def score_vp(items):
    return sum(v for k, v in items.items() if k != "upkeep")


def test_bread_upkeep_is_paid_automatically_when_the_bread_is_there():
    s = last_turn(round_=8)
    s["p"][0].update(buildings=5, bread=3, gold=2, vp=10)
    new, events = finish_round(s)
    assert new["pending"] == [] and new["phase"] == "destiny"
    assert new["p"][0]["bread"] == 1 and new["p"][0]["gold"] == 2
    assert new["p"][0]["vp"] == 10 + score_vp(scored(events, 0))


def test_bread_short_without_gold_costs_3_vp_per_bread_and_asks_nothing():
    s = last_turn(round_=8)
    s["p"][0].update(buildings=5, bread=0, gold=0, vp=10)
    new, events = finish_round(s)
    assert new["pending"] == [] and new["phase"] == "destiny"
    assert new["p"][0]["vp"] == 10 + score_vp(scored(events, 0)) - 2 * 3


def asked(bread, gold, round_=8):
    s = last_turn(round_=round_)
    s["p"][0].update(buildings=5, bread=bread, gold=gold, vp=10)   # owes 2 Bread
    return finish_round(s)


def test_you_are_asked_only_if_paying_would_need_gold():
    new, events = asked(bread=1, gold=3)
    items = scored(events, 0)
    assert new["p"][0]["bread"] == 0                    # the Bread is paid first, unasked
    assert new["pending"] == [{"seat": 0, "kind": "upkeep", "bread": 1}]
    assert new["phase"] == "maat" and E.active(new) == [0] and E.legal_moves(new, 1) == []
    assert E.legal_moves(new, 0) == [{"move": {"type": "upkeep"},
                                      "choose": {"gold": {"one_of": [0, 1]}}}]
    paid, _ = run(new, 0, {"type": "upkeep", "gold": 1})
    assert paid["p"][0]["gold"] == 2 and paid["p"][0]["vp"] == 10 + score_vp(items)
    assert paid["phase"] == "destiny" and paid["pending"] == []   # then the Maat phase ends
    kept, _ = run(new, 0, {"type": "upkeep", "gold": 0})
    assert kept["p"][0]["gold"] == 3 and kept["p"][0]["vp"] == 10 + score_vp(items) - 3
    for gold in (2, -1):
        with pytest.raises(IllegalMove):
            E.decide(new, 0, {"type": "upkeep", "gold": gold}, None)
    with pytest.raises(IllegalMove) as e:
        E.decide(new, 0, {"type": "destiny", "card": "X01"}, None)
    assert e.value.code == "wrong_step"


def test_gold_can_pay_only_part_of_the_bread_owed():
    new, events = asked(bread=0, gold=1)
    assert new["pending"][0]["bread"] == 2
    assert E.legal_moves(new, 0)[0]["choose"]["gold"]["one_of"] == [0, 1]
    paid, _ = run(new, 0, {"type": "upkeep", "gold": 1})
    assert paid["p"][0]["gold"] == 0
    assert paid["p"][0]["vp"] == 10 + score_vp(scored(events, 0)) - 3


def test_upkeep_questions_come_in_turn_order_and_the_game_end_waits_for_them():
    s = last_turn(round_=16)
    for p in s["p"]:
        p.update(buildings=5, bread=0, gold=2, decrees=[])
    s["p"][0]["excess"]["bread"] = 2              # seat 0 ends on -2, seat 1 on +1: 1 first
    new, events = finish_round(s)
    assert new["order"] == [1, 0]
    assert [st["seat"] for st in new["pending"]] == [1, 0]
    assert not any(e["type"] == "decrees_revealed" for e in events)
    assert new["pending"][0]["bread"] == 1        # seat 1 produced 1 Bread this round
    new, events = run(new, 1, {"type": "upkeep", "gold": 1})
    assert E.active(new) == [0] and not new["over"]
    done, events = run(new, 0, {"type": "upkeep", "gold": 0})
    kinds = [e["type"] for e in events]
    assert kinds.index("maat_cleared") < kinds.index("decrees_revealed") < kinds.index("game_over")
    assert done["over"] and done["p"][1]["gold"] == 1 and done["p"][0]["gold"] == 2
