"""5. Buy or order goods: buy 1 good now (topmost cube of a column, 40 from the supply when the
column is empty), or order up to the Shipment tile's N for next round's landing (not in Round 8)."""
from __future__ import annotations

from itertools import combinations_with_replacement

from engines.core import IllegalMove, event
from engines.imperial_steam import data as D
from engines.imperial_steam import rules as R
from engines.imperial_steam.moves import field, name_in, name_list


def buy(t, seat, move):
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


def order(t, seat, move):
    s = t.state
    p = s["p"][seat]
    if s["round"] >= D.ROUNDS:
        raise IllegalMove("no_orders", "No goods can be ordered in Round 8.")
    goods = name_list(field(move, "goods"), D.GOODS, "goods")
    room = s["shipment_tiles"][s["round"] - 1] - p["ordered"]
    if not 1 <= len(goods) <= room:
        raise IllegalMove("landing_full", f"Order 1 to {room} good(s) this round.")
    prices = R.goods_prices(s["market"], goods)
    if sum(prices) > p["money"]:
        raise IllegalMove("cannot_afford", f"Those goods cost {sum(prices)} guldens.")
    t.emit(event("goods_ordered", {"seat": seat, "goods": goods, "cost": sum(prices)}))


def options(s, seat):
    p = s["p"][seat]
    out = []
    for g in D.GOODS:
        goods = dict(p["goods"])
        goods[g] += 1
        if R.market_price(s["market"][g]) <= p["money"] and R.storage_ok(p, goods):
            out.append({"move": {"type": "buy", "good": g}})
    if s["round"] < D.ROUNDS:
        room = s["shipment_tiles"][s["round"] - 1] - p["ordered"]
        for k in range(1, room + 1):
            for goods in combinations_with_replacement(D.GOODS, k):
                if sum(R.goods_prices(s["market"], goods)) <= p["money"]:
                    out.append({"move": {"type": "order", "goods": list(goods)}})
    return out


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


DECIDE = {"buy": buy, "order": order}
EVOLVE = {"good_bought": _good_bought, "goods_ordered": _goods_ordered}
