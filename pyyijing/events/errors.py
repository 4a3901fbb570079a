"""The error every reader and converter of event logs raises for input it cannot take."""

from __future__ import annotations


class EventLogError(ValueError):
    """An event log (or a record handed to the exporter) that cannot be read.

    ``line``: the 1-based line of a JSON-lines file where it went wrong, else None;
    ``index``: the 0-based position of the offending event in its list, else None.
    A record that does not replay raises the game's own `IllegalMove` / `RecordError`
    instead (with the first bad move's ``index`` and ``code``).
    """

    def __init__(self, message: str, *, line: int | None = None, index: int | None = None) -> None:
        where = (
            f"line {line}: "
            if line is not None
            else (f"event {index}: " if index is not None else "")
        )
        super().__init__(where + message)
        self.message = message
        self.line = line
        self.index = index


class EventMismatchError(EventLogError):
    """A log that reads but is not what its records replay to: an event differs from the
    one the engine's replay gives (``index``: the first such event)."""
