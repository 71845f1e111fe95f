"""Tekhenu: Obelisk of the Sun as a decider. The rules live in modules named after the rules
page's sections; this class only routes a move to its section and reads the state:

    before_round_1.py  setup, the secret Decree keep, the Starting-card draft
    destiny.py         Destiny cards (before round 1 and after each Maat)
    obelisk.py         the light, purity, dice rolled, the wheel turning
    turn.py            your turn: take a die (Scribes, Anubis, the scales)
    actions/           Horus, Ra, Hathor, Bastet, Thoth, Osiris, Produce
    cards.py           your Technologies and Blessings
    free_action.py     the Happiness-21 and D23 free actions
    rounds.py          the 16 rounds, Maat and Scoring rounds, the game end
    maat.py, scoring.py, game_end.py
    resources.py, market.py, temple.py, steps.py   shared by several sections
    data.py, moves.py, meta.py, state.py, evolve.py, view.py
    heuristic.py       a simple player for play-outs (not part of the rules)
"""
from __future__ import annotations

from engines.core import Engine, IllegalMove
from engines.core.table import Table
from engines.tekhenu import before_round_1, cards, destiny, free_action, meta, rounds, scoring
from engines.tekhenu import state, steps, turn
from engines.tekhenu import view as views
from engines.tekhenu.actions import horus, thoth
from engines.tekhenu.before_round_1 import KEEP
from engines.tekhenu.evolve import evolve
from engines.tekhenu.moves import MOVES, move_type
from engines.tekhenu.steps import STEPS

# The moves that answer each kind of step, and the moves of each phase.
STEP_MOVES = {
    "bonus": {"bonus": horus.choose_bonus},
    "thoth": {"refresh": thoth.refresh, "cards": thoth.take_cards},
    "extra": {"extra": free_action.extra, "skip": free_action.skip},
    "card_offer": {"use": cards.use},
    "upkeep": {"upkeep": scoring.pay_upkeep},
}
STEP_OPTIONS = {"bonus": horus.bonus_options, "thoth": thoth.step_options,
                "extra": free_action.step_options, "card_offer": cards.offer_options,
                "upkeep": scoring.upkeep_options}
PHASE_MOVES = {("decrees", "keep"): before_round_1.keep, ("draft", "draft"): before_round_1.draft,
               ("destiny", "destiny"): destiny.pick, ("play", "take"): turn.take}
PHASE_OPTIONS = {"decrees": before_round_1.keep_options, "draft": before_round_1.draft_options,
                 "destiny": destiny.options, "play": turn.take_options}
PHASE_HELP = {
    "decrees": "every player keeps one of the two Decrees dealt (\"keep\").",
    "draft": "the drafting player takes a Starting card (\"draft\").",
    "destiny": "the player in turn order picks a Destiny card (\"destiny\").",
    "play": "the player whose turn it is takes a die (\"take\").",
}


class Tekhenu(Engine):
    name = meta.NAME
    title = meta.TITLE
    version = meta.VERSION
    min_players = meta.MIN_PLAYERS
    max_players = meta.MAX_PLAYERS
    options_schema = meta.TekhenuOptions
    moves_schema = MOVES
    skip_moves = ("skip",)  # what a seat does when its clock runs out and the table skips it

    def initial(self, players, options):
        return state.initial(players, options)

    def setup(self, players, options, rng):
        return before_round_1.setup(self, players, options, rng)

    def decide(self, state, seat, move, rng):
        if state["over"]:
            raise IllegalMove("game_over", "The game is over.")
        kind = move_type(move)
        if type(seat) is not int or seat not in self.active(state):
            raise IllegalMove("not_your_turn", "It is not your turn.")
        t = Table(self, state)
        t.rng = rng
        step = STEPS.top(state)
        if step is not None:
            handler = STEP_MOVES[step["kind"]].get(kind)
            if handler is None:
                raise IllegalMove("wrong_step", f"Now: {steps.HELP[step['kind']]}")
            if handler(t, seat, move, step) is not False:
                STEPS.done(t)
        else:
            handler = PHASE_MOVES.get((state["phase"], kind))
            if handler is None:
                raise IllegalMove("wrong_phase", f"No {kind} move now: "
                                  f"{PHASE_HELP.get(state['phase'], '')}")
            handler(t, seat, move)
        rounds.advance(t)
        return t.events

    def evolve(self, state, ev):
        return evolve(state, ev)

    def active(self, state):
        s = state
        if s["over"] or s["phase"] == "setup":
            return []
        if STEPS.top(s) is not None:
            return STEPS.active(s)
        if KEEP.is_open(s):
            return KEEP.active(s)
        if s["phase"] == "draft":
            return [before_round_1.drafting_seat(s)]
        if s["phase"] in ("destiny", "play") and s["turn"] < s["players"]:
            return [s["order"][s["turn"]]]
        return []

    def awaited(self, state):
        if KEEP.is_open(state):
            return KEEP.awaited(state)
        return self.active(state)

    def public_move(self, state, seat, move):
        """Every move is made in the open but the Decree kept, which stays secret."""
        return KEEP.public_move(move) if move["type"] == KEEP.move else move

    def legal_moves(self, state, seat):
        s = state
        if seat not in self.active(s):
            return []
        step = STEPS.top(s)
        if step is not None:
            return STEP_OPTIONS[step["kind"]](s, seat, step)
        options = PHASE_OPTIONS.get(s["phase"])
        return options(s, seat) if options else []

    def result(self, state):
        return state["final"] if state["over"] else None

    def view(self, state, viewer):
        return views.view(self, state, viewer)

    def hidden_zones(self, state, viewer):
        return views.hidden_zones(state, viewer)

    def resample(self, state, viewer, rng):
        return views.resample(state, viewer, rng)
