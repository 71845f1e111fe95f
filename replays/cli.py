"""`tablefold replay check FILE` and `tablefold replay show FILE --at N --as SEAT`."""
from __future__ import annotations

import json
import sys

# What the commands need is imported when they run: `tablefold serve` builds the same parser, and
# its process must not import redis-py before its gevent workers are forked.


def read(path: str):
    from replays import logfile
    try:
        with open(path, encoding="utf-8") as f:
            return logfile.parse(f.read())
    except OSError as e:
        sys.exit(f"cannot read {path}: {e.strerror}")
    except logfile.BadLog as e:
        sys.exit(f"{path}: not a tablefold log: {e}")


def run_check(args) -> int:
    from replays.check import check
    header, records = read(args.file)
    report = check(header, records)
    print(report.text())
    return 0 if report.ok else 1


def side_of(text: str, players: int):
    """The viewer `--as` names: a seat of the game, `spectator` or `all`; else a clear exit."""
    from engines.core import ALL
    if text == "all":
        return ALL
    if text == "spectator":
        return None
    if text.isascii() and text.isdigit() and int(text) < players:
        return int(text)
    sys.exit(f"--as {text!r}: choose a seat from 0 to {players - 1}, 'spectator' or 'all'")


def run_show(args) -> int:
    from replays.check import view_at
    header, records = read(args.file)
    viewer = side_of(args.side, header["players"])
    try:
        step = view_at(header, records, args.at, viewer)
    except ValueError as e:
        sys.exit(str(e))
    print(json.dumps(step, indent=2, sort_keys=True, ensure_ascii=False))
    return 0


def add_commands(sub) -> None:
    replay = sub.add_parser("replay", help="check or show an exported game log")
    rsub = replay.add_subparsers(dest="replay_command", required=True)
    c = rsub.add_parser("check", help="re-run the log; name the first step that diverges",
                        description="Re-run every record of an exported log (re-deciding it from "
                                    "the seed when the file has one) and name the first step that "
                                    "diverges, with the paths of the state that differ. Exit 1 "
                                    "if it diverges. A file whose name starts with '-': put -- "
                                    "before it.")
    c.add_argument("file", help="the exported log (JSON Lines)")
    c.set_defaults(func=run_check)
    s = rsub.add_parser("show", help="print one step's record and view",
                        description="Print step N of an exported log as one side saw it: its "
                                    "record and the view after it.")
    s.add_argument("file", help="the exported log (JSON Lines)")
    s.add_argument("--at", type=int, required=True, metavar="N", help="the step (record number)")
    s.add_argument("--as", dest="side", default="all", metavar="SIDE",
                   help="a seat number, 'spectator', or 'all' (default: all)")
    s.set_defaults(func=run_show)
