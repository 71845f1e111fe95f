"""Actions: Horus, Ra, Hathor, Bastet, Thoth, Osiris, Produce (and Gold standing in)."""
import pytest

from engines.core import IllegalMove
from engines.tekhenu import data as D
from tests.rules.tekhenu.helpers import E, put, run, section_of, table, vp_gains

HORUS, RA, HATHOR, BASTET, THOTH, OSIRIS = (section_of(g) for g in D.GODS)


def take(s, seat, die, value, action, **kw):
    return run(s, seat, dict({"type": "take", "die": die, "value": value, "action": action}, **kw))


# --- Horus ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("built,granite", list(enumerate([4, 3, 2, 2, 3, 4])))
def test_statue_costs_the_granite_under_the_leftmost_unbuilt_statue(built, granite):
    s = table()
    s["p"][0].update(granite=10, statues=built)
    die = put(s, HORUS, "white", built + 1)
    new, _ = take(s, 0, die, built + 1, "horus", mode="god")
    assert new["p"][0]["granite"] == 10 - granite
    assert new["p"][0]["statues"] == built + 1


def test_die_value_picks_the_horus_slot_and_its_god():
    s = table(players=4)
    s["p"][0]["granite"] = 4
    die = put(s, HORUS, "white", 3)
    new, _ = take(s, 0, die, 3, "horus", mode="god")
    assert new["statues"] == [{"seat": 0, "god": s["horus_gods"][2], "slot": 3}]


def _with_statue(players, seat, god, slot):
    s = table(players=players)
    s["statues"].append({"seat": seat, "god": god, "slot": slot})
    s["p"][seat]["statues"] = 1
    return s


def test_bonus_when_another_player_takes_that_gods_action():
    s = _with_statue(4, 1, "bastet", 3)       # slot 3: 2 VP (stand-in)
    s["p"][0]["papyrus"] = 2
    die = put(s, BASTET, "black", 6)
    new, events = take(s, 0, die, 6, "bastet")
    assert vp_gains(events, 1) == 2


@pytest.mark.parametrize("players,own_bonus", [(2, True), (3, False), (4, False)])
def test_own_action_gives_your_bonus_only_with_two_players(players, own_bonus):
    s = _with_statue(players, 0, "bastet", 3)
    s["p"][0]["papyrus"] = 2
    die = put(s, BASTET, "black", 6)
    _, events = take(s, 0, die, 6, "bastet")
    assert vp_gains(events, 0) == (2 if own_bonus else 0)


@pytest.mark.parametrize("players,immediate", [(2, False), (3, True), (4, False)])
def test_bonus_immediately_when_you_build_only_with_three_players(players, immediate):
    s = table(players=players)
    s["p"][0]["granite"] = 4
    die = put(s, HORUS, "white", 3)           # slot 3: 2 VP (stand-in)
    _, events = take(s, 0, die, 3, "horus", mode="god")
    assert vp_gains(events, 0) == (2 if immediate else 0)


def test_a_second_statue_to_the_same_god_gives_no_extra_bonus():
    s = _with_statue(4, 1, "bastet", 3)
    s["statues"].append({"seat": 1, "god": "bastet", "slot": 2})   # slot 2: 1 Gold
    s["p"][0]["papyrus"] = 2
    die = put(s, BASTET, "black", 6)
    new, events = take(s, 0, die, 6, "bastet")
    assert vp_gains(events, 1) == 2 and new["p"][1]["gold"] == 0


def test_horus_slot_1_is_a_choice_2_population_or_3_faith():
    s = _with_statue(4, 1, "bastet", 1)
    s["p"][0]["papyrus"] = 2
    die = put(s, BASTET, "black", 6)
    new, _ = take(s, 0, die, 6, "bastet")
    assert E.active(new) == [1]
    assert E.legal_moves(new, 1) == [{"move": {"type": "bonus"},
                                      "choose": {"choice": {"one_of": [0, 1]}}}]
    pop, _ = run(new, 1, {"type": "bonus", "choice": 0})
    assert pop["p"][1]["population"] == 5 and pop["p"][1]["faith"] == 0
    faith, _ = run(new, 1, {"type": "bonus", "choice": 1})
    assert faith["p"][1]["population"] == 3 and faith["p"][1]["faith"] == 3
    assert E.active(faith) == [1]             # then it is seat 1's own turn
    with pytest.raises(IllegalMove):
        E.decide(new, 1, {"type": "bonus", "choice": 2}, None)


@pytest.mark.parametrize("players,spaces", [(2, 1), (3, 2), (4, 3)])
def test_statue_spaces_per_god(players, spaces):
    s = table(players=players)
    god = s["horus_gods"][3]
    for k in range(spaces):
        s["statues"].append({"seat": 1, "god": god, "slot": 4})
    s["p"][0]["granite"] = 4
    die = put(s, HORUS, "white", 4)
    with pytest.raises(IllegalMove):
        E.decide(s, 0, {"type": "take", "die": die, "value": 4, "action": "horus",
                        "mode": "god"}, None)
    s["statues"].pop()
    take(s, 0, die, 4, "horus", mode="god")


def test_statue_for_the_people_takes_the_gold_and_3_vp_per_own_pillar_in_the_line():
    s = table()
    s["p"][0]["granite"] = 4
    s["temple"][3] = {"seat": 0, "tile": "P01", "rotation": 0}   # row 1
    s["temple"][5] = {"seat": 0, "tile": "P02", "rotation": 0}   # row 1
    s["temple"][4] = {"seat": 1, "tile": "P03", "rotation": 0}   # row 1, not mine
    s["temple"][0] = {"seat": 0, "tile": "P04", "rotation": 0}   # row 0
    die = put(s, HORUS, "white", 1)
    new, events = take(s, 0, die, 1, "horus", mode="people", space=0)   # by the Temple, row 1
    assert new["gold_spaces"][0] == 0 and new["p"][0]["gold"] == 2
    assert vp_gains(events, 0) == 6
    new, events = take(s, 0, die, 1, "horus", mode="people", space=2)   # above the districts
    assert new["p"][0]["gold"] == 2 and vp_gains(events, 0) == 0


# --- Ra ------------------------------------------------------------------------------------------

def _ra(value, tile="P00", slot=None):
    s = table()
    slot = D.ra_slot(value) if slot is None else slot
    for st in s["stacks"]:
        if tile in st:
            st.remove(tile)
    s["ra"][slot] = tile
    s["p"][0].update(limestone=5, granite=5)
    die = put(s, RA, "white", value)
    return s, die


@pytest.mark.parametrize("value,slot,slot_vp", [(6, 0, 3), (5, 0, 3), (4, 1, 2), (3, 1, 2),
                                                (2, 2, 1), (1, 2, 1)])
def test_ra_die_picks_the_tile(value, slot, slot_vp):
    s, die = _ra(value)
    new, events = take(s, 0, die, value, "ra", space=4, rotation=0)
    raised = [ev for ev in events if ev["type"] == "pillar_raised"][0]
    assert raised["slot"] == slot and raised["tile"] == "P00"
    assert raised["score"]["slot"] == slot_vp
    assert new["p"][0]["limestone"] == 5 - D.PILLAR_TILES["P00"]["cost"]["limestone"]
    assert new["p"][0]["granite"] == 5 - D.PILLAR_TILES["P00"]["cost"]["granite"]
    assert new["ra"][slot] != "P00"


def test_pillar_scoring_buildings_edges_in_a_corner_slot_and_space_reward():
    s, die = _ra(5)
    s["spaces"][0] = 1          # row 0 (anyone's)
    s["spaces"][6] = 0          # col 0
    s["spaces"][1] = 1          # row 1: not in the lines of cell 0
    # P00 edges N sun, E sun, S moon, W moon; the border at cell 0: N sun, W moon
    new, events = take(s, 0, die, 5, "ra", space=0, rotation=0)
    raised = [ev for ev in events if ev["type"] == "pillar_raised"][0]
    assert raised["score"] == {"buildings": 2, "edges": 4, "slot": 3, "total": 9}
    assert new["p"][0]["papyrus"] == 1          # the space shows Papyrus
    assert vp_gains(events, 0) == 9 + 2         # Ra's section is Sunny, like P00: ability 2 VP
    # a quarter turn: N moon (no match), W moon? (W is old S: moon, matches)
    _, events = take(s, 0, die, 5, "ra", space=0, rotation=1)
    raised = [ev for ev in events if ev["type"] == "pillar_raised"][0]
    assert raised["score"]["edges"] == 2


def test_pillar_edges_match_a_neighbouring_tile_outside_corners_once():
    s, die = _ra(5)
    s["temple"][4] = {"seat": 1, "tile": "P01", "rotation": 0}  # P01 edges: sun moon sun moon
    # cell 1 (top middle): N border moon; S neighbour is cell 4, whose N edge is sun
    _, events = take(s, 0, die, 5, "ra", space=1, rotation=0)    # P00: N sun, S moon
    assert [ev for ev in events if ev["type"] == "pillar_raised"][0]["score"]["edges"] == 0
    _, events = take(s, 0, die, 5, "ra", space=1, rotation=2)    # N moon, S sun
    assert [ev for ev in events if ev["type"] == "pillar_raised"][0]["score"]["edges"] == 2


def test_pillar_ability_only_when_its_light_matches_ras_section():
    s, die = _ra(5)
    s["wheel"] = 1              # Ra's section (1) is now Shaded; P00 is a Sunny tile
    _, events = take(s, 0, die, 5, "ra", space=4, rotation=0)
    assert not [ev for ev in events if ev["type"] == "gain" and ev["why"] == "pillar ability"]


def test_an_empty_pillar_stack_leaves_its_slot_empty_and_ra_impossible():
    s, die = _ra(1)
    s["ra"][2] = None
    s["stacks"][2] = []
    with pytest.raises(IllegalMove) as e:
        E.decide(s, 0, {"type": "take", "die": die, "value": 1, "action": "ra", "space": 0,
                        "rotation": 0}, None)
    assert e.value.code == "action_not_possible"


def test_the_slot_refills_from_its_stack_with_a_reveal():
    s, die = _ra(5)
    _, events = take(s, 0, die, 5, "ra", space=4, rotation=0)
    drawn = [ev for ev in events if ev["type"] == "pillar_drawn"]
    assert len(drawn) == 1 and drawn[0]["reveal"] and drawn[0]["slot"] == 0


# --- Hathor --------------------------------------------------------------------------------------

def test_hathor_pays_bread_scores_own_pillars_and_takes_empty_space_rewards():
    s = table()
    s["p"][0]["bread"] = 2
    s["temple"][0] = {"seat": 0, "tile": "P01", "rotation": 0}
    s["temple"][1] = {"seat": 1, "tile": "P02", "rotation": 0}
    die = put(s, HATHOR, "yellow", 4)
    new, events = take(s, 0, die, 4, "hathor", space=0)     # row 0, 2 Bread
    p = new["p"][0]
    assert new["spaces"][0] == 0 and p["buildings"] == 1
    assert p["bread"] == 1                     # paid 2, then the empty cell 2 shows Bread
    assert vp_gains(events, 0) == 3            # own Pillar; the other's gives nothing
    assert p["population"] == 3 + 4


def test_population_stops_at_21():
    s = table()
    s["p"][0].update(bread=2, population=19)
    die = put(s, HATHOR, "yellow", 6)
    new, _ = take(s, 0, die, 6, "hathor", space=0)
    assert new["p"][0]["population"] == 21


def test_market_sections_3_and_4_fill_when_a_population_first_reaches_9_and_13():
    s = table()
    s["p"][0].update(bread=4, population=6)
    die = put(s, HATHOR, "yellow", 3)
    assert s["market"][2] == [] and not s["filled"][2]
    new, events = take(s, 0, die, 3, "hathor", space=0)
    assert len(new["market"][2]) == D.MARKET_SIZE and new["market"][3] == []
    assert any(ev["type"] == "market_filled" and ev["section"] == 2 and ev.get("reveal")
               for ev in events)


# --- Bastet --------------------------------------------------------------------------------------

@pytest.mark.parametrize("value,scribes", [(1, 2), (2, 2), (3, 1), (4, 1), (5, 0), (6, 0)])
def test_bastet(value, scribes):
    s = table()
    s["p"][0].update(papyrus=2, population=21)
    die = put(s, BASTET, "black", value)
    new, _ = take(s, 0, die, value, "bastet")
    assert new["p"][0]["papyrus"] == 0
    assert new["p"][0]["happiness"] == 1 + value
    assert new["p"][0]["scribes"] == scribes


def test_happiness_never_above_population():
    s = table()
    s["p"][0].update(papyrus=2, population=4, happiness=2)
    die = put(s, BASTET, "black", 6)
    new, _ = take(s, 0, die, 6, "bastet")
    assert new["p"][0]["happiness"] == 4


def test_happiness_16_19_21_first_time_gold_scribe_extra_action():
    s = table()
    s["p"][0].update(papyrus=2, population=21, happiness=15)
    die = put(s, BASTET, "black", 6)
    new, events = take(s, 0, die, 6, "bastet")
    p = new["p"][0]
    assert p["happiness"] == 21 and p["gold"] == 1 and p["scribes"] == 1
    assert p["milestones"] == [16, 19, 21]
    assert new["pending"] == [{"seat": 0, "kind": "extra", "why": "happiness 21"}]
    # the extra action: any God action with any die value
    new["p"][0]["papyrus"] = 3
    after, events = run(new, 0, {"type": "extra", "action": "thoth", "value": 6})
    assert after["pending"][0]["kind"] == "thoth" and after["pending"][0]["cards"] == 3
    skipped, _ = run(new, 0, {"type": "skip"})
    assert skipped["pending"] == [] and E.active(skipped) == [1]


def test_happiness_milestones_only_the_first_time_and_by_any_route():
    s = table()
    s["p"][0].update(papyrus=2, population=21, happiness=14, milestones=[16])
    die = put(s, BASTET, "black", 3)
    new, _ = take(s, 0, die, 3, "bastet")
    assert new["p"][0]["happiness"] == 17 and new["p"][0]["gold"] == 0
    # a Blessing raising Happiness past 19 counts too (B10: 2 Happiness, used after Hathor)
    s = table()
    s["p"][0].update(population=21, happiness=18, bread=2, cards=["B10"], milestones=[16])
    assert D.CARDS["B10"]["on"] == "hathor" and D.CARDS["B10"]["reward"] == {"happiness": 2}
    die = put(s, HATHOR, "yellow", 1)
    new, _ = take(s, 0, die, 1, "hathor", space=0)
    assert new["p"][0]["happiness"] == 18
    new, _ = run(new, 0, {"type": "use", "cards": ["B10"]})
    assert new["p"][0]["happiness"] == 20 and new["p"][0]["scribes"] == 1
    assert new["p"][0]["milestones"] == [16, 19]


# --- Thoth ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("value,cards,papyrus", [(1, 1, 0), (2, 1, 0), (3, 2, 2), (4, 2, 2),
                                                 (5, 3, 3), (6, 3, 3)])
def test_thoth_cards_and_cost(value, cards, papyrus):
    s = table()
    s["p"][0]["papyrus"] = 3
    die = put(s, THOTH, "black", value)
    new, _ = take(s, 0, die, value, "thoth")
    assert new["p"][0]["papyrus"] == 3 - papyrus
    assert new["pending"] == [{"seat": 0, "kind": "thoth", "cards": cards, "refreshed": False}]
    offered = new["market"][0]
    if cards > 1:
        with pytest.raises(IllegalMove) as e:
            E.decide(new, 0, {"type": "cards", "section": 0, "cards": offered[:cards - 1]}, None)
        assert e.value.code == "take_full_number"
    done, _ = run(new, 0, {"type": "cards", "section": 0, "cards": offered[:cards]})
    assert len(done["market"][0]) == D.MARKET_SIZE and done["pending"] == []


@pytest.mark.parametrize("happiness,open_", [(1, [0]), (4, [0]), (5, [0, 1]),
                                             (9, [0, 1, 2]), (13, [0, 1, 2, 3])])
def test_happiness_opens_market_sections(happiness, open_):
    s = table()
    s["filled"] = [True] * 4
    for k in (2, 3):
        s["market"][k] = [c for c in s["deck"]][3 * k: 3 * k + 3]
        for c in s["market"][k]:
            s["deck"].remove(c)
    s["p"][0].update(happiness=happiness, population=21)
    die = put(s, THOTH, "black", 1)
    new, _ = take(s, 0, die, 1, "thoth")
    listed = sorted(o["move"]["section"] for o in E.legal_moves(new, 0)
                    if o["move"]["type"] == "cards")
    assert listed == open_
    for k in range(4):
        move = {"type": "cards", "section": k, "cards": new["market"][k][:1]}
        if k in open_:
            run(new, 0, move)
        else:
            with pytest.raises(IllegalMove):
                E.decide(new, 0, move, None)


def test_thoth_refresh_once_for_one_papyrus():
    s = table()
    s["p"][0]["papyrus"] = 1
    die = put(s, THOTH, "black", 2)
    new, _ = take(s, 0, die, 2, "thoth")
    old = list(new["market"][0])
    ref, events = run(new, 0, {"type": "refresh", "section": 0})
    assert ref["p"][0]["papyrus"] == 0 and ref["pending"][0]["refreshed"]
    assert sorted(ref["discard"]) == sorted(old)
    assert len(ref["market"][0]) == D.MARKET_SIZE
    with pytest.raises(IllegalMove):
        E.decide(ref, 0, {"type": "refresh", "section": 1}, None)
    run(ref, 0, {"type": "cards", "section": 0, "cards": ref["market"][0][:1]})


def test_discarded_cards_are_reshuffled_when_the_deck_runs_out():
    s = table()
    s["p"][0]["papyrus"] = 1
    s["discard"] = s["deck"][:5]
    s["deck"] = []
    die = put(s, THOTH, "black", 2)
    new, _ = take(s, 0, die, 2, "thoth")
    taken = new["market"][0][0]
    after, events = run(new, 0, {"type": "cards", "section": 0, "cards": [taken]})
    assert any(ev["type"] == "deck_reshuffled" for ev in events)
    assert len(after["market"][0]) == D.MARKET_SIZE and len(after["deck"]) == 4


def test_cards_taken_are_kept_decrees_among_your_decrees():
    s = table()
    s["market"][0] = ["T02", "B01", "D01"]
    die = put(s, THOTH, "black", 5)
    s["p"][0]["papyrus"] = 3
    new, _ = take(s, 0, die, 5, "thoth")
    after, _ = run(new, 0, {"type": "cards", "section": 0, "cards": ["B01", "D01", "T02"]})
    assert after["p"][0]["cards"] == ["B01", "T02"] and after["p"][0]["decrees"][-1] == "D01"
    assert after["p"][0]["gold"] == 0 and after["discard"] == []   # a Blessing waits to apply


# --- Osiris --------------------------------------------------------------------------------------

# The page's row table for the Papyrus district (pair: Bread).
OSIRIS_TABLE = {
    1: ({"papyrus": 1}, {"papyrus": 1}),
    2: ({"papyrus": 1}, {"papyrus": 1, "gold": 1}),
    3: ({"papyrus": 1, "bread": 1}, {"papyrus": 1}),
    4: ({"papyrus": 1, "bread": 1}, {"papyrus": 1, "gold": 1}),
    5: ({"papyrus": 2}, {"papyrus": 2}),
    6: ({"papyrus": 2, "limestone": 1}, {"papyrus": 2}),
}


@pytest.mark.parametrize("row", range(1, 7))
def test_osiris_rows(row):
    s = table()
    s["p"][0]["happiness"] = 2
    die = put(s, OSIRIS, "brown", row)
    extra = {"track": "limestone"} if row == 6 else {}
    new, _ = take(s, 0, die, row, "osiris", district=0, **extra)
    p = new["p"][0]
    production, gained = OSIRIS_TABLE[row]
    for r in D.RESOURCES:
        assert p["production"][r] == 1 + production.get(r, 0)
        assert p[r] == gained.get(r, 0)
    assert p["gold"] == gained.get("gold", 0)
    assert p["happiness"] == 1 and new["districts"][0][row - 1] == [0]


def test_osiris_needs_a_happiness_and_row_2_gold_only_for_the_first_builder():
    s = table()
    s["p"][0]["happiness"] = 0
    die = put(s, OSIRIS, "brown", 2)
    with pytest.raises(IllegalMove):
        E.decide(s, 0, {"type": "take", "die": die, "value": 2, "action": "osiris",
                        "district": 1}, None)
    s["p"][0]["happiness"] = 1
    s["districts"][1][1] = [1]
    new, _ = take(s, 0, die, 2, "osiris", district=1)
    assert new["p"][0]["gold"] == 0 and new["p"][0]["bread"] == 1


def test_production_markers_stop_at_6():
    s = table()
    s["p"][0]["production"]["granite"] = 5
    die = put(s, OSIRIS, "brown", 5)
    new, _ = take(s, 0, die, 5, "osiris", district=3)
    assert new["p"][0]["production"]["granite"] == 6


@pytest.mark.parametrize("action,colour,extra", [("hathor", "yellow", {"space": 0}),
                                                 ("osiris", "brown", {"district": 0})])
def test_ten_buildings_per_player(action, colour, extra):
    s = table()
    s["p"][0].update(bread=4, happiness=3, buildings=D.BUILDINGS_PER_PLAYER - 1)
    die = put(s, section_of(action), colour, 1)
    new, _ = take(s, 0, die, 1, action, **extra)
    assert new["p"][0]["buildings"] == D.BUILDINGS_PER_PLAYER == 10
    s["p"][0]["buildings"] = D.BUILDINGS_PER_PLAYER
    with pytest.raises(IllegalMove) as e:
        E.decide(s, 0, dict({"type": "take", "die": die, "value": 1, "action": action}, **extra),
                 None)
    assert e.value.code == "action_not_possible"


# --- Produce and Gold ----------------------------------------------------------------------------

def test_produce_above_the_marker_is_excess():
    s = table()
    s["p"][0]["production"]["bread"] = 2
    die = put(s, HATHOR, "brown", 5)
    new, _ = take(s, 0, die, 5, "produce")
    assert new["p"][0]["bread"] == 2 and new["p"][0]["excess"]["bread"] == 3


def test_gray_dice_cannot_produce():
    s = table()
    die = put(s, HATHOR, "gray", 5)
    with pytest.raises(IllegalMove):
        E.decide(s, 0, {"type": "take", "die": die, "value": 5, "action": "produce"}, None)


def test_gold_stands_in_for_any_resource_but_not_scribes_or_faith():
    s = table()
    s["p"][0].update(papyrus=1, gold=1)
    die = put(s, BASTET, "black", 3)
    new, _ = take(s, 0, die, 3, "bastet")
    assert new["p"][0]["papyrus"] == 0 and new["p"][0]["gold"] == 0
    s["p"][0].update(papyrus=0, gold=1)
    with pytest.raises(IllegalMove) as e:
        E.decide(s, 0, {"type": "take", "die": die, "value": 3, "action": "bastet"}, None)
    assert e.value.code == "action_not_possible"
    s["p"][0].update(papyrus=2, gold=5, scribes=0)
    with pytest.raises(IllegalMove) as e:
        E.decide(s, 0, {"type": "take", "die": die, "value": 4, "action": "bastet"}, None)
    assert e.value.code == "not_enough_scribes"
