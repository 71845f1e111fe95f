"""Trickdraw as a decider, in the rulebook's order: set up, the turn (draw, play, once-per-turn
cards, pass), card effects (Discard 1, flipping), winning the game, the view.

State (plain JSON):
    players     seats, clockwise
    target      points that win (10 unless the table chose otherwise)
    phase       "setup", "playing" or "over"
    first       the first player (drawn at random: our reading of the HFB Booster round)
    turn        the seat whose turn it is
    played      whether that seat has played its card this turn
    deck        card names left in the deck. No order is kept: a draw picks uniformly from these
                at decide time (the same as a shuffled deck), so no field is secret; the contents
                are hidden from every seat (they would tell the hands).
    discard     the communal discard pile, face up, oldest first
    hands       card names per seat, sorted
    boards      per seat, the row in front of it in play order: {"card", "up", "used"}; `used`:
                a once-per-turn effect was used this turn
    pending     effects offered and not yet used or declined, a stack (the last is offered now):
                {"seat": controller, "slot": place on its board, "card": name}
    final       the result, once the game has ended
"""
from __future__ import annotations

import copy

from marshmallow import Schema, fields
from marshmallow.validate import Range

from engines.core import ALL, Engine, IllegalMove, event
from engines.core.table import Table
from engines.trickdraw import cards as tc
from engines.trickdraw import scoring
from engines.trickdraw.cards import card
from engines.trickdraw.moves import (SCHEMAS, move_type, parse_parts, parse_play, parse_slot)


class Options(Schema):
    target = fields.Integer(load_default=tc.TARGET, validate=Range(min=1, max=100), strict=True,
                            metadata={"description": "points that win (the rulebook's 10; it "
                                                     "invites groups to choose more or fewer)"})


def _sorted(cards) -> list[str]:
    return sorted(cards)


# --- Set Up ---------------------------------------------------------------------------------------

def draw(t: Table, seat: int, k: int, rng) -> None:
    """Draw k cards (fewer if deck and discard pile run out); an empty deck is refilled from the
    shuffled discard pile (our reading: the rulebook does not say)."""
    while k > 0:
        if not t.state["deck"]:
            if not t.state["discard"]:
                return
            t.emit(event("deck_reformed", {"cards": len(t.state["discard"])}))
        n = min(k, len(t.state["deck"]))
        drawn = _sorted(rng.sample(t.state["deck"], n))
        t.emit(event("drew", {"seat": seat, "count": n}, private={"cards": ([seat], drawn)},
                     reveal=True))
        k -= n


# --- Winning the Game -----------------------------------------------------------------------------

def final_result(state: dict, winner, reason: str) -> dict:
    """The winner first; everyone else by points (equal points share a place)."""
    pts = [scoring.points(b) for b in state["boards"]]
    others = sorted((s for s in range(state["players"]) if s != winner), key=lambda s: -pts[s])
    ranking = [{"seat": winner, "rank": 1, "points": pts[winner], "winner": True}] \
        if winner is not None else []
    ahead = len(ranking)
    for s in others:
        rank = 1 + ahead + sum(pts[o] > pts[s] for o in others)
        ranking.append({"seat": s, "rank": rank, "points": pts[s], "winner": False})
    return {"ranking": ranking, "scores": pts, "winner": winner, "reason": reason,
            "tiebreak": "first_to_win" if winner is not None else "points"}


def check_win(t: Table, seat: int) -> bool:
    """After a card of `seat`'s board changed: 10 points (or the table's target) or two of The
    Key, The Safe and The Temple face up win at once, on anyone's turn."""
    board = t.state["boards"][seat]
    reason = ("pair" if scoring.pair_win(board)
              else "points" if scoring.points(board) >= t.state["target"] else None)
    if reason:
        t.emit(event("game_ended", {"reason": reason, "winner": seat,
                                    "result": final_result(t.state, seat, reason)}))
        return True
    return False


def over(t: Table) -> bool:
    return t.state["phase"] == "over"


# --- Card effects -----------------------------------------------------------------------------------

def places(state: dict, seat: int) -> list[list[int]]:
    return [[seat, i] for i in range(len(state["boards"][seat]))]


def effect_parts(state: dict, seat: int, slot: int) -> dict | None:
    """What the controller chooses to use the effect of the card at `slot` on its board: the
    `choose` parts of its option, or None when it cannot be used (cost unpayable, no target)."""
    board = state["boards"][seat]
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
        targets = [s for s in range(state["players"]) if s != seat and state["hands"][s]]
        if not targets:
            return None
        parts["target"] = {"one_of": targets}
    cost = scoring.cost(board, name)
    if cost:
        hand = sorted(set(state["hands"][seat]))
        if len(state["hands"][seat]) < cost:
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
    if "discard" in parts and parts["discard"] not in state["hands"][seat]:
        raise IllegalMove("not_in_hand", f"You hold no {parts['discard']!r} to discard.")
    if "target" in parts and parts["target"] not in allowed["target"]["one_of"]:
        raise IllegalMove("bad_target", "Take a card from another player who holds one.")
    if "flips" in parts and parts["flips"] not in allowed["flips"]["one_of"]:
        raise IllegalMove("bad_flip", {
            "flip_two": "Bewitched flips one card on each of two different players' boards.",
            "flip_other": "The Army flips one card on a board, never The Army itself.",
            "flip_one": "Flip one card on a board.",
        }[card(state["boards"][seat][slot]["card"])["effect"]])


def use_effect(t: Table, seat: int, slot: int, parts: dict, how: str, rng) -> None:
    """Pay the Discard cost, then do what the card says. Cards flipped face up are offered to
    their controllers afterwards, the first flipped first."""
    name = t.state["boards"][seat][slot]["card"]
    t.emit(event("activated", {"seat": seat, "slot": slot, "card": name, "how": how}))
    if "discard" in parts:
        t.emit(event("discarded", {"seat": seat, "card": parts["discard"]}))
    data = card(name)
    if data["effect"] == "draw":
        draw(t, seat, data["n"], rng)
    elif data["effect"] == "steal":
        victim = parts["target"]
        taken = rng.choice(t.state["hands"][victim])
        t.emit(event("stole", {"seat": seat, "from": victim},
                     private={"card": ([seat, victim], taken)}, reveal=True))
    else:
        turned_up = []
        for owner, place in parts["flips"]:
            target = t.state["boards"][owner][place]
            up = not target["up"]
            t.emit(event("flipped", {"seat": owner, "slot": place, "up": up,
                                     "card": target["card"], "flipper": seat}, reveal=up))
            if check_win(t, owner):
                return
            if up and card(target["card"])["effect"]:
                turned_up.append((owner, place))
        for owner, place in reversed(turned_up):
            offer(t, owner, place)


def offer(t: Table, seat: int, slot: int) -> None:
    t.emit(event("offered", {"seat": seat, "slot": slot, "card": t.state["boards"][seat][slot]["card"]}))


# --- The engine ---------------------------------------------------------------------------------------

class Trickdraw(Engine):
    name = "trickdraw"
    title = "Trickdraw"
    version = 1
    min_players = 2
    max_players = 10
    options_schema = Options
    moves_schema = SCHEMAS

    def initial(self, players, options):
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Trickdraw is played by 2 to 10 players, not {players}")
        return {
            "players": players,
            "target": (options or {}).get("target", tc.TARGET),
            "phase": "setup", "first": None, "turn": None, "played": False,
            "deck": tc.deck_for(players), "discard": [],
            "hands": [[] for _ in range(players)],
            "boards": [[] for _ in range(players)],
            "pending": [], "final": None,
        }

    def setup(self, players, options, rng):
        t = Table(self, self.initial(players, options))
        first = rng.randbelow(players)  # stands in for the HFB Booster Pack round
        t.emit(event("first_player", {"seat": first}, reveal=True))
        for seat, size in enumerate(tc.hand_sizes(players, first)):
            hand = _sorted(rng.sample(t.state["deck"], size))
            t.emit(event("dealt", {"seat": seat, "count": size},
                         private={"cards": ([seat], hand)}, reveal=True))
        self._start_turn(t, first, rng)
        return t.events

    # --- a move -------------------------------------------------------------------------------------
    def decide(self, state, seat, move, rng):
        if state["phase"] == "over":
            raise IllegalMove("game_over", "The game is over.")
        if type(seat) is not int or seat not in self.active(state):
            raise IllegalMove("not_your_turn", "It is not your turn.")
        kind = move_type(move)
        t = Table(self, state)
        if state["pending"]:
            if kind not in ("resolve", "decline"):
                top = state["pending"][-1]
                raise IllegalMove("effect_pending", f"First use or decline the effect of "
                                  f"{card(top['card'])['title']} (resolve or decline).")
            if kind == "decline":
                self._decline(t, auto=False)
            else:
                top = state["pending"][-1]
                parts = parse_parts(move)
                check_parts(state, top["seat"], top["slot"], parts)
                use_effect(t, top["seat"], top["slot"], parts, "offer", rng)
        elif kind == "play":
            self._play(t, seat, *parse_play(move))
        elif kind == "activate":
            self._activate(t, seat, parse_slot(move), parse_parts(move), rng)
        elif kind == "end_turn":
            t.emit(event("turn_ended", {"seat": seat}))
            self._start_turn(t, (seat + 1) % state["players"], rng)
        else:
            raise IllegalMove("nothing_to_resolve", "No effect is waiting for you: play a card, "
                                                   "activate one, or end your turn.")
        self._carry_on(t)
        return t.events

    def _start_turn(self, t: Table, seat: int, rng) -> None:
        """Stand-in: The Treasure face up in front of you at the start of your turn wins. Then
        always draw a card; with deck and discard pile both empty the game ends (our reading)."""
        t.emit(event("turn_started", {"seat": seat}))
        if scoring.treasure(t.state["boards"][seat]):
            t.emit(event("game_ended", {"reason": "treasure", "winner": seat,
                                        "result": final_result(t.state, seat, "treasure")}))
            return
        if not t.state["deck"] and not t.state["discard"]:
            t.emit(event("game_ended", {"reason": "deck_exhausted", "winner": None,
                                        "result": final_result(t.state, None, "deck_exhausted")}))
            return
        draw(t, seat, 1, rng)

    def _play(self, t: Table, seat: int, name: str, face: str) -> None:
        if t.state["played"]:
            raise IllegalMove("already_played", "You have already played a card this turn.")
        if name not in t.state["hands"][seat]:
            raise IllegalMove("not_in_hand", f"You hold no {name!r}.")
        slot = len(t.state["boards"][seat])
        if face == "up":
            t.emit(event("played", {"seat": seat, "slot": slot, "face": "up", "card": name}))
        else:
            t.emit(event("played", {"seat": seat, "slot": slot, "face": "down"},
                         private={"card": ([seat], name)}))
        if check_win(t, seat):
            return
        if face == "up" and card(name)["effect"]:
            offer(t, seat, slot)

    def _activate(self, t: Table, seat: int, slot: int, parts: dict, rng) -> None:
        board = t.state["boards"][seat]
        if not 0 <= slot < len(board):
            raise IllegalMove("no_such_card", f"There is no card at place {slot} on your board.")
        here = board[slot]
        if not here["up"] or not card(here["card"])["once_per_turn"]:
            raise IllegalMove("not_once_per_turn", "Only a face-up card that says \"once per "
                                                   "turn\" can be activated from your board.")
        if here["used"]:
            raise IllegalMove("already_used", "This card's effect was already used this turn.")
        check_parts(t.state, seat, slot, parts)
        use_effect(t, seat, slot, parts, "once_per_turn", rng)

    def _decline(self, t: Table, auto: bool) -> None:
        top = t.state["pending"][-1]
        t.emit(event("declined", {"seat": top["seat"], "slot": top["slot"], "card": top["card"],
                                  "auto": auto}))

    def _carry_on(self, t: Table) -> None:
        """An offered effect that cannot be used (its card was flipped face down meanwhile, no
        target, nothing to discard) is passed over: declining is then the only choice."""
        while not over(t) and t.state["pending"]:
            top = t.state["pending"][-1]
            here = t.state["boards"][top["seat"]][top["slot"]]
            if here["up"] and effect_parts(t.state, top["seat"], top["slot"]) is not None:
                return
            self._decline(t, auto=True)

    # --- events -------------------------------------------------------------------------------------
    def evolve(self, state, ev):
        kind = ev["type"]
        if kind == "first_player":
            state["first"] = ev["seat"]
        elif kind == "dealt" or kind == "drew":
            for c in ev["cards"]:
                state["deck"].remove(c)
            state["hands"][ev["seat"]] = _sorted(state["hands"][ev["seat"]] + ev["cards"])
        elif kind == "deck_reformed":
            state["deck"] = _sorted(state["deck"] + state["discard"])
            state["discard"] = []
        elif kind == "turn_started":
            state["phase"], state["turn"], state["played"] = "playing", ev["seat"], False
            for c in state["boards"][ev["seat"]]:
                c["used"] = False
        elif kind == "played":
            state["hands"][ev["seat"]].remove(ev["card"])
            state["boards"][ev["seat"]].append({"card": ev["card"], "up": ev["face"] == "up",
                                                "used": False})
            state["played"] = True
        elif kind == "offered":
            state["pending"].append({"seat": ev["seat"], "slot": ev["slot"], "card": ev["card"]})
        elif kind == "declined":
            state["pending"].pop()
        elif kind == "activated":
            if ev["how"] == "offer":
                state["pending"].pop()
            state["boards"][ev["seat"]][ev["slot"]]["used"] = True
        elif kind == "discarded":
            state["hands"][ev["seat"]].remove(ev["card"])
            state["discard"].append(ev["card"])
        elif kind == "flipped":
            state["boards"][ev["seat"]][ev["slot"]]["up"] = ev["up"]
        elif kind == "stole":
            state["hands"][ev["from"]].remove(ev["card"])
            state["hands"][ev["seat"]] = _sorted(state["hands"][ev["seat"]] + [ev["card"]])
        elif kind == "turn_ended":
            pass
        elif kind == "game_ended":
            state["phase"], state["final"], state["pending"] = "over", ev["result"], []
        else:
            raise ValueError(f"trickdraw: unknown event {kind!r}")
        return state

    # --- reading the state --------------------------------------------------------------------------
    def active(self, state):
        if state["phase"] != "playing":
            return []
        if state["pending"]:
            return [state["pending"][-1]["seat"]]
        return [state["turn"]]

    def legal_moves(self, state, seat):
        if type(seat) is not int or seat not in self.active(state):
            return []
        if state["pending"]:
            top = state["pending"][-1]
            parts = effect_parts(state, top["seat"], top["slot"])
            use = {"move": {"type": "resolve"}}
            if parts:
                use["choose"] = parts
            return [use, {"move": {"type": "decline"}}]
        options = []
        hand = sorted(set(state["hands"][seat]))
        if hand and not state["played"]:
            options.append({"move": {"type": "play"},
                            "choose": {"card": {"one_of": hand}, "face": {"one_of": ["up", "down"]}}})
        for slot, here in enumerate(state["boards"][seat]):
            if here["up"] and not here["used"] and card(here["card"])["once_per_turn"]:
                parts = effect_parts(state, seat, slot)
                if parts is not None:
                    option = {"move": {"type": "activate", "slot": slot}}
                    if parts:
                        option["choose"] = parts
                    options.append(option)
        options.append({"move": {"type": "end_turn"}})
        return options

    def public_move(self, state, seat, move):
        """A card played face down shows only that it was played face down; every other move
        (face-up plays, flips, discards, steals) is made in the open."""
        if move["type"] == "play" and move["face"] == "down":
            return {"type": "play", "face": "down"}
        return move

    def result(self, state):
        return state["final"]

    def hidden_zones(self, state, viewer):
        """The deck and other seats' hands. Face-down board cards are hidden too; they sit among
        face-up ones, so `resample` redeals them alongside these lists."""
        if viewer == ALL:
            return []
        return [["deck"]] + [["hands", s] for s in range(state["players"]) if s != viewer]

    def resample(self, state, viewer, rng):
        if viewer == ALL:
            return state
        hidden = self.hidden_zones(state, viewer)
        lists = [state[p[0]] if len(p) == 1 else state[p[0]][p[1]] for p in hidden]
        down = [c for s, board in enumerate(state["boards"]) if s != viewer
                for c in board if not c["up"]]
        pool = [x for zone in lists for x in zone] + [c["card"] for c in down]
        rng.shuffle(pool)
        for zone in lists:
            n = len(zone)
            zone[:] = sorted(pool[:n])
            pool = pool[n:]
        for c, name in zip(down, pool):
            c["card"] = name
        return state

    def view(self, state, viewer):
        """Hands are private (others see how many); the deck is a count; the discard pile and
        face-up cards are open; a face-down card shows only to its owner. Points are public."""
        open_view = viewer == ALL
        own = viewer if type(viewer) is int and 0 <= viewer < state["players"] else None
        boards = []
        for seat, board in enumerate(state["boards"]):
            row = []
            for slot, c in enumerate(board):
                shown = {"slot": slot, "up": c["up"], "used": c["used"]}
                if c["up"] or open_view or seat == own:
                    shown["card"] = c["card"]
                row.append(shown)
            boards.append(row)
        hands = []
        for seat, hand in enumerate(state["hands"]):
            entry = {"seat": seat, "count": len(hand)}
            if open_view or seat == own:
                entry["cards"] = list(hand)
            hands.append(entry)
        pending = state["pending"][-1] if state["pending"] else None
        out = {
            "players": state["players"],
            "target": state["target"],
            "phase": state["phase"],
            "first": state["first"],
            "turn": state["turn"] if state["phase"] == "playing" else None,
            "played": state["played"],
            "active": self.active(state),
            "deck": len(state["deck"]),
            "discard": list(state["discard"]),
            "hand": list(state["hands"][own]) if own is not None else None,
            "hands": hands,
            "boards": boards,
            "points": [scoring.points(b) for b in state["boards"]],
            "offer": None if pending is None else {
                **pending, "cost": scoring.cost(state["boards"][pending["seat"]], pending["card"])},
            "cards": {name: {"title": d["title"], "effect": d["effect"], "cost": d["cost"],
                             "once_per_turn": d["once_per_turn"], "stand_in": d["source"].startswith("stand-in")}
                      for name, d in tc.CARDS.items()},
            "over": state["phase"] == "over",
            "result": copy.deepcopy(state["final"]),
        }
        if open_view:
            out["deck_cards"] = list(state["deck"])
        return out
