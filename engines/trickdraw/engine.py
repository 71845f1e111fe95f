"""Trickdraw as a decider. The rules live in modules named after the rulebook's sections:
`setup` (Set Up, the first player, teams and captains), `turn` (Turn Overview, Playing Cards),
`effects` (Flipping Cards, Discarding Cards), `winning` and `scoring` (Winning the Game), `teams`
(6 Players or More), `cards` (the deck as data), `view`. This module routes a move to them and
folds their events.

State (plain JSON):
    players     seats, clockwise
    target      points that win (10 unless the table chose otherwise)
    phase       "setup", "captains" (team games, before the first turn), "playing" or "over"
    first       the first player
    turn        the seat whose turn it is
    played      whether that seat has played its card this turn
    deck        card names left in the deck. No order is kept: a draw picks uniformly from these
                at decide time (the same as a shuffled deck), so no field is secret; the contents
                are hidden from every seat (they would tell the hands).
    discard     the communal discard pile, face up, oldest first
    hands       card names per seat, sorted
    boards      per seat, the row in front of it in play order: {"card", "up", "used"}; `used`:
                a once-per-turn effect was used this turn. In a team game only captains' boards
                hold cards.
    teams       None, or per team {"seats": [...], "captain": seat or None}
    pending     effects offered and not yet used or declined, a stack (the last is offered now):
                {"seat": the board's seat, "slot": place on that board, "card": name}
    final       the result, once the game has ended
"""
from __future__ import annotations

import copy

from marshmallow import Schema, fields
from marshmallow.validate import OneOf, Range

from engines.core import ALL, Engine, IllegalMove
from engines.core.table import Table
from engines.trickdraw import cards as tc
from engines.trickdraw import setup, teams, turn
from engines.trickdraw.cards import card
from engines.trickdraw.effects import check_parts, decline, effect_parts, pass_over_lapsed, use_effect
from engines.trickdraw.moves import (SCHEMAS, move_type, parse_captain, parse_parts, parse_play,
                                     parse_slot)
from engines.trickdraw.view import view


class Options(Schema):
    target = fields.Integer(load_default=tc.TARGET, validate=Range(min=1, max=100), strict=True,
                            metadata={"description": "points that win (the rulebook's 10; it "
                                                     "invites groups to choose more or fewer)"})
    teams = fields.Boolean(load_default=False, metadata={
        "description": "6 Players or More: at 8-10 players, play in teams that alternate around "
                       "the table, each playing to its captain's board (no effect below 8)"})
    team_size = fields.Integer(load_default=None, allow_none=True, strict=True,
                               validate=Range(min=min(tc.TEAM_SIZES), max=max(tc.TEAM_SIZES)),
                               metadata={"description": "players per team (2, 3 or 4) when it "
                                                        "divides the table; by default the "
                                                        "smallest that does (4 gives 4v4 at 8)"})
    first_player = fields.String(load_default="random", validate=OneOf(setup.FIRST_PLAYER),
                                 metadata={"description": "random: drawn; seat_0: the winner of "
                                                          "your own HFB Booster round, seated "
                                                          "at seat 0"})


def _sorted(cards) -> list[str]:
    return sorted(cards)


def clone(state: dict) -> dict:
    """A copy of the state as deep as its shape (above), several times faster than deepcopy:
    decide works on one, and the heuristic player tries its moves on them."""
    out = dict(state)
    out["deck"], out["discard"] = list(state["deck"]), list(state["discard"])
    out["hands"] = [list(h) for h in state["hands"]]
    out["boards"] = [[dict(c) for c in board] for board in state["boards"]]
    out["teams"] = None if state["teams"] is None else [
        {"seats": list(t["seats"]), "captain": t["captain"]} for t in state["teams"]]
    out["pending"] = [dict(p) for p in state["pending"]]
    out["final"] = copy.deepcopy(state["final"])
    return out


def table(engine, state: dict) -> Table:
    """decide's scratch table (engines.core.table), started from a clone of the state."""
    t = Table(engine, None)
    t.state = clone(state)
    return t


class Trickdraw(Engine):
    name = "trickdraw"
    title = "Trickdraw"
    version = 2
    min_players = 2
    max_players = 10
    options_schema = Options
    moves_schema = SCHEMAS
    skip_moves = ("end_turn", "decline")  # what a seat does when its clock runs out and the table skips it

    def initial(self, players, options):
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Trickdraw is played by 2 to 10 players, not {players}")
        return setup.initial(players, options)

    def setup(self, players, options, rng):
        t = table(self, self.initial(players, options))
        setup.set_up(t, options or {}, rng)
        return t.events

    # --- a move -------------------------------------------------------------------------------------
    def decide(self, state, seat, move, rng):
        if state["phase"] == "over":
            raise IllegalMove("game_over", "The game is over.")
        if type(seat) is not int or seat not in self.active(state):
            raise IllegalMove("not_your_turn", "It is not your turn.")
        kind = move_type(move)
        t = table(self, state)
        if state["phase"] == "captains":
            if kind != "captain":
                raise IllegalMove("choose_captain", "First name your team's captain: "
                                                    '{"type": "captain", "seat": n}.')
            setup.choose_captain(t, seat, parse_captain(move), rng)
        elif kind == "captain":
            raise IllegalMove("captains_chosen", "The captains are chosen; captains exist only in "
                                                 "team games.")
        elif state["pending"]:
            top = state["pending"][-1]
            if kind not in ("resolve", "decline"):
                raise IllegalMove("effect_pending", f"First use or decline the effect of "
                                  f"{card(top['card'])['title']} (resolve or decline).")
            if kind == "decline":
                decline(t, auto=False)
            else:
                parts = parse_parts(move)
                check_parts(state, top["seat"], top["slot"], parts)
                use_effect(t, top["seat"], top["slot"], parts, "offer", rng)
        elif kind == "play":
            turn.play(t, seat, *parse_play(move))
        elif kind == "activate":
            turn.activate(t, seat, parse_slot(move), parse_parts(move), rng)
        elif kind == "end_turn":
            turn.end_turn(t, seat, rng)
        else:
            raise IllegalMove("nothing_to_resolve", "No effect is waiting for you: play a card, "
                                                   "activate one, or end your turn.")
        pass_over_lapsed(t)
        return t.events

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
        elif kind == "teams_formed":
            state["teams"] = [{"seats": list(seats), "captain": None} for seats in ev["teams"]]
        elif kind == "choosing_captains":
            state["phase"] = "captains"
        elif kind == "captain_chosen":
            state["teams"][ev["team"]]["captain"] = ev["seat"]
        elif kind == "turn_started":
            state["phase"], state["turn"], state["played"] = "playing", ev["seat"], False
            for c in state["boards"][teams.board_of(state, ev["seat"])]:
                c["used"] = False
        elif kind == "played":
            state["hands"][ev["seat"]].remove(ev["card"])
            state["boards"][ev["board"]].append({"card": ev["card"], "up": ev["face"] == "up",
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
        elif kind in ("turn_ended", "nothing_to_draw"):
            pass
        elif kind == "game_ended":
            state["phase"], state["final"], state["pending"] = "over", ev["result"], []
        else:
            raise ValueError(f"trickdraw: unknown event {kind!r}")
        return state

    # --- reading the state --------------------------------------------------------------------------
    def active(self, state):
        if state["phase"] == "captains":
            return [teams.choosing_captain(state)]
        if state["phase"] != "playing":
            return []
        if state["pending"]:
            return [teams.acting_for(state, state["pending"][-1]["seat"])]
        return [state["turn"]]

    def legal_moves(self, state, seat):
        if type(seat) is not int or seat not in self.active(state):
            return []
        if state["phase"] == "captains":
            return [{"move": {"type": "captain"},
                     "choose": {"seat": {"one_of": teams.team_of(state, seat)}}}]
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
        owner = teams.board_of(state, seat)
        for slot, here in enumerate(state["boards"][owner]):
            if here["up"] and not here["used"] and card(here["card"])["once_per_turn"]:
                parts = effect_parts(state, owner, slot)
                if parts is not None:
                    option = {"move": {"type": "activate", "slot": slot}}
                    if parts:
                        option["choose"] = parts
                    options.append(option)
        options.append({"move": {"type": "end_turn"}})
        return options

    def public_move(self, state, seat, move):
        """A card played face down shows only that it was played face down (its card is private
        to the player's team, by the event); every other move (face-up plays, flips, discards,
        steals, captains) is made in the open."""
        if move["type"] == "play" and move["face"] == "down":
            return {"type": "play", "face": "down"}
        return move

    def result(self, state):
        return state["final"]

    def hidden_zones(self, state, viewer):
        """The deck and other seats' hands (a teammate's too). Face-down board cards of other
        players (teams) are hidden too; they sit among face-up ones, so `resample` redeals them
        alongside these lists."""
        if viewer == ALL:
            return []
        return [["deck"]] + [["hands", s] for s in range(state["players"]) if s != viewer]

    def resample(self, state, viewer, rng):
        if viewer == ALL:
            return state
        hidden = self.hidden_zones(state, viewer)
        lists = [state[p[0]] if len(p) == 1 else state[p[0]][p[1]] for p in hidden]
        mine = teams.team_of(state, viewer) if type(viewer) is int else []
        down = [c for s, board in enumerate(state["boards"]) if s not in mine
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
        return view(state, viewer, self.active(state))
