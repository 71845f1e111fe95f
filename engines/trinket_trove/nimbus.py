"""Nimbus, the rules bot of the 2-player game ("Two-Player Rules"): a third collector that bids
two cards from the draw deck, claims the two strongest lots, scores nothing.

Nimbus is not a seat: in the turn order and on lots it is the collector "nimbus", and its events
carry by="nimbus".
"""
from __future__ import annotations

from engines.trinket_trove.cards import LOTS_PER_TURN, value

NIMBUS = "nimbus"   # the collector id of Nimbus in states, events and views


def strength(lot: dict) -> tuple[int, int]:
    """A lot's bid strength: most cards, then highest total value. A 0-bid's lot holds one card
    (the flipped one) and counts as one card here; its "0" only ranks its bidder's turn order."""
    return len(lot["cards"]), sum(value(c) for c in lot["cards"])


def next_pick(state: dict) -> tuple[str, list[int]]:
    """("take", [lot]) when Nimbus's next lot is settled, ("tie", [lots]) when the human closest
    to First must choose among tied lots. Nimbus never takes its own bid here: when Nimbus is
    last it takes what remains like any last drafter, without this.

    A tie is asked only when it changes what Nimbus takes: two lots tied for Nimbus's two picks
    are both taken, whatever their order.
    """
    open_lots = [i for i, lot in enumerate(state["lots"])
                 if lot["claimed_by"] is None and lot["bid_of"] != NIMBUS]
    top = max(strength(state["lots"][i]) for i in open_lots)
    tied = [i for i in open_lots if strength(state["lots"][i]) == top]
    picks_left = LOTS_PER_TURN - state["claims"]
    if len(tied) <= picks_left:
        return "take", tied[:1]
    return "tie", tied


def chooser(order: list) -> int:
    """The human closest to First in the current turn order (READINGS: one choice per pick)."""
    return next(c for c in order if c != NIMBUS)
