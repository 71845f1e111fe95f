"""The opening blind bid: a simultaneous secret step (engines.core.simultaneous). Every seat bids
guldens for influence; the last bid opens them all in one reveal, each pays and climbs, and
Round 1 starts."""
from __future__ import annotations

from engines.core import IllegalMove
from engines.core.simultaneous import Simultaneous
from engines.imperial_steam import data as D
from engines.imperial_steam import rounds
from engines.imperial_steam.moves import field, integer


def _get(s, seat):
    """A seat's open bid: `bids` holds [] or [amount] per seat (an amount may be 0)."""
    return s["bids"][seat][0] if s["bids"][seat] else None


def _put(s, seat, amount):
    s["bids"][seat] = [] if amount is None else [amount]


BIDS = Simultaneous(move="bid", chosen="bid_made", field="amount", closed="bids_revealed",
                    is_open=lambda s: s["phase"] == "bid", get=_get, put=_put)


def bid(t, seat, move):
    amount = integer(field(move, "amount"), "amount")
    p = t.state["p"][seat]
    if amount < 0 or amount % D.BID_STEP or amount > min(D.MAX_BID, p["money"]):
        raise IllegalMove("bad_bid", f"Bid a multiple of {D.BID_STEP} guldens, at most "
                                     f"{min(D.MAX_BID, p['money'])}.")
    if BIDS.choose(t, seat, amount, revealed_bids):
        rounds.start_round(t, 1)


def revealed_bids(s) -> dict:
    """The last seat has bid: bids open in turn order, each pays and climbs to the column of its
    bid; then Round 1 starts at Phase 7 with turn order reset by influence."""
    return {"bids": BIDS.choices(s), "order": list(s["order"])}


def options(s, seat):
    p = s["p"][seat]
    return [{"move": {"type": "bid"},
             "choose": {"amount": {"one_of": list(range(0, min(D.MAX_BID, p["money"]) + 1,
                                                        D.BID_STEP))}}}]


def hidden_zones(s, viewer):
    """Only the open blind bids are secret."""
    return [["bids", x] for x in range(s["players"]) if x != viewer]


def _bids_revealed(s, ev):
    for seat in ev["order"]:
        amount = ev["bids"][seat]
        s["p"][seat]["money"] -= amount
        s["seq"] += 1
        s["p"][seat]["col"], s["p"][seat]["seq"] = amount // D.BID_STEP, s["seq"]
    s["last_bids"] = list(ev["bids"])
    BIDS.clear(s)


EVOLVE = {BIDS.chosen: BIDS.fold, BIDS.closed: _bids_revealed}
