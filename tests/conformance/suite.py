"""The conformance and secrecy checks every registered engine must pass (OpenSpiel-style).

Kept apart from the test module so that a test can show the checks catch a broken engine.
"""
from __future__ import annotations

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
    for viewer in viewers:
        assert roundtrips(engine.view(state, viewer)), f"view for {viewer} is not plain JSON"
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
