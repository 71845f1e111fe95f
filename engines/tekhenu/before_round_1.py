"""Before round 1 (page: "Before round 1"): the board is set up; every player keeps 1 of 2
secret Decrees (all at once); a snake draft of Starting cards sets the first turn order by
initiative; then Destiny cards are picked (destiny.py)."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.core.simultaneous import Simultaneous
from engines.core.table import Table
from engines.tekhenu import data as D
from engines.tekhenu import destiny
from engines.tekhenu.actions.ra import draw_pillar
from engines.tekhenu.market import fill_section
from engines.tekhenu.moves import text
from engines.tekhenu.obelisk import roll_into


def setup(engine, players, options, rng):
    """The opening events: the board, the dice, the Pillar tiles, Market sections 1 and 2, and
    each player's two Decrees (private)."""
    t = Table(engine, engine.initial(players, options))
    t.rng = rng
    wheel = rng.randbelow(6) if options.get("random_wheel") else 0
    gods = rng.shuffled(D.HORUS_FIRST_GAME) if options.get("random_horus") \
        else list(D.HORUS_FIRST_GAME)
    t.emit(event("board_set", {"wheel": wheel, "horus_gods": gods,
                               "draft_order": rng.shuffled(range(players)),
                               "starting_display": sorted(rng.sample(
                                   sorted(D.STARTING), 2 * players + 1))}))
    for sec in range(6):
        roll_into(t, sec, D.DICE_PER_SECTION)
    for slot in range(3):
        draw_pillar(t, slot)
    for section in (0, 1):
        fill_section(t, section)
    decrees = rng.sample(sorted(c for c in t.state["deck"] if D.CARDS[c]["kind"] == "decree"),
                         D.DECREES_DEALT * players)
    for seat in range(players):
        mine = sorted(decrees[seat * 2: seat * 2 + 2])
        t.emit(event("decrees_dealt", {"seat": seat, "count": len(mine)},
                     private={"cards": ([seat], mine)}))
    t.emit(event("phase", {"phase": "decrees"}))
    return t.events


# --- keep 1 of 2 Decrees: a simultaneous secret step ----------------------------------------------

def _put_chosen(s, seat, card):
    s["p"][seat]["chosen"] = card


# The keep (engines.core.simultaneous): each seat's choice in p[seat]["chosen"]. The step closes
# with "decrees_kept", which is no reveal: the Decrees kept stay secret until the game end.
KEEP = Simultaneous(move="keep", chosen="decree_chosen", field="decree", closed="decrees_kept",
                    is_open=lambda s: s["phase"] == "decrees" and not s["pending"],
                    get=lambda s, seat: s["p"][seat]["chosen"], put=_put_chosen, reveal=False)


def keep(t, seat, move):
    """The `keep` move (secret: its body is the seat's own). Sent again, it replaces the choice
    while another seat is still awaited; the step closes when no seat is."""
    card = text(move.get("decree"), "decree")
    if card not in t.state["p"][seat]["offer"]:
        raise IllegalMove("not_dealt", "Keep one of the two Decrees dealt to you.")
    KEEP.choose(t, seat, card, lambda s: {})


def keep_options(s, seat):
    return [{"move": {"type": "keep"},
             "choose": {"decree": {"one_of": list(s["p"][seat]["offer"])}}}]


# --- the Starting-card snake draft ----------------------------------------------------------------

def drafting_seat(s) -> int:
    k, n = s["draft_picks"], s["players"]
    return s["draft_order"][k if k < n else 2 * n - 1 - k]


def draft(t, seat, move):
    """The `draft` move. After the last pick, initiative totals set the turn order (equal totals:
    the earlier drafter first) and the Destiny cards are shown."""
    s = t.state
    card = text(move.get("card"), "card")
    if card not in s["starting_display"]:
        raise IllegalMove("not_displayed", "Draft one of the Starting cards on display.")
    t.emit(event("drafted", {"seat": seat, "card": card}))
    if s["draft_picks"] == 2 * s["players"]:
        total = [sum(D.STARTING[c]["initiative"] for c in p["starting"]) for p in s["p"]]
        order = sorted(range(s["players"]), key=lambda x: (-total[x], s["draft_order"].index(x)))
        t.emit(event("turn_order", {"order": order, "initiative": total}))
        destiny.show(t)


def draft_options(s, seat):
    return [{"move": {"type": "draft"},
             "choose": {"card": {"one_of": list(s["starting_display"])}}}]
