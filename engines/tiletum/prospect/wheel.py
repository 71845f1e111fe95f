"""The Prospector Wheel (rules page, "Prospect for Silver"): a second disc under the Action Wheel.
Its Prospector wedge covers two die values with the Prospector Action, which a die there may take
instead of the printed Action (not both), with the wedge's own Bonus tile; its movement wedge
gives a free movement point for a Prospector. STAND-IN (docs/games/tiletum.md): where the wedges
start, and that it turns one step the other way from the Action Wheel in Cleanup, its Bonus tile
replaced as the Action spaces' are."""
from __future__ import annotations

PROSPECTOR = "prospector"  # the wedge, the Action, and where its Bonus tile lies


def wedge(state, value: int):
    """"prospector", "move" or None under die value `value` (None without the expansion)."""
    if not state.get("prospect"):
        return None
    return state["underground"]["wheel"][value - 1]


def turned(wheel: list) -> list:
    """One step the other way from the Action Wheel: the wedge at value v + 1 comes to v."""
    return wheel[1:] + wheel[:1]
