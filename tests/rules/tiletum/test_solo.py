"""The Cardinalbot: its turn inside decide, by="cardinalbot"; its Decrees, King floor, Fair,
Crests and Contracts; a tie is a loss."""
import pytest

from engines.core import Table, derive_rng
from engines.tiletum import cardinalbot
from engines.tiletum import data as D
from engines.tiletum import engine
from engines.tiletum.final_scoring import final
from engines.tiletum.round_structure import end_of_round
from engines.tiletum.king_track import king_order
from tests.rules.tiletum.helpers import dice, give, of_type, play, res, table, tile_of, turn

Z = D.KING_ZERO
BOT = 1


def solo(**options):
    s = table(1, **options)
    s["challenges"] = []
    return s


def test_a_solo_table_seats_one_player_and_the_cardinalbot():
    s = table(1, difficulty="bishop")
    assert s["bot"] == BOT and len(s["boards"]) == 2 and s["order"] == [0, 1]
    assert engine.active(s) == [0] and len(s["dice"]) == 8
    assert len(s["challenges"]) == 5
    assert [b["res"]["gold"] for b in s["boards"]] == [1, 3]


@pytest.mark.parametrize("difficulty,n", [("priest", 1), ("deacon", 3), ("bishop", 5)])
def test_difficulty_sets_the_number_of_challenges(difficulty, n):
    assert len(table(1, difficulty=difficulty)["challenges"]) == n


def test_the_bot_plays_its_whole_turn_inside_the_players_move():
    s = solo()
    turn(s, 0, stage="action", action="architect", ap=0)
    new, events = play(s, 0, {"type": "end"})
    bot_events = [e for e in events if e.get("by") == "cardinalbot"]
    kinds = [e["type"] for e in bot_events]
    assert kinds[0] == "decree" and "die_taken" in kinds and "turn_ended" in kinds
    assert of_type(events, "decree")[0]["reveal"]
    assert engine.active(new) == [0] and new["pass"] == 2  # back to the player, next pass
    assert len(new["dice"]) == len(s["dice"]) - 1
    assert new["boards"][BOT]["dice"] and not of_type(events, "turn_started")[-1]["seat"] == BOT


def test_decree_first_line_it_can_meet_and_colour_tie_break():
    s = solo(layout="printed")
    s["decrees"] = {"cards": ["D1", "D2"], "pawn": 0}
    # D1: a die on the Contract Action first; two such dice: pink before blue on D1's colours
    v = s["wheel"].index("contract") + 1
    dice(s, ("blue", v), ("pink", v), ("yellow", 6))
    die, card, line, passed = cardinalbot.choose_die(s, 0)
    assert (die, card, line, passed) == ({"colour": "pink", "value": v}, 0, 0, [])
    # no Contract die: the next line (value 5 or more)
    dice(s, ("blue", 1), ("dark_grey", 6), ("yellow", 5))
    die, card, line, _ = cardinalbot.choose_die(s, 0)
    assert (die, line) == ({"colour": "yellow", "value": 5}, 1)


def test_a_decree_with_no_line_met_is_passed():
    s = solo(layout="printed")
    s["decrees"] = {"cards": ["D1", "D2"], "pawn": 0}
    assert s["wheel"][2] == "character"
    dice(s, ("dark_grey", 3))  # D1: not on the Contract, below 5, not pink -> D2, its Stone line
    die, card, line, passed = cardinalbot.choose_die(s, 0)
    assert (card, line, passed) == (1, 1, ["D1"])


def test_the_bot_keeps_crest_bonus_tiles_and_removes_others():
    s = solo(layout="printed")
    s["decrees"] = {"cards": ["D4"], "pawn": 0}
    k = s["wheel"].index("king") + 1
    dice(s, ("blue", k))
    helper = tile_of("helper", action="merchant", ap=1)
    from tests.rules.tiletum.helpers import remove_everywhere
    remove_everywhere(s, helper)
    s["action_tiles"]["king"] = helper
    turn(s, BOT)
    t = Table(engine, s)
    cardinalbot.play_turn(t, derive_rng("bot", 1))
    assert helper in t.state["out"] and t.state["action_tiles"]["king"] is None
    assert helper not in t.state["boards"][BOT]["store"]
    assert all(e.get("by") == "cardinalbot" for e in t.events)


def test_the_bot_never_scores_below_plus_3_on_the_king_track_and_wins_ties():
    s = solo()
    s["round"], s["pass"] = 1, 3
    s["king"]["pos"] = [Z + 1, Z - 4]
    s["king_bonus"] = None
    s["fairs"][0] = {"town": "hamburg", "tile": "F1"}
    t = Table(engine, s)
    end_of_round(t, derive_rng("x", 1))
    assert of_type(t.events, "king_scored")[0]["vp"] == [1, 3]
    s["king"]["pos"] = [Z + 2, Z + 2]
    s["king"]["stamp"] = [9, 1]
    assert king_order(s) == [BOT, 0]


def test_favor_at_the_court_raises_its_floor_to_plus_5():
    s = solo()
    s["challenges"] = ["favor_at_court"]
    s["round"], s["pass"] = 1, 3
    s["king"]["pos"] = [Z, Z]
    s["king_bonus"] = None
    t = Table(engine, s)
    end_of_round(t, derive_rng("x", 1))
    assert of_type(t.events, "king_scored")[0]["vp"][BOT] == 5


def test_the_bot_scores_the_fair_without_a_house_and_sets_aside_its_leftmost_decree():
    s = solo()
    s["round"], s["pass"] = 2, 3
    s["king_bonus"] = None
    s["fairs"][1] = {"town": "hamburg", "tile": "F5"}   # +1 per Contract; board 5
    s["boards"][BOT]["contracts"] = ["K01", "K02"]
    s["boards"][0]["contracts"] = ["K03"]
    cards = list(s["decrees"]["cards"])
    t = Table(engine, s)
    end_of_round(t, derive_rng("x", 1))
    assert of_type(t.events, "fair_scored")[0]["vp"] == [0, 12]
    assert t.state["decrees"]["cards"] == cards[1:]


def test_after_its_action_crests_cathedrals_and_two_contracts_keeping_three_food():
    s = solo()
    crest = tile_of("crest")
    give(s, BOT, crest)
    ks = [x for x in sorted(D.CONTRACTS) if D.CONTRACTS[x]["cost"] == {"food": 3}]
    others = [x for x in sorted(D.CONTRACTS) if D.CONTRACTS[x]["cost"] == {"stone": 3}]
    for k in ks[:1] + others[:2]:
        give(s, BOT, k)
    res(s, BOT, food=6, stone=9)
    s["towns"]["wien"]["cost"] = "T2"
    s["towns"]["wien"]["pillars"] = [BOT]
    turn(s, BOT, stage="action", action="king", ap=0)
    t = Table(engine, s)
    cardinalbot.after_action(t, BOT)
    crest_ev = of_type(t.events, "bot_crest")[0]
    assert crest_ev["vp"] == 5
    assert of_type(t.events, "contributed")[0]["town"] == "wien"
    done = of_type(t.events, "fulfilled")
    # 3 Food left after the Crest: all kept back, so the Food Contract waits; two Stone ones go
    assert [e["tile"] for e in done] == others[:2]
    assert all(e["vp"] == D.CONTRACTS[e["tile"]]["vp"] + 5 for e in done)
    assert t.state["boards"][BOT]["res"]["food"] == 3


@pytest.mark.parametrize("mine,its,won", [(50, 49, True), (50, 50, False), (40, 60, False)])
def test_to_win_you_must_beat_its_score_a_tie_is_a_loss(mine, its, won):
    s = solo()
    s["phase"] = "over"
    s["final"] = final(s)
    s["boards"][0]["vp"], s["boards"][BOT]["vp"] = mine, its
    r = engine.result(s)
    assert r["won"] is won and r["ranking"][0]["won"] is won
    assert r["cardinalbot"]["points"] == its and [x["seat"] for x in r["ranking"]] == [0]
