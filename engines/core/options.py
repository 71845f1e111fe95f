"""Legal moves in one JSON shape for every game, and the sampler over them.

An option is either a concrete move, or a move template with free parts:

    {"move": {"type": "place", "cell": [0, 1]}}
    {"move": {"type": "bid"}, "choose": {"cards": {"subset": [3, 7, 9], "min": 1, "max": 3}}}
    {"move": {"type": "take"}, "choose": {"lot": {"one_of": [0, 2]}}}

A `subset` part becomes a list of distinct items (kept in the listed order) whose size is between
min and max; a `one_of` part becomes one of the listed values. Parts are independent, so an
option stands for the product of its parts' counts. The sampler draws uniformly among all the
concrete moves the options stand for; `decide` stays the authority on legality.
"""
from __future__ import annotations

from itertools import combinations, product
from math import comb


def _part_count(part: dict) -> int:
    if "one_of" in part:
        return len(part["one_of"])
    n = len(part["subset"])
    lo, hi = part.get("min", 0), min(part.get("max", n), n)
    return sum(comb(n, k) for k in range(lo, hi + 1))


def option_count(option: dict) -> int:
    total = 1
    for part in option.get("choose", {}).values():
        total *= _part_count(part)
    return total


def count_moves(options: list[dict]) -> int:
    return sum(option_count(o) for o in options)


def _part_values(part: dict):
    if "one_of" in part:
        yield from part["one_of"]
        return
    items = part["subset"]
    lo, hi = part.get("min", 0), min(part.get("max", len(items)), len(items))
    for k in range(lo, hi + 1):
        for combo in combinations(items, k):
            yield list(combo)


def expand(option: dict):
    """Every concrete move an option stands for (use on small templates only)."""
    choose = option.get("choose", {})
    names = list(choose)
    for values in product(*(list(_part_values(choose[n])) for n in names)):
        move = dict(option["move"])
        move.update(zip(names, values))
        yield move


def _sample_part(part: dict, rng):
    if "one_of" in part:
        return rng.choice(part["one_of"])
    items = part["subset"]
    lo, hi = part.get("min", 0), min(part.get("max", len(items)), len(items))
    # choose the size weighted by how many subsets have it, then a uniform subset of that size
    r = rng.randbelow(sum(comb(len(items), k) for k in range(lo, hi + 1)))
    k = lo
    while r >= comb(len(items), k):
        r -= comb(len(items), k)
        k += 1
    picked = set(rng.sample(range(len(items)), k))
    return [item for i, item in enumerate(items) if i in picked]


def sample_move(options: list[dict], rng) -> dict:
    """A concrete move drawn uniformly from everything the options allow."""
    total = count_moves(options)
    if total == 0:
        raise ValueError("no legal move to sample")
    r = rng.randbelow(total)
    for option in options:
        n = option_count(option)
        if r < n:
            move = dict(option["move"])
            for name, part in option.get("choose", {}).items():
                move[name] = _sample_part(part, rng)
            return move
        r -= n
    raise AssertionError("unreachable")


def _part_allows(part: dict, value) -> bool:
    if "one_of" in part:
        return value in part["one_of"]
    items = part["subset"]
    if not isinstance(value, list) or not part.get("min", 0) <= len(value) <= part.get("max", len(items)):
        return False
    rest = iter(items)  # the chosen items, in the listed order
    return all(any(v == item for item in rest) for v in value)


def allows(options: list[dict], move: dict) -> bool:
    """Whether `move` is one of the concrete moves the options stand for."""
    for option in options:
        fixed, choose = option["move"], option.get("choose", {})
        if set(move) != set(fixed) | set(choose):
            continue
        if all(move[k] == v for k, v in fixed.items() if k not in choose) and \
                all(_part_allows(part, move[name]) for name, part in choose.items()):
            return True
    return False
