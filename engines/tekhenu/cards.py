"""Your cards (page: "Cards"): "When one of your cards applies to what you are doing, the game
offers it." A Technology (permanent) or a Blessing (one-shot) applies to one action (data.py,
`on`); after each of your actions of that kind the cards that apply are offered to you as a
`card_offer` step, and you use any of them, or none. A used Blessing goes to the discard pile;
a Technology stays, to be offered again."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.tekhenu import data as D
from engines.tekhenu.moves import text_list
from engines.tekhenu.resources import grant
from engines.tekhenu.steps import push


def applying(s, seat, action) -> list[str]:
    return [c for c in s["p"][seat]["cards"] if D.CARDS[c].get("on") == action]


def after_action(t, seat, action):
    """Offer the cards that apply to the action just performed (those held when it was)."""
    cards = applying(t.state, seat, action)
    if cards:
        push(t, {"seat": seat, "kind": "card_offer", "action": action, "cards": cards})


def offered(s, seat, step) -> list[str]:
    """The step's cards the seat still holds: a Blessing used on an earlier offer owed at the
    same time is in the discard pile, no longer offered."""
    return [c for c in step["cards"] if c in s["p"][seat]["cards"]]


def use(t, seat, move, step):
    """The `use` move: the offered cards you use (an empty list declines them all)."""
    chosen = text_list(move.get("cards"), "cards")
    cards = offered(t.state, seat, step)
    if len(set(chosen)) != len(chosen) or not set(chosen) <= set(cards):
        raise IllegalMove("not_offered", "Use only cards offered to you now, each once "
                                         f"(offered: {', '.join(cards) or 'none'}), or none.")
    used = [c for c in cards if c in chosen]
    t.emit(event("cards_used", {"seat": seat, "action": step["action"], "cards": used,
                                "declined": [c for c in cards if c not in chosen]}))
    for c in used:
        grant(t, seat, D.CARDS[c]["reward"], c)


def offer_options(s, seat, step):
    cards = offered(s, seat, step)
    return [{"move": {"type": "use"},
             "choose": {"cards": {"subset": cards, "min": 0, "max": len(cards)}}}]
