"""Your supplies: paying (Gold stands in for any resource, never for Scribes or Faith), gaining,
and the Population and Happiness tracks with the Happiness 16 / 19 / 21 rewards."""
from __future__ import annotations

from engines.core import event
from engines.tekhenu import data as D
from engines.tekhenu.market import fill_section
from engines.tekhenu.steps import push


def payment(p: dict, cost: dict):
    """The delta that pays `cost` (resources first, Gold for the shortfall), or None."""
    delta, gold = {}, 0
    for res, n in cost.items():
        if n <= 0:
            continue
        use = min(p[res], n)
        if use:
            delta[res] = -use
        gold += n - use
    if gold > p["gold"]:
        return None
    if gold:
        delta["gold"] = -gold
    return delta


def gain(t, seat: int, delta: dict, why: str) -> None:
    """A plain change of supplies ("prod:<res>" a production marker, "excess:<res>" excess)."""
    delta = {k: v for k, v in delta.items() if v}
    if delta:
        t.emit(event("gain", {"seat": seat, "delta": delta, "why": why}))


def grant(t, seat: int, reward: dict, why: str) -> None:
    """Give a reward, with Population, Happiness and production markers kept to their tracks."""
    p = t.state["p"][seat]
    plain = {}
    for key, n in reward.items():
        if key == "population":
            raise_population(t, seat, n, why)
        elif key == "happiness":
            raise_happiness(t, seat, n, why)
        elif key == "extra":
            push(t, {"seat": seat, "kind": "extra", "why": why})
        elif key.startswith("prod:"):
            res = key[5:]
            up = min(n, D.PRODUCTION_MAX - p["production"][res])
            plain[key] = up
        elif key == "vp":
            plain["vp"] = max(n, -p["vp"])   # scores never drop below 0
        else:
            plain[key] = n
    gain(t, seat, plain, why)


def raise_population(t, seat: int, n: int, why: str) -> None:
    """Population stops at 21; Market sections 3 and 4 fill when a Population first reaches 9
    and 13."""
    p = t.state["p"][seat]
    up = min(n, D.TRACK_MAX - p["population"])
    gain(t, seat, {"population": up}, why)
    for section, at in D.MARKET_POPULATION.items():
        if p["population"] >= at and not t.state["filled"][section]:
            fill_section(t, section)


def raise_happiness(t, seat: int, n: int, why: str) -> None:
    """Happiness never above Population (nor 21); 16 / 19 / 21 reward the first arrival, however
    it comes (implementation note)."""
    p = t.state["p"][seat]
    up = max(0, min(n, p["population"] - p["happiness"], D.TRACK_MAX - p["happiness"]))
    gain(t, seat, {"happiness": up}, why)
    for at, reward in sorted(D.HAPPINESS_MILESTONES.items()):
        if p["happiness"] >= at and at not in p["milestones"]:
            t.emit(event("milestone", {"seat": seat, "at": at}))
            grant(t, seat, reward, f"happiness {at}")
