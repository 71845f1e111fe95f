"""Card effects: what a card does when played face up or flipped face up (Playing Cards,
Flipping Cards, Note on Card Flipping), its Discard 1 cost (Discarding Cards), and the offer that
lets its controller use or decline it."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.core.table import Table
from engines.trickdraw import scoring, teams
from engines.trickdraw.cards import card
from engines.trickdraw.deck import draw
from engines.trickdraw.winning import check_win, over

FLIP_RULES = {
    "flip_two": "Bewitched flips one card on each of two different players' boards.",
    "flip_other": "The Army flips one card on a board, never The Army itself.",
    "flip_one": "Flip one card on a board.",
}


def places(state: dict, seat: int) -> list[list[int]]:
    return [[seat, i] for i in range(len(state["boards"][seat]))]


def effect_parts(state: dict, seat: int, slot: int) -> dict | None:
    """What the controller chooses to use the effect of the card at `slot` on `seat`'s board: the
    `choose` parts of its option, or None when it cannot be used (cost unpayable, no target).
    The one who answers for the board (teams.acting_for) pays from, and draws to, its own hand."""
    board = state["boards"][seat]
    actor = teams.acting_for(state, seat)
    name = board[slot]["card"]
    data = card(name)
    parts: dict = {}
    kind = data["effect"]
    if kind == "flip_two":
        pairs = [[p, q] for a in range(state["players"]) for b in range(state["players"]) if a != b
                 for p in places(state, a) for q in places(state, b)]
        if not pairs:
            return None
        parts["flips"] = {"one_of": pairs}
    elif kind in ("flip_one", "flip_other"):
        singles = [[p] for s in range(state["players"]) for p in places(state, s)
                   if not (kind == "flip_other" and p == [seat, slot])]
        if not singles:
            return None
        parts["flips"] = {"one_of": singles}
    elif kind == "steal":
        targets = [s for s in range(state["players"])
                   if s not in teams.team_of(state, actor) and state["hands"][s]]
        if not targets:
            return None
        parts["target"] = {"one_of": targets}
    cost = scoring.cost(board, name)
    if cost:
        hand = sorted(set(state["hands"][actor]))
        if len(state["hands"][actor]) < cost:
            return None
        parts["discard"] = {"one_of": hand}
    return parts


def check_parts(state: dict, seat: int, slot: int, parts: dict) -> None:
    """The sent parts must be exactly one of the choices effect_parts lists."""
    allowed = effect_parts(state, seat, slot)
    if allowed is None:
        raise IllegalMove("cannot_use", "This effect cannot be used now (no target, or no card "
                                        "to discard).")
    name = card(state["boards"][seat][slot]["card"])["title"]
    for part in ("flips", "target", "discard"):
        if part in allowed and part not in parts:
            raise IllegalMove("bad_move", f"{name} needs {part!r}.")
        if part not in allowed and part in parts:
            raise IllegalMove("bad_move", f"{name} takes no {part!r}.")
    if "discard" in parts and parts["discard"] not in state["hands"][teams.acting_for(state, seat)]:
        raise IllegalMove("not_in_hand", f"You hold no {parts['discard']!r} to discard.")
    if "target" in parts and parts["target"] not in allowed["target"]["one_of"]:
        raise IllegalMove("bad_target", "Take a card from another player (not on your team) "
                                        "who holds one.")
    if "flips" in parts and parts["flips"] not in allowed["flips"]["one_of"]:
        raise IllegalMove("bad_flip", FLIP_RULES[card(state["boards"][seat][slot]["card"])["effect"]])


def use_effect(t: Table, seat: int, slot: int, parts: dict, how: str, rng) -> None:
    """Pay the Discard cost, then do what the card says. Cards flipped face up are offered to
    their controllers afterwards, the first flipped first. `seat` is the board's; `player`, who
    answers for it, pays and draws."""
    name = t.state["boards"][seat][slot]["card"]
    player = teams.acting_for(t.state, seat)
    t.emit(event("activated", {"seat": seat, "slot": slot, "card": name, "how": how,
                               "player": player}))
    if "discard" in parts:
        t.emit(event("discarded", {"seat": player, "card": parts["discard"]}))
    data = card(name)
    if data["effect"] == "draw":
        draw(t, player, data["n"], rng)
    elif data["effect"] == "steal":
        victim = parts["target"]
        taken = rng.choice(t.state["hands"][victim])
        t.emit(event("stole", {"seat": player, "from": victim},
                     private={"card": ([player, victim], taken)}, reveal=True))
    else:
        turned_up = []
        for owner, place in parts["flips"]:
            target = t.state["boards"][owner][place]
            up = not target["up"]
            t.emit(event("flipped", {"seat": owner, "slot": place, "up": up,
                                     "card": target["card"], "flipper": player}, reveal=up))
            if check_win(t, owner):
                return
            if up and card(target["card"])["effect"]:
                turned_up.append((owner, place))
        for owner, place in reversed(turned_up):
            offer(t, owner, place)


def offer(t: Table, seat: int, slot: int) -> None:
    """A card played or flipped face up offers its effect to its controller, the one who answers
    for its board (a stack: the latest offer is answered first)."""
    t.emit(event("offered", {"seat": seat, "slot": slot,
                             "card": t.state["boards"][seat][slot]["card"]}))


def decline(t: Table, auto: bool) -> None:
    top = t.state["pending"][-1]
    t.emit(event("declined", {"seat": top["seat"], "slot": top["slot"], "card": top["card"],
                              "auto": auto}))


def pass_over_lapsed(t: Table) -> None:
    """An offered effect that cannot be used (its card was flipped face down meanwhile, no
    target, nothing to discard) is passed over: declining is then the only choice."""
    while not over(t) and t.state["pending"]:
        top = t.state["pending"][-1]
        here = t.state["boards"][top["seat"]][top["slot"]]
        if here["up"] and effect_parts(t.state, top["seat"], top["slot"]) is not None:
            return
        decline(t, auto=True)
