"""Imperial Steam as a decider, in the rules page's order: Setup and the opening blind bid;
the Round structure (phases 1-8); the eleven Main actions; the Free actions; Game end and final
scoring.

State (plain JSON):
    players, layout, round, phase   "bid" (secret simultaneous bids), "actions", "over"
    bids                  per seat [] or [amount] while the bid is open (secret), last_bids after
    order, turn           turn order for the round and whose turn it is
    main_done, delivered  this turn's main action placed / delivery made
    pending               Business token values the turn's player still has to spend
    hands, placed         hands left per seat; {tile: [hands there per seat]}
    p                     per seat: money, col/seq (influence marker), goods, landing, ordered,
                          training/working [L1, L2, L3], factories, bridge/tunnel, trains (engine
                          levels), freight/passenger/reserved cars, stations, tracks, rails,
                          contracts, investors (per Share row), shareholders, share, keys
    tracks                {connection: [seats with track]}; state_rails (crowned connections)
    stations, sites       {city: seat}, {factory site: seat}
    bought                factories bought per good (the Factory board)
    demands               {city: [seat or None per demand space]}
    hubs                  {hub: {col, growth, delivered}}
    market, stack, display, round_track, hiring, engineers, semmering, trieste, final
"""
from __future__ import annotations

import copy
from itertools import combinations, combinations_with_replacement

from marshmallow import Schema, fields
from marshmallow.validate import OneOf

from engines.core import ALL, Engine, IllegalMove, Table, event
from engines.imperial_steam import data as D
from engines.imperial_steam import rules as R
from engines.imperial_steam.moves import (FREE, MOVES, TILE_OF, boolean, field, integer,
                                          move_type, name_in, name_list)


class Options(Schema):
    """Setup option: Fixed (first game), Normal, or Random (experts) layout."""
    layout = fields.String(load_default="fixed", validate=OneOf(["fixed", "normal", "random"]))


def _fresh_player(n):
    return {
        "money": D.START_MONEY[n], "col": 0, "seq": 0,
        "goods": {"wood": 0, "stone": 0, "iron": 0, "coal": 0},
        "landing": {g: 0 for g in D.GOODS}, "ordered": 0,
        "training": [2, 0, 0], "working": [0, 0, 0], "factories": [],
        "bridge": False, "tunnel": False,
        "trains": [3], "freight": 3, "passenger": 0, "reserved": 0,
        "stations": [], "tracks": [], "rails": [], "contracts": [],
        "investors": [1, 0, 0, 0, 0, 0], "shareholders": 0, "share": 0, "keys": [],
    }


def _demand_spaces(n):
    out = {}
    for city, c in D.CITIES.items():
        if c["hub"]:
            out[city] = [None] * len(D.HUB_DEMANDS)
        elif c["demands"] and D.OUTSIDE_DEMANDS[n]:
            out[city] = [None] * len(c["demands"])
    return out


def demand_goods(city) -> list[str]:
    return D.HUB_DEMANDS if D.CITIES[city]["hub"] else D.CITIES[city]["demands"]


# ==== Setup and the opening blind bid =================================================================
def lay_out(players, layout, rng) -> dict:
    """The table's random parts (all face up): State Railways, Growth tiles, the Business token
    stack, the Contract display, the first reveal order."""
    k = D.CONTRACTS_PER_DECK[players]
    if layout == "fixed":
        rails = list(D.STATE_RAILWAYS_FIXED)
        growth = {h: list(D.GROWTH_TILES[i]) for i, h in enumerate(D.HUBS)}
        stack = list(D.BUSINESS_TOKENS)
        display = [c for deck in D.CONTRACT_DECKS.values() for c in list(deck)[:k]]
    else:
        if layout == "random":   # the number of State Railways is itself drawn
            rails = sorted(rng.sample(D.STATE_RAILWAY_CANDIDATES, rng.randint(0, 3)))
        else:
            rails = sorted(rng.sample(D.STATE_RAILWAY_CANDIDATES, 2))
        tiles = rng.shuffled([list(t) for t in D.GROWTH_TILES])
        growth = {h: tiles[i] for i, h in enumerate(D.HUBS)}
        stack = rng.shuffled(D.BUSINESS_TOKENS)
        display = [c for deck in D.CONTRACT_DECKS.values() for c in sorted(rng.sample(list(deck), k))]
    return {"state_rails": rails, "growth": growth, "stack": stack, "display": display,
            "order": rng.shuffled(list(range(players)))}


def reveal_bids(t: Table) -> None:
    """The last seat has bid: bids open in turn order, each pays and climbs to the column of its
    bid; then Round 1 starts at Phase 7 with turn order reset by influence."""
    s = t.state
    bids = [b[0] for b in s["bids"]]
    t.emit(event("bids_revealed", {"bids": bids, "order": list(s["order"])}, reveal=True))
    start_round(t, 1)


# ==== Round structure ===================================================================================
def start_round(t: Table, rnd: int) -> None:
    t.emit(event("round_started", {"round": rnd}))


def end_turn(t: Table) -> None:
    s = t.state
    seat = s["turn"]
    order = s["order"]
    i = order.index(seat)
    for k in range(1, len(order) + 1):
        nxt = order[(i + k) % len(order)]
        if s["hands"][nxt] > 0:
            t.emit(event("turn_ended", {"seat": seat, "next": nxt}))
            return
    t.emit(event("turn_ended", {"seat": seat, "next": None}))
    # 8. Game end check
    if s["round"] >= D.ROUNDS or s["trieste"]:
        t.emit(event("game_scored", R.final_scoring(s)))
    else:
        start_round(t, s["round"] + 1)


def free_moves_available(s, seat) -> bool:
    return bool(sell_options(s, seat) or deliver_options(s, seat) or rail_options(s, seat))


def settle(t: Table) -> None:
    """After a step of the turn: the turn ends by itself once the main action is placed, no Business
    token waits, and no free action is left to take."""
    s = t.state
    if s["phase"] != "actions" or s["pending"] or not s["main_done"]:
        return
    if not free_moves_available(s, s["turn"]):
        end_turn(t)


# ==== Free actions: options =============================================================================
def sell_options(s, seat):
    p = s["p"][seat]
    return [{"move": {"type": "sell_share"}}] if any(p["investors"][p["share"]:]) else []


def deliver_options(s, seat):
    p = s["p"][seat]
    if s["delivered"] or p["goods"]["coal"] < 1:
        return []
    net = R.network(p)
    out = []
    for f in p["factories"]:
        if f["goods"] < 1:
            continue
        for city in sorted(s["demands"]):
            if city in net and demand_slot(s, seat, city, f["good"]) is not None:
                out.append({"move": {"type": "deliver", "site": f["site"], "city": city}})
    return out


def demand_slot(s, seat, city, good):
    """The empty matching demand space, or None. A hub's two coal spaces pay the gold then the
    silver key, and one player cannot meet both."""
    spaces = s["demands"][city]
    wanted = demand_goods(city)
    for i, g in enumerate(wanted):
        if g == good and spaces[i] is None:
            if D.CITIES[city]["hub"] and good == "coal" and seat in spaces[3:5]:
                return None
            return i
    return None


def rail_options(s, seat):
    p = s["p"][seat]
    net = R.network(p)
    out = []
    for conn in s["state_rails"]:
        a, b, _ = D.CONNECTIONS[conn]
        if conn in p["rails"] or not (a in net or b in net):
            continue
        if rail_cost(s, seat, conn)[0] <= p["money"]:
            out.append({"move": {"type": "state_railway", "conn": conn}})
    return out


def rail_cost(s, seat, conn):
    """(total, {payee: amount}) for access to a State Railway."""
    a, b, _ = D.CONNECTIONS[conn]
    prices = [D.CITIES[a]["station"] or 0, D.CITIES[b]["station"] or 0]
    others = [o for o in range(s["players"]) if o != seat and conn in s["p"][o]["rails"]]
    if not others:
        return max(prices), {}
    return min(prices) * len(others), {str(o): min(prices) for o in others}


# ==== The engine =========================================================================================
class ImperialSteam(Engine):
    name = "imperial-steam"
    title = "Imperial Steam"
    version = 1
    min_players = 2
    max_players = 4
    options_schema = Options
    moves_schema = MOVES

    # ---- building state ---------------------------------------------------------------------------
    def initial(self, players, options):
        n = players
        return {
            "players": n, "layout": options.get("layout", "fixed"), "round": 0, "phase": "setup",
            "bids": [[] for _ in range(n)], "last_bids": None,
            "order": list(range(n)), "turn": None, "main_done": False, "delivered": False,
            "pending": [], "hands": [0] * n, "placed": {a: [0] * n for a in D.ACTIONS},
            "seq": 0, "p": [_fresh_player(n) for _ in range(n)],
            "tracks": {}, "state_rails": [], "stations": {}, "sites": {},
            "bought": {g: 0 for g in D.GOODS}, "demands": _demand_spaces(n),
            "hubs": {h: {"col": D.HUB_START[h], "growth": [], "delivered": 0} for h in D.HUBS},
            "market": {g: D.MARKET_START for g in D.GOODS}, "stack": [], "display": [],
            "round_track": {str(r): {"level": lvl, "count": D.ENGINES_PER_SPACE[n]}
                            for r, lvl in D.ROUND_TRACK.items()},
            "hiring": {h: 0 for h in D.HUBS},
            "engineers": {"bridge": D.ENGINEERS[n], "tunnel": D.ENGINEERS[n]},
            "semmering": None, "trieste": False, "final": None, "over": False,
        }

    def setup(self, players, options, rng):
        t = Table(self, self.initial(players, options))
        t.emit(event("table_laid", lay_out(players, options.get("layout", "fixed"), rng)))
        return t.events

    def decide(self, state, seat, move, rng):
        if state["over"]:
            raise IllegalMove("game_over", "The game is over.")
        kind = move_type(move)
        if type(seat) is not int or seat not in self.active(state):
            raise IllegalMove("not_your_turn", "It is not your turn.")
        t = Table(self, state)
        if state["phase"] == "bid":
            if kind != "bid":
                raise IllegalMove("wrong_phase", "Everyone first bids for influence (\"bid\").")
            self._bid(t, seat, move)
            return t.events
        if state["pending"]:
            if kind != "business":
                raise IllegalMove("business_first", "First spend your Business token "
                                                    "(\"business\").")
            self._business(t, seat, move)
        elif kind == "end_turn":
            if not state["main_done"]:
                raise IllegalMove("main_action_first", "Place a Main Action hand before ending "
                                                       "your turn.")
            end_turn(t)
            return t.events
        elif kind in FREE:
            getattr(self, "_" + kind)(t, seat, move)
        elif kind in TILE_OF:
            if state["main_done"]:
                raise IllegalMove("one_main_action", "You have already taken your main action "
                                                     "this turn.")
            self._main(t, seat, kind, move)
        else:
            raise IllegalMove("wrong_phase", f"No {kind} move now.")
        settle(t)
        return t.events

    # ---- the opening blind bid --------------------------------------------------------------------
    def _bid(self, t, seat, move):
        amount = integer(field(move, "amount"), "amount")
        p = t.state["p"][seat]
        if amount < 0 or amount % D.BID_STEP or amount > min(D.MAX_BID, p["money"]):
            raise IllegalMove("bad_bid", f"Bid a multiple of {D.BID_STEP} guldens, at most "
                                         f"{min(D.MAX_BID, p['money'])}.")
        t.emit(event("bid_made", {"seat": seat}, private={"amount": ([seat], amount)}))
        if not self.awaited(t.state):
            reveal_bids(t)

    # ---- main actions -------------------------------------------------------------------------------
    def _main(self, t, seat, kind, move):
        s = t.state
        tile = TILE_OF[kind]
        penalty = s["placed"][tile][seat]
        col = s["p"][seat]["col"]
        if penalty > col:
            if not (tile == "pass" and not self._other_tiles(s, seat)):
                raise IllegalMove("repeat_penalty", f"You already have {penalty} hand(s) there and "
                                                     f"cannot pay {penalty} influence.")
            penalty = col
        # the penalty is paid first; the action is then judged on what is left (a refused
        # action throws the whole scratch table away)
        t.emit(event("hand_placed", {"seat": seat, "tile": tile, "penalty": penalty}))
        getattr(self, "_" + kind)(t, seat, move)

    def _other_tiles(self, s, seat) -> bool:
        """Whether any tile but Pass is available, the repeat penalty included."""
        return any(o["move"]["type"] != "pass" for o in self._placeable(s, seat))

    def _placeable(self, s, seat):
        """Main moves possible once the repeat penalty of their tile is paid."""
        p = s["p"][seat]
        out = []
        for k in sorted(set(s["placed"][tile][seat] for tile in D.ACTIONS)):
            if k > p["col"]:
                continue
            after = dict(s)
            after["p"] = list(s["p"])
            after["p"][seat] = dict(p, col=p["col"] - k)
            out += [o for o in self._main_options(after, seat)
                    if s["placed"][TILE_OF[o["move"]["type"]]][seat] == k]
        return out

    def _build_tracks(self, t, seat, move):
        s = t.state
        tracks = name_list(field(move, "tracks"), D.CONNECTIONS, "tracks", most=2)
        workers = field(move, "workers")
        if not isinstance(workers, list) or len(workers) != 3:
            raise IllegalMove("bad_field", "'workers' is a list of three counts [L1, L2, L3].")
        workers = [integer(w, "workers") for w in workers]
        plan = self._plan_tracks(s, seat, tracks)
        p = s["p"][seat]
        if any(w < 0 or w > have for w, have in zip(workers, p["training"])):
            raise IllegalMove("no_such_workers", "Assign only workers you have in Training.")
        if workers not in R.min_worker_sets(p["training"], plan["effort"]):
            raise IllegalMove("workers_effort", f"Assign Training workers whose levels total at "
                                                f"least {plan['effort']}, with none to spare.")
        t.emit(event("tracks_built", {"seat": seat, "tracks": tracks, "workers": workers,
                                      "materials": plan["materials"], "fees": plan["fees"],
                                      "effort": plan["effort"]}))
        if D.SEMMERING in tracks and s["semmering"] is None:
            t.emit(event("semmering_taken", {"seat": seat}))
        for city in plan["new"]:
            self._opportunities(t, seat, city)

    def _plan_tracks(self, s, seat, tracks):
        if not 1 <= len(tracks) <= 2 or len(set(tracks)) != len(tracks):
            raise IllegalMove("track_count", "Build one or two different connections.")
        p = s["p"][seat]
        net = R.network(p)
        own = list(p["tracks"]) + list(p["rails"])
        materials = {"wood": 1, "stone": 1, "iron": 1, "coal": 0}
        fees, effort, new = {}, 0, []
        for conn in tracks:
            a, b, kind = D.CONNECTIONS[conn]
            if conn in s["state_rails"]:
                raise IllegalMove("state_railway", "A crowned State Railway is joined by buying "
                                                   "access, not by building.")
            if conn in own:
                raise IllegalMove("already_built", "You already have track on that connection.")
            if a not in net and b not in net:
                raise IllegalMove("not_contiguous", "Your network is contiguous: a track must "
                                                    "touch it.")
            if kind == "bridge":
                if not p["bridge"]:
                    raise IllegalMove("no_bridge_engineer", "A bridge needs a Bridge Engineer.")
                materials["stone"] += 1
            if kind == "tunnel":
                if not p["tunnel"]:
                    raise IllegalMove("no_tunnel_engineer", "A tunnel needs a Tunnel Engineer.")
                materials["iron"] += 1
            own.append(conn)
            for city in (a, b):
                if not R.has_station(p, city) and sum(
                        1 for c in own if city in D.CONNECTIONS[c][:2]) > 2:
                    raise IllegalMove("city_limit", f"Without your station in {city}, at most 2 "
                                                    f"of your tracks may touch it.")
            for o in s["tracks"].get(conn, []):
                fees[str(o)] = fees.get(str(o), 0) + D.TRACK_FEE
            if a in net and b in net:
                effort += min(D.CITIES[a]["effort"], D.CITIES[b]["effort"])
            else:
                city = b if a in net else a
                effort += D.CITIES[city]["effort"]
                new.append(city)
                net.add(city)
        if any(p["goods"][g] < n for g, n in materials.items()):
            raise IllegalMove("no_materials", "Tracks need 1 wood, 1 stone and 1 iron, +1 stone "
                                              "per bridge and +1 iron per tunnel.")
        if sum(fees.values()) > p["money"]:
            raise IllegalMove("cannot_pay_fees", "You cannot pay 10 guldens to each player already "
                                                 "on the connection.")
        return {"materials": materials, "fees": fees, "effort": effort, "new": new}

    def _opportunities(self, t, seat, city):
        s = t.state
        c = D.CITIES[city]
        token = s["stack"][0] if c["business"] and s["stack"] else None
        bonus = 0
        if city == D.GOAL_CITY:
            p = s["p"][seat]
            bonus = D.TRIESTE_PER_TRACK * len(p["tracks"] + p["rails"])
        t.emit(event("city_connected", {"seat": seat, "city": city, "token": token,
                                        "influence": c["hex"], "trieste_bonus": bonus}))

    def _hire(self, t, seat, move):
        s = t.state
        p = s["p"][seat]
        column = name_in(field(move, "column"), D.HUBS, "column")
        n = integer(field(move, "workers"), "workers")
        bridge = boolean(field(move, "bridge", False, False), "bridge")
        tunnel = boolean(field(move, "tunnel", False, False), "tunnel")
        if column not in R.eligible_hubs(s, seat):
            raise IllegalMove("hub_above_you", "That hub city's influence is above yours.")
        if n < 0 or (n == 0 and not bridge and not tunnel):
            raise IllegalMove("hire_nothing", "Hire at least one worker or engineer.")
        if R.workers_total(p) + n > D.MAX_WORKERS:
            raise IllegalMove("too_many_workers", f"You may have at most {D.MAX_WORKERS} workers.")
        for kind, wanted in (("bridge", bridge), ("tunnel", tunnel)):
            if wanted and (p[kind] or s["engineers"][kind] < 1):
                raise IllegalMove("no_engineer", f"You cannot hire a {kind} engineer.")
        cost = R.hire_cost(s["hiring"][column], n) + D.ENGINEER_PRICE * (bridge + tunnel)
        if cost > p["money"]:
            raise IllegalMove("cannot_afford", f"That costs {cost} guldens.")
        t.emit(event("hired", {"seat": seat, "column": column, "workers": n, "bridge": bridge,
                               "tunnel": tunnel, "cost": cost}))

    def _station(self, t, seat, move):
        s = t.state
        p = s["p"][seat]
        city = name_in(field(move, "city"), D.CITIES, "city")
        cost = D.CITIES[city]["station"]
        if cost is None or city in s["stations"]:
            raise IllegalMove("no_station_site", "There is no empty station site there.")
        if city not in R.network(p):
            raise IllegalMove("not_connected", "The city must be connected to your network.")
        if len(p["stations"]) >= D.STATIONS_PER_PLAYER:
            raise IllegalMove("no_station_left", "You have no train station left to build.")
        if cost > p["money"]:
            raise IllegalMove("cannot_afford", f"That station costs {cost} guldens.")
        t.emit(event("station_built", {"seat": seat, "city": city, "cost": cost}))

    def _factory(self, t, seat, move):
        s = t.state
        p = s["p"][seat]
        site = name_in(field(move, "site"), D.FACTORY_SITES, "site")
        worker = field(move, "worker")
        if worker not in WORKER_SLOTS:
            raise IllegalMove("bad_field", "'worker' is 'training-L' or 'working-L' (L 1 to 3).")
        area, lvl = worker.split("-")
        lvl = int(lvl)
        city, good, least, _ = D.FACTORY_SITES[site]
        if site in s["sites"] or least > s["players"]:
            raise IllegalMove("no_factory_site", "That factory site is not available.")
        if city not in R.network(p):
            raise IllegalMove("not_connected", "The site must be connected to your network.")
        if s["bought"][good] >= D.FACTORIES_PER_ROW[s["players"]]:
            raise IllegalMove("no_factory_left", f"No {good} factory is left on the board.")
        if p[area][lvl - 1] < 1:
            raise IllegalMove("no_such_workers", f"You have no level {lvl} worker in your "
                                                 f"{area} area.")
        cost = R.factory_site_cost(s, site)
        if cost > p["money"]:
            raise IllegalMove("cannot_afford", f"That factory costs {cost} guldens.")
        t.emit(event("factory_built", {"seat": seat, "site": site, "good": good, "cost": cost,
                                       "area": area, "level": lvl,
                                       "goods": D.PRODUCTION[lvl]}))

    def _produce(self, t, seat, move):
        s = t.state
        p = s["p"][seat]
        ready = [f["site"] for f in p["factories"] if f["goods"] > 0]
        sites = name_list(field(move, "sites"), D.FACTORY_SITES, "sites")
        if not sites or len(set(sites)) != len(sites) or any(x not in ready for x in sites):
            raise IllegalMove("bad_sites", "Name one or more of your factory sites that still "
                                           "hold goods.")
        discard = name_list(field(move, "discard", [], False), D.GOODS, "discard")
        goods = self._after_produce(p, sites)
        if sorted(discard) not in R.discard_choices(p, goods):
            raise IllegalMove("bad_discard", f"Return exactly {R.overflow(p, goods)} good(s) to "
                                             f"the supply, leaving a store that holds the rest.")
        t.emit(event("produced", {"seat": seat, "sites": sites, "discard": sorted(discard)}))

    @staticmethod
    def _after_produce(p, sites):
        goods = dict(p["goods"])
        for f in p["factories"]:
            if f["site"] in sites:
                goods[f["good"]] += 1
        return goods

    def _buy(self, t, seat, move):
        s = t.state
        p = s["p"][seat]
        good = name_in(field(move, "good"), D.GOODS, "good")
        price = R.market_price(s["market"][good])
        if price > p["money"]:
            raise IllegalMove("cannot_afford", f"That good costs {price} guldens.")
        goods = dict(p["goods"])
        goods[good] += 1
        if not R.storage_ok(p, goods):
            raise IllegalMove("no_room", "You have no empty storage space for it.")
        t.emit(event("good_bought", {"seat": seat, "good": good, "price": price,
                                     "from_market": s["market"][good] > 0}))

    def _order(self, t, seat, move):
        s = t.state
        p = s["p"][seat]
        if s["round"] >= D.ROUNDS:
            raise IllegalMove("no_orders", "No goods can be ordered in Round 8.")
        goods = name_list(field(move, "goods"), D.GOODS, "goods")
        room = D.SHIPMENT_TILES[s["round"] - 1] - p["ordered"]
        if not 1 <= len(goods) <= room:
            raise IllegalMove("landing_full", f"Order 1 to {room} good(s) this round.")
        prices = R.goods_prices(s["market"], goods)
        if sum(prices) > p["money"]:
            raise IllegalMove("cannot_afford", f"Those goods cost {sum(prices)} guldens.")
        t.emit(event("goods_ordered", {"seat": seat, "goods": goods, "cost": sum(prices)}))

    def _buy_train(self, t, seat, move):
        s = t.state
        p = s["p"][seat]
        level = integer(field(move, "level"), "level")
        if len(p["trains"]) >= D.MAX_TRAINS:
            raise IllegalMove("three_trains", "You already have 3 trains.")
        if level not in R.available_engines(s):
            raise IllegalMove("engine_unavailable", "That engine is not on the Round track yet.")
        if D.ENGINE_PRICE[level] > p["money"]:
            raise IllegalMove("cannot_afford", f"IS-{level} costs {D.ENGINE_PRICE[level]}.")
        t.emit(event("train_bought", {"seat": seat, "level": level, "cost": D.ENGINE_PRICE[level],
                                      "influence": D.ENGINE_INFLUENCE[level]}))

    def _upgrade_train(self, t, seat, move):
        s = t.state
        p = s["p"][seat]
        train = integer(field(move, "train"), "train")
        level = integer(field(move, "level"), "level")
        if not 0 <= train < len(p["trains"]):
            raise IllegalMove("no_such_train", "You have no such train.")
        old = p["trains"][train]
        if level not in R.available_engines(s) or level <= old:
            raise IllegalMove("engine_unavailable", "Upgrade to a bigger engine on the Round "
                                                    "track.")
        cost = D.ENGINE_PRICE[level] - D.ENGINE_PRICE[old]
        if cost > p["money"]:
            raise IllegalMove("cannot_afford", f"The upgrade costs {cost} guldens.")
        t.emit(event("train_upgraded", {"seat": seat, "train": train, "level": level,
                                        "cost": cost, "influence": D.ENGINE_INFLUENCE[level]}))

    def _contract(self, t, seat, move):
        s = t.state
        p = s["p"][seat]
        cid = name_in(field(move, "id"), D.CONTRACTS, "id")
        if cid not in s["display"]:
            raise IllegalMove("not_displayed", "That contract is not on display.")
        k = len(D.CONTRACTS[cid][0])
        if p["freight"] < k:
            raise IllegalMove("no_free_cars", f"You need {k} free freight car(s) for its Reserved "
                                              f"tokens.")
        discard = name_list(field(move, "discard", [], False), D.GOODS, "discard")
        if sorted(discard) not in R.discard_choices(p, p["goods"], p["freight"] - k):
            raise IllegalMove("bad_discard", f"Return exactly "
                                             f"{R.overflow(p, p['goods'], p['freight'] - k)} "
                                             f"good(s) from the reserved cars to the supply.")
        free = sum(D.INVESTOR_SPACES - x for x in p["investors"])
        t.emit(event("contract_taken", {"seat": seat, "id": cid, "reserved": k,
                                        "discard": sorted(discard), "investors": min(k, free)}))

    def _philanthropize(self, t, seat, move):
        p = t.state["p"][seat]
        amount = integer(field(move, "amount"), "amount")
        steps = amount // D.PHILANTHROPY
        if amount <= 0 or amount % D.PHILANTHROPY or amount > p["money"] \
                or steps > R.influence_room(p):
            raise IllegalMove("bad_amount", "Pay a multiple of 10 guldens you have, at most the "
                                            "influence track's room.")
        t.emit(event("philanthropized", {"seat": seat, "amount": amount, "steps": steps}))

    def _share_up(self, t, seat, move):
        p = t.state["p"][seat]
        row = p["share"] + 1
        if row >= len(D.SHARE_VALUES):
            raise IllegalMove("share_at_top", "Your share value is at the top.")
        cost = D.SHARE_UP_COST[row]
        if cost > p["col"]:
            raise IllegalMove("no_influence", f"Moving up to {D.SHARE_VALUES[row]} costs {cost} "
                                              f"influence.")
        t.emit(event("share_moved", {"seat": seat, "row": row, "influence": cost}))

    def _share_down(self, t, seat, move):
        p = t.state["p"][seat]
        steps = integer(field(move, "steps"), "steps")
        if not 1 <= steps <= p["share"]:
            raise IllegalMove("bad_steps", f"Lower your share value by 1 to {p['share']} steps.")
        t.emit(event("share_moved", {"seat": seat, "row": p["share"] - steps, "influence": 0}))

    def _fundraise(self, t, seat, move):
        t.emit(event("fundraised", {"seat": seat, "amount": 10}))

    def _pass(self, t, seat, move):
        pass

    # ---- Business tokens -------------------------------------------------------------------------
    def _business(self, t, seat, move):
        s = t.state
        p = s["p"][seat]
        alloc = [integer(field(move, k), k) for k in ("influence", "share", "flip")]
        caps = self._business_caps(p)
        value = min(s["pending"][0], sum(caps))
        if any(a < 0 or a > c for a, c in zip(alloc, caps)) or sum(alloc) != value:
            raise IllegalMove("bad_business", f"Spend {value} point(s): at most {caps[0]} "
                                              f"influence, {caps[1]} share, {caps[2]} car flips.")
        t.emit(event("business_spent", {"seat": seat, "influence": alloc[0], "share": alloc[1],
                                        "flip": alloc[2], "lost": s["pending"][0] - value}))

    @staticmethod
    def _business_caps(p):
        return [R.influence_room(p), len(D.SHARE_VALUES) - 1 - p["share"], R.flip_cap(p)]

    # ---- free actions ----------------------------------------------------------------------------
    def _sell_share(self, t, seat, move):
        s = t.state
        p = s["p"][seat]
        if not sell_options(s, seat):
            raise IllegalMove("no_buyer", "No Investor sits at or above your share value.")
        row = max(r for r in range(len(p["investors"])) if p["investors"][r] and r >= p["share"])
        t.emit(event("share_sold", {"seat": seat, "row": row,
                                    "value": D.SHARE_VALUES[p["share"]]}))

    def _deliver(self, t, seat, move):
        s = t.state
        site = name_in(field(move, "site"), D.FACTORY_SITES, "site")
        city = name_in(field(move, "city"), D.CITIES, "city")
        if {"type": "deliver", "site": site, "city": city} not in \
                [o["move"] for o in deliver_options(s, seat)]:
            if s["delivered"]:
                raise IllegalMove("delivered", "You may deliver once per turn.")
            raise IllegalMove("cannot_deliver", "You need 1 coal, a good beside your worker at "
                                                "that site and a matching empty demand in a "
                                                "connected city.")
        good = D.FACTORY_SITES[site][1]
        slot = demand_slot(s, seat, city, good)
        hub = D.CITIES[city]["hub"]
        key = None
        pay = D.delivery_pay(s["bought"][good])
        if hub and good == "coal":
            key, pay = ("gold" if slot == 3 else "silver"), 0
        growth = 0
        if hub:
            tile = s["hubs"][city]["growth"]
            nth = s["hubs"][city]["delivered"]
            growth = tile[nth] if nth < len(tile) else 0
        t.emit(event("delivered", {"seat": seat, "site": site, "city": city, "slot": slot,
                                   "good": good, "pay": pay, "key": key, "growth": growth}))

    def _state_railway(self, t, seat, move):
        s = t.state
        conn = name_in(field(move, "conn"), D.CONNECTIONS, "conn")
        if {"type": "state_railway", "conn": conn} not in [o["move"] for o in
                                                           rail_options(s, seat)]:
            raise IllegalMove("no_access", "Your network must touch that crowned connection, "
                                           "which you do not use yet, and you must afford it.")
        total, payees = rail_cost(s, seat, conn)
        net = R.network(s["p"][seat])
        a, b, _ = D.CONNECTIONS[conn]
        t.emit(event("rail_access", {"seat": seat, "conn": conn, "cost": total, "paid": payees}))
        for city in (a, b):
            if city not in net:
                self._opportunities(t, seat, city)

    def evolve(self, state, ev):
        EVOLVE[ev["type"]](state, ev)
        return state

    # ---- reading state ---------------------------------------------------------------------------
    def active(self, state):
        if state["phase"] == "bid":
            return list(range(state["players"]))
        if state["phase"] == "actions" and state["turn"] is not None:
            return [state["turn"]]
        return []

    def awaited(self, state):
        if state["phase"] == "bid":
            return [x for x in range(state["players"]) if not state["bids"][x]]
        return self.active(state)

    def public_move(self, state, seat, move):
        """Every move is made in the open but the blind bid, whose amount stays secret."""
        return {"type": "bid"} if move["type"] == "bid" else move

    def legal_moves(self, state, seat):
        s = state
        if type(seat) is not int or seat not in self.active(s):
            return []
        p = s["p"][seat]
        if s["phase"] == "bid":
            return [{"move": {"type": "bid"},
                     "choose": {"amount": {"one_of": list(range(0, min(D.MAX_BID, p["money"]) + 1,
                                                                D.BID_STEP))}}}]
        if s["pending"]:
            return self._business_options(s, seat)
        out = sell_options(s, seat) + deliver_options(s, seat) + rail_options(s, seat)
        if s["main_done"]:
            return out + [{"move": {"type": "end_turn"}}]
        allowed = self._placeable(s, seat)
        if not any(o["move"]["type"] != "pass" for o in allowed):
            allowed = [o for o in allowed if o["move"]["type"] != "pass"] + \
                      [{"move": {"type": "pass"}}]
        return out + allowed

    def _business_options(self, s, seat):
        p = s["p"][seat]
        caps = self._business_caps(p)
        value = min(s["pending"][0], sum(caps))
        out = []
        for a in range(min(caps[0], value) + 1):
            for b in range(min(caps[1], value - a) + 1):
                c = value - a - b
                if c <= caps[2]:
                    out.append({"move": {"type": "business", "influence": a, "share": b,
                                         "flip": c}})
        return out

    def _main_options(self, s, seat):
        """Every main move whose action (not counting the repeat penalty) is possible now."""
        p = s["p"][seat]
        out = []
        # 1. build tracks
        cands = sorted(c for c in D.CONNECTIONS if c not in p["tracks"] + p["rails"])
        seqs = [[c] for c in cands] + [[a, b] for a in cands for b in cands if a != b]
        for tracks in seqs:
            try:
                plan = self._plan_tracks(s, seat, tracks)
            except IllegalMove:
                continue
            for w in R.min_worker_sets(p["training"], plan["effort"]):
                out.append({"move": {"type": "build_tracks", "tracks": tracks, "workers": w}})
        # 2. hire
        for col in R.eligible_hubs(s, seat):
            for n in range(0, D.MAX_WORKERS - R.workers_total(p) + 1):
                for br in ([False, True] if not p["bridge"] and s["engineers"]["bridge"] else
                           [False]):
                    for tu in ([False, True] if not p["tunnel"] and s["engineers"]["tunnel"]
                               else [False]):
                        if n == 0 and not br and not tu:
                            continue
                        cost = R.hire_cost(s["hiring"][col], n) + D.ENGINEER_PRICE * (br + tu)
                        if cost <= p["money"]:
                            out.append({"move": {"type": "hire", "column": col, "workers": n,
                                                 "bridge": br, "tunnel": tu}})
        # 3. buildings
        net = R.network(p)
        if len(p["stations"]) < D.STATIONS_PER_PLAYER:
            for city in sorted(net):
                cost = D.CITIES[city]["station"]
                if cost is not None and city not in s["stations"] and cost <= p["money"]:
                    out.append({"move": {"type": "station", "city": city}})
        for site, (city, good, least, _) in sorted(D.FACTORY_SITES.items()):
            if site in s["sites"] or least > s["players"] or city not in net or \
                    s["bought"][good] >= D.FACTORIES_PER_ROW[s["players"]] or \
                    R.factory_site_cost(s, site) > p["money"]:
                continue
            workers = [w for w in WORKER_SLOTS
                       if p[w.split("-")[0]][int(w.split("-")[1]) - 1] > 0]
            for w in workers:
                out.append({"move": {"type": "factory", "site": site, "worker": w}})
        # 4. produce
        ready = [f["site"] for f in p["factories"] if f["goods"] > 0]
        for k in range(1, len(ready) + 1):
            for sites in _subsets(ready, k):
                goods = self._after_produce(p, sites)
                for d in R.discard_choices(p, goods):
                    out.append({"move": {"type": "produce", "sites": sites, "discard": d}})
        # 5. buy or order goods
        for g in D.GOODS:
            goods = dict(p["goods"])
            goods[g] += 1
            if R.market_price(s["market"][g]) <= p["money"] and R.storage_ok(p, goods):
                out.append({"move": {"type": "buy", "good": g}})
        if s["round"] < D.ROUNDS:
            room = D.SHIPMENT_TILES[s["round"] - 1] - p["ordered"]
            for k in range(1, room + 1):
                for goods in combinations_with_replacement(D.GOODS, k):
                    if sum(R.goods_prices(s["market"], goods)) <= p["money"]:
                        out.append({"move": {"type": "order", "goods": list(goods)}})
        # 6. trains
        for lvl in R.available_engines(s):
            if len(p["trains"]) < D.MAX_TRAINS and D.ENGINE_PRICE[lvl] <= p["money"]:
                out.append({"move": {"type": "buy_train", "level": lvl}})
            for i, old in enumerate(p["trains"]):
                if lvl > old and D.ENGINE_PRICE[lvl] - D.ENGINE_PRICE[old] <= p["money"]:
                    out.append({"move": {"type": "upgrade_train", "train": i, "level": lvl}})
        # 7. contracts
        for cid in s["display"]:
            k = len(D.CONTRACTS[cid][0])
            if p["freight"] >= k:
                for d in R.discard_choices(p, p["goods"], p["freight"] - k):
                    out.append({"move": {"type": "contract", "id": cid, "discard": d}})
        # 8. philanthropize
        most = min(p["money"] // D.PHILANTHROPY, R.influence_room(p))
        if most >= 1:
            out.append({"move": {"type": "philanthropize"},
                        "choose": {"amount": {"one_of": [D.PHILANTHROPY * k
                                                         for k in range(1, most + 1)]}}})
        # 9. share value
        row = p["share"] + 1
        if row < len(D.SHARE_VALUES) and D.SHARE_UP_COST[row] <= p["col"]:
            out.append({"move": {"type": "share_up"}})
        if p["share"] > 0:
            out.append({"move": {"type": "share_down"},
                        "choose": {"steps": {"one_of": list(range(1, p["share"] + 1))}}})
        # 10, 11
        out.append({"move": {"type": "fundraise"}})
        out.append({"move": {"type": "pass"}})
        return out

    def result(self, state):
        if not state["over"]:
            return None
        money = state["final"]["money"]
        ranking = [{"seat": x, "rank": 1 + sum(1 for m in money if m > money[x]),
                    "points": money[x]} for x in range(state["players"])]
        ranking.sort(key=lambda r: (r["rank"], r["seat"]))
        return {"ranking": ranking, "scores": list(money),
                "tiebreak": "none: tied players share the place (designer's ruling)",
                "breakdown": state["final"]["rows"], "trieste": state["trieste"]}

    def hidden_zones(self, state, viewer):
        """Only the open blind bids are secret."""
        if viewer == ALL or state["phase"] != "bid":
            return []
        return [["bids", x] for x in range(state["players"]) if x != viewer]

    def view(self, state, viewer):
        s = state
        everything = viewer == ALL
        out = {k: v for k, v in s.items() if k not in ("bids", "p")}
        out["active"], out["awaited"] = self.active(s), self.awaited(s)
        out["seats"] = []
        for x, p in enumerate(s["p"]):
            seat = dict(p)
            seat["seat"] = x
            seat["network"] = sorted(R.network(p))
            seat["income"] = R.income(p)
            seat["has_bid"] = s["phase"] == "bid" and bool(s["bids"][x])
            own = everything or (type(viewer) is int and viewer == x)
            seat["bid"] = (s["bids"][x][0] if s["bids"][x] else None) if own else None
            out["seats"].append(seat)
        out["turn_order"] = R.turn_order(s)
        out["connections"] = {c: list(v) for c, v in D.CONNECTIONS.items()}
        out["result"] = self.result(s)
        return copy.deepcopy(out)


WORKER_SLOTS = [f"{a}-{lvl}" for a in ("training", "working") for lvl in (1, 2, 3)]


def _subsets(items, k):
    return [list(c) for c in combinations(items, k)]


# ==== evolve ==============================================================================================
def _set_col(s, seat, col):
    p = s["p"][seat]
    col = max(0, min(D.INFLUENCE_TRACK - 1, col))
    if col != p["col"]:
        s["seq"] += 1
        p["col"], p["seq"] = col, s["seq"]


def _table_laid(s, ev):
    s.update(state_rails=list(ev["state_rails"]), stack=list(ev["stack"]),
             display=list(ev["display"]), order=list(ev["order"]), phase="bid")
    for h, tile in ev["growth"].items():
        s["hubs"][h]["growth"] = list(tile)
    for p in s["p"]:
        for g in D.STARTING_CARGO:
            p["goods"][g] += 1
        p["goods"]["coal"] += 1


def _bid_made(s, ev):
    s["bids"][ev["seat"]] = [ev["amount"]]


def _bids_revealed(s, ev):
    for seat in ev["order"]:
        bid = ev["bids"][seat]
        s["p"][seat]["money"] -= bid
        s["seq"] += 1
        s["p"][seat]["col"], s["p"][seat]["seq"] = bid // D.BID_STEP, s["seq"]
    s["last_bids"] = list(ev["bids"])
    s["bids"] = [[] for _ in range(s["players"])]


def _round_started(s, ev):
    r = ev["round"]
    s["round"] = r
    n = s["players"]
    if r > 1:
        # 1. Retrieve hands (and the extra hand in rounds 2-4)
        s["placed"] = {a: [0] * n for a in D.ACTIONS}
        # 2. Shipment arrives
        if r >= 4:
            for g in D.GOODS:
                s["market"][g] = min(len(D.MARKET_PRICES), s["market"][g] + D.SHIPMENT_PER_ROUND[n])
        for p in s["p"]:
            # 3. Take ordered goods: store what fits, the rest is discarded
            for g in D.GOODS:
                for _ in range(p["landing"][g]):
                    p["goods"][g] += 1
                    if not R.storage_ok(p):
                        p["goods"][g] -= 1
                p["landing"][g] = 0
            p["ordered"] = 0
            # 4. Collect income
            p["money"] += R.income(p)
            # 5. Train workers: Training advances, then last round's workers return unadvanced
            tr, wk = p["training"], p["working"]
            p["training"] = [wk[0], tr[0] + wk[1], tr[1] + tr[2] + wk[2]]
            p["working"] = [0, 0, 0]
    s["hands"] = [D.HANDS[r]] * n
    # 6. Determine turn order
    s["order"] = R.turn_order(s)
    s.update(phase="actions", turn=s["order"][0], main_done=False, delivered=False, pending=[])


def _hand_placed(s, ev):
    seat = ev["seat"]
    s["placed"][ev["tile"]][seat] += 1
    s["hands"][seat] -= 1
    s["main_done"] = True
    _set_col(s, seat, s["p"][seat]["col"] - ev["penalty"])


def _tracks_built(s, ev):
    p = s["p"][ev["seat"]]
    for conn in ev["tracks"]:
        s["tracks"].setdefault(conn, []).append(ev["seat"])
        p["tracks"].append(conn)
    for i, w in enumerate(ev["workers"]):
        p["training"][i] -= w
        p["working"][i] += w
    for g, k in ev["materials"].items():
        p["goods"][g] -= k
    for o, fee in ev["fees"].items():
        p["money"] -= fee
        s["p"][int(o)]["money"] += fee


def _semmering_taken(s, ev):
    s["semmering"] = ev["seat"]


def _city_connected(s, ev):
    seat = ev["seat"]
    p = s["p"][seat]
    if ev["token"] is not None:
        s["stack"].pop(0)
        s["pending"].append(ev["token"])
    _set_col(s, seat, p["col"] + ev["influence"])
    p["money"] += ev["trieste_bonus"]
    if ev["city"] == D.GOAL_CITY:
        s["trieste"] = True


def _business_spent(s, ev):
    p = s["p"][ev["seat"]]
    s["pending"].pop(0)
    _set_col(s, ev["seat"], p["col"] + ev["influence"])
    p["share"] += ev["share"]
    p["freight"] -= ev["flip"]
    p["passenger"] += ev["flip"]


def _hired(s, ev):
    p = s["p"][ev["seat"]]
    p["training"][0] += ev["workers"]
    s["hiring"][ev["column"]] = min(len(D.HIRE_PRICES) - 1, s["hiring"][ev["column"]] + ev["workers"])
    p["money"] -= ev["cost"]
    for kind in ("bridge", "tunnel"):
        if ev[kind]:
            p[kind] = True
            s["engineers"][kind] -= 1


def _station_built(s, ev):
    p = s["p"][ev["seat"]]
    p["stations"].append(ev["city"])
    s["stations"][ev["city"]] = ev["seat"]
    p["money"] -= ev["cost"]


def _factory_built(s, ev):
    p = s["p"][ev["seat"]]
    p["money"] -= ev["cost"]
    p[ev["area"]][ev["level"] - 1] -= 1
    s["bought"][ev["good"]] += 1
    s["sites"][ev["site"]] = ev["seat"]
    p["factories"].append({"site": ev["site"], "good": ev["good"], "level": ev["level"],
                           "goods": ev["goods"]})


def _produced(s, ev):
    p = s["p"][ev["seat"]]
    for f in p["factories"]:
        if f["site"] in ev["sites"]:
            f["goods"] -= 1
            p["goods"][f["good"]] += 1
    for g in ev["discard"]:
        p["goods"][g] -= 1


def _good_bought(s, ev):
    p = s["p"][ev["seat"]]
    p["money"] -= ev["price"]
    p["goods"][ev["good"]] += 1
    if ev["from_market"]:
        s["market"][ev["good"]] -= 1


def _goods_ordered(s, ev):
    p = s["p"][ev["seat"]]
    p["money"] -= ev["cost"]
    for g in ev["goods"]:
        p["landing"][g] += 1
        s["market"][g] = max(0, s["market"][g] - 1)
    p["ordered"] += len(ev["goods"])


def _take_engine(s, level):
    for r in sorted(s["round_track"], key=int):
        space = s["round_track"][r]
        if int(r) <= s["round"] and space["level"] == level and space["count"] > 0:
            space["count"] -= 1
            return


def _train_bought(s, ev):
    p = s["p"][ev["seat"]]
    _take_engine(s, ev["level"])
    p["money"] -= ev["cost"]
    p["trains"].append(ev["level"])
    p["freight"] += ev["level"]
    p["goods"]["coal"] += 1
    _set_col(s, ev["seat"], p["col"] + ev["influence"])


def _train_upgraded(s, ev):
    p = s["p"][ev["seat"]]
    _take_engine(s, ev["level"])
    p["money"] -= ev["cost"]
    p["freight"] += ev["level"] - p["trains"][ev["train"]]
    p["trains"][ev["train"]] = ev["level"]
    _set_col(s, ev["seat"], p["col"] + ev["influence"])


def _contract_taken(s, ev):
    p = s["p"][ev["seat"]]
    s["display"].remove(ev["id"])
    p["contracts"].append(ev["id"])
    p["freight"] -= ev["reserved"]
    p["reserved"] += ev["reserved"]
    for g in ev["discard"]:
        p["goods"][g] -= 1
    left = ev["investors"]
    for row in range(len(p["investors"])):
        while left and p["investors"][row] < D.INVESTOR_SPACES:
            p["investors"][row] += 1
            left -= 1


def _philanthropized(s, ev):
    p = s["p"][ev["seat"]]
    p["money"] -= ev["amount"]
    _set_col(s, ev["seat"], p["col"] + ev["steps"])


def _share_moved(s, ev):
    p = s["p"][ev["seat"]]
    p["share"] = ev["row"]
    _set_col(s, ev["seat"], p["col"] - ev["influence"])


def _fundraised(s, ev):
    s["p"][ev["seat"]]["money"] += ev["amount"]


def _share_sold(s, ev):
    p = s["p"][ev["seat"]]
    p["investors"][ev["row"]] -= 1
    p["shareholders"] += 1
    p["money"] += ev["value"]


def _delivered(s, ev):
    seat = ev["seat"]
    p = s["p"][seat]
    p["goods"]["coal"] -= 1
    for f in p["factories"]:
        if f["site"] == ev["site"]:
            f["goods"] -= 1
    s["demands"][ev["city"]][ev["slot"]] = seat
    p["money"] += ev["pay"]
    if ev["key"]:
        p["keys"].append({"hub": ev["city"], "kind": ev["key"]})
    if ev["city"] in s["hubs"]:
        hub = s["hubs"][ev["city"]]
        hub["delivered"] += 1
        hub["col"] = min(D.INFLUENCE_TRACK - 1, hub["col"] + ev["growth"])
    s["delivered"] = True


def _rail_access(s, ev):
    p = s["p"][ev["seat"]]
    p["rails"].append(ev["conn"])
    p["money"] -= ev["cost"]
    for o, amount in ev["paid"].items():
        s["p"][int(o)]["money"] += amount


def _turn_ended(s, ev):
    s.update(turn=ev["next"], main_done=False, delivered=False)


def _game_scored(s, ev):
    for i, m in enumerate(ev["money"]):
        s["p"][i]["money"] = m
    s.update(final={"money": list(ev["money"]), "rows": ev["rows"]}, over=True, phase="over",
             turn=None)


EVOLVE = {
    "table_laid": _table_laid, "bid_made": _bid_made, "bids_revealed": _bids_revealed,
    "round_started": _round_started, "hand_placed": _hand_placed, "tracks_built": _tracks_built,
    "semmering_taken": _semmering_taken, "city_connected": _city_connected,
    "business_spent": _business_spent, "hired": _hired, "station_built": _station_built,
    "factory_built": _factory_built, "produced": _produced, "good_bought": _good_bought,
    "goods_ordered": _goods_ordered, "train_bought": _train_bought,
    "train_upgraded": _train_upgraded, "contract_taken": _contract_taken,
    "philanthropized": _philanthropized, "share_moved": _share_moved,
    "fundraised": _fundraised, "share_sold": _share_sold, "delivered": _delivered,
    "rail_access": _rail_access, "turn_ended": _turn_ended, "game_scored": _game_scored,
}
