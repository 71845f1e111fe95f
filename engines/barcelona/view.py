"""What a viewer sees (rules page: everything in Barcelona is on the table). The same for every
viewer; `you` says who asks."""
from engines.barcelona import scoring
from engines.barcelona.data import SECTION_SPACES, TRACK_VP
from engines.barcelona.gains import capacity

SHOWN = ("first", "turn", "phase", "crossing", "used", "layout", "bag", "stacks", "intersections",
         "street_tiles", "trams", "passengers", "buildings", "supply", "bonus", "tracks", "scored",
         "cerda_tiles", "display", "sidewalk", "services", "sagrada_pool", "pending", "ending",
         "over", "final", "reason")


def markers_on_board(state, seat) -> int:
    return sum(b["markers"].count(seat) for b in state["buildings"].values())


def table_view(engine, state, viewer) -> dict:
    if not state.get("started"):
        return {"started": False}
    v = {k: state[k] for k in SHOWN}
    v = {k: (dict(x) if isinstance(x, dict) else list(x) if isinstance(x, list) else x)
         for k, x in v.items()}
    v["display"] = [None if i is None else {"id": i, "condition": state["tiles"][i]}
                    for i in state["display"]]
    v["deck_size"] = len(state["deck"])
    v["players"] = [dict(p, multiplier=scoring.multiplier(p["cerda"]),
                         capacity=capacity(p),
                         projects=[dict(pr, condition=None if pr["tile"] is None
                                        else state["tiles"][pr["tile"]]) for pr in p["projects"]])
                    for p in state["p"]]
    v["building_vp"] = scoring.lowest_visible_vp(state["tracks"])
    v["track_vp"], v["section_spaces"] = list(TRACK_VP), SECTION_SPACES
    v["active"] = engine.active(state)
    v["you"] = viewer if isinstance(viewer, int) else None
    v["result"] = engine.result(state)
    return v
