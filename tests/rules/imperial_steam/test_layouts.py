"""The Setup option (Fixed, Normal with its Normal Setup cards, Random by region), the Business
token stacks, the Shipment tiles and goods, and the component counts of the research note."""
from collections import Counter

import pytest

from engines.imperial_steam import data as D
from engines.imperial_steam import rules as R

from .helpers import opening, play

SEEDS = [str(i) for i in range(12)]


def laid(events):
    return next(e for e in events if e["type"] == "table_laid")


def region_of(city):
    return D.CITIES[city]["region"]


# ---- the component counts ---------------------------------------------------------------------------
def test_counts_from_the_rulebook_component_list():
    assert len(D.BUSINESS_TOKENS) == 24 and Counter(D.BUSINESS_TOKENS) == {1: 13, 2: 8, 3: 3}
    assert len(D.CONTRACTS) == D.CONTRACT_CARDS == 28
    assert len(D.SHIPMENT_TILES) == D.SHIPMENT_TILE_COUNT == 9
    assert min(D.SHIPMENT_TILES) == 2 and max(D.SHIPMENT_TILES) == 5     # "numbered 2-5"
    assert len(D.NORMAL_SETUP) == D.NORMAL_SETUP_CARDS == 15
    assert sorted(D.HUB_TILE) == sorted(D.HUB_TILES) and len(D.HUB_TILES) == 4
    assert len(D.GROWTH_TILES) == D.GROWTH_TILE_COUNT == 4
    # no stand-in asks for more Business tokens than the box holds
    assert sum(t["business"] for t in D.CITY_TILES.values()) <= len(D.BUSINESS_TOKENS)


def test_every_data_item_says_where_it_comes_from():
    names = [n for n in vars(D) if not n.startswith("_") and (n.isupper() or callable(vars(D)[n]))
             and n not in ("STAND_IN", "SOURCE", "CONTRACTS", "HIRE_PRICE_SOURCE", "annotations")]
    assert sorted(n for n in names if n not in D.SOURCE) == []
    assert set(D.SOURCE.values()) <= {"page", "research", "stand-in", "per item: HIRE_PRICE_SOURCE"}
    # the page gives only "from 10 up to a cap of 50": the rows between are stand-ins
    assert D.HIRE_PRICES[0] == 10 and D.HIRE_PRICES[-1] == 50
    assert D.HIRE_PRICE_SOURCE == ["page", "stand-in", "stand-in", "stand-in", "page"]


# ---- Fixed ------------------------------------------------------------------------------------------
def test_fixed_layout_puts_every_tile_at_its_place_every_time():
    tables = [opening(3, "fixed", seed=x)[0] for x in SEEDS[:4]]
    for s in tables:
        assert {h: s["hubs"][h]["tile"] for h in s["hubs"]} == D.FIXED_HUBS
        assert s["tiles"] == D.FIXED_TILES
        assert s["state_rails"] == D.STATE_RAILWAYS_FIXED
        assert s["shipment_tiles"] == D.SHIPMENT_FIXED
        assert [s["hubs"][h]["growth"] for h in R.hub_cities(s)] == D.GROWTH_TILES
        assert s["setup_card"] is None
    # what the Fixed layout does not name is still drawn: the Business tokens' order
    assert len({str(s["stacks"]) for s in tables}) > 1


# ---- Normal -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", range(len(D.NORMAL_SETUP)))
def test_every_normal_setup_card_names_one_hub_per_region_and_two_city_tiles(card):
    cities, colours, named = D.NORMAL_SETUP[card]
    assert [region_of(c) for c in cities] == D.REGIONS
    assert sorted(colours) == sorted(D.HUB_TILES)
    assert len(named) == 2 and not set(named) & set(cities)
    assert set(named.values()) <= set(D.CITY_TILES) and len(set(named.values())) == 2
    assert all(region_of(c) for c in named)


def test_normal_layout_follows_its_card_and_draws_the_rest():
    seen_cards, ships = set(), set()
    for x in SEEDS:
        s, events = opening(3, "normal", seed=x)
        card = s["setup_card"]
        cities, colours, named = D.NORMAL_SETUP[card]
        seen_cards.add(card)
        assert {h: s["hubs"][h]["tile"] for h in s["hubs"]} == dict(zip(cities, colours))
        assert all(s["tiles"][c] == t for c, t in named.items())
        # every City tile is laid once, never on a hub, never on Wien or Trieste
        assert sorted(s["tiles"].values()) == sorted(D.CITY_TILES)
        assert not set(s["tiles"]) & set(s["hubs"]) and all(region_of(c) for c in s["tiles"])
        # seven of the nine Shipment tiles, in a drawn order; Growth tiles dealt to the hubs
        assert len(s["shipment_tiles"]) == 7
        assert not Counter(s["shipment_tiles"]) - Counter(D.SHIPMENT_TILES)
        ships.add(tuple(s["shipment_tiles"]))
        assert sorted(h["growth"] for h in s["hubs"].values()) == sorted(D.GROWTH_TILES)
        assert len(s["state_rails"]) == D.STATE_RAILWAYS_NORMAL
        assert set(s["state_rails"]) <= set(D.STATE_RAILWAY_CARDS)
        assert "vis" not in laid(events)                 # laid face up
    assert len(seen_cards) > 3 and len(ships) > 3


# ---- Random -----------------------------------------------------------------------------------------
def test_random_layout_gives_each_region_a_hub_and_two_city_tiles_within_it():
    rail_counts, hub_sets = set(), set()
    for x in SEEDS:
        s, _ = opening(4, "random", seed=x)
        for region in D.REGIONS:
            hubs = [h for h in s["hubs"] if region_of(h) == region]
            tiles = [c for c in s["tiles"] if region_of(c) == region]
            assert len(hubs) == 1 and len(tiles) == 2 and hubs[0] not in tiles
        assert sorted(h["tile"] for h in s["hubs"].values()) == sorted(D.HUB_TILES)
        assert sorted(s["tiles"].values()) == sorted(D.CITY_TILES)
        assert 1 <= len(s["state_rails"]) <= D.STATE_RAILWAY_CROWNS   # the number itself drawn
        rail_counts.add(len(s["state_rails"]))
        hub_sets.add(tuple(sorted(s["hubs"])))
    assert len(rail_counts) > 1 and len(hub_sets) > 3


def test_a_hub_laid_elsewhere_is_a_hub_there():
    """Where the Random layout lays a Hub City tile, that city has the five hub demands, the
    Worker board column and the Influence marker; the Fixed hub city may then be a plain one."""
    for x in SEEDS:
        s, _ = opening(2, "random", seed=x)
        moved = [h for h in s["hubs"] if h not in D.FIXED_HUBS]
        if moved:
            break
    hub = moved[0]
    assert len(s["demands"][hub]) == 5 and hub in s["hiring"]
    assert s["hubs"][hub]["col"] == D.HUB_TILE[s["hubs"][hub]["tile"]]["start"]
    plain = [c for c in D.FIXED_HUBS if c not in s["hubs"]]
    assert all(c not in s["demands"] for c in plain)            # 2 players: hubs only
    # hiring names the column by its hub city
    s = play(s, 0, {"type": "bid", "amount": 100})[0]
    s = play(s, 1, {"type": "bid", "amount": 0})[0]
    s["turn"] = 0
    s, ev = play(s, 0, {"type": "hire", "column": hub, "workers": 1})
    assert s["hiring"][hub] == 1
    from .helpers import code
    s["turn"], s["main_done"] = 0, False
    assert code(s, 0, {"type": "hire", "column": plain[0], "workers": 1}) == "bad_field"


# ---- Business token stacks ----------------------------------------------------------------------------
@pytest.mark.parametrize("layout", ["fixed", "normal", "random"])
def test_business_tokens_are_stacked_on_each_tile_by_its_circled_number(layout):
    s, _ = opening(2, layout, seed="stacks")
    for city, tile in s["tiles"].items():
        assert len(s["stacks"].get(city, [])) == D.CITY_TILES[tile]["business"]
    dealt = [t for stack in s["stacks"].values() for t in stack]
    assert not Counter(dealt) - Counter(D.BUSINESS_TOKENS)
    assert set(s["stacks"]) <= set(s["tiles"])


# ---- Shipment goods per round -------------------------------------------------------------------------
@pytest.mark.parametrize("players,per_round", [(2, 1), (3, 2), (4, 3)])
def test_shipment_goods_are_drawn_in_total_above_rounds_four_to_eight(players, per_round):
    s, events = opening(players, "fixed", seed="ship")
    assert sorted(s["shipments"]) == ["4", "5", "6", "7", "8"]
    assert all(len(g) == per_round and set(g) <= set(D.GOODS) for g in s["shipments"].values())
    drawn = {tuple(tuple(v) for v in opening(players, "fixed", seed=x)[0]["shipments"].values())
             for x in SEEDS}
    assert len(drawn) > 1                                      # drawn at random, face up


def test_shipment_arrives_into_each_goods_column_and_overflows_to_the_supply():
    from engines.imperial_steam import engine
    from .helpers import table
    s = table(4, round=4)
    s["market"] = {"wood": 3, "stone": 4, "iron": 0, "coal": 1}
    s["shipments"]["5"] = ["wood", "stone", "wood"]
    s = engine.evolve(s, {"type": "round_started", "round": 5})
    assert s["market"] == {"wood": 4, "stone": 4, "iron": 0, "coal": 1}   # 1 wood, 1 stone over
