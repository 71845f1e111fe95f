"""The Obelisk and the dice (page: "The Obelisk and the dice"): the light over each section, how
a die's colour counts there, dice rolled into sections, and the wheel turning."""
from __future__ import annotations

from engines.core import event
from engines.tekhenu import data as D


def light(s: dict, section: int) -> str:
    """The light over a section with the wheel in its current position."""
    return D.LIGHT_PATTERN[(section + s["wheel"]) % 6]


def purity(s: dict, section: int, colour: str) -> str:
    """"pure", "tainted" or "forbidden" (the page's light table)."""
    return D.PURITY[light(s, section)][colour]


def shaded_sections(s: dict) -> list[int]:
    return [i for i in range(6) if light(s, i) == "shaded"]


def find_die(s: dict, die: int):
    """(section, die) of a die around the Obelisk, or (None, None)."""
    for sec, dice in enumerate(s["sections"]):
        for d in dice:
            if d["id"] == die:
                return sec, d
    return None, None


def roll_into(t, section: int, k: int) -> None:
    """Roll up to k dice from the supply into a section."""
    s = t.state
    supply = list(s["supply"])
    dice = []
    for _ in range(min(k, len(supply))):
        die = supply.pop(t.rng.randbelow(len(supply)))
        dice.append({"id": die, "value": t.rng.randint(1, 6)})
    if dice:
        t.emit(event("dice_rolled", {"section": section, "dice": dice}))


def turn_wheel(t) -> None:
    """After every second round the wheel turns one section and new dice are rolled into the two
    Shaded sections (one per player each: a stand-in count)."""
    s = t.state
    t.emit(event("wheel_turned", {"wheel": (s["wheel"] + 1) % 6}))
    for sec in shaded_sections(s):
        roll_into(t, sec, s["players"])
