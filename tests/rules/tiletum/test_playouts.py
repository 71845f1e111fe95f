"""Random complete games for every player count and option set: the fold equals the live state
after every move, decide never mutates, every tile and piece is accounted for, and every player
takes exactly 3 turns in each of the 4 rounds."""
import pytest

from engines.core import random_playout
from engines.tiletum import data as D
from engines.tiletum import engine
from engines.tiletum.board import houses_on_map, mines_on_map, pillars_on_map
from engines.tiletum.prospect import data as P

OPTIONS = [{"layout": lay, "difficulty": dif} for lay in ("printed", "random")
           for dif in ("priest", "deacon", "bishop")]


def check_components(state):
    places = []
    places += state["characters"]["pile"] + state["characters"]["discard"]
    places += state["contracts"]["pile"] + state["bonus_pile"] + state["out"]
    places += [x for x in state["characters"]["offer"] + state["contracts"]["offer"] if x]
    places += [x for x in state["action_tiles"].values() if x]
    places += [x for tw in state["towns"].values() for x in tw["bonus_tiles"]]
    if state["king_bonus"]:
        places.append(state["king_bonus"])
    if state["prospect"] and state["underground"]["wheel_tile"]:
        places.append(state["underground"]["wheel_tile"])
    for b in state["boards"]:
        places += b["store"] + b["contracts"]
        places += [x for rooms in b["rooms"] for x in rooms if x in D.TILES]
        assert len(b["store"]) <= D.STOREHOUSE or state["bot"] == state["boards"].index(b)
        assert min(b["res"].values()) >= 0
    assert sorted(places) == sorted(D.TILES), "a tile is missing or in two places"
    for seat, b in enumerate(state["boards"]):
        houses = houses_on_map(state, seat)  # Underground ones too
        roofs = sum(r and D.ROOF_HOUSE[i] for i, r in enumerate(b["roofs"]))
        assert b["houses"] + houses == 1 + D.START_HOUSES + roofs
        pillars = pillars_on_map(state, seat)
        assert b["pillars"] + pillars == D.START_PILLARS + len(b["contracts"])
        if state["prospect"]:
            assert b["mines"] + b["locked"] + mines_on_map(state, seat) == P.MINES_UNLOCKED + P.MINES_LOCKED
            assert min(b["mines"], b["locked"], b["silver"]) >= 0
            assert all(0 <= tier <= 3 for tier in b["tech"].values())
            assert set(b["tech"]) <= set(state["underground"]["technologies"])
        families = [D.TILES[x]["family"] for x in b["store"] if D.TILES[x]["kind"] == "crest"]
        families += [f for f in b["crests"] if f]
        if seat != state["bot"]:
            assert len(families) == len(set(families)), "two Crests of one family"
    assert 0 <= min(state["king"]["pos"]) and max(state["king"]["pos"]) <= D.KING_TOP
    if state["prospect"]:
        u = state["underground"]
        dealt = [x for tw in u["towns"].values() for x in tw["bonus_tiles"]] + u["used"]
        assert len(dealt) == len(set(dealt)) == sum(P.UNDERGROUND_TOWNS[t]["bonus"] for t in u["towns"])
        surprises = u["surprises"] + [c for b in state["boards"] for c in b["surprises"]]
        assert sorted(surprises) == (sorted(P.KING_SURPRISES) if state["bot"] is not None else [])


CASES = [(p, o) for p in (1, 2, 3, 4) for o in OPTIONS
         if p == 1 or o["difficulty"] == "deacon"]  # difficulty matters at a solo table only


@pytest.mark.parametrize("players,options", CASES,
                         ids=[f"{p}p-{o['layout']}-{o['difficulty']}" for p, o in CASES])
def test_random_games_fold_and_account(players, options):

    def on_move(state, seat, move, events):
        check_components(state)

    seed = f"playout-{players}-{options['layout']}-{options['difficulty']}"
    state, events, _ = random_playout(engine, players, options, seed=seed, check_fold=True,
                                      on_move=on_move)
    result = engine.result(state)
    assert result is not None and state["round"] == 4 and state["pass"] == 3
    # 4 rounds of 3 turns: 12 dice taken by everyone (the Cardinalbot too)
    per = {}
    for ev in events:
        if ev["type"] == "die_taken":
            per[ev["seat"]] = per.get(ev["seat"], 0) + 1
    assert per == {s: 12 for s in range(len(state["boards"]))}
    assert sum(1 for ev in events if ev["type"] == "fair_scored") == 4
    assert sum(1 for ev in events if ev["type"] == "cleanup") == 3
    assert [e["round"] for e in events if e["type"] == "dice_rolled"] == [1, 2, 3, 4]
    if players == 1:
        assert any(ev.get("by") == "cardinalbot" for ev in events)
        assert len(state["challenges"]) == D.DIFFICULTY[options["difficulty"]]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_more_games_end_with_a_ranking(players):
    for game in range(3):
        state, _, _ = random_playout(engine, players, {}, seed=f"more-{players}-{game}")
        check_components(state)
        result = engine.result(state)
        assert [r["rank"] for r in result["ranking"]] == list(range(1, players + 1))
        points = [r["points"] for r in result["ranking"]]
        assert points == sorted(points, reverse=True)
