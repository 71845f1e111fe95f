"""`tablefold replay check FILE` and `tablefold replay show FILE --at N --as SEAT`."""
from __future__ import annotations

import json
import sys

from engines.core import ALL
from replays import logfile
from replays.check import check, view_at


def read(path: str):
    try:
        with open(path, encoding="utf-8") as f:
            return logfile.parse(f.read())
    except OSError as e:
        sys.exit(f"cannot read {path}: {e.strerror}")
    except logfile.BadLog as e:
        sys.exit(f"{path}: not a tablefold log: {e}")


def run_check(args) -> int:
    header, records = read(args.file)
    report = check(header, records)
    print(report.text())
    return 0 if report.ok else 1


def run_show(args) -> int:
    header, records = read(args.file)
    side = args.side
    viewer = ALL if side == "all" else (None if side == "spectator" else int(side))
    try:
        step = view_at(header, records, args.at, viewer)
    except ValueError as e:
        sys.exit(str(e))
    print(json.dumps(step, indent=2, sort_keys=True, ensure_ascii=False))
    return 0


def add_commands(sub) -> None:
    replay = sub.add_parser("replay", help="check or show an exported game log")
    rsub = replay.add_subparsers(dest="replay_command", required=True)
    c = rsub.add_parser("check", help="re-run the log; name the first step that diverges")
    c.add_argument("file")
    c.set_defaults(func=run_check)
    s = rsub.add_parser("show", help="print one step's record and view")
    s.add_argument("file")
    s.add_argument("--at", type=int, required=True, help="the step (record number)")
    s.add_argument("--as", dest="side", default="all",
                   help="a seat number, 'spectator', or 'all' (default)")
    s.set_defaults(func=run_show)
