"""A tiny engine of the platform's own: a turn of several moves, a private draw, a simultaneous
step. It proves undo, reveals, simultaneous moves and redaction without any real game.

Each turn the active seat may `add` (bump its counter, no reveal), `draw` (a card from the hidden
deck into its private hand: a reveal), then `end`. After both seats have ended a turn, both
`choose` a number in secret at once (changeable until the last commits), revealed together;
the higher number scores a point. After `rounds` rounds (0: never) the most points wins.
"""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from engines.core import ALL, Engine, IllegalMove, event


class Options(Schema):
    rounds = fields.Integer(load_default=2, validate=validate.Range(min=0, max=50))


class Add(Schema):
    type = fields.String(required=True)


class Draw(Add):
    pass


class End(Add):
    pass


class Choose(Schema):
    type = fields.String(required=True)
    n = fields.Integer(required=True, validate=validate.Range(min=0, max=9))


DECK = list(range(1, 11))


class Tiny(Engine):
    name = "tiny"
    title = "Tiny"
    options_schema = Options
    moves_schema = {"add": Add, "draw": Draw, "end": End, "choose": Choose}

    def initial(self, players, options):
        return {"players": players, "rounds": options["rounds"], "round": 1, "phase": "turn",
                "turn": 0, "ended": 0, "counters": [0] * players, "hands": [[] for _ in range(players)],
                "deck": [], "choices": [None] * players, "scores": [0] * players, "over": False}

    def setup(self, players, options, rng):
        return [event("shuffled", secret={"deck": rng.shuffled(DECK)})]

    def decide(self, state, seat, move, rng):
        kind = move.get("type")
        if state["over"]:
            raise IllegalMove("game_over", "The game is over.")
        if seat not in self.active(state):
            raise IllegalMove("not_your_turn", "It is not your turn.")
        if state["phase"] == "turn":
            if kind == "add":
                return [event("added", {"seat": seat})]
            if kind == "draw":
                if not state["deck"]:
                    raise IllegalMove("deck_empty", "The deck is empty.")
                return [event("drew", {"seat": seat}, private={"card": ([seat], state["deck"][0])},
                              reveal=True)]
            if kind == "end":
                return self._end_turn(state, seat)
        if state["phase"] == "choose" and kind == "choose":
            n = move.get("n")
            if not isinstance(n, int) or not 0 <= n <= 9:
                raise IllegalMove("bad_number", "Choose a whole number from 0 to 9.")
            out = [event("chose", {"seat": seat}, private={"n": ([seat], n)})]
            waiting = [s for s in self.awaited(state) if s != seat]
            if not waiting:
                choices = list(state["choices"])
                choices[seat] = n
                out.append(event("revealed", {"choices": choices}, reveal=True))
                out += self._score(state, choices)
            return out
        raise IllegalMove("unknown_move", "That move does not exist at this point of the game.")

    def _end_turn(self, state, seat):
        out = [event("ended", {"seat": seat})]
        if state["ended"] + 1 == state["players"]:
            out.append(event("choosing"))
        return out

    def _score(self, state, choices):
        best = max(choices)
        winners = [s for s, c in enumerate(choices) if c == best]
        out = [event("scored", {"seats": winners})]
        if state["rounds"] and state["round"] == state["rounds"]:
            out.append(event("game_over"))
        return out

    def evolve(self, state, ev):
        t = ev["type"]
        if t == "shuffled":
            state["deck"] = list(ev["deck"])
        elif t == "added":
            state["counters"][ev["seat"]] += 1
        elif t == "drew":
            state["hands"][ev["seat"]].append(state["deck"].pop(0))
        elif t == "ended":
            state["ended"] += 1
            state["turn"] = (state["turn"] + 1) % state["players"]
        elif t == "choosing":
            state["phase"], state["ended"] = "choose", 0
        elif t == "chose":
            state["choices"][ev["seat"]] = ev["n"]
        elif t == "scored":
            for s in ev["seats"]:
                state["scores"][s] += 1
            state["choices"] = [None] * state["players"]
            state["phase"], state["round"] = "turn", state["round"] + 1
        elif t == "game_over":
            state["over"] = True
        return state

    def active(self, state):
        if state["over"]:
            return []
        if state["phase"] == "choose":
            return list(range(state["players"]))
        return [state["turn"]]

    def awaited(self, state):
        if state["phase"] == "choose":
            return [s for s in self.active(state) if state["choices"][s] is None]
        return self.active(state)

    def public_move(self, state, seat, move):
        return {"type": "choose"} if move["type"] == "choose" else move

    def hidden_zones(self, state, viewer):
        if viewer == ALL:
            return []
        others = [["hands", s] for s in range(state["players"]) if s != viewer]
        return [["deck"]] + others

    def legal_moves(self, state, seat):
        if seat not in self.active(state):
            return []
        if state["phase"] == "choose":
            return [{"move": {"type": "choose"}, "choose": {"n": {"one_of": list(range(10))}}}]
        moves = [{"move": {"type": "add"}}, {"move": {"type": "end"}}]
        if state["deck"]:
            moves.append({"move": {"type": "draw"}})
        return moves

    def view(self, state, viewer):
        return {
            "round": state["round"], "phase": state["phase"], "turn": state["turn"],
            "counters": state["counters"], "scores": state["scores"], "deck_size": len(state["deck"]),
            "hands": [h if viewer in (s, ALL) else len(h) for s, h in enumerate(state["hands"])],
            "choices": [c if viewer in (s, ALL) else (c is not None)
                        for s, c in enumerate(state["choices"])],
        }

    def result(self, state):
        if not state["over"]:
            return None
        order = sorted(range(state["players"]), key=lambda s: -state["scores"][s])
        return {"ranking": [{"seat": s, "rank": 1 + sum(state["scores"][o] > state["scores"][s]
                                                        for o in order),
                             "points": state["scores"][s]} for s in order]}


tiny = Tiny()
