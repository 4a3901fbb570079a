"""Event logs as JSON lines: one event per line, UTF-8 (docs/events.md)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import IO, Any

from .errors import EventLogError


def dumps(events: Iterable[dict[str, Any]]) -> str:
    """The JSON lines of `events` (one compact object per line, ending in a newline)."""
    return "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in events)


def write(events: Iterable[dict[str, Any]], out: IO[str]) -> None:
    out.write(dumps(events))


def loads(text: str) -> list[dict[str, Any]]:
    """The events of JSON-lines `text` (blank lines skipped); EventLogError naming the
    line of the first one that is not a JSON object with a ``"type"``."""
    events: list[dict[str, Any]] = []
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            e = json.loads(line)
        except json.JSONDecodeError as exc:
            raise EventLogError(f"not JSON: {exc.msg} (column {exc.colno})", line=n) from None
        if not isinstance(e, dict):
            raise EventLogError(f"an event is a JSON object; got {type(e).__name__}", line=n)
        if not isinstance(e.get("type"), str):
            raise EventLogError('an event has a "type" string', line=n)
        events.append(e)
    if not events:
        raise EventLogError("the event log is empty")
    return events


def read(path: str) -> list[dict[str, Any]]:
    """The events of the JSON-lines file `path` (OSError if it cannot be read)."""
    with open(path, encoding="utf-8") as f:
        try:
            text = f.read()
        except UnicodeDecodeError as exc:
            raise EventLogError(f"{path} is not UTF-8 text (at byte {exc.start})") from None
    return loads(text)
