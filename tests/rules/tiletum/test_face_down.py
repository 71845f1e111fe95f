"""The replacement Character stays face down until revealed (rules page, "Playing on BGA" and
implementation notes): taking a Character draws nothing, so the turn can still be restarted; the
free `reveal` move turns it up (a draw, so a checkpoint for undo), the end of the turn turns it
up anyway, and a face-down slot cannot be taken before it is revealed."""
import pytest

from engines.core import IllegalMove, derive_rng
from events.records import checkpoint_for, move_record
from engines.tiletum import engine
from tests.rules.tiletum.helpers import legal, of_type, play, table, turn


def after_taking(slot=2, ap=3):
    s = table()
    turn(s, 0, stage="action", action="character", ap=ap)
    return play(s, 0, {"type": "take_character", "slot": slot})


def test_taking_a_character_leaves_its_slot_face_down_and_draws_nothing():
    s = table()
    turn(s, 0, stage="action", action="character", ap=3)
    rng = derive_rng("face-down", 1)
    events = engine.decide(s, 0, {"type": "take_character", "slot": 2}, rng)
    assert not rng.drawn and not any(e.get("reveal") for e in events)
    record = move_record(engine, s, 2, 0, {"type": "take_character", "slot": 2}, events, rng.drawn, "t")
    assert not checkpoint_for(record, 0)  # the turn can still be restarted
    new, _ = play(s, 0, {"type": "take_character", "slot": 2})
    assert new["characters"]["face_down"] == [2] and new["characters"]["offer"][2] is None


def test_a_face_down_slot_cannot_be_taken_until_revealed():
    s1, _ = after_taking()
    with pytest.raises(IllegalMove) as e:
        play(s1, 0, {"type": "take_character", "slot": 2})
    assert e.value.code == "face_down"
    assert {"type": "take_character", "slot": 2} not in legal(s1, 0)
    assert {"type": "reveal"} in legal(s1, 0)
    s2, events = play(s1, 0, {"type": "reveal"})
    drawn = of_type(events, "characters_drawn")[0]
    assert drawn["reveal"] and drawn["slots"] == [2]
    assert s2["characters"]["offer"][2] == drawn["tiles"][0] and s2["characters"]["face_down"] == []
    assert s2["turn"]["ap"] == s1["turn"]["ap"]  # revealing costs nothing
    assert {"type": "take_character", "slot": 2} in legal(s2, 0)


def test_the_reveal_is_a_checkpoint_for_undo():
    s1, _ = after_taking()
    rng = derive_rng("reveal", 1)
    events = engine.decide(s1, 0, {"type": "reveal"}, rng)
    record = move_record(engine, s1, 3, 0, {"type": "reveal"}, events, rng.drawn, "t")
    assert checkpoint_for(record, 0)


def test_nothing_to_reveal_is_refused():
    s = table()
    turn(s, 0, stage="action", action="character", ap=3)
    with pytest.raises(IllegalMove) as e:
        play(s, 0, {"type": "reveal"})
    assert e.value.code == "nothing_face_down"
    assert {"type": "reveal"} not in legal(s, 0)


def test_the_end_of_the_turn_turns_face_down_characters_up():
    s1, _ = after_taking(slot=0)
    s2, _ = play(s1, 0, {"type": "take_character", "slot": 4})
    s2["turn"]["ap"] = 0
    s3, events = play(s2, 0, {"type": "end"})
    drawn = of_type(events, "characters_drawn")[0]
    assert drawn["slots"] == [0, 4] and drawn["reveal"]
    assert [e["type"] for e in events].index("turn_ended") < [e["type"] for e in events].index("characters_drawn")
    assert s3["characters"]["face_down"] == [] and None not in s3["characters"]["offer"]


def test_a_refresh_fills_the_face_down_slots_too():
    s1, _ = after_taking(slot=1)
    s2, events = play(s1, 0, {"type": "refresh"})
    assert of_type(events, "characters_drawn")[0]["slots"] == [0, 1, 2, 3, 4]
    assert s2["characters"]["face_down"] == [] and None not in s2["characters"]["offer"]
