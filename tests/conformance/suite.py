"""The conformance and secrecy checks every registered engine must pass (OpenSpiel-style).

Kept apart from the test module so that a test can show the checks catch a broken engine.
"""
from __future__ import annotations

import copy
import json
from itertools import product

from marshmallow import fields, validate

from engines.core import ALL, IllegalMove, canonical, derive_rng, expand, sample_move
from engines.core.options import count_moves
from engines.core.secrecy import resample


def option_sets(engine) -> list[dict]:
    """Every combination of the engine's boolean and enumerated options; others at default."""
    schema = engine.options_schema()
    choices = {}
    for name, field in schema.fields.items():
        if isinstance(field, fields.Boolean):
            choices[field.data_key or name] = [False, True]
        else:
            for v in field.validators if hasattr(field, "validators") else []:
                if isinstance(v, validate.OneOf):
                    choices[field.data_key or name] = list(v.choices)
    names = sorted(choices)
    return [engine.load_options(dict(zip(names, combo)))
            for combo in product(*(choices[n] for n in names))] or [engine.load_options({})]


def roundtrips(value) -> bool:
    return json.loads(json.dumps(value)) == value


def garbage_moves(engine, rng) -> list:
    types = list(engine.moves_schema) + ["", "no-such-move"]
    junk = [None, -1, 10**12, "x", "", [], [None], {}, {"a": 1}, True, 1.5, [1, 2], [[0, 0]]]
    # decide always receives a JSON object (the service refuses anything else with 400)
    moves: list = [{}, {"type": None}, {"type": 3}, {"type": ["x"]}]
    for t in types:
        move = {"type": t}
        for key in ("cards", "card", "cell", "n", "lot", "amount", "id", "ids", "seat", "choice"):
            if rng.randbelow(2):
                move[key] = junk[rng.randbelow(len(junk))]
        moves.append(move)
    return moves


def probe(engine, state, seat, move, rng_seed) -> tuple:
    """What `seat` learns from sending `move`: the refusal, or the events as it would see them."""
    from engines.core import redact_event
    try:
        events = engine.decide(state, seat, move, derive_rng(rng_seed, 7))
    except IllegalMove as e:
        return ("illegal", e.code, e.reason)
    if any(ev.get("reveal") for ev in events):
        return ("accepted-with-reveal",)
    return ("accepted", canonical([redact_event(ev, seat) for ev in events]))


def some_moves(options, rng, samples: int) -> list[dict]:
    """All the moves the options stand for when they are few, else a random sample."""
    if count_moves(options) <= 24:
        return [m for o in options for m in expand(o)]
    return [sample_move(options, rng) for _ in range(samples)] if options else []


def logged(engine, state, mover, move, viewer, rng_seed):
    """The events of `mover`'s move up to its first reveal, as `viewer` would read them in the
    log, or None when the move is not legal in `state`."""
    from engines.core import redact_event
    try:
        events = engine.decide(state, mover, move, derive_rng(rng_seed, 7))
    except IllegalMove:
        return None
    shown = []
    for ev in events:
        if ev.get("reveal"):
            break  # what follows a reveal may build on what it showed
        shown.append(redact_event(ev, viewer))
    return canonical(shown)


def check_position(engine, players, state, rng, seed: str) -> None:
    """Everything the suite asserts about one position of a running game."""
    assert roundtrips(state), "state does not survive a JSON round trip"
    viewers = list(range(players)) + [None, ALL]
    unread = canonical(state)
    for viewer in viewers:
        assert roundtrips(engine.view(state, viewer)), f"view for {viewer} is not plain JSON"
        engine.legal_moves(state, viewer if isinstance(viewer, int) else 0)
        engine.active(state), engine.awaited(state), engine.result(state)
    # a worker shares one cached state among all its requests: reading must never change it
    assert canonical(state) == unread, "view, legal_moves, active, awaited or result changed the state"
    active, awaited = engine.active(state), engine.awaited(state)
    assert set(awaited) <= set(active), "an awaited seat must be active"
    before = canonical(state)
    for seat in range(players):
        options = engine.legal_moves(state, seat)
        assert roundtrips(options)
        if seat not in active:
            assert options == [], f"seat {seat} is not active but has legal moves"
            continue
        # every listed legal move is accepted (a sample of them when there are many)
        moves = list(expand(options[0])) if count_moves(options[:1]) <= 4 else []
        moves += [sample_move(options, rng) for _ in range(3)] if options else []
        for move in moves:
            try:
                events = engine.decide(state, seat, move, derive_rng(seed, 99))
            except IllegalMove as e:
                raise AssertionError(f"listed legal move {move} refused: {e.code}: {e.reason}")
            assert roundtrips(events), "events are not plain JSON"
    for move in garbage_moves(engine, rng):
        for seat in range(players):
            try:
                engine.decide(state, seat, move, derive_rng(seed, 98))
            except IllegalMove:
                pass
    assert canonical(state) == before, "decide changed the state it was given"


def check_secrecy(engine, players, state, rng, seed: str, redeals: int = 3) -> None:
    """Redeal what each seat cannot see: its view, legal moves and the answers to its moves stay
    the same."""
    for seat in [s for s in range(players) for _ in range(redeals)]:
        other = resample(engine, state, seat, rng)
        assert engine.view(other, seat) == engine.view(state, seat), \
            f"seat {seat}'s view depends on what it cannot see"
        assert engine.legal_moves(other, seat) == engine.legal_moves(state, seat), \
            f"seat {seat}'s legal moves depend on what it cannot see"
        probes = garbage_moves(engine, rng)[:12]
        for s in range(players):  # every seat's legal moves, sent by this seat too
            probes += some_moves(engine.legal_moves(state, s), rng, 8)
        for move in probes:
            assert probe(engine, other, seat, move, seed) == probe(engine, state, seat, move, seed), \
                f"seat {seat} learns something hidden from the answer to {move}"
        # what the log shows this seat of the others' moves, up to a reveal, must be the same
        # whatever this seat cannot see
        for mover in range(players):
            if mover == seat:
                continue
            for move in some_moves(engine.legal_moves(state, mover), rng, 4):
                seen = [logged(engine, s, mover, move, seat, seed) for s in (state, other)]
                if None not in seen:
                    assert seen[0] == seen[1], \
                        f"seat {seat} learns something hidden from seat {mover}'s move {move}"


def check_result(engine, players, state) -> None:
    result = engine.result(state)
    assert result is not None and roundtrips(result)
    ranking = result["ranking"]
    assert sorted(r["seat"] for r in ranking) == list(range(players)), "ranking misses a seat"
    ranks = [r["rank"] for r in ranking]
    assert ranks[0] == 1 and all(b in (a, i + 1) for i, (a, b) in enumerate(zip(ranks, ranks[1:]), 1)), \
        f"ranks {ranks} are not a standard competition ranking"
    assert engine.active(state) == [] and engine.awaited(state) == []
    for seat in range(players):
        assert engine.legal_moves(state, seat) == []


# --- what a record shows each viewer (DESIGN.md, "Checked by construction") ---------------------
def hidden_values(record, viewer) -> list:
    """The values of the record's event fields that their visibility hides from `viewer`."""
    out = []
    for ev in record.get("events", ()):
        for name, seats in (ev.get("vis") or {}).items():
            if viewer not in seats:
                out.append(ev[name])
    return out


def nodes(value):
    """Every value inside a JSON value, itself included."""
    yield value
    if isinstance(value, dict):
        for v in value.values():
            yield from nodes(v)
    elif isinstance(value, list):
        for v in value:
            yield from nodes(v)


def leaves(value) -> list:
    return [n for n in nodes(value) if not isinstance(n, (dict, list))]


def record_leaks(record, viewer, seen) -> list[str]:
    """What `seen` (the record as served to `viewer`) shows of values hidden from `viewer`.

    The events' visibility is the truth. The other fields are the platform's own (version, actor,
    time) but for the move body, which the engine declares public: it may show a hidden value, or
    any item of one, only where an event field the viewer may see shows it too (a card played in
    the open and then dealt again in secret)."""
    shown = {canonical(n) for ev in seen["events"] for n in nodes(ev)}
    elsewhere = {canonical(n) for n in nodes(seen.get("move"))}
    found = []
    for value in hidden_values(record, viewer):
        for item in [value] + leaves(value):
            text = canonical(item)
            if item is not None and not isinstance(item, bool) and text in elsewhere \
                    and text not in shown:
                found.append(f"hidden {text} appears in the move body {canonical(seen['move'])}")
    return found


def check_record_secrecy(engine, players, state, seat, move, events, rng) -> None:
    """The record the platform makes of this move hides from every other viewer what its events
    hide from them."""
    from events.records import move_record, redact_record
    record = move_record(engine, state, 2, seat, move, events, rng.drawn, "t")
    for viewer in [s for s in range(players) if s != seat] + [None]:
        leaks = record_leaks(record, viewer, redact_record(record, viewer))
        assert not leaks, f"viewer {viewer} of seat {seat}'s {move}: {leaks[0]}"


def check_undo_redo(engine, state, seat, move, events, rng, seed: str, version: int) -> None:
    """A move its seat could take back at once, made again after the undo (two versions later),
    gives the same events: no re-roll, no re-draw."""
    from events.records import checkpoint_for, move_record
    record = move_record(engine, state, version, seat, move, events, rng.drawn, "t")
    after = copy.deepcopy(state)
    for ev in events:
        after = engine.evolve(after, ev)
    if checkpoint_for(record, seat) or seat not in engine.active(after) or engine.result(after):
        return  # not undoable: a reveal, another actor's part, or the turn has passed
    again = engine.decide(state, seat, move, derive_rng(seed, version + 2))
    assert canonical(again) == canonical(events), \
        f"seat {seat}'s {move} undone and made again gives other events"
