"""The eleven Main actions and the repeat penalty."""
import pytest

from engines.imperial_steam import data as D
from engines.imperial_steam import rules as R

from .helpers import code, listed, of_type, play, seat, table

PLENTY = {"wood": 2, "stone": 2, "iron": 2, "coal": 1}


def at(players=2, **fields):
    """Seat 0 to act in round 1 with `fields` on its board; 3 freight cars and enough money."""
    s = table(players, turn=0)
    seat(s, 0, **fields)
    return s


def s_hub_col(hub):
    """The column a Fixed layout hub's Influence marker starts on."""
    return D.HUB_TILE[D.FIXED_HUBS[hub]]["start"]


def build(tracks, workers=(1, 0, 0)):
    return {"type": "build_tracks", "tracks": list(tracks), "workers": list(workers)}


# ---- Repeat penalty ----------------------------------------------------------------------------
def test_repeat_penalty_one_step_per_own_hand_already_there():
    s = at(col=5)
    s["placed"]["fundraise"] = [2, 3]              # other players' hands are irrelevant
    s, ev = play(s, 0, {"type": "fundraise"})
    assert of_type(ev, "hand_placed")[0]["penalty"] == 2 and s["p"][0]["col"] == 3


def test_repeat_penalty_must_be_paid_in_full():
    s = at(col=1)
    s["placed"]["fundraise"] = [2, 0]
    assert code(s, 0, {"type": "fundraise"}) == "repeat_penalty"
    assert {"type": "fundraise"} not in listed(s, 0)


def test_pass_is_always_available_when_nothing_else_is():
    s = at(col=0, money=0, goods={}, training=[0, 0, 0])
    s["placed"] = {a: [1, 0] for a in D.ACTIONS}
    s["p"][0]["investors"] = [0] * 6
    assert listed(s, 0) == [{"type": "pass"}]
    s, ev = play(s, 0, {"type": "pass"})
    assert s["p"][0]["col"] == 0 and s["placed"]["pass"][0] == 2


def test_pass_penalty_applies_when_payable():
    s = at(col=3)
    s["placed"]["pass"] = [1, 0]
    s, _ = play(s, 0, {"type": "pass"})
    assert s["p"][0]["col"] == 2


def test_penalty_is_paid_before_the_action_is_judged():
    s = at(col=1, share=0)                          # share up to 60 costs 1 influence
    s["placed"]["share_value"] = [1, 0]             # ... but the penalty takes that 1 first
    assert code(s, 0, {"type": "share_up"}) == "no_influence"
    assert {"type": "share_up"} not in listed(s, 0)


def test_one_main_action_per_turn():
    s = at(investors=[1, 0, 0, 0, 0, 0])
    s, _ = play(s, 0, {"type": "fundraise"})
    assert s["turn"] == 0 and s["main_done"]        # a share can still be sold
    assert code(s, 0, {"type": "pass"}) == "one_main_action"


# ---- 1. Build tracks -------------------------------------------------------------------------------
def test_one_track_costs_wood_stone_iron_and_effort_workers():
    s = at(goods=PLENTY)
    s, ev = play(s, 0, build(["wien-st_poelten"]))
    p = s["p"][0]
    assert p["goods"] == {"wood": 1, "stone": 1, "iron": 1, "coal": 1}
    assert p["training"] == [1, 0, 0] and p["working"] == [1, 0, 0]
    assert "st_poelten" in R.network(p) and s["tracks"]["wien-st_poelten"] == [0]


def test_two_tracks_cost_the_same_materials_and_add_efforts():
    s = at(goods=PLENTY, training=[3, 0, 0])
    s, ev = play(s, 0, build(["wien-wr_neustadt", "wr_neustadt-gloggnitz"], (3, 0, 0)))
    assert of_type(ev, "tracks_built")[0]["effort"] == 1 + 2
    assert s["p"][0]["goods"] == {"wood": 1, "stone": 1, "iron": 1, "coal": 1}


def test_workers_must_reach_the_effort_without_a_spare():
    s = at(goods=PLENTY, training=[3, 1, 0])
    move = build(["wien-wr_neustadt", "wr_neustadt-gloggnitz"], (1, 0, 0))
    assert code(s, 0, move) == "workers_effort"          # 1 < 3
    move["workers"] = [3, 1, 0]
    assert code(s, 0, move) == "workers_effort"          # a spare worker
    move["workers"] = [1, 1, 0]
    play(s, 0, move)
    move["workers"] = [3, 0, 0]
    play(s, 0, move)


def test_connection_inside_the_network_uses_the_lower_effort_and_no_opportunities():
    # a loop: bruck and leoben (efforts 2 and 3 stand-in) are both in the network already
    s = at(goods=PLENTY, training=[0, 1, 0], stations=["bruck"],
           tracks=["wien-wr_neustadt", "wr_neustadt-gloggnitz", D.SEMMERING,
                   "muerzzuschlag-bruck", "bruck-graz", "graz-marburg", "klagenfurt-marburg",
                   "leoben-klagenfurt"])
    s, ev = play(s, 0, build(["bruck-leoben"], (0, 1, 0)))
    built = of_type(ev, "tracks_built")[0]
    assert built["effort"] == min(D.CITIES["bruck"]["effort"], D.CITIES["leoben"]["effort"])
    assert not of_type(ev, "city_connected")


def test_bridges_and_tunnels_need_engineers_and_extra_materials():
    s = at(goods={"wood": 1, "stone": 1, "iron": 1, "coal": 1}, tracks=["wien-wr_neustadt",
           "wr_neustadt-gloggnitz"], training=[0, 1, 0])
    assert code(s, 0, build([D.SEMMERING], (0, 1, 0))) == "no_tunnel_engineer"
    seat(s, 0, tunnel=True)
    assert code(s, 0, build([D.SEMMERING], (0, 1, 0))) == "no_materials"   # +1 iron
    seat(s, 0, goods={"wood": 1, "stone": 1, "iron": 2, "coal": 1})
    s, ev = play(s, 0, build([D.SEMMERING], (0, 1, 0)))
    assert s["p"][0]["goods"] == {"wood": 0, "stone": 0, "iron": 0, "coal": 1}
    # bridge: +1 stone
    s = at(goods={"wood": 1, "stone": 1, "iron": 1, "coal": 1}, bridge=True, training=[0, 0, 1])
    s["p"][0]["tracks"] = ["wien-wr_neustadt", "wr_neustadt-gloggnitz", D.SEMMERING,
                           "muerzzuschlag-bruck", "bruck-graz"]
    assert code(s, 0, build(["graz-marburg"], (0, 0, 1))) == "no_materials"
    seat(s, 0, goods={"wood": 1, "stone": 2, "iron": 1, "coal": 1})
    play(s, 0, build(["graz-marburg"], (0, 0, 1)))


def test_fees_to_each_player_already_there():
    s = at(3, goods=PLENTY)
    s["tracks"]["wien-st_poelten"] = [1, 2]
    for o in (1, 2):
        s["p"][o]["tracks"] = ["wien-st_poelten"]
    money = [p["money"] for p in s["p"]]
    s, _ = play(s, 0, build(["wien-st_poelten"]))
    assert [p["money"] for p in s["p"]] == [money[0] - 20, money[1] + 10, money[2] + 10]
    assert s["tracks"]["wien-st_poelten"] == [1, 2, 0]      # several players, one track each


def test_cannot_build_without_paying_fees():
    s = at(3, goods=PLENTY, money=10)
    s["tracks"]["wien-st_poelten"] = [1, 2]
    assert code(s, 0, build(["wien-st_poelten"])) == "cannot_pay_fees"


def test_city_limit_two_tracks_without_a_station():
    # bruck already touched by two of our tracks: a third needs our station there
    s = at(goods=PLENTY, training=[0, 0, 1],
           tracks=["wien-wr_neustadt", "wr_neustadt-gloggnitz", D.SEMMERING,
                   "muerzzuschlag-bruck", "bruck-leoben"])
    assert code(s, 0, build(["bruck-graz"], (0, 0, 1))) == "city_limit"
    seat(s, 0, stations=["bruck"])
    play(s, 0, build(["bruck-graz"], (0, 0, 1)))
    # other players' tracks do not count toward our limit
    s = at(goods=PLENTY)
    s["p"][1]["tracks"] = ["wien-st_poelten", "st_poelten-linz"]
    play(s, 0, build(["wien-st_poelten"]))


def test_state_railways_and_contiguity():
    s = at(goods=PLENTY, tracks=["wien-st_poelten"], training=[0, 1, 0])
    assert code(s, 0, build(["st_poelten-linz"], (0, 1, 0))) == "state_railway"
    assert code(s, 0, build(["bruck-graz"], (0, 1, 0))) == "not_contiguous"


def test_business_token_topmost_of_the_city_stack_and_spent():
    s = at(goods=PLENTY, trains=[4], freight=4)     # one car left empty after the build
    s["stacks"]["st_poelten"] = [2, 3, 1]
    top = 2
    s, ev = play(s, 0, build(["wien-st_poelten"]))
    assert of_type(ev, "city_connected")[0]["token"] == top and s["pending"] == [top]
    assert s["stacks"]["st_poelten"] == [3, 1]     # the next player to connect takes the 3
    moves = listed(s, 0)
    assert all(m["type"] == "business" for m in moves)
    assert all(m["influence"] + m["share"] + m["flip"] == top for m in moves)
    assert code(s, 0, {"type": "fundraise"}) == "business_first"
    col = s["p"][0]["col"]
    assert max(m["flip"] for m in moves) == 1
    s, _ = play(s, 0, {"type": "business", "influence": top - 1, "share": 0, "flip": 1})
    assert s["p"][0]["col"] == col + top - 1 and s["p"][0]["passenger"] == 1
    assert s["pending"] == []


def test_business_remainder_is_lost_at_the_caps():
    s = at(goods=PLENTY, col=D.INFLUENCE_TRACK - 1, share=5)
    s["stacks"]["st_poelten"] = [3]
    seat(s, 0, freight=3)                       # 3 goods on 3 cars after the build: no free car
    s, ev = play(s, 0, build(["wien-st_poelten"]))
    assert listed(s, 0) == [{"type": "business", "influence": 0, "share": 0, "flip": 0}]
    s, ev = play(s, 0, {"type": "business", "influence": 0, "share": 0, "flip": 0})
    assert of_type(ev, "business_spent")[0]["lost"] == 3


def test_reserved_cars_cannot_flip():
    s = at(goods={"wood": 1, "stone": 1, "iron": 1}, freight=0, reserved=3)
    assert R.flip_cap(s["p"][0]) == 0


def test_influence_hexagon_and_semmering():
    s = at(goods={"wood": 1, "stone": 1, "iron": 2, "coal": 1}, tunnel=True, training=[0, 1, 0],
           tracks=["wien-wr_neustadt", "wr_neustadt-gloggnitz"])
    col = s["p"][0]["col"]
    s, ev = play(s, 0, build([D.SEMMERING], (0, 1, 0)))
    assert s["semmering"] == 0 and of_type(ev, "semmering_taken")
    assert s["p"][0]["col"] == col + R.city_offer(s, "muerzzuschlag")["hex"]
    # a second builder does not take it
    s2 = at(goods={"wood": 1, "stone": 1, "iron": 2, "coal": 1}, tunnel=True, training=[0, 1, 0],
            tracks=["wien-wr_neustadt", "wr_neustadt-gloggnitz"])
    s2["semmering"] = 1
    s2, ev = play(s2, 0, build([D.SEMMERING], (0, 1, 0)))
    assert s2["semmering"] == 1 and not of_type(ev, "semmering_taken")


def test_trieste_pays_ten_per_own_track_and_ends_the_round_game():
    tracks = ["wien-wr_neustadt", "wr_neustadt-gloggnitz", D.SEMMERING, "muerzzuschlag-bruck",
              "bruck-graz", "graz-marburg", "marburg-cilli", "cilli-laibach"]
    s = at(goods={"wood": 1, "stone": 1, "iron": 2}, tunnel=True, training=[0, 0, 1],
           tracks=tracks)
    money = s["p"][0]["money"]
    assert D.CITIES["trieste"]["effort"] == 3
    s, ev = play(s, 0, build(["laibach-trieste"], (0, 0, 1)))
    assert s["p"][0]["money"] == money + 10 * 9 and s["trieste"]
    assert not s["over"]                          # the round is played out first


# ---- 2. Hire ---------------------------------------------------------------------------------------
def test_hire_prices_escalate_between_workers_and_cap_at_fifty():
    s = at(col=10, money=300)
    s, ev = play(s, 0, {"type": "hire", "column": "linz", "workers": 3})
    assert of_type(ev, "hired")[0]["cost"] == 10 + 20 + 30 and s["p"][0]["training"] == [5, 0, 0]
    assert s["hiring"]["linz"] == 3
    assert R.hire_cost(3, 4) == 40 + 50 + 50 + 50


def test_hire_only_from_hubs_at_or_below_your_influence():
    s = at(col=s_hub_col("linz"))
    play(s, 0, {"type": "hire", "column": "linz", "workers": 1})
    assert code(s, 0, {"type": "hire", "column": "graz", "workers": 1}) == "hub_above_you"


def test_engineers_thirty_each_one_of_each_type():
    s = at(col=10)
    s, ev = play(s, 0, {"type": "hire", "column": "linz", "workers": 0, "bridge": True,
                        "tunnel": True})
    assert of_type(ev, "hired")[0]["cost"] == 60 and s["p"][0]["bridge"] and s["p"][0]["tunnel"]
    assert s["engineers"] == {"bridge": 1, "tunnel": 1}
    s = table(2, turn=0)
    seat(s, 0, col=10, bridge=True)
    assert code(s, 0, {"type": "hire", "column": "linz", "workers": 0, "bridge": True}) \
        == "no_engineer"


def test_at_most_fifteen_workers():
    s = at(col=10, training=[14, 0, 0], money=1000)
    assert code(s, 0, {"type": "hire", "column": "linz", "workers": 2}) == "too_many_workers"
    play(s, 0, {"type": "hire", "column": "linz", "workers": 1})


# ---- 3. Build a building ---------------------------------------------------------------------------
def test_station_pays_cost_adds_income_and_warehouse():
    s = at(tracks=["wien-st_poelten"])
    money = s["p"][0]["money"]
    s, _ = play(s, 0, {"type": "station", "city": "st_poelten"})
    p = s["p"][0]
    assert p["money"] == money - 10 and R.income(p) == 10 and R.has_station(p, "st_poelten")
    assert R.storage_ok(p, {"wood": 2, "stone": 1, "iron": 1, "coal": 1})   # 4 spaces now
    assert code(s, 0, {"type": "station", "city": "linz"}) in ("one_main_action",)


def test_station_needs_a_connected_empty_site():
    s = at(tracks=["wien-st_poelten"])
    assert code(s, 0, {"type": "station", "city": "linz"}) == "not_connected"
    s["stations"]["st_poelten"] = 1
    assert code(s, 0, {"type": "station", "city": "st_poelten"}) == "no_station_site"


@pytest.mark.parametrize("worker,goods", [("training-1", 2), ("training-2", 3),
                                          ("working-3", 4)])
def test_factory_worker_production(worker, goods):
    s = at(tracks=["wien-st_poelten"], training=[1, 1, 0], working=[0, 0, 1])
    s, ev = play(s, 0, {"type": "factory", "site": "st_poelten-1", "worker": worker})
    f = s["p"][0]["factories"][0]
    assert f == {"site": "st_poelten-1", "good": "wood", "level": int(worker[-1]), "goods": goods}
    assert s["bought"]["wood"] == 1 and s["sites"]["st_poelten-1"] == 0
    assert R.workers_total(s["p"][0]) == 3


def test_factory_cost_from_the_board_steps_with_each_bought():
    s = at(tracks=["wien-st_poelten"], money=200)
    s["bought"]["wood"] = 2
    money = s["p"][0]["money"]
    s, ev = play(s, 0, {"type": "factory", "site": "st_poelten-1", "worker": "training-1"})
    assert of_type(ev, "factory_built")[0]["cost"] == D.factory_cost(2)
    assert s["p"][0]["money"] == money - D.factory_cost(2)


def test_factory_custom_and_station_symbol_costs():
    s = at(tracks=["wien-wr_neustadt", "wr_neustadt-gloggnitz"])
    assert R.factory_site_cost(s, "gloggnitz-1") == 20
    assert R.factory_site_cost(s, "leoben-1") == D.CITIES["leoben"]["station"]


def test_factory_sites_valid_for_player_count_and_row_limits():
    s = at(tracks=["wien-st_poelten", "st_poelten-linz"], rails=[])
    s["p"][0]["rails"] = ["st_poelten-linz"]
    s["p"][0]["tracks"] = ["wien-st_poelten"]
    assert code(s, 0, {"type": "factory", "site": "linz-2", "worker": "training-1"}) \
        == "no_factory_site"                      # a 3-player site at 2 players
    s["bought"]["iron"] = D.FACTORIES_PER_ROW[2]
    assert code(s, 0, {"type": "factory", "site": "linz-1", "worker": "training-1"}) \
        == "no_factory_left"


# ---- 4. Produce goods --------------------------------------------------------------------------------
def factories(*specs):
    return [{"site": site, "good": D.FACTORY_SITES[site][1], "level": 1, "goods": g}
            for site, g in specs]


def test_produce_one_per_site():
    s = at(goods={"coal": 1}, factories=factories(("st_poelten-1", 2), ("bruck-1", 1)))
    s, _ = play(s, 0, {"type": "produce", "sites": ["st_poelten-1", "bruck-1"]})
    p = s["p"][0]
    assert p["goods"] == {"wood": 1, "stone": 0, "iron": 1, "coal": 1}
    assert [f["goods"] for f in p["factories"]] == [1, 0]


def test_full_store_never_blocks_production_you_choose_the_cube():
    s = at(goods={"wood": 1, "stone": 1, "iron": 1, "coal": 1},
           factories=factories(("st_poelten-1", 2)))
    assert code(s, 0, {"type": "produce", "sites": ["st_poelten-1"]}) == "bad_discard"
    choices = [m["discard"] for m in listed(s, 0) if m["type"] == "produce"]
    assert sorted(choices) == [["iron"], ["stone"], ["wood"]]
    s, _ = play(s, 0, {"type": "produce", "sites": ["st_poelten-1"], "discard": ["stone"]})
    assert s["p"][0]["goods"] == {"wood": 2, "stone": 0, "iron": 1, "coal": 1}


# ---- 5. Buy or order goods -------------------------------------------------------------------------
def test_buy_topmost_cube_at_its_row_price():
    s = at(goods={})
    s["market"]["iron"] = 3
    s, ev = play(s, 0, {"type": "buy", "good": "iron"})
    assert of_type(ev, "good_bought")[0]["price"] == D.MARKET_PRICES[2]
    assert s["market"]["iron"] == 2 and s["p"][0]["goods"]["iron"] == 1


def test_buy_from_an_empty_column_at_forty_from_the_supply():
    s = at(goods={})
    s["market"]["wood"] = 0
    money = s["p"][0]["money"]
    s, _ = play(s, 0, {"type": "buy", "good": "wood"})
    assert s["p"][0]["money"] == money - 40 and s["market"]["wood"] == 0


def test_order_up_to_the_shipment_tile_across_actions():
    s = at(goods={})
    n = D.SHIPMENT_TILES[0]
    assert code(s, 0, {"type": "order", "goods": ["wood"] * (n + 1)}) == "landing_full"
    s, ev = play(s, 0, {"type": "order", "goods": ["wood"] * n})
    assert s["p"][0]["landing"]["wood"] == n and s["p"][0]["goods"]["wood"] == 0
    s.update(turn=0, main_done=False)
    s["placed"]["buy_goods"] = [0, 0]
    assert code(s, 0, {"type": "order", "goods": ["coal"]}) == "landing_full"


def test_no_orders_in_round_eight():
    s = at(goods={})
    s["round"] = 8
    assert code(s, 0, {"type": "order", "goods": ["wood"]}) == "no_orders"
    assert not [m for m in listed(s, 0) if m["type"] == "order"]


# ---- 6. Trains -------------------------------------------------------------------------------------
@pytest.mark.parametrize("level", [4, 5, 6, 7, 8])
def test_engine_table(level):
    s = at(money=200)
    s["round"] = 8
    col = s["p"][0]["col"]
    s, _ = play(s, 0, {"type": "buy_train", "level": level})
    p = s["p"][0]
    assert p["money"] == 200 - D.ENGINE_PRICE[level] == 200 - 10 * level
    assert p["freight"] == 3 + level and p["goods"]["coal"] == 2
    assert p["col"] == col + {4: 0, 5: 0, 6: 1, 7: 2, 8: 3}[level]


def test_engines_only_at_or_left_of_the_round():
    s = at(money=200)
    assert R.available_engines(s) == [4]
    assert code(s, 0, {"type": "buy_train", "level": 5}) == "engine_unavailable"


def test_at_most_three_trains():
    s = at(money=200, trains=[3, 4, 4], freight=11)
    assert code(s, 0, {"type": "buy_train", "level": 4}) == "three_trains"


def test_upgrade_pays_the_difference_adds_cars_no_free_coal():
    s = at(money=200)
    s["round"] = 5
    s, _ = play(s, 0, {"type": "upgrade_train", "train": 0, "level": 6})
    p = s["p"][0]
    assert p["money"] == 200 - 30 and p["trains"] == [6] and p["freight"] == 6
    assert p["goods"]["coal"] == 1 and p["col"] == 1


# ---- 7. Contracts ----------------------------------------------------------------------------------
def test_contract_reserves_freight_cars_and_takes_investors():
    s = at(goods={"wood": 1, "stone": 1, "iron": 1, "coal": 1})
    s["display"] = ["B1", "A1"]
    assert code(s, 0, {"type": "contract", "id": "B1"}) == "bad_discard"
    s, ev = play(s, 0, {"type": "contract", "id": "B1", "discard": ["iron", "wood"]})
    p = s["p"][0]
    assert p["freight"] == 1 and p["reserved"] == 2 and p["contracts"] == ["B1"]
    assert p["goods"] == {"wood": 0, "stone": 1, "iron": 0, "coal": 1}
    assert p["investors"][:2] == [2, 1]          # the lowest empty spaces
    assert s["display"] == ["A1"]                 # no refills


def test_contract_needs_free_freight_cars_and_investors_only_those_that_fit():
    s = at(freight=1, reserved=2, goods={"coal": 1})
    s["display"] = ["B1", "A1"]
    assert code(s, 0, {"type": "contract", "id": "B1"}) == "no_free_cars"
    seat(s, 0, investors=[2, 2, 2, 2, 2, 1])
    s, ev = play(s, 0, {"type": "contract", "id": "A1"})
    assert s["p"][0]["investors"] == [2] * 6 and of_type(ev, "contract_taken")[0]["investors"] == 1
    s = at(investors=[2] * 6)
    s["display"] = ["B2"]
    s, ev = play(s, 0, {"type": "contract", "id": "B2", "discard": ["iron", "wood"]})
    assert of_type(ev, "contract_taken")[0]["investors"] == 0


# ---- 8-11 --------------------------------------------------------------------------------------------
def test_philanthropize():
    s = at(money=50)
    s, _ = play(s, 0, {"type": "philanthropize", "amount": 30})
    assert s["p"][0]["money"] == 20 and s["p"][0]["col"] == 3
    assert code(at(), 0, {"type": "philanthropize", "amount": 25}) == "bad_amount"


@pytest.mark.parametrize("row", [1, 2, 3, 4, 5])
def test_share_value_up_pays_influence_at_the_new_row(row):
    s = at(col=10, share=row - 1)
    s, _ = play(s, 0, {"type": "share_up"})
    assert s["p"][0]["share"] == row and s["p"][0]["col"] == 10 - row


def test_share_value_down_any_amount_free():
    s = at(col=2, share=4)
    s, _ = play(s, 0, {"type": "share_down", "steps": 3})
    assert s["p"][0]["share"] == 1 and s["p"][0]["col"] == 2
    assert code(at(share=1), 0, {"type": "share_down", "steps": 2}) == "bad_steps"


def test_fundraise_and_pass():
    s = at(money=5)
    assert play(s, 0, {"type": "fundraise"})[0]["p"][0]["money"] == 15
    assert play(s, 0, {"type": "pass"})[0]["p"][0]["money"] == 5
