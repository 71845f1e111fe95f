"""6 Players or More, team play (8-10 players): members alternate around the table, each team
chooses a captain and plays all cards to the captain's board; what each team may see."""
import pytest

from engines.core import ALL, derive_rng, fold_events, random_playout, redact_event
from engines.core.secrecy import resample
from engines.trickdraw import engine

from .helpers import D, U, assert_accounted, play, refused, table, types

# 8 players in pairs: team t is seats t and t + 4
PAIRS = {0: [0, 4], 1: [1, 5], 2: [2, 6], 3: [3, 7]}


def start(players, options, seed="teams"):
    options = engine.load_options(options)
    events = engine.setup(players, options, derive_rng(seed, 1))
    return events, fold_events(engine, players, options, events)


def pairs_table(**kw):
    kw.setdefault("hands", [[] for _ in range(8)])
    kw.setdefault("boards", [[] for _ in range(8)])
    return table(8, teams=PAIRS, **kw)


def teams_of(state):
    return [t["seats"] for t in state["teams"]]


# --- forming teams -------------------------------------------------------------------------------

@pytest.mark.parametrize("players,size,expected", [
    (8, None, [[0, 4], [1, 5], [2, 6], [3, 7]]),          # 2v2v2v2
    (8, 4, [[0, 2, 4, 6], [1, 3, 5, 7]]),                 # 4v4
    (9, None, [[0, 3, 6], [1, 4, 7], [2, 5, 8]]),         # 3v3v3
    (10, None, [[0, 5], [1, 6], [2, 7], [3, 8], [4, 9]]),  # 2v2v2v2v2
    (8, 3, [[0, 4], [1, 5], [2, 6], [3, 7]]),             # 3 does not divide 8: pairs
    (9, 2, [[0, 3, 6], [1, 4, 7], [2, 5, 8]]),
])
def test_the_rulebooks_team_tables(players, size, expected):
    _, s = start(players, {"teams": True, "team_size": size})
    assert teams_of(s) == expected and s["phase"] == "captains"
    assert engine.view(s, 0)["teams"] == [{"seats": t, "captain": None, "points": 0} for t in expected]


@pytest.mark.parametrize("players", [2, 5, 7])
def test_teams_are_only_for_eight_to_ten_players(players):
    events, s = start(players, {"teams": True})
    assert s["teams"] is None and s["phase"] == "playing"
    assert "teams_formed" not in types(events)


def test_each_team_takes_one_turn_before_any_other_takes_an_extra_turn():
    _, s = start(9, {"teams": True})
    order = [(s["first"] + i) % 9 for i in range(9)]
    team = {seat: i for i, t in enumerate(s["teams"]) for seat in t["seats"]}
    turns = [team[seat] for seat in order]
    for i in range(0, 9, 3):
        assert sorted(turns[i:i + 3]) == [0, 1, 2]


# --- captains ----------------------------------------------------------------------------------------

def test_each_team_chooses_its_captain_through_its_first_player():
    _, s = start(8, {"teams": True, "first_player": "seat_0"})
    assert all(len(h) == 2 for h in s["hands"])                # dealt before the captains
    assert engine.active(s) == [0]
    assert engine.legal_moves(s, 0) == [{"move": {"type": "captain"},
                                         "choose": {"seat": {"one_of": [0, 4]}}}]
    refused(s, 0, {"type": "captain", "seat": 1}, "not_a_teammate")
    refused(s, 0, {"type": "play", "card": s["hands"][0][0], "face": "down"}, "choose_captain")
    refused(s, 4, {"type": "captain", "seat": 4}, "not_your_turn")
    for chooser, captain in [(0, 4), (1, 1), (2, 6), (3, 3)]:
        assert engine.active(s) == [chooser]
        events, s = play(s, chooser, {"type": "captain", "seat": captain})
    assert [t["captain"] for t in s["teams"]] == [4, 1, 6, 3]
    assert types(events)[-3:] == ["captain_chosen", "turn_started", "drew"]
    assert s["phase"] == "playing" and engine.active(s) == [0] and len(s["hands"][0]) == 3
    refused(s, 0, {"type": "captain", "seat": 0}, "captains_chosen")


def test_captains_are_chosen_in_turn_order_from_the_first_player():
    _, s = start(8, {"teams": True})
    first = s["first"]
    choosers = []
    while s["phase"] == "captains":
        seat = engine.active(s)[0]
        choosers.append(seat)
        _, s = play(s, seat, {"type": "captain", "seat": seat})
    assert choosers == [(first + i) % 8 for i in range(4)]


def test_refusing_a_captain_outside_the_phase_without_teams():
    s = table(3, hands=[["villager"], [], []])
    refused(s, 0, {"type": "captain", "seat": 0}, "captains_chosen")


# --- playing to the captain's board ------------------------------------------------------------------

def test_every_member_plays_to_the_captains_board():
    s = pairs_table(turn=4, hands=[[], [], [], [], ["rally", "villager"], [], [], []],
                    boards=[[D("villager")]] + [[] for _ in range(7)])
    events, s = play(s, 4, {"type": "play", "card": "rally", "face": "up"})
    assert events[0]["board"] == 0 and s["boards"][0] == [D("villager"), U("rally")]
    assert s["boards"][4] == [] and s["hands"][4] == ["villager"]
    view = engine.view(s, 2)
    assert view["points"][0] == view["points"][4] == 2 and view["teams"][0]["points"] == 2


def test_a_card_played_face_down_is_seen_by_its_team_only():
    s = pairs_table(turn=4, hands=[[], [], [], [], ["the_key"], [], [], []])
    events, s = play(s, 4, {"type": "play", "card": "the_key", "face": "down"})
    played = events[0]
    assert played["vis"] == {"card": [0, 4]}
    for outsider in (1, 2, 3, 5, 6, 7, None):
        assert "card" not in redact_event(played, outsider)
        assert "the_key" not in str({k: v for k, v in engine.view(s, outsider).items() if k != "cards"})
        assert "card" not in engine.view(s, outsider)["boards"][0][0]
    for member in (0, 4):
        assert engine.view(s, member)["boards"][0][0]["card"] == "the_key"
    assert engine.view(s, ALL)["boards"][0][0]["card"] == "the_key"
    # the others see of the move only that a card went face down
    assert engine.public_move(s, 4, {"type": "play", "card": "the_key", "face": "down"}) == \
        {"type": "play", "face": "down"}


def test_a_teammates_hand_stays_private():
    s = pairs_table(hands=[["rally"], [], [], [], ["the_key"], [], [], []])
    view = engine.view(s, 0)
    assert view["hand"] == ["rally"] and view["hands"][4] == {"seat": 4, "count": 1}


def test_a_teams_views_do_not_change_when_what_it_cannot_see_is_redealt():
    s = pairs_table(turn=1, hands=[["rally"], ["scout"], [], [], ["the_key", "bewitched"], [], [], []],
                    boards=[[D("the_safe"), U("scholar")], [D("local_hero")], [], [D("villager")]]
                    + [[] for _ in range(4)])
    rng = derive_rng("redeal-teams", 0)
    for seat in (0, 1, 4, None):
        for _ in range(5):
            other = resample(engine, s, seat, rng)
            assert engine.view(other, seat) == engine.view(s, seat)
            assert engine.legal_moves(other, seat) == engine.legal_moves(s, seat)
    # seat 4 keeps its captain's face-down card; seat 1's Local Hero may be redealt for seat 4
    seen = {resample(engine, s, 4, rng)["boards"][1][0]["card"] for _ in range(40)}
    assert all(resample(engine, s, 4, rng)["boards"][0][0]["card"] == "the_safe" for _ in range(10))
    assert len(seen) > 1


def test_a_member_activates_the_captains_once_per_turn_cards_on_its_own_turn():
    s = pairs_table(turn=4, hands=[["villager"], [], [], [], ["villager", "rally"], [], [], []],
                    boards=[[U("scholar", used=True)]] + [[] for _ in range(7)])
    refused(s, 4, {"type": "activate", "slot": 0, "discard": "villager"}, "already_used")
    s["boards"][0][0]["used"] = False
    events, s2 = play(s, 4, {"type": "activate", "slot": 0, "discard": "rally"})
    assert events[0]["player"] == 4 and s2["hands"][4] == sorted(["villager"] + events[-1]["cards"])
    assert s2["hands"][0] == ["villager"] and s2["discard"] == ["rally"]   # the member paid
    assert_accounted(s2)


def test_the_once_per_turn_uses_come_back_on_every_turn_of_the_team():
    s = pairs_table(turn=3, boards=[[U("scholar", used=True)]] + [[] for _ in range(7)])
    _, s = play(s, 3, {"type": "end_turn"})            # seat 4 (team 0) starts its turn
    assert s["turn"] == 4 and s["boards"][0][0]["used"] is False


def test_a_card_played_face_up_is_offered_to_the_member_who_played_it():
    s = pairs_table(turn=4, hands=[["villager"], [], [], [], ["scout", "rally"], [], [], []])
    _, s = play(s, 4, {"type": "play", "card": "scout", "face": "up"})
    assert engine.active(s) == [4] and engine.view(s, 0)["offer"]["player"] == 4
    events, s = play(s, 4, {"type": "resolve", "discard": "rally"})
    assert s["discard"] == ["rally"] and len(s["hands"][4]) == 2 and s["hands"][0] == ["villager"]


def test_a_team_card_flipped_up_on_another_teams_turn_is_offered_to_the_captain():
    # seat 1 (team 1) flips team 0's face-down Scout up: team 0's captain, seat 0, answers
    s = pairs_table(turn=1, hands=[["villager"], ["rally"], [], [], ["villager"], [], [], []],
                    boards=[[D("scout")], [U("trickster")]] + [[] for _ in range(6)])
    _, s = play(s, 1, {"type": "activate", "slot": 0, "flips": [[0, 0]], "discard": "rally"})
    assert engine.active(s) == [0]
    refused(s, 4, {"type": "decline"}, "not_your_turn")
    _, s = play(s, 0, {"type": "resolve", "discard": "villager"})
    assert len(s["hands"][0]) == 2 and s["hands"][4] == ["villager"] and engine.active(s) == [1]


def test_a_team_card_flipped_up_on_its_own_teams_turn_is_offered_to_the_player_of_the_turn():
    s = pairs_table(turn=4, hands=[["villager"], [], [], [], ["rally", "villager"], [], [], []],
                    boards=[[D("scout"), U("trickster")]] + [[] for _ in range(7)])
    _, s = play(s, 4, {"type": "activate", "slot": 1, "flips": [[0, 0]], "discard": "rally"})
    assert engine.active(s) == [4]
    _, s = play(s, 4, {"type": "resolve", "discard": "villager"})
    assert s["hands"][0] == ["villager"] and len(s["hands"][4]) == 2


def test_the_captains_diplomacy_lowers_every_members_costs():
    s = pairs_table(turn=4, hands=[[], [], [], [], ["scout"], [], [], []],
                    boards=[[U("diplomacy")]] + [[] for _ in range(7)])
    _, s = play(s, 4, {"type": "play", "card": "scout", "face": "up"})
    assert engine.view(s, 4)["offer"]["cost"] == 0
    _, s = play(s, 4, {"type": "resolve"})
    assert len(s["hands"][4]) == 2


def test_trickdraw_takes_only_from_another_team():
    s = pairs_table(turn=4, hands=[["the_key"], ["rally"], [], [], ["trickdraw"], ["scout"], [], []])
    _, s = play(s, 4, {"type": "play", "card": "trickdraw", "face": "up"})
    assert engine.legal_moves(s, 4)[0]["choose"] == {"target": {"one_of": [1, 5]}}
    refused(s, 4, {"type": "resolve", "target": 0}, "bad_target")


def test_bewitched_flips_on_two_different_teams_boards():
    s = pairs_table(turn=4, hands=[[], [], [], [], ["bewitched"], [], [], []],
                    boards=[[D("villager")], [D("villager")]] + [[] for _ in range(6)])
    _, s = play(s, 4, {"type": "play", "card": "bewitched", "face": "up"})
    flips = engine.legal_moves(s, 4)[0]["choose"]["flips"]["one_of"]
    assert all(a[0] != b[0] and {a[0], b[0]} <= {0, 1} for a, b in flips)
    assert [[0, 1], [1, 0]] in flips


# --- winning as a team --------------------------------------------------------------------------------

def test_a_team_wins_together_and_the_others_rank_by_their_teams_points():
    s = pairs_table(turn=4, hands=[[], [], [], [], ["villager"], [], [], []],
                    boards=[[D("villager")] * 9, [D("villager")] * 4, [D("villager")] * 6,
                            [D("villager")] * 4] + [[] for _ in range(4)])
    _, s = play(s, 4, {"type": "play", "card": "villager", "face": "down"})
    result = engine.result(s)
    assert result["reason"] == "points" and result["winner"] == 0 and result["winners"] == [0, 4]
    assert result["scores"] == [10, 4, 6, 4, 10, 4, 6, 4]
    assert [(r["seat"], r["rank"]) for r in result["ranking"]] == \
        [(0, 1), (4, 1), (2, 3), (6, 3), (1, 5), (3, 5), (5, 5), (7, 5)]


def test_the_treasure_wins_for_the_team_at_any_members_turn():
    s = pairs_table(turn=3, boards=[[U("the_treasure")] + [D("villager")] * 7] + [[] for _ in range(7)])
    events, s = play(s, 3, {"type": "end_turn"})          # seat 4, team 0, starts its turn
    assert engine.result(s)["reason"] == "treasure" and engine.result(s)["winners"] == [0, 4]


def test_a_team_standstill_ranks_teams_by_points():
    s = pairs_table(turn=3, deck=[],
                    boards=[[D("villager")] * 6, [D("villager")] * 8, [D("villager")] * 8,
                            [D("villager")] * 2] + [[] for _ in range(4)])
    s["deck"] = []
    _, s = play(s, 3, {"type": "end_turn"})
    result = engine.result(s)
    assert result["reason"] == "standstill" and result["winners"] == [1, 2, 5, 6]
    assert result["winner"] is None


@pytest.mark.parametrize("players,size", [(8, None), (8, 4), (9, None), (10, None)])
def test_random_team_games_end_with_a_whole_team_winning(players, size):
    for i in range(3):
        state, _, _ = random_playout(engine, players, {"teams": True, "team_size": size},
                                     seed=f"teams-{players}-{size}-{i}", check_fold=True)
        result = engine.result(state)
        team = next(t["seats"] for t in state["teams"] if set(t["seats"]) & set(result["winners"]))
        if result["reason"] != "standstill":
            assert result["winners"] == team and result["winner"] in team
        # members of one team always share their points and their place
        for t in state["teams"]:
            ranks = {r["rank"] for r in result["ranking"] if r["seat"] in t["seats"]}
            assert len(ranks) == 1 and len({result["scores"][s] for s in t["seats"]}) == 1
        # only captains' boards hold cards
        captains = [t["captain"] for t in state["teams"]]
        assert all(not b for seat, b in enumerate(state["boards"]) if seat not in captains)
