"""Phase 3: Scoring (shared/rules/no-loose-ends.md, "Phase 3: Scoring" and the Simplified Scoring
variant), as a pure function of the round's table.

Terms as the page uses them:
    covered bid   a bid card with a trick on it
    loose ends    uncovered bid cards + extra tricks won that could not cover a bid
    snitch        a player who bid zero cards (passed with no bid, or double-crossed); it
                  succeeds when it wins no trick
"""
from __future__ import annotations

from engines.no_loose_ends import cards as c


def round_lines(bids: list[list[dict]], loose_ends: list[list], won: list[int],
                snitches: list[int], simplified: bool) -> list[dict]:
    """One scoring line per seat.

    bids:       per seat, its bid cards ({"card", "cover", ...}; cover None when uncovered)
    loose_ends: per seat, the tricks it won that could not cover a bid
    won:        per seat, tricks won this round (covering, loose ends and Plan B promotions)
    snitches:   seats that bid zero cards
    """
    succeeded = [s for s in snitches if won[s] == 0]
    # READINGS: each snitch is judged alone; if any succeeds, no Perfect Crime this round and
    # every loose end of every other player (failed snitches included) costs -2.
    snitch_round = bool(succeeded)
    cost = c.LOOSE_END_AFTER_SNITCH if snitch_round else c.LOOSE_END
    lines = []
    for seat, seat_bids in enumerate(bids):
        covered = sum(b["cover"] is not None for b in seat_bids)
        uncovered = len(seat_bids) - covered
        extra = len(loose_ends[seat])
        line = {"seat": seat, "covered": covered, "uncovered": uncovered, "extra_tricks": extra,
                "loose_ends": uncovered + extra,
                "snitch": None if seat not in snitches else
                          "succeeded" if seat in succeeded else "failed",
                "perfect_crime": False}
        if seat in succeeded:
            line["points"] = c.SNITCH_BONUS  # the snitch scores +10, nothing else
        elif simplified:
            line["points"] = simplified_points(line["loose_ends"], cost)
        else:
            # Perfect Crime: every bid card covered (Plan B: promoted ones included) and no
            # extra trick; never in a round where a snitch succeeds.
            line["perfect_crime"] = uncovered == 0 and extra == 0 and not snitch_round
            line["points"] = (c.COVERED_BID * covered + cost * line["loose_ends"]
                              + (c.PERFECT_CRIME if line["perfect_crime"] else 0))
        lines.append(line)
    return lines


def simplified_points(loose_ends: int, cost: int = c.SIMPLIFIED_LOOSE_END) -> int:
    """The Simplified Scoring table: 0 loose ends +4, 1 loose end +2, 2 or more cost each.
    READINGS: in a round where a snitch succeeds, only the "-1 per loose end" row becomes -2."""
    if loose_ends in c.SIMPLIFIED:
        return c.SIMPLIFIED[loose_ends]
    return cost * loose_ends
