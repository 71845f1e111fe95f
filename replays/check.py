"""Re-run a recorded log and name the first step where it diverges or fails.

With the seed (a finished game's export, or an operator's), every record is re-decided from the
state before it with the same derived rng: the setup's shuffles, every draw and every automatic
consequence must come out exactly as recorded. Without the seed, the log is re-folded and the
recorded state hashes compared.
"""
from __future__ import annotations

import hashlib
import json
import traceback
from dataclasses import dataclass, field
from typing import Any

from engines.core import ALL, IllegalMove, canonical, deep_copy, derive_rng, get_engine, state_hash
from events.fold import fold, undo_reach
from events.records import mark, move_record, redact_record

SNAP_EVERY = 32   # records between the states kept for undo records to refold from
SNAPS_KEPT = 8


@dataclass
class Report:
    ok: bool
    steps: int = 0
    checked: str = ""          # "decided" (seed known) or "folded" (hashes only)
    step: int | None = None    # the first step that diverged or failed
    problem: str = ""          # what went wrong, in one sentence
    details: list[str] = field(default_factory=list)   # where: the paths that differ, a traceback
    state_before: Any = None
    notes: list[str] = field(default_factory=list)

    def text(self, state_lines: int = 40) -> str:
        if self.ok:
            return f"ok: {self.steps} records {self.checked} without divergence" + \
                "".join(f"\n{n}" for n in self.notes)
        out = [f"FAILED at step {self.step}: {self.problem}"] + [f"  {d}" for d in self.details]
        if self.state_before is not None:
            shown = json.dumps(self.state_before, indent=1, sort_keys=True).splitlines()
            out.append(f"state before step {self.step}"
                       + (f" (first {state_lines} of {len(shown)} lines):" if len(shown) > state_lines
                          else ":"))
            out += shown[:state_lines]
        return "\n".join(out)


def differences(a: Any, b: Any, path: str = "", limit: int = 20) -> list[str]:
    """Where two JSON values differ, as paths: `hands.1.2: "rally" -> "scout"`."""
    out: list[str] = []

    def walk(x, y, at):
        if len(out) >= limit:
            return
        if isinstance(x, dict) and isinstance(y, dict):
            for k in sorted(set(x) | set(y), key=str):
                where = f"{at}.{k}" if at else str(k)
                if k not in x:
                    out.append(f"{where}: (none) -> {canonical(y[k])[:80]}")
                elif k not in y:
                    out.append(f"{where}: {canonical(x[k])[:80]} -> (none)")
                else:
                    walk(x[k], y[k], where)
        elif isinstance(x, list) and isinstance(y, list) and len(x) == len(y):
            for i, (p, q) in enumerate(zip(x, y)):
                walk(p, q, f"{at}.{i}" if at else str(i))
        elif x != y:
            out.append(f"{at or '(the whole value)'}: {canonical(x)[:80]} -> {canonical(y)[:80]}")

    walk(a, b, path)
    return out


def engine_for(header: dict):
    engine = get_engine(header["engine"])
    if engine is None:
        return None, f"this server has no engine called {header['engine']!r}"
    if not engine.can_fold(header["engine_version"]):
        return None, (f"the log was recorded by {header['engine']} version {header['engine_version']}; "
                      f"this is version {engine.version}, which cannot replay it")
    return engine, ""


def check(header: dict, records: list[dict]) -> Report:
    engine, why = engine_for(header)
    if engine is None:
        return Report(False, step=1, problem=why)
    players, options, seed = header["players"], header["options"], header.get("seed")
    report = Report(True, len(records), "decided" if seed else "folded")
    if seed and hashlib.sha256(seed.encode()).hexdigest() != header["commitment"]:
        return Report(False, step=1, problem="the seed does not match the commitment published "
                                             "at creation")
    state = engine.initial(players, options)
    marks: list[dict] = []            # what undo reads of every record so far
    snaps: dict[int, object] = {0: None}  # a few recent states (None: the empty table)
    rescinded: set[int] = set()
    for i, record in enumerate(records):
        v = record["v"]
        if record.get("undo") is not None:
            problem = undo_problem(engine, state, marks, record)
            if problem:
                return _diverged(report, v, canonical(state), problem)
            rescinded.update(record["undo"])
            # the live state is refolded without the rescinded moves, from a state before them
            base = max(k for k in snaps if k < min(record["undo"]))
            state = deep_copy(snaps[base]) if snaps[base] is not None else None
            state = fold(engine, players, options,
                         [r for r in records[base:i] if r["v"] not in rescinded], state)
            for k in [k for k in snaps if k >= min(record["undo"])]:
                del snaps[k]
            marks.append(mark(record))
            continue
        before = canonical(state)
        try:
            if record["by"] != "system":
                derived = platform_marks(engine, state, record)
                recorded = {k: record.get(k) for k in derived}
                if derived != recorded:
                    return _diverged(report, v, before, "the record's public part or simultaneous "
                                     "mark is not what the engine makes of the move.",
                                     differences(recorded, derived))
            if seed:
                redone, drew = redo(engine, state, record, players, options, seed)
                if canonical(redone) != canonical(record["events"]):
                    after = {"recorded": _folded(engine, before, record["events"]),
                             "re-run": _folded(engine, before, redone)}
                    return _diverged(report, v, before, "re-running the move gives other events "
                                     "than recorded.",
                                     ["events (recorded -> re-run):"]
                                     + differences(record["events"], redone)
                                     + ["the state after it (recorded -> re-run):"]
                                     + differences(after["recorded"], after["re-run"]))
                if record["by"] != "system" and drew != bool(record.get("reveal")):
                    return _diverged(report, v, before, "the record's reveal mark is not what "
                                     "re-running the move gives (it drew from the rng: "
                                     f"{'yes' if drew else 'no'}).")
            for ev in record["events"]:
                state = engine.evolve(state, ev)
        except IllegalMove as e:
            return _diverged(report, v, before, f"the move is refused now ({e.code}): {e.reason}")
        except Exception as e:  # the point of `check`: name the step a bug breaks on
            return _diverged(report, v, before, f"the engine fails on it: {type(e).__name__}: {e}",
                             traceback.format_exc(limit=-3).splitlines())
        if "hash" in record and state_hash(state) != record["hash"]:
            return _diverged(report, v, before, "the state after this step differs from the "
                             "recorded hash (an engine that folds differently, or an edited log).")
        marks.append(mark(record))
        if v % SNAP_EVERY == 0:
            snaps[v] = deep_copy(state)
            for k in sorted(snaps)[1:-SNAPS_KEPT]:
                del snaps[k]
    if not seed:
        report.notes.append("no seed in the file (a running game's export): shuffles and draws "
                            "were not re-derived, only folded")
    return report


def undo_problem(engine, state, marks: list[dict], record: dict) -> str:
    """Why this undo record could not have been made, or "" if it could."""
    seat = record["by"]
    if engine.result(state) is not None:
        return "an undo after the end of the game"
    if seat not in engine.active(state):
        return f"seat {seat} takes moves back while it is not its turn"
    reach = undo_reach(reversed(marks), seat)
    if not reach or sorted(record["undo"]) not in (sorted(reach[:1]), sorted(reach)):
        return (f"seat {seat} takes back {record['undo']}, but could take back only "
                f"{sorted(reach[:1])} (a step) or {sorted(reach)} (back to the checkpoint)")
    return ""


def redo(engine, state, record, players, options, seed) -> tuple[list[dict], bool]:
    """The record's events re-derived from the seed, and whether the rng was drawn from."""
    rng = derive_rng(seed, record["v"])
    if record["by"] == "system":
        return engine.setup(players, options, rng), rng.drawn
    return engine.decide(state, record["by"], record["move"], rng), rng.drawn


def platform_marks(engine, state, record) -> dict:
    """What the platform derives of a move record from the state before it: the public part of
    the move and the simultaneous mark (DESIGN.md, "Secret by default")."""
    made = move_record(engine, state, record["v"], record["by"], record["move"], [], False, "")
    return {"public": made["public"], "simultaneous": made.get("simultaneous")}


def _folded(engine, before: str, events: list[dict]):
    state = json.loads(before)
    try:
        for ev in events:
            state = engine.evolve(state, deep_copy(ev))
    except Exception as e:  # an event the engine cannot fold is itself the difference
        return {"fails to fold": f"{type(e).__name__}: {e}"}
    return state


def _diverged(report: Report, step: int, before: str, problem: str,
              details: list[str] | None = None) -> Report:
    report.ok, report.step, report.problem = False, step, problem
    report.details = details or []
    report.state_before = json.loads(before)
    return report


def view_at(header: dict, records: list[dict], at: int, viewer: Any) -> dict:
    """Step `at` of a log as `viewer` sees it: the record and the state after it."""
    engine, why = engine_for(header)
    if engine is None:
        raise ValueError(why)
    if not 1 <= at <= len(records):
        raise ValueError(f"the log has steps 1 to {len(records)}")
    state = fold(engine, header["players"], header["options"], records[:at])
    rescinded_by = next((r["v"] for r in records[at:] if at in (r.get("undo") or ())), None)
    return {"at": at, "record": redact_record(records[at - 1], viewer),
            "undone_by": rescinded_by, "state": engine.view(state, viewer)}


__all__ = ["Report", "check", "view_at", "ALL"]
