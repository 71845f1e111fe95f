"""The docs page names the stand-in component counts; they must be what data.py holds."""
import re
from collections import Counter
from pathlib import Path

from engines.tiletum import data as D

PAGE = (Path(__file__).resolve().parents[3] / "docs" / "games" / "tiletum.md").read_text()


def number(pattern):
    m = re.search(pattern, PAGE)
    assert m, f"the docs page no longer says {pattern!r}"
    return [int(g) for g in m.groups()]


def test_bonus_tiles_counted_on_the_docs_page_are_the_data():
    total, crests, helpers, plus, colour = number(
        r"the (\d+) Bonus tiles \((\d+) Crests in six families, (\d+) Action Helpers,\s+(\d+) \+AP "
        r"Helpers, (\d+) colour Helpers")
    kinds = Counter(t["kind"] for t in D.BONUS_TILES.values())
    assert total == len(D.BONUS_TILES) == crests + helpers + plus + colour
    assert kinds == {"crest": crests, "helper": helpers, "plus_ap": plus, "colour_helper": colour}


def test_other_tile_counts_on_the_docs_page_are_the_data():
    assert number(r"the (\d+) Characters") == [len(D.CHARACTERS)]
    assert number(r"the (\d+) Contracts") == [len(D.CONTRACTS)]
    assert number(r"the (\d+) Fair tiles") == [len(D.FAIR_TILES)]
