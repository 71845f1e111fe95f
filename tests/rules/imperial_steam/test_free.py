"""Free actions: sell a share, deliver a good (once per turn), buy State Railway access."""
from engines.imperial_steam import data as D
from engines.imperial_steam import rules as R

from .helpers import code, listed, of_type, play, seat, table

TO_GRAZ = ["wien-wr_neustadt", "wr_neustadt-gloggnitz", D.SEMMERING, "muerzzuschlag-bruck",
           "bruck-graz"]


def at(players=2, **fields):
    s = table(players, turn=0)
    seat(s, 0, **fields)
    return s


def fac(site, goods=2):
    return {"site": site, "good": D.FACTORY_SITES[site][1], "level": 1, "goods": goods}


# ---- Sell a share ----------------------------------------------------------------------------------
def test_sell_share_to_the_topmost_investor_at_or_above_the_value():
    s = at(share=1, investors=[2, 1, 0, 1, 0, 0])
    money = s["p"][0]["money"]
    s, ev = play(s, 0, {"type": "sell_share"})
    assert of_type(ev, "share_sold")[0]["row"] == 3
    p = s["p"][0]
    assert p["investors"] == [2, 1, 0, 0, 0, 0] and p["shareholders"] == 1
    assert p["money"] == money + 60                  # the current share value
    s, _ = play(s, 0, {"type": "sell_share"})        # the row-1 Investor pays 60 too
    assert code(s, 0, {"type": "sell_share"}) == "no_buyer"   # row-0 Investors pay at most 40


def test_free_actions_before_and_after_the_main_action():
    s = at(investors=[2, 0, 0, 0, 0, 0])
    s, _ = play(s, 0, {"type": "sell_share"})
    assert s["turn"] == 0 and not s["main_done"]
    s, _ = play(s, 0, {"type": "fundraise"})
    assert s["turn"] == 0 and {"type": "end_turn"} in listed(s, 0)
    s, _ = play(s, 0, {"type": "sell_share"})
    assert s["turn"] == 1                             # nothing free left: the turn ends itself


# ---- Deliver ------------------------------------------------------------------------------------------
def test_deliver_spends_coal_and_pays_the_rightmost_empty_space():
    s = at(goods={"coal": 1}, tracks=["wien-st_poelten"], factories=[fac("st_poelten-1")])
    s["bought"]["wood"] = 3
    s["demands"]["st_poelten"] = [None]
    money = s["p"][0]["money"]
    s, ev = play(s, 0, {"type": "deliver", "site": "st_poelten-1", "city": "st_poelten"})
    assert of_type(ev, "delivered")[0]["pay"] == D.delivery_pay(3)
    assert D.delivery_pay(3) < D.delivery_pay(2) < D.delivery_pay(0)   # steps down per factory
    p = s["p"][0]
    assert p["money"] == money + D.delivery_pay(3) and p["goods"]["coal"] == 0
    assert p["factories"][0]["goods"] == 1 and s["demands"]["st_poelten"] == [0]


def test_deliver_needs_coal_a_connected_city_and_an_empty_matching_demand():
    s = at(goods={}, tracks=TO_GRAZ, factories=[fac("st_poelten-1")])
    assert code(s, 0, {"type": "deliver", "site": "st_poelten-1", "city": "graz"}) \
        == "cannot_deliver"                                    # no coal
    seat(s, 0, goods={"coal": 1})
    assert code(s, 0, {"type": "deliver", "site": "st_poelten-1", "city": "linz"}) \
        == "cannot_deliver"                                    # not connected
    s["demands"]["graz"][0] = 1
    assert code(s, 0, {"type": "deliver", "site": "st_poelten-1", "city": "graz"}) \
        == "cannot_deliver"                                    # the wood space is taken


def test_deliver_once_per_turn():
    s = at(goods={"coal": 2}, tracks=TO_GRAZ, factories=[fac("st_poelten-1"), fac("bruck-1")])
    s, _ = play(s, 0, {"type": "deliver", "site": "st_poelten-1", "city": "graz"})
    assert code(s, 0, {"type": "deliver", "site": "bruck-1", "city": "graz"}) == "delivered"


def test_hub_demands_and_growth_tile():
    s = at(goods={"coal": 1}, tracks=TO_GRAZ, factories=[fac("st_poelten-1")])
    assert D.HUB_DEMANDS == ["wood", "stone", "iron", "coal", "coal"]
    s["hubs"]["graz"].update(growth=[1, 0, 2, 1, 0], delivered=2)
    col = s["hubs"]["graz"]["col"]
    s, ev = play(s, 0, {"type": "deliver", "site": "st_poelten-1", "city": "graz"})
    assert s["hubs"]["graz"]["col"] == col + 2 and s["hubs"]["graz"]["delivered"] == 3   # 3rd: +2


def test_coal_to_a_hub_pays_a_gold_then_silver_key_never_both_to_one_player():
    s = at(goods={"coal": 2}, tracks=TO_GRAZ, factories=[fac("graz-1", 3)])
    money = s["p"][0]["money"]
    s, ev = play(s, 0, {"type": "deliver", "site": "graz-1", "city": "graz"})
    d = of_type(ev, "delivered")[0]
    assert d["key"] == "gold" and d["pay"] == 0 and s["p"][0]["money"] == money
    assert s["p"][0]["keys"] == [{"hub": "graz", "kind": "gold"}]
    s.update(delivered=False)
    assert code(s, 0, {"type": "deliver", "site": "graz-1", "city": "graz"}) == "cannot_deliver"
    # another player takes the silver one
    seat(s, 1, goods={"coal": 1}, tracks=TO_GRAZ, factories=[fac("leoben-1")])
    s.update(turn=1, main_done=False)
    s, ev = play(s, 1, {"type": "deliver", "site": "leoben-1", "city": "graz"})
    assert of_type(ev, "delivered")[0]["key"] == "silver"


def test_you_choose_which_factory_a_delivery_draws_from():
    s = at(goods={"coal": 1}, tracks=TO_GRAZ, factories=[fac("bruck-1", 3), fac("linz-1", 1)])
    moves = [m for m in listed(s, 0) if m["type"] == "deliver" and m["city"] == "graz"]
    assert {m["site"] for m in moves} == {"bruck-1", "linz-1"}
    s, _ = play(s, 0, {"type": "deliver", "site": "linz-1", "city": "graz"})
    assert [f["goods"] for f in s["p"][0]["factories"]] == [3, 0]


# ---- State Railway --------------------------------------------------------------------------------------
def test_state_railway_alone_pays_the_higher_station_price():
    s = at(tracks=["wien-st_poelten"])
    money = s["p"][0]["money"]
    s, ev = play(s, 0, {"type": "state_railway", "conn": "st_poelten-linz"})
    assert s["p"][0]["money"] == money - max(10, 30)
    assert "linz" in R.network(s["p"][0])
    c = of_type(ev, "city_connected")[0]
    assert c["city"] == "linz" and c["influence"] == R.city_offer(s, "linz")["hex"] == 1


def test_state_railway_shared_pays_each_owner_the_lower_price():
    s = at(3, tracks=["wien-st_poelten"])
    for o in (1, 2):
        seat(s, o, rails=["st_poelten-linz"], tracks=["wien-st_poelten"])
    money = [p["money"] for p in s["p"]]
    s, _ = play(s, 0, {"type": "state_railway", "conn": "st_poelten-linz"})
    assert [p["money"] for p in s["p"]] == [money[0] - 20, money[1] + 10, money[2] + 10]


def test_state_railway_needs_the_network_to_touch_it():
    s = at()
    assert code(s, 0, {"type": "state_railway", "conn": "st_poelten-linz"}) == "no_access"
    assert code(s, 0, {"type": "state_railway", "conn": "wien-st_poelten"}) == "no_access"
