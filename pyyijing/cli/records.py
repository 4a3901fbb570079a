"""Reading game records for ``replay`` and ``validate``, whatever their game."""

from __future__ import annotations

import json
import sys
from typing import Any

from .errors import UsageError


def load_records(path: str) -> list[dict[str, Any]]:
    """The records of `path`: JSON lines, a JSON list, or one record (UsageError if not)."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise UsageError(
            f"{path} is not a text file of JSON records (byte 0x{exc.object[exc.start]:02x} "
            f"at offset {exc.start} is not UTF-8)"
        ) from None
    stripped = text.strip()
    if not stripped:
        raise UsageError(f"{path} holds no records")
    try:
        if stripped.startswith("[") or (stripped.startswith("{") and "\n" not in stripped):
            data = json.loads(stripped)
            return data if isinstance(data, list) else [data]
        try:
            return [json.loads(stripped)]
        except json.JSONDecodeError:
            return [json.loads(line) for line in stripped.splitlines() if line.strip()]
    except json.JSONDecodeError as exc:
        raise UsageError(
            f"{path} is not JSON or JSON lines: {exc.msg} (line {exc.lineno})"
        ) from None


def game_number(record: Any) -> int | None:
    """A sampled record's game number: "index", else an int "game" (files without "index")."""
    if not isinstance(record, dict):
        return None
    for key in ("index", "game"):
        value = record.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def _which_shown(path: str, numbers: list[int | None]) -> str:
    """The note that a file of many records was given without --game: which one is shown."""
    if all(n is not None for n in numbers):
        games = [n for n in numbers if n is not None]
        shown = ", ".join(map(str, games[:5])) + (", ..." if len(games) > 5 else "")
        return (
            f"{path} holds {len(games)} records (games {shown}); showing the first, game "
            f"{games[0]}: choose one with --game N"
        )
    return (
        f"{path} holds {len(numbers)} records; showing the first: choose one with --game N "
        f"(0 to {len(numbers) - 1})"
    )


def chosen_record(path: str, game: int | None) -> tuple[Any, int]:
    """``replay``'s record of `path`: game number `game` (None: the first record,
    with a note on stderr when there are more), and its game number."""
    records = load_records(path)
    numbers = [game_number(r) for r in records]
    if game is None:  # the first record, whatever its number
        if len(records) > 1:
            sys.stderr.write(f"yijing: {_which_shown(path, numbers)}\n")
        game = numbers[0] if numbers[0] is not None else 0
        chosen = records[:1]
    else:
        chosen = [r for r, n in zip(records, numbers, strict=True) if n == game]
    if not chosen:
        if any(n is not None for n in numbers):
            games = sorted(n for n in numbers if n is not None)
            shown = ", ".join(map(str, games[:10])) + (" ..." if len(games) > 10 else "")
            raise UsageError(f"no game {game} in {path}; games: {shown}")
        if game >= len(records):
            raise UsageError(f"{path} has {len(records)} records; no game {game}")
        chosen = [records[game]]
    return chosen[0], game
