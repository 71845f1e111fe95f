"""Set Up, Two Player Set Up and 6 Players or More: the deck (two decks at 6+), the first player,
teams and their captains at 8-10 players, 2 cards each (Player Two gets 3 at two players), the
first player's turn."""
from __future__ import annotations

from engines.core import IllegalMove, event
from engines.core.piles import draw_from_names
from engines.core.table import Table
from engines.trickdraw import cards as tc
from engines.trickdraw import teams
from engines.trickdraw.turn import start_turn

FIRST_PLAYER = ("random", "seat_0")


def initial(players: int, options: dict | None) -> dict:
    options = options or {}
    return {
        "players": players,
        "target": options.get("target", tc.TARGET),
        "phase": "setup", "first": None, "turn": None, "played": False,
        "deck": tc.deck_for(players), "discard": [],
        "hands": [[] for _ in range(players)],
        "boards": [[] for _ in range(players)],
        "teams": None,
        "pending": [], "final": None,
    }


def first_player(players: int, options: dict, rng) -> int:
    """"Crack open your pack of HFB Cards and play a round to determine who plays first": the
    round is played at the table, not here. With `first_player: seat_0` the table seats the
    round's winner at seat 0; by default the first player is drawn, an even chance for all, as
    the round gives everyone one."""
    if options.get("first_player") == "seat_0":
        return 0
    return rng.randbelow(players)


def set_up(t: Table, options: dict, rng) -> None:
    players = t.state["players"]
    first = first_player(players, options, rng)
    t.emit(event("first_player", {"seat": first, "how": options.get("first_player", "random")},
                 reveal=True))
    size = teams.team_size(players, options)
    if size:
        t.emit(event("teams_formed", {"teams": teams.form_teams(players, size)}))
    for seat, hand_size in enumerate(tc.hand_sizes(players, first)):
        hand = draw_from_names(t.state["deck"], hand_size, rng)
        t.emit(event("dealt", {"seat": seat, "count": hand_size},
                     private={"cards": ([seat], hand)}, reveal=True))
    if size:
        t.emit(event("choosing_captains"))
    else:
        start_turn(t, first, rng)


def choose_captain(t: Table, seat: int, captain, rng) -> None:
    """"Each team should choose a team captain": the team's member who plays first names one of
    its members (itself included); once every team has one, the first player's turn starts."""
    team = teams.team_of(t.state, seat)
    if captain not in team:
        raise IllegalMove("not_a_teammate", "Choose your captain among your own team: "
                                            + ", ".join(f"seat {s}" for s in team) + ".")
    t.emit(event("captain_chosen", {"team": teams.team_index(t.state, seat), "seat": captain,
                                    "chooser": seat}))
    if teams.choosing_captain(t.state) is None:
        start_turn(t, t.state["first"], rng)
