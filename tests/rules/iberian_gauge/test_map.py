"""The board: the reconstructed map loads whole and hangs together."""
import json

from engines.iberian_gauge import board as bd


def test_the_map_has_276_hexes_7_major_cities_and_22_urban_hexes():
    assert len(bd.HEXES) == 276
    assert len(bd.MAJOR_CITIES) == 7 and len(bd.URBAN) == 22
    counts = {t: sum(h["terrain"] == t for h in bd.HEXES.values()) for t in
              ("easy", "difficult", "urban", "major_city")}
    assert counts == json.loads(bd.MAP_FILE.read_text())["terrain_counts"]
    assert sum(counts.values()) == 276


def test_every_hex_is_connected_to_every_other():
    assert bd.connected(bd.HEXES)
    assert not bd.connected(["10,14", "0,22"])  # the check itself can fail


def test_cities_are_named_and_terrain_is_not():
    names = [bd.HEXES[h]["name"] for h in bd.MAJOR_CITIES]
    assert names == ["Vigo", "Zaragoza", "Barcelona", "Madrid", "Valencia", "Lisbon", "Seville"]
    assert all(bd.HEXES[h]["name"] for h in bd.URBAN)
    assert len({bd.HEXES[h]["name"] for h in bd.URBAN + bd.MAJOR_CITIES}) == 29
    assert all(h["name"] is None for h in bd.HEXES.values()
               if h["terrain"] in ("easy", "difficult"))


def test_neighbours_are_the_six_doubled_height_offsets_and_symmetric():
    for k, ns in bd.NEIGHBOURS.items():
        c, r = bd.coords(k)
        assert (c + r) % 2 == 0
        assert 1 <= len(ns) <= 6 and len(set(ns)) == len(ns)
        for n in ns:
            nc, nr = bd.coords(n)
            assert (abs(nc - c), abs(nr - r)) in ((0, 2), (1, 1))
            assert k in bd.NEIGHBOURS[n]
    assert sorted(bd.NEIGHBOURS["10,14"]) == sorted(["10,12", "10,16", "9,13", "9,15", "11,13", "11,15"])
