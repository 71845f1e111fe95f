"""Imperial Steam as a decider. The rules page's sections are the package's modules:

    table_setup.py     Setup essentials, the Setup option (Fixed / Normal / Random)
    blind_bid.py       the opening blind bid (simultaneous, secret)
    rounds.py          Round structure: phases 1-8, the turn, the game end check
    main_actions/      the 11 Main actions, one module per tile, and the repeat penalty
    opportunities.py   connecting a new city: Business tokens, Influence hexagons, Trieste
    free_actions/      sell a share, deliver a good, State Railway access
    final_scoring.py   Game end and final scoring
    data.py, rules.py  component data; reading the state (networks, storage, costs)
    moves.py, view.py  move schemas and body checks; what each viewer sees

This module only routes: a move to the step that takes it, an event to the fold that applies it.
"""
from __future__ import annotations

from engines.core import ALL, Engine, IllegalMove, Table, event
from engines.imperial_steam import (blind_bid, final_scoring, free_actions, main_actions,
                                    opportunities, rounds, state, table_setup, view)
from engines.imperial_steam.main_actions import build_tracks
from engines.imperial_steam.moves import FREE, MOVES, TILE_OF, move_type

EVOLVE = {**table_setup.EVOLVE, **blind_bid.EVOLVE, **rounds.EVOLVE, **main_actions.EVOLVE,
          **opportunities.EVOLVE, **free_actions.EVOLVE}


class ImperialSteam(Engine):
    name = "imperial-steam"
    title = "Imperial Steam"
    version = 1
    min_players = 2
    max_players = 4
    options_schema = table_setup.Options
    moves_schema = MOVES
    skip_moves = ("end_turn", "pass")  # what a seat does when its clock runs out and the table skips it

    def initial(self, players, options):
        return state.initial(players, options)

    def setup(self, players, options, rng):
        t = Table(self, self.initial(players, options))
        t.emit(event("table_laid", table_setup.lay_out(players, options.get("layout", "fixed"),
                                                       rng)))
        return t.events

    def decide(self, state, seat, move, rng):
        if state["over"]:
            raise IllegalMove("game_over", "The game is over.")
        kind = move_type(move)
        if type(seat) is not int or seat not in self.active(state):
            raise IllegalMove("not_your_turn", "It is not your turn.")
        t = Table(self, state)
        if state["phase"] == "bid":
            if kind != "bid":
                raise IllegalMove("wrong_phase", "Everyone first bids for influence (\"bid\").")
            blind_bid.bid(t, seat, move)
            return t.events
        if state["pending"]:
            if kind != "business":
                raise IllegalMove("business_first", "First spend your Business token "
                                                    "(\"business\").")
            opportunities.business(t, seat, move)
        elif kind == "end_turn":
            if not state["main_done"]:
                raise IllegalMove("main_action_first", "Place a Main Action hand before ending "
                                                       "your turn.")
            rounds.end_turn(t)
            return t.events
        elif kind == "second_track":
            build_tracks.second_track(t, seat, move)
        elif kind in FREE:
            free_actions.DECIDE[kind](t, seat, move)
        elif kind in TILE_OF:
            if state["main_done"]:
                raise IllegalMove("one_main_action", "You have already taken your main action "
                                                     "this turn.")
            main_actions.take(t, seat, kind, move)
        else:
            raise IllegalMove("wrong_phase", f"No {kind} move now.")
        rounds.settle(t)
        return t.events

    def evolve(self, state, ev):
        EVOLVE[ev["type"]](state, ev)
        return state

    def active(self, state):
        if blind_bid.BIDS.is_open(state):
            return blind_bid.BIDS.active(state)
        if state["phase"] == "actions" and state["turn"] is not None:
            return [state["turn"]]
        return []

    def awaited(self, state):
        if blind_bid.BIDS.is_open(state):
            return blind_bid.BIDS.awaited(state)
        return self.active(state)

    def public_move(self, state, seat, move):
        """Every move is made in the open but the blind bid, whose amount stays secret."""
        if move["type"] == blind_bid.BIDS.move:
            return blind_bid.BIDS.public_move(move)
        return move

    def legal_moves(self, state, seat):
        s = state
        if type(seat) is not int or seat not in self.active(s):
            return []
        if s["phase"] == "bid":
            return blind_bid.options(s, seat)
        if s["pending"]:
            return opportunities.business_options(s, seat)
        out = free_actions.options(s, seat)
        if s["main_done"]:
            return out + build_tracks.second_options(s, seat) + [{"move": {"type": "end_turn"}}]
        return out + main_actions.legal(s, seat)

    def result(self, state):
        return final_scoring.result(state)

    def hidden_zones(self, state, viewer):
        if viewer == ALL or state["phase"] != "bid":
            return []
        return blind_bid.hidden_zones(state, viewer)

    def view(self, state, viewer):
        return view.view(self, state, viewer)
