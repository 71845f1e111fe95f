"""Your turn (page: "Your turn"): take a die that is Pure or Tainted — Scribes may change its
value first, two Scribes (Anubis) take any die for any action — put it on your scales, and
perform the God action of its section or Produce."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.tekhenu import actions
from engines.tekhenu import data as D
from engines.tekhenu.moves import flag, integer, text
from engines.tekhenu.obelisk import find_die, light, purity
from engines.tekhenu.resources import gain

ANUBIS_SCRIBES = 2


def scribe_cost(old: int, new: int) -> int:
    """1 Scribe changes a die by 1 or 2; Scribes stack."""
    return (abs(new - old) + 1) // 2


def take_options(s, seat, first_only=False):
    """Every way to take a die: one template per (die, value, Anubis, action)."""
    p = s["p"][seat]
    out = []
    cache = {}
    for sec, dice in enumerate(s["sections"]):
        for d in dice:
            colour = D.DIE_COLOUR[d["id"]]
            pure = purity(s, sec, colour)
            for anubis in (False, True):
                if not anubis and pure == "forbidden":
                    continue
                base = ANUBIS_SCRIBES if anubis else 0
                choices = D.ACTIONS if anubis else [D.GODS[sec], "produce"]
                for value in range(1, 7):
                    if base + scribe_cost(d["value"], value) > p["scribes"]:
                        continue
                    for action in choices:
                        key = (action, value, colour if action == "produce" else None)
                        if key not in cache:
                            cache[key] = actions.options(s, seat, action, value, colour)
                        out += actions.as_options(
                            {"type": "take", "die": d["id"], "value": value, "anubis": anubis,
                             "action": action}, cache[key])
                        if first_only and out:
                            return out[:1]
    return out


def take(t, seat, move):
    """The `take` move: the die, its new value, Anubis or not, and the action with its choices."""
    s = t.state
    p = s["p"][seat]
    die = integer(move.get("die"), "die")
    value = integer(move.get("value"), "value", 1, 6)
    anubis = flag(move.get("anubis"), "anubis")
    action = text(move.get("action"), "action")
    if action not in D.ACTIONS:
        raise IllegalMove("bad_action", "The action is a god's (horus, ra, hathor, bastet, "
                                        "thoth, osiris) or produce.")
    sec, d = find_die(s, die)
    if d is None:
        raise IllegalMove("no_such_die", "That die is not around the Obelisk.")
    colour = D.DIE_COLOUR[die]
    pure = purity(s, sec, colour)
    if not anubis and pure == "forbidden":
        raise IllegalMove("forbidden_die", f"A {colour} die is Forbidden in a "
                                           f"{light(s, sec)} section (Anubis can take it).")
    scribes = (ANUBIS_SCRIBES if anubis else 0) + scribe_cost(d["value"], value)
    if scribes > p["scribes"]:
        raise IllegalMove("not_enough_scribes", f"That needs {scribes} Scribes; you have "
                                                f"{p['scribes']}.")
    if not anubis and action not in (D.GODS[sec], "produce"):
        raise IllegalMove("wrong_action", f"A die from {D.GODS[sec]}'s section does "
                                          f"{D.GODS[sec]}'s action or Produce.")
    params = actions.chosen_params(s, seat, action, value, colour, move)
    side = "anubis" if anubis else pure     # Anubis dice sit below the scales
    gain(t, seat, {"scribes": -scribes}, "scribes")
    t.emit(event("die_taken", {"seat": seat, "die": die, "section": sec, "colour": colour,
                               "rolled": d["value"], "value": value, "side": side,
                               "action": action}))
    actions.perform(t, seat, action, value, colour, params)
