"""`yijing export`: game records to event logs (JSON lines of table events) and back
(docs/events.md).

``--events FILE`` reads records (one, a JSON list, or the JSON lines ``simulate
--records every:N --out FILE`` writes) and writes their event log, the full
stream or one seat's (``--seat``); ``--record FILE`` reads a full stream and
writes its records as JSON lines, one per game. A record that does not replay,
or a log that is not what its records replay to, is refused (exit status 1)
with the first bad move or event; a file that is not records or a log is a
usage error (status 2).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..errors import IllegalMove, RecordError
from ..events import EventLogError, EventMismatchError, dumps, from_record, loads, to_records
from .errors import EXIT_INVALID, UsageError
from .parsing import count
from .records import chosen_record, load_records


def add_export_command(sub: Any) -> None:
    e = sub.add_parser(
        "export",
        help="write a record's event log (JSON lines), or an event log's records",
        description="Convert game records to event logs, JSON lines of table events "
        "(docs/events.md), or a full event log back to its records.",
    )
    what = e.add_mutually_exclusive_group(required=True)
    what.add_argument(
        "--events",
        metavar="RECORDS",
        help="write the event log of the records in RECORDS: a record, a JSON list, or JSON "
        "lines (simulate --records ... --out)",
    )
    what.add_argument(
        "--record",
        metavar="EVENTS",
        help="write the records of the full event log EVENTS (JSON lines), one JSON line per game",
    )
    e.add_argument(
        "--seat",
        type=count,
        default=None,
        metavar="S",
        help="with --events: what seat S saw at the table (its own concealed tiles only; no "
        "wall, no seed); such a log gives no record back (default: the full stream)",
    )
    e.add_argument(
        "--game",
        type=count,
        default=None,
        metavar="N",
        help="with --events: only the record whose game number is N (else the N-th, from 0), "
        "as `yijing replay --game` (default: every record of the file)",
    )
    e.add_argument(
        "-o",
        "--out",
        metavar="FILE",
        default=None,
        help="where to write (default: standard output)",
    )
    e.set_defaults(func=cmd_export)


def cmd_export(args: argparse.Namespace) -> int:
    if args.record is not None and (args.seat is not None or args.game is not None):
        raise UsageError("--seat and --game go with --events, not --record")
    try:
        text = _events_text(args) if args.events is not None else _records_text(args.record)
    except _RefusedError as exc:
        sys.stderr.write(f"yijing: error: {exc}; nothing written\n")
        return EXIT_INVALID
    _write(args.out, text)
    return 0


class _RefusedError(Exception):
    """Input that reads but does not replay (exit status 1, as ``validate``)."""


def _events_text(args: argparse.Namespace) -> str:
    if args.game is not None:
        records = [chosen_record(args.events, args.game)[0]]
    else:
        records = load_records(args.events)
    events: list[dict[str, Any]] = []
    for n, record in enumerate(records):
        label = f"record {n} of {args.events}" if len(records) > 1 else args.events
        if isinstance(record, dict) and "type" in record:
            raise UsageError(f"{label} is an event, not a record (an event log goes with --record)")
        try:
            events += from_record(record, args.seat)
        except (IllegalMove, RecordError) as exc:
            raise _RefusedError(_does_not_replay(label, exc)) from None
        except EventLogError as exc:
            raise UsageError(f"{label}: {exc}") from None
    return dumps(events)


def _records_text(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as f:
            events = loads(f.read())
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path} is not a UTF-8 text file of JSON lines") from None
    except EventLogError as exc:
        raise UsageError(f"{path} is not an event log: {exc} (records go with --events)") from None
    try:
        records = to_records(events)
    except (IllegalMove, RecordError) as exc:
        raise _RefusedError(_does_not_replay(f"the record of {path}", exc)) from None
    except EventMismatchError as exc:
        raise _RefusedError(f"{path}: {exc}") from None
    except EventLogError as exc:
        raise UsageError(f"{path} is not an event log it can read: {exc}") from None
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


def _does_not_replay(what: str, exc: IllegalMove | RecordError) -> str:
    move = f" at move {exc.index}" if exc.index is not None else ""
    return f"{what} does not replay{move}: {exc.code} ({exc.message})"


def _write(out: str | None, text: str) -> None:
    if out is None:
        sys.stdout.write(text)
        return
    try:
        with open(out, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        raise UsageError(f"cannot write {out}: {exc.strerror}") from None
