"""Free actions: any number, before or after the main action on your turn; sell a share,
deliver a good (once per turn), buy access to a State Railway connection."""
from __future__ import annotations

from engines.imperial_steam.free_actions import deliver, sell_share, state_railway

DECIDE = {"sell_share": sell_share.decide, "deliver": deliver.decide,
          "state_railway": state_railway.decide}
EVOLVE = {**sell_share.EVOLVE, **deliver.EVOLVE, **state_railway.EVOLVE}


def options(s, seat):
    return sell_share.options(s, seat) + deliver.options(s, seat) + state_railway.options(s, seat)


def available(s, seat) -> bool:
    return bool(options(s, seat))
