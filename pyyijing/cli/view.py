"""`yijing view FILE`: one self-contained HTML page of a recorded game (docs/viewer.md).

FILE is a record (``yj.Game.record()`` as JSON), a JSON list or JSON lines of
records (``simulate --records``), or a full event log (docs/events.md), read
back to its records by `pyyijing.events.to_records`. The page is written from
the engine's replay; a record (or a log) that does not replay is refused with
its first illegal move and reason code, or the log's first event that differs
(exit status 1, as ``validate``).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from ..errors import IllegalMove, RecordError
from ..events import SEAT, EventLogError, EventMismatchError, to_records
from ..viewer import InvalidRecordError, Perspective, page_data, page_html
from .errors import EXIT_INVALID, UsageError
from .parsing import count
from .records import chosen_record, game_number, load_records

RECORD_FORMAT = "pyyijing.record"


def add_view_command(sub: Any) -> None:
    v = sub.add_parser(
        "view",
        help="write an HTML page to step through a recorded game",
        description="Write one self-contained HTML page (no network; it works from file://) "
        "that steps through a recorded game as the engine replays it: the table, the moves, "
        "the waits and the result (docs/viewer.md).",
    )
    v.add_argument(
        "file",
        metavar="FILE",
        help="a record (yj.Game.record() as JSON), a JSON list or JSON lines of records "
        "(simulate --records), or an event log",
    )
    v.add_argument(
        "--game",
        type=count,
        default=None,
        metavar="N",
        help="the game to show: the record whose game number is N, else the N-th record "
        "from 0, as `yijing replay --game` (default: the first)",
    )
    v.add_argument(
        "--seat",
        default=None,
        metavar="S",
        help="show what seat S saw (its own concealed tiles only), or 'observer' for a "
        "spectator's view (default: everything, every seat's tiles)",
    )
    v.add_argument(
        "-o",
        "--out",
        metavar="PAGE",
        default=None,
        help="the page to write (default: FILE with .html for its extension)",
    )
    v.set_defaults(func=cmd_view)


def cmd_view(args: argparse.Namespace) -> int:
    try:
        perspective = Perspective.parse(args.seat)
    except ValueError as exc:
        raise UsageError(f"--seat: {exc}") from None
    try:
        record = _chosen(args.file, args.game)
    except _RefusedLogError as exc:
        sys.stderr.write(f"yijing: error: {exc}; no page written\n")
        return EXIT_INVALID
    try:
        data = page_data(record, perspective)
    except InvalidRecordError as exc:
        where = f"at move {exc.index} {exc.move!r}" if exc.index is not None else ""
        sys.stderr.write(
            f"yijing: error: the record does not replay{' ' + where if where else ''}: "
            f"{exc.code} ({exc.message}); no page written\n"
        )
        return EXIT_INVALID
    except ValueError as exc:  # a seat the game does not have
        raise UsageError(str(exc)) from None
    out = args.out or default_page_path(args.file, args.game, args.seat)
    try:
        with open(out, "w", encoding="utf-8") as f:
            f.write(page_html(data))
    except OSError as exc:
        raise UsageError(f"cannot write {out}: {exc.strerror}") from None
    print(out)
    return 0


def default_page_path(source: str, game: int | None, seat: str | None) -> str:
    stem = os.path.splitext(source)[0]
    if game is not None:
        stem += f"-game{game}"
    if seat is not None:
        stem += f"-{seat if seat == 'observer' else 'seat' + seat}"
    return stem + ".html"


def _chosen(path: str, game: int | None) -> Any:
    """The record to show: a record of the file, or one its event log describes."""
    objects = load_records(path)
    if any(isinstance(o, dict) and o.get("format") == RECORD_FORMAT for o in objects):
        record, _ = chosen_record(path, game)
        return record
    if not any(isinstance(o, dict) and "type" in o for o in objects):
        raise UsageError(
            f'{path} holds no game record (no object with "format": {RECORD_FORMAT!r}) and '
            'no event log (no object with a "type")'
        )
    return _pick(path, _from_event_log(path, objects), game)


class _RefusedLogError(Exception):
    """An event log that reads but does not replay (exit status 1, as ``validate``)."""


def _from_event_log(path: str, events: list[Any]) -> list[Any]:
    """The records a full event log describes (`pyyijing.events.to_records`, which
    replays each): one seat's stream has no record to give."""
    seat_streams = [
        e
        for e in events
        if isinstance(e, dict) and e.get("type") == "start_game" and e.get("stream") == SEAT
    ]
    if seat_streams:
        raise UsageError(
            f"{path} is seat {seat_streams[0].get('seat')!r}'s event stream: it lacks the "
            "other seats' tiles, so it gives no record back to show; view the full stream "
            "(yijing export --events RECORDS), or the record with --seat S"
        )
    try:
        return to_records(events)
    except (IllegalMove, RecordError) as exc:
        move = f" at move {exc.index}" if exc.index is not None else ""
        raise _RefusedLogError(
            f"the record of {path} does not replay{move}: {exc.code} ({exc.message})"
        ) from None
    except EventMismatchError as exc:
        raise _RefusedLogError(f"{path}: {exc}") from None
    except EventLogError as exc:
        raise UsageError(f"{path} is not an event log it can read: {exc}") from None


def _pick(path: str, records: list[Any], game: int | None) -> Any:
    """Game number `game` of an event log's records, chosen as ``chosen_record`` chooses
    among a file's records: the record whose game number is N, else the N-th."""
    if game is None:
        if len(records) > 1:
            sys.stderr.write(
                f"yijing: {path} describes {len(records)} games; showing the first: choose "
                "one with --game N\n"
            )
        return records[0]
    numbered = [r for r in records if game_number(r) == game]
    if numbered:
        return numbered[0]
    if any(game_number(r) is not None for r in records) or game >= len(records):
        raise UsageError(f"{path} describes {len(records)} game(s); no game {game}")
    return records[game]
