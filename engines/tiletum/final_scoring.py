"""Game end and final scoring (rules page): after round 4's Fair, Houses x Pillars on the map,
Completed Buildings (3 / 4 / 5 / 6 score 5 / 10 / 20 / 30), 1 VP per 4 leftover Resources. The
most VP wins; a tie goes to the player earlier in Turn Order. Solo: beat the Cardinalbot's score,
a tie is a loss. With Prospect for Silver, prospect/scoring.py adds its lines."""
from __future__ import annotations

from engines.tiletum import data as D
from engines.tiletum.board import houses_on_map, pillars_on_map
from engines.tiletum.prospect.scoring import lines as prospect_lines
from engines.tiletum.state import everyone


# the scoring lines that add VP (the other fields of a breakdown say what they counted)
VP_LINES = ("houses_x_pillars", "overlay_vp", "completed_vp", "resources_vp", "silver_vp",
            "technologies_vp", "surprise_vp")


def final(s) -> list[dict]:
    out = []
    for seat in everyone(s):
        b = s["boards"][seat]
        h, p = houses_on_map(s, seat), pillars_on_map(s, seat)
        done = sum(b["completed"])
        left = sum(b["res"].values())
        sc = {"houses": h, "pillars": p, "houses_x_pillars": h * p,
              "completed": done,
              "completed_vp": max([v for n, v in D.COMPLETED_BUILDINGS_VP.items() if done >= n] or [0]),
              "resources": left, "resources_vp": left // D.LEFTOVER_PER_VP}
        if s["prospect"]:  # the Scoring overlay replaces Houses x Pillars
            del sc["houses_x_pillars"]
            sc.update(prospect_lines(s, seat, h, p))
        out.append(sc)
    return out


def on_final_scored(s, ev):
    for seat, sc in enumerate(ev["scores"]):
        s["boards"][seat]["vp"] += sum(sc.get(line, 0) for line in VP_LINES)
    s["final"] = ev["scores"]
    s["phase"] = "over"
    s["turn"] = None


def result(state):
    if state["phase"] != "over":
        return None
    if state["bot"] is not None:  # solo: beat the Cardinalbot's score; a tie is a loss
        mine, its = state["boards"][0]["vp"], state["boards"][state["bot"]]["vp"]
        return {"ranking": [dict(seat=0, rank=1, points=mine, won=mine > its, **state["final"][0])],
                "scores": [mine], "cardinalbot": dict(points=its, **state["final"][state["bot"]]),
                "won": mine > its, "tiebreak": "a tie with the Cardinalbot is a loss"}
    order = state["order"]
    ranked = sorted(range(state["players"]),
                    key=lambda s: (-state["boards"][s]["vp"], order.index(s)))
    ranking = [dict(seat=s, rank=i + 1, points=state["boards"][s]["vp"], **state["final"][s])
               for i, s in enumerate(ranked)]
    return {"ranking": ranking, "scores": [b["vp"] for b in state["boards"]],
            "tiebreak": "earlier in Turn Order"}


EVENTS = {"final_scored": on_final_scored}
