"""Steps owed before play goes on (`state["pending"]`, first in, first out): a "/" bonus to
choose, Thoth's cards to take, a free action to take or skip, cards offered, Bread upkeep that
would need Gold. The seat of the first step is the only one active until it is done
(engines.core.pending, with Tekhenu's event names)."""
from __future__ import annotations

from engines.core.pending import Pending

STEPS = Pending(key="pending", pushed="step_pushed", item="step", done="step_done",
                done_fields=("seat", "kind"))


def push(t, step: dict) -> None:
    """Owe `step` ({"seat", "kind", ...}): its seat answers it before play goes on."""
    STEPS.push(t, step)


# What each step waits for, for a move that answers none of it.
HELP = {
    "bonus": "choose one side of the bonus (\"bonus\").",
    "thoth": "refresh a Market section (\"refresh\") or take your cards (\"cards\").",
    "extra": "take your free action (\"extra\") or decline it (\"skip\").",
    "card_offer": "use any of the cards offered (\"use\"), or none.",
    "upkeep": "say how much Gold pays the Bread still owed (\"upkeep\").",
}
