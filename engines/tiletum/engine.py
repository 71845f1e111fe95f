"""Tiletum as a decider. The rules live in modules named after the rules page's sections; this
file only wires them to the engine contract:

    setup.py          Setup                     round_structure.py Round structure (Preparation,
    turn.py           Your turn: the die, the                        passes and Corruption, Cleanup)
                      end of the turn           king_phase.py    The King phase
    actions/          The Actions, one module   fair.py          The Fair
                      each                      final_scoring.py Game end and final scoring
    tasks.py          Tasks                     cardinalbot.py   Solo mode: the Cardinalbot
    board.py          Your player board         view.py          What each viewer sees
    towns.py          The map                   legal.py         Legal moves
    king_track.py     The King track            state.py         The state, documented
    data.py           Component data            moves.py         Move schemas and body checks
    prospect/         Prospect for Silver: data.py, underground.py (Prospectors, Mines, Stone
                      Tablets), wheel.py, technologies.py, king_phase.py, scoring.py, cardinal.py
"""
from __future__ import annotations

from marshmallow import Schema, ValidationError, fields
from marshmallow.validate import OneOf, Validator

from engines.core import Engine, IllegalMove
from engines.core.table import Table
from engines.tiletum import actions, cardinalbot, fair, final_scoring, king_phase, legal
from engines.tiletum import round_structure as rounds
from engines.tiletum import data as D
from engines.tiletum import moves as mv
from engines.tiletum import setup, state, tasks, turn, view
from engines.tiletum.prospect import cardinal, technologies, underground
from engines.tiletum.prospect import king_phase as silver
from engines.tiletum.prospect import data as P


class Choice(Validator):
    """One of the listed values. Not marshmallow's OneOf on purpose: the conformance suite plays
    every combination of OneOf and Boolean options, and these three expansion settings (18
    combinations, all meaningless with the expansion off) are played by tests/rules/tiletum
    instead (docs/games/tiletum.md, "Options")."""

    def __init__(self, choices):
        self.choices = list(choices)

    def __call__(self, value):
        if value not in self.choices:
            raise ValidationError(f"Must be one of: {', '.join(self.choices)}.")
        return value


def _choice(default, choices, description):
    return fields.String(load_default=default, validate=Choice(choices),
                         metadata={"enum": list(choices), "description": description})


class Options(Schema):
    """The table options of the rules page's "Options and preferences"."""
    layout = fields.String(load_default="printed", validate=OneOf(["printed", "random"]))
    difficulty = fields.String(load_default="deacon", validate=OneOf(list(D.DIFFICULTY)))
    prospect_for_silver = fields.Boolean(load_default=False,
                                         metadata={"description": "the Prospect for Silver expansion"})
    underground = _choice("random", ["random"] + P.SIDES,
                          "Prospect for Silver: the Underground map sides, at random or all A or all B")
    technologies = _choice("random", ["random", "first_game"],
                           "Prospect for Silver: three Technologies at random, or the first-game set")
    overlay = _choice("random", ["random"] + P.OVERLAY_FACES,
                      "Prospect for Silver: the Scoring overlay face, at random or either face")


MOVES = {**tasks.MOVES, **turn.MOVES, **actions.MOVES, **king_phase.MOVES,
         **underground.MOVES, **technologies.MOVES}
CHECKS = {kind: check for kind, (check, _) in MOVES.items()}
EVENTS = {**setup.EVENTS, **rounds.EVENTS, **turn.EVENTS, **tasks.EVENTS, **actions.EVENTS,
          **king_phase.EVENTS, **fair.EVENTS, **final_scoring.EVENTS, **cardinalbot.EVENTS,
          **underground.EVENTS, **technologies.EVENTS, **silver.EVENTS, **cardinal.EVENTS}
assert set(MOVES) == set(mv.SCHEMAS)


class Tiletum(Engine):
    name = "tiletum"
    title = "Tiletum"
    version = 3
    min_players = 1
    max_players = 4
    options_schema = Options
    moves_schema = mv.SCHEMAS
    skip_moves = ("end",)  # what a seat does when its clock runs out and the table skips it

    def initial(self, players, options):
        return state.initial(players, options)

    def setup(self, players, options, rng):
        t = Table(self, self.initial(players, options))
        setup.deal(t, players, options, rng)
        rounds.start_round(t, rng)
        return t.events

    def decide(self, state, seat, move, rng):
        if not isinstance(move, dict):
            raise IllegalMove("bad_move", "A move is a JSON object with a type.")
        kind = mv.move_type(move)
        if state["phase"] == "over":
            raise IllegalMove("game_over", "The game is over.")
        if type(seat) is not int or seat not in self.active(state):
            raise IllegalMove("not_your_turn", "It is not your turn.")
        if state["phase"] == "king_bonus":
            if kind != "king_bonus":
                raise IllegalMove("king_bonus_pending", "Take or discard the King Bonus tile first.")
        elif kind == "king_bonus":
            raise IllegalMove("not_king_phase", "The King Bonus tile is only taken in the King phase.")
        check, do = MOVES[kind]
        parsed = check(state, seat, move)
        t = Table(self, state)
        do(t, seat, parsed, rng)
        rounds.proceed(t, rng)  # a finished turn or King Bonus choice lets the round play on
        return t.events

    def evolve(self, state, ev):
        EVENTS[ev["type"]](state, ev)
        return state

    def legal_moves(self, state, seat):
        if seat not in self.active(state):
            return []
        return legal.legal_moves(state, seat, CHECKS)

    def active(self, state):
        if state["phase"] in ("turn", "king_bonus") and state["turn"] is not None \
                and state["turn"]["seat"] != state["bot"]:
            return [state["turn"]["seat"]]
        return []

    def view(self, state, viewer):
        return view.view(state, viewer, self.active(state))

    def hidden_zones(self, state, viewer):
        return view.hidden_zones(state, viewer)

    def resample(self, state, viewer, rng):
        return view.resample(state, viewer, rng)

    def public_move(self, state, seat, move):
        """Every move is made in the open: dice, actions and tiles are all face up."""
        return move

    def result(self, state):
        return final_scoring.result(state)
