"""The King Action (rules page, "The Actions: King"): each AP moves your marker one space up, to
+15 at most. It always moves the full amount at once (page, implementation notes): stopping short
gains nothing, so no move is asked for; AP past the top are lost."""
from __future__ import annotations

from engines.core import event
from engines.tiletum import data as D
from engines.tiletum.actions.points import context, spend
from engines.tiletum.king_track import king_up


def king_action(t, seat):
    ctx = context(t.state)
    steps = min(ctx["ap"], D.KING_TOP - t.state["king"]["pos"][seat])
    t.emit(event("king_moved", {"seat": seat, "steps": steps, "ap": ctx["ap"]}))


def on_king_moved(s, ev):
    king_up(s, ev["seat"], ev["steps"])
    spend(s, ev["ap"])


EVENTS = {"king_moved": on_king_moved}
