"""The stand-in component data keeps what the rules page implies (docs/games/barcelona.md,
"Game length"): as many open Citizen-track spaces per player at every player count, a bag that
cannot run dry before the tracks end the game, the city the eleven Action tiles imply, and the
18 Modernisme tiles of the catalogue."""
from engines.barcelona import city
from engines.barcelona.data import (ACTIONS, BAG, COVERED, SECTION_SPACES, SECTIONS, STAND_IN,
                                    TRACK_VP)
from tests.rules.barcelona.helpers import fresh


def open_spaces(players):
    return SECTION_SPACES - len(COVERED[players])


def test_marked_as_stand_in():
    assert STAND_IN is True


def test_covered_spaces_keep_the_spaces_per_player_equal():
    assert {p: open_spaces(p) / p for p in (2, 3, 4)} == {2: 2.0, 3: 2.0, 4: 2.0}
    for players in (2, 3, 4):  # and the scoring spaces are never covered
        row = fresh(players)["tracks"]["upper"]
        assert all(row[(k + 1) * SECTION_SPACES - 1] is None for k in range(SECTIONS))


def test_bag_cannot_run_dry_before_a_row_fills():
    """With the bag and every hand empty, each Citizen is on a crossing (two at most there) or
    on a track; the rest must force one row full: 3 x (row - 1) + 1 spaces."""
    row = SECTIONS * open_spaces(4)
    assert sum(BAG.values()) - 2 * len(city.CROSSINGS) >= 3 * (row - 1) + 1


def test_track_vp_rise_along_the_row():
    assert len(TRACK_VP) == SECTIONS * SECTION_SPACES
    assert TRACK_VP == sorted(TRACK_VP) and TRACK_VP[0] == 1


def test_the_city_has_a_street_for_each_action_tile():
    """Eleven Action tiles, one per street: five columns, five rows and the Diagonal, so 5 x 5
    crossings around 16 blocks, the four on the Diagonal cut into Corner triangles."""
    assert len(city.STREET_SPACES) == len(ACTIONS) == 11
    blocks = {tuple(v["block"]) for v in city.BUILDING_SPACES.values()}
    assert len(blocks) == 16
    assert sum(1 for v in city.BUILDING_SPACES.values() if v["kind"] == "corner") == 8
