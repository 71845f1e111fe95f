"""Play-outs that measure how Trickdraw's games go: which card effects, win conditions and ends are
reached, and which card decides each game. Used by test_reach.py; run it alone to print the table
the docs page quotes:

    .venv/bin/python -m tests.rules.trickdraw.reach
"""
from __future__ import annotations

from collections import Counter

from engines.core import derive_rng, random_playout
from engines.core.playout import fold_events
from engines.trickdraw import engine, heuristic
from engines.trickdraw.cards import CARDS, LOCAL_HERO_POINTS
from engines.trickdraw.scoring import face_up

# (label, players, options, games, player): random play at every kind of table, the heuristic
# where random play is too weak to say whether a stand-in decides too much, and a higher target
# (the rulebook invites one) where every card ends on the boards and the standstill is reached
SETTINGS = [
    ("2p", 2, {}, 40, "random"), ("3p", 3, {}, 40, "random"), ("4p", 4, {}, 30, "random"),
    ("5p", 5, {}, 30, "random"), ("7p", 7, {}, 25, "random"), ("10p", 10, {}, 25, "random"),
    ("8p teams of 2", 8, {"teams": True}, 25, "random"),
    ("8p 4v4", 8, {"teams": True, "team_size": 4}, 15, "random"),
    ("9p teams of 3", 9, {"teams": True}, 15, "random"),
    ("10p teams of 2", 10, {"teams": True}, 25, "random"),
    ("3p target 30", 3, {"target": 30}, 15, "random"),
    ("2p", 2, {}, 20, "heuristic"), ("3p", 3, {}, 15, "heuristic"), ("5p", 5, {}, 10, "heuristic"),
    ("10p", 10, {}, 6, "heuristic"), ("8p teams of 2", 8, {"teams": True}, 8, "heuristic"),
    ("10p teams of 2", 10, {"teams": True}, 6, "heuristic"),
]

RULEBOOK_ENDS = ("points", "pair")
ENDS = ("points", "pair", "treasure", "standstill")
# a card "decides" a game when its own win condition ends it, or its play or effect makes the
# change that wins; a card played face down wins by the rulebook's face-down point
FACE_DOWN = "a face-down point"
STAND_IN_EFFECTS = [n for n, c in CARDS.items() if c["source"]["effect"] == "stand-in"]


class Tally:
    def __init__(self):
        self.games = Counter()             # per setting
        self.ends = Counter()              # (setting, reason)
        self.decided = Counter()           # (setting, card or FACE_DOWN or "standstill")
        self.reached = Counter()           # what happened, over every game

    def see(self, state, events) -> None:
        """What one move's events and the table they leave show."""
        for i, ev in enumerate(events):
            kind = ev["type"]
            if kind == "activated":
                self.reached[f"effect {ev['card']} ({ev['how']})"] += 1
                paid = i + 1 < len(events) and events[i + 1]["type"] == "discarded"
                if CARDS[ev["card"]]["cost"] and not paid:
                    self.reached["Diplomacy waives a Discard 1"] += 1
                elif paid:
                    self.reached["Discard 1 paid"] += 1
            elif kind == "offered" and i and events[i - 1]["type"] == "flipped":
                self.reached["a card flipped face up offers its effect"] += 1
            elif kind == "flipped" and not ev["up"]:
                self.reached["a card flipped face down"] += 1
            elif kind == "declined":
                self.reached["an offer passed over" if ev["auto"] else "an offer declined"] += 1
            elif kind == "stole":
                self.reached["effect trickdraw takes a card"] += 1
            elif kind in ("deck_reformed", "nothing_to_draw", "captain_chosen"):
                self.reached[kind.replace("_", " ")] += 1
        for board in state["boards"]:
            if face_up(board, "scores", "rally") >= 2:
                self.reached["Rallies worth 1 per Rally (2 or more face up)"] += 1
            down = sum(1 for c in board if not c["up"])
            if face_up(board, "scores", "local_hero") and 2 * down > len(board):
                self.reached[f"Local Hero worth {LOCAL_HERO_POINTS}"] += 1
        self.last = events

    def end(self, setting: str, state) -> None:
        result = state["final"]
        self.games[setting] += 1
        self.ends[setting, result["reason"]] += 1
        self.reached[f"end: {result['reason']}"] += 1
        if state["teams"]:
            self.reached[f"team end: {result['reason']}"] += 1
        self.decided[setting, decider(self.last, result["reason"])] += 1


def decider(events, reason: str) -> str:
    """The card that decided the game, from the events of its last move."""
    if reason == "treasure":
        return "the_treasure"
    if reason == "standstill":
        return "standstill"
    effect = cause = None
    for ev in events:  # the change that won: a flip by an effect, or a card played
        if ev["type"] == "activated":
            effect = ev["card"]
        elif ev["type"] == "flipped":
            cause = effect
        elif ev["type"] == "played":
            cause = ev["card"] if ev["face"] == "up" else FACE_DOWN
        elif ev["type"] == "game_ended" and cause:
            return cause
    raise AssertionError(f"a {reason} win without a card played or flipped: {events}")


def heuristic_playout(players, options, seed, on_move):
    options = engine.load_options(options)
    events = engine.setup(players, options, derive_rng(seed, 1))
    state = fold_events(engine, players, options, events)
    on_move(state, None, None, events)
    chooser = derive_rng(seed, 0, "heuristic")
    moves = 0
    while engine.result(state) is None:
        seat = engine.awaited(state)[0]
        move = heuristic.choose(engine, state, seat, chooser)
        new = engine.decide(state, seat, move, derive_rng(seed, moves + 2))
        for ev in new:
            state = engine.evolve(state, ev)
        moves += 1
        assert moves < 10_000, "a heuristic game that does not end"
        on_move(state, seat, move, new)
    return state


def measure(settings=SETTINGS) -> Tally:
    tally = Tally()
    for label, players, options, games, player in settings:
        setting = f"{label}, {player}"
        for i in range(games):
            seed = f"reach-{label}-{player}-{i}"
            on_move = lambda state, seat, move, events: tally.see(state, events)  # noqa: E731
            if player == "random":
                state, _, _ = random_playout(engine, players, options, seed=seed, on_move=on_move)
            else:
                state = heuristic_playout(players, options, seed, on_move)
            tally.end(setting, state)
    return tally


def report(tally: Tally) -> str:
    lines = ["| setting | games | " + " | ".join(ENDS) + " | decided by a stand-in effect |",
             "|---|---|" + "---|" * (len(ENDS) + 1)]
    for setting in tally.games:
        n = tally.games[setting]
        cells = [f"{tally.ends[setting, e]}" for e in ENDS]
        stand = sum(tally.decided[setting, c] for c in STAND_IN_EFFECTS)
        lines.append(f"| {setting} | {n} | " + " | ".join(cells) + f" | {stand} |")
    lines.append("")
    decided = Counter()
    for (_, card), n in tally.decided.items():
        decided[card] += n
    lines.append("decided by: " + ", ".join(f"{k} {v}" for k, v in decided.most_common()))
    lines.append("")
    lines.append("reached: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.reached.items())))
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(measure()))
