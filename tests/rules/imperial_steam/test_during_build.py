"""Free actions during the main action (Free actions: "before, during or after your main
action"): a Build tracks action with one track placed stays open, free actions come between,
and `second_track` places the second track of the same action."""
from engines.imperial_steam import data as D
from engines.imperial_steam import rules as R

from .helpers import code, listed, of_type, play, seat, table

PLENTY = {"wood": 2, "stone": 2, "iron": 2, "coal": 1}


def at(players=2, **fields):
    """Seat 0 to act; no Business tokens on the map unless a test stacks some."""
    s = table(players, turn=0)
    s["stacks"] = {}
    seat(s, 0, **fields)
    return s


def build(tracks, workers=(1, 0, 0)):
    return {"type": "build_tracks", "tracks": list(tracks), "workers": list(workers)}


def second(track, workers=(0, 0, 0)):
    return {"type": "second_track", "track": track, "workers": list(workers)}


def fac(site, goods=2):
    return {"site": site, "good": D.FACTORY_SITES[site][1], "level": 1, "goods": goods}


def test_a_delivery_between_the_two_tracks_pays_the_second_tracks_fees():
    """Seat 0 connects Graz, delivers there for money, and only then can pay the fee of a
    second track on a connection seat 1 already uses."""
    s = at(goods=PLENTY, money=0, tracks=["wien-wr_neustadt"], training=[0, 2, 0],
           factories=[fac("st_poelten-1")])
    s["tracks"]["wien-wr_neustadt"] = [0]
    s["tracks"]["graz-pettau"] = [1]
    seat(s, 1, tracks=["graz-pettau"])
    assert code(s, 0, build(["wr_neustadt-graz", "graz-pettau"], (0, 2, 0))) == "cannot_pay_fees"
    s, _ = play(s, 0, build(["wr_neustadt-graz"], (0, 1, 0)))
    assert s["turn"] == 0 and s["action"]["tracks"] == ["wr_neustadt-graz"]
    s, ev = play(s, 0, {"type": "deliver", "site": "st_poelten-1", "city": "graz"})
    assert s["p"][0]["money"] == D.delivery_pay(0) and s["turn"] == 0
    money = [p["money"] for p in s["p"]]
    s, ev = play(s, 0, second("graz-pettau", (0, 1, 0)))
    assert [p["money"] for p in s["p"]] == [money[0] - 10, money[1] + 10]
    assert {"graz", "pettau"} <= R.network(s["p"][0]) and s["action"] is None


def test_state_railway_access_between_the_tracks_extends_the_network_for_the_second():
    """Through the crowned St. Pölten-Linz: track to St. Pölten, buy access, track beyond Linz."""
    s = at(goods=PLENTY, training=[1, 1, 0])
    assert "st_poelten-linz" in s["state_rails"]
    assert code(s, 0, build(["wien-st_poelten", "selzthal-linz"], (1, 1, 0))) == "not_contiguous"
    s, ev = play(s, 0, build(["wien-st_poelten"], (1, 0, 0)))
    while s["pending"]:                                    # St. Pölten's Business token first
        s, _ = play(s, 0, listed(s, 0)[0])
    assert code(s, 0, second("selzthal-linz", (0, 1, 0))) == "not_contiguous"
    s, _ = play(s, 0, {"type": "state_railway", "conn": "st_poelten-linz"})
    s, ev = play(s, 0, second("selzthal-linz", (0, 1, 0)))
    assert "selzthal" in R.network(s["p"][0])
    assert of_type(ev, "tracks_built")[0]["materials"] == {"wood": 0, "stone": 0, "iron": 0,
                                                           "coal": 0}


def test_the_two_tracks_are_one_action_materials_once_effort_summed():
    s = at(goods=PLENTY, training=[0, 1, 0])
    s, ev = play(s, 0, build(["wien-wr_neustadt"], (0, 1, 0)))   # an L2 for Effort 1 ...
    assert s["p"][0]["goods"] == {"wood": 1, "stone": 1, "iron": 1, "coal": 1}
    s, ev = play(s, 0, second("wien-st_poelten", (0, 0, 0)))      # ... covers 1 + 1: no worker
    assert s["p"][0]["goods"] == {"wood": 1, "stone": 1, "iron": 1, "coal": 1}   # paid once
    assert of_type(ev, "tracks_built")[0]["effort"] == 1
    # with the Effort not yet covered, the second track needs the rest, none to spare
    s = at(goods=PLENTY, training=[2, 1, 0])
    s, _ = play(s, 0, build(["wien-wr_neustadt"], (1, 0, 0)))
    assert code(s, 0, second("wr_neustadt-graz", (0, 0, 0))) == "workers_effort"
    assert code(s, 0, second("wr_neustadt-graz", (1, 1, 0))) == "workers_effort"   # a spare
    s, _ = play(s, 0, second("wr_neustadt-graz", (0, 1, 0)))
    assert s["p"][0]["working"] == [1, 1, 0]


def test_bridges_and_tunnels_of_the_second_track_still_cost_extra():
    s = at(goods={"wood": 1, "stone": 1, "iron": 1, "coal": 1}, bridge=True, training=[0, 0, 2],
           tracks=["wien-wr_neustadt"])
    s, _ = play(s, 0, build(["wr_neustadt-graz"], (0, 0, 1)))
    assert code(s, 0, second("graz-marburg", (0, 0, 1))) == "no_materials"   # +1 stone
    seat(s, 0, goods={"stone": 1})
    play(s, 0, second("graz-marburg", (0, 0, 1)))


def test_the_turn_waits_while_a_second_track_is_possible_and_end_turn_closes_it():
    s = at(goods=PLENTY, training=[2, 0, 0])
    s, _ = play(s, 0, build(["wien-wr_neustadt"], (1, 0, 0)))
    while s["pending"]:
        s, _ = play(s, 0, listed(s, 0)[0])
    moves = listed(s, 0)
    assert s["turn"] == 0 and {"type": "end_turn"} in moves
    assert any(m["type"] == "second_track" for m in moves)
    s, ev = play(s, 0, {"type": "end_turn"})
    assert s["turn"] == 1 and s["action"] is None
    s["turn"], s["main_done"] = 0, True
    assert code(s, 0, second("wien-st_poelten", (1, 0, 0))) == "no_open_build"


def test_no_third_track_and_none_after_two():
    s = at(goods=PLENTY, training=[3, 0, 0], investors=[1, 0, 0, 0, 0, 0])
    s, _ = play(s, 0, build(["wien-wr_neustadt", "wien-st_poelten"], (2, 0, 0)))
    while s["pending"]:
        s, _ = play(s, 0, listed(s, 0)[0])
    assert s["action"] is None and s["turn"] == 0          # a share may still be sold
    assert code(s, 0, second("wr_neustadt-gloggnitz", (1, 0, 0))) == "no_open_build"
    s = at(goods=PLENTY, training=[3, 0, 0])
    s, _ = play(s, 0, build(["wien-wr_neustadt"], (1, 0, 0)))
    while s["pending"]:
        s, _ = play(s, 0, listed(s, 0)[0])
    s, _ = play(s, 0, second("wien-st_poelten", (1, 0, 0)))
    assert s["action"] is None and not any(m["type"] == "second_track" for m in listed(s, 0))


def test_a_business_token_from_the_first_track_is_spent_before_the_second():
    s = at(goods=PLENTY, training=[2, 0, 0])
    s["stacks"]["wr_neustadt"] = [2]
    s, _ = play(s, 0, build(["wien-wr_neustadt"], (1, 0, 0)))
    assert s["pending"] == [2]
    assert code(s, 0, second("wien-st_poelten", (1, 0, 0))) == "business_first"


def test_the_next_player_to_connect_a_city_takes_the_next_token_of_its_stack():
    s = at(goods=PLENTY, training=[2, 0, 0])
    s["stacks"]["wr_neustadt"] = [1, 3]
    s, ev = play(s, 0, build(["wien-wr_neustadt"], (1, 0, 0)))
    assert of_type(ev, "city_connected")[0]["token"] == 1
    s, _ = play(s, 0, {"type": "business", "influence": 1, "share": 0, "flip": 0})
    s, _ = play(s, 0, {"type": "end_turn"})
    seat(s, 1, goods=PLENTY)
    s, ev = play(s, 1, build(["wien-wr_neustadt"], (1, 0, 0)))
    assert of_type(ev, "city_connected")[0]["token"] == 3 and s["stacks"]["wr_neustadt"] == []
    # a city whose stack is used up (or that has no tile) gives no token
    s = at(goods=PLENTY)
    s["stacks"]["st_poelten"] = []
    s, ev = play(s, 0, build(["wien-st_poelten"]))
    assert of_type(ev, "city_connected")[0]["token"] is None and not s["pending"]
