"""Thoth — take cards (page: "Thoth — take cards"): the die sets how many cards and their Papyrus;
all from one open Market section, the full number; before choosing you may refresh a section
once for 1 Papyrus. The choice is a `thoth` step: `refresh`, then `cards`."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.tekhenu import data as D
from engines.tekhenu.market import fill_section, open_sections
from engines.tekhenu.moves import integer, text_list
from engines.tekhenu.resources import gain, payment
from engines.tekhenu.steps import push


def options(s, seat, value, colour):
    k, cost = D.thoth_cards(value)
    if payment(s["p"][seat], {"papyrus": cost}) is None:
        return []
    if not any(len(s["market"][sec]) >= k for sec in open_sections(s, seat)):
        return []
    return [({}, {})]


def perform(t, seat, value, colour, params):
    k, cost = D.thoth_cards(value)
    gain(t, seat, payment(t.state["p"][seat], {"papyrus": cost}), "cards")
    push(t, {"seat": seat, "kind": "thoth", "cards": k, "refreshed": False})


def refreshable(s, seat, step) -> list[int]:
    """Sections this step may still refresh: once, an open filled section, for 1 Papyrus."""
    if step["refreshed"] or payment(s["p"][seat], D.REFRESH_COST) is None:
        return []
    if len(s["deck"]) + len(s["discard"]) < D.MARKET_SIZE:
        return []
    return open_sections(s, seat)


def refresh(t, seat, move, step):
    s = t.state
    section = integer(move.get("section"), "section", 0, D.MARKET_SECTIONS - 1)
    if section not in refreshable(s, seat, step):
        raise IllegalMove("cannot_refresh", "You may refresh one open, filled Market "
                                            "section once, for 1 Papyrus.")
    gain(t, seat, payment(s["p"][seat], D.REFRESH_COST), "refresh")
    t.emit(event("market_refreshed", {"seat": seat, "section": section}))
    fill_section(t, section)
    t.emit(event("step_refreshed", {"seat": seat}))
    return False  # the step stays: now take the cards


def take_cards(t, seat, move, step):
    s = t.state
    section = integer(move.get("section"), "section", 0, D.MARKET_SECTIONS - 1)
    cards = text_list(move.get("cards"), "cards")
    k = step["cards"]
    if section not in open_sections(s, seat):
        raise IllegalMove("section_closed", "Your Happiness does not open that section yet.")
    if len(cards) != k or len(set(cards)) != k or \
            not set(cards) <= set(s["market"][section]):
        raise IllegalMove("take_full_number", f"Take exactly {k} different cards from that "
                                              "section.")
    t.emit(event("cards_taken", {"seat": seat, "section": section, "cards": sorted(cards)}))
    fill_section(t, section)


def step_options(s, seat, step):
    out = [{"move": {"type": "refresh", "section": k}} for k in refreshable(s, seat, step)]
    for k in open_sections(s, seat):
        if len(s["market"][k]) >= step["cards"]:
            out.append({"move": {"type": "cards", "section": k},
                        "choose": {"cards": {"subset": list(s["market"][k]),
                                             "min": step["cards"], "max": step["cards"]}}})
    return out
