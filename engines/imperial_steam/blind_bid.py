"""The opening blind bid: a simultaneous secret step. Every seat bids guldens for influence; the
last bid opens them all in one reveal, each pays and climbs, and Round 1 starts."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.imperial_steam import data as D
from engines.imperial_steam import rounds
from engines.imperial_steam.moves import field, integer


def awaited(s) -> list[int]:
    return [x for x in range(s["players"]) if not s["bids"][x]]


def bid(t, seat, move):
    amount = integer(field(move, "amount"), "amount")
    p = t.state["p"][seat]
    if amount < 0 or amount % D.BID_STEP or amount > min(D.MAX_BID, p["money"]):
        raise IllegalMove("bad_bid", f"Bid a multiple of {D.BID_STEP} guldens, at most "
                                     f"{min(D.MAX_BID, p['money'])}.")
    t.emit(event("bid_made", {"seat": seat}, private={"amount": ([seat], amount)}))
    if not awaited(t.state):
        reveal_bids(t)


def reveal_bids(t) -> None:
    """The last seat has bid: bids open in turn order, each pays and climbs to the column of its
    bid; then Round 1 starts at Phase 7 with turn order reset by influence."""
    s = t.state
    bids = [b[0] for b in s["bids"]]
    t.emit(event("bids_revealed", {"bids": bids, "order": list(s["order"])}, reveal=True))
    rounds.start_round(t, 1)


def options(s, seat):
    p = s["p"][seat]
    return [{"move": {"type": "bid"},
             "choose": {"amount": {"one_of": list(range(0, min(D.MAX_BID, p["money"]) + 1,
                                                        D.BID_STEP))}}}]


def hidden_zones(s, viewer):
    """Only the open blind bids are secret."""
    return [["bids", x] for x in range(s["players"]) if x != viewer]


def _bid_made(s, ev):
    s["bids"][ev["seat"]] = [ev["amount"]]


def _bids_revealed(s, ev):
    for seat in ev["order"]:
        amount = ev["bids"][seat]
        s["p"][seat]["money"] -= amount
        s["seq"] += 1
        s["p"][seat]["col"], s["p"][seat]["seq"] = amount // D.BID_STEP, s["seq"]
    s["last_bids"] = list(ev["bids"])
    s["bids"] = [[] for _ in range(s["players"])]


EVOLVE = {"bid_made": _bid_made, "bids_revealed": _bids_revealed}
