"""The three generic secrecy checks on every registered engine, through a running service
(gunicorn workers on a real Redis): no hidden value in what a viewer receives of a record, no
re-roll by undo, and twin games that no other viewer can tell apart until the rules reveal."""
from __future__ import annotations

import pytest

from engines.core import ALL, registered
from engines.core.registry import BUILTIN
from tests.support.http import Http
from tests.support.secrets import compare_twins, find_hidden_choice, play_and_check
from tests.support.server import UNLIMITED_ENV, Server

OPERATOR = "operator-secret"

# the engines whose rules let a seat choose something the others do not see
HIDDEN_CHOICES = {
    "trickdraw": "a card played face down",
    "trok": "the three cards offered face down",
    "tekhenu": "the Decree kept",
    "imperial-steam": "the blind bid",
}


@pytest.fixture(scope="module")
def http(tmp_path_factory):
    with Server(tmp_path_factory.mktemp("secrets"), workers=2,
                env={"TABLEFOLD_ADMIN_TOKEN": OPERATOR, **UNLIMITED_ENV}) as server:
        yield Http(server.base)


def every_player_count():
    for name in BUILTIN:
        engine = registered()[name]
        for players in range(engine.min_players, engine.max_players + 1):
            yield pytest.param(name, players, id=f"{name}-{players}p")


@pytest.mark.parametrize("name,players", list(every_player_count()))
def test_no_record_shows_a_viewer_what_it_hides_and_undo_never_rerolls(http, name, players):
    counts = play_and_check(http, name, players, {}, f"secrets-{name}-{players}", OPERATOR)
    assert counts["moves"] > 0 and counts["records_checked"] >= counts["moves"] + counts["redone"]


def twin_cases():
    for name in BUILTIN:
        engine = registered()[name]
        lo, hi = engine.min_players, engine.max_players
        # the fewest seats, one more (a step that others still await), and the most
        counts = sorted({lo, min(lo + 1, hi), hi}) if name in HIDDEN_CHOICES else [lo]
        for players in counts:
            yield pytest.param(name, players, id=f"{name}-{players}p")


@pytest.mark.parametrize("name,players", list(twin_cases()))
def test_twin_games_look_alike_to_everyone_else_until_the_rules_reveal(http, name, players):
    engine = registered()[name]
    seed = f"twins-{name}-{players}"
    choice = find_hidden_choice(engine, players, {}, seed)
    if name not in HIDDEN_CHOICES:
        assert choice is None, f"{name} has a hidden choice the test does not know: {choice}"
        return
    assert choice is not None, f"no {HIDDEN_CHOICES[name]} found in a game of {name}"
    compared = compare_twins(http, engine, players, {}, seed, OPERATOR, choice)
    assert compared["steps"] >= 1 and compared["requests"] > 20, compared


# --- the two leaks that started this, as regressions ----------------------------------------------
def face_down_play(table):
    """Seat to move in a fresh Trickdraw game plays its first card face down."""
    seat = table.view()["awaited"][0]
    hand = table.view(seat)["state"]["hand"]
    answer = table.move(seat, {"type": "play", "card": hand[0], "face": "down"})
    assert answer.status == 200, answer.body
    return seat, hand[0], answer.json()["recorded_at"]


def test_a_card_played_face_down_is_named_to_its_owner_only(http):
    from tests.support.secrets import new_table
    table = new_table(http, "trickdraw", 3, {}, "face-down", OPERATOR)
    seat, card, v = face_down_play(table)
    for viewer in (s for s in (0, 1, 2, None) if s != seat):
        for record in (table.records(viewer, v)[0],
                       http.get(f"/games/{table.gid}/replay?at={v}", table.token(viewer)).json()["record"],
                       table.stream_records(viewer, v)[-1]):
            assert record["move"] == {"type": "play", "face": "down"}
            assert card not in str(record)
    assert table.records(seat, v)[0]["move"] == {"type": "play", "card": card, "face": "down"}


def test_a_move_that_rolls_dice_or_shows_destiny_cannot_be_undone_for_another_roll(http):
    from engines.core import derive_rng, sample_move
    from tests.support.secrets import new_table
    table = new_table(http, "tekhenu", 2, {}, "reroll", OPERATOR)
    rng = derive_rng("reroll", 0, "client")
    found = set()
    while len(found) < 2 and table.view()["result"] is None:
        seat = rng.choice(table.view()["awaited"])
        view = table.view(seat)
        answer = table.move(seat, sample_move(view["legal_moves"], rng))
        assert answer.status == 200, answer.body
        made = answer.json()
        record = table.records(ALL, made["recorded_at"])[0]
        rolled = {ev["type"] for ev in record["events"]} & {"dice_rolled", "destiny_shown"}
        if rolled and record["by"] == seat:
            found |= rolled
            assert record["reveal"] is True and made["undo"]["versions"] == []
            undo = http.post(f"/games/{table.gid}/undo", {"to": "step"}, table.tokens[seat])
            assert undo.status == 422, undo.body
            assert table.records(ALL, made["recorded_at"]) == [record]  # the roll stands
    assert found == {"dice_rolled", "destiny_shown"}
