"""Your turn (rules page, "Your turn"): place Citizens, the Intersection owner's benefits, the
street actions, construction, then the Cerdà Scoring check and drawing Citizens; and the end
of the game ("Game end and final scoring"). `flow` runs everything automatic between moves."""
from engines.core import event
from engines.barcelona import city, scoring
from engines.barcelona.actions import action_options
from engines.barcelona.construction import finish, to_construction
from engines.barcelona.data import CLASSES, DISPLAY, INTERSECTIONS, SECTION_SPACES, SECTIONS, \
    intersection_benefit_count
from engines.barcelona.gains import PENDING, benefits, push
from engines.barcelona.setup import draw_citizens, draw_tiles


def crossing_cost(state, crossing) -> int:
    return 0 if crossing in state["intersections"] else city.CROSSING_COST[crossing]


def place_options(state, seat) -> list[dict]:
    p = state["p"][seat]
    if not p["hand"]:
        return []
    tops = [c for c in CLASSES if c in p["hand"]]
    return [{"move": {"type": "place", "crossing": c}, "choose": {"top": {"one_of": tops}}}
            for c in city.CROSSINGS
            if not state["stacks"].get(c) and p["coins"] >= crossing_cost(state, c)]


def street_actions(state) -> dict:
    """{action: street} still open to the mover this turn."""
    if state["crossing"] is None:
        return {}
    return {state["layout"][s]: s for s in city.streets_through(state["crossing"])
            if s not in state["used"]}


def action_choices(state, seat) -> list[dict]:
    return [o for a in street_actions(state) for o in action_options(state, seat, a, {})]


def place(t, seat, move):
    st = t.state
    c = move["crossing"]
    hand = list(st["p"][seat]["hand"])
    hand.remove(move["top"])
    t.emit(event("citizens_placed", {"seat": seat, "crossing": c, "stack": hand + [move["top"]],
                                     "paid": crossing_cost(st, c)}))
    owner = st["intersections"].get(c)
    if owner is not None:  # the owner takes their Intersection benefits before the actions
        n = st["p"][owner]["intersections"]
        push(t, {"kind": "benefits", "seat": owner,
                 "options": [i["unlocks"] for i in INTERSECTIONS[:n]],
                 "max": intersection_benefit_count(n)})


def flow(t):
    """Run the turn on until someone owes a choice or the game is over."""
    st = t.state
    while not st.get("over"):
        rest = PENDING.top(st)
        if rest is not None:
            if rest["kind"] != "later":
                return
            PENDING.done(t)
            PENDING.restart(t)  # what the rest pushes comes first
            LATER[rest["do"]](t, rest)
        elif st["phase"] == "actions" and not action_choices(st, st["turn"]):
            to_construction(t)
        elif st["phase"] == "done":
            end_turn(t)
        elif st["phase"] == "start":
            start_turn(t)
        else:
            return
        st = t.state


LATER = {  # the rests of effects held by `later` items (gains.later)
    "building": finish,
    "benefits": lambda t, rest: benefits(t, rest["seat"], rest["choice"]),
}


def start_turn(t):
    st = t.state
    if place_options(st, st["turn"]):
        t.emit(event("phase", {"phase": "place"}))
        return
    # READING: a player who can place nowhere skips placement and actions, still constructs
    t.emit(event("turn_skipped", {"seat": st["turn"]}))
    # Engine safeguard (docs: "A dead table"): every seat skipped in a row and nothing was built,
    # so nobody can ever act again and the third Cerdà Scoring can never come
    if t.state["stall"] >= st["players"]:
        game_over(t, "stalled")
        return
    to_construction(t)


def end_turn(t):
    st = t.state
    seat = st["turn"]
    # Cerdà Scoring check
    while st["scored"] < SECTIONS and any(
            st["tracks"][c][st["scored"] * SECTION_SPACES + SECTION_SPACES - 1] == "citizen"
            for c in CLASSES):
        section = st["scored"]
        cond = st["cerda_tiles"][section]
        t.emit(event("cerda_scoring", {"section": section, "condition": cond,
                                       "points": [scoring.cerda_points(st, s, cond)
                                                  for s in range(st["players"])]}))
        st = t.state
        if st["scored"] < SECTIONS:
            t.emit(event("cerda_reset", {}))
        else:
            t.emit(event("end_triggered", {}))
        new = draw_tiles(st["deck"], DISPLAY, t.rng)
        t.emit(event("display_refreshed", {"tiles": new}, reveal=bool(new)))
        st = t.state
    if st["ending"] and seat == (st["first"] - 1) % st["players"]:
        game_over(t, "third_cerda_scoring")
        return
    need = 2 - len(st["p"][seat]["hand"])
    drawn = draw_citizens(st["bag"], need, t.rng) if need > 0 else []
    t.emit(event("turn_ended", {"seat": seat, "drawn": drawn, "next": (seat + 1) % st["players"]},
                 reveal=bool(drawn)))


def game_over(t, why):
    st = t.state
    final = [scoring.final_points(st, s) for s in range(st["players"])]
    t.emit(event("game_over", {"reason": why, "final": final}))
