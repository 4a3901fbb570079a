"""The move text of every mahjong ruleset (docs/mahjong-engine.md "Moves"): reading
``s<seat>:<action>[=<value>]`` and writing a chow's tiles.

A move is any text from a user, so it is read here without trusting it; which
actions a ruleset plays is the engine's to check, not the reader's.
"""

from __future__ import annotations

from .tiles import CODE_IDS, FLOWER_BASE, SUITS

# Actions with a tile value (`open_kong` is Changsha's) and actions with no value
# (`opening`, `mid` and `haidi` are Changsha's).
TILE_ACTIONS = ("discard", "ready", "kong", "pung", "open_kong")
BARE_ACTIONS = ("win", "pass", "opening", "mid", "haidi")


def _parse_tile(text: str) -> int:
    """Id 0..33 of a two-character code of a playing tile, or -1."""
    t = CODE_IDS.get(text, -1)
    return t if t < FLOWER_BASE else -1


def parse(move: str) -> tuple[str, int, str, int]:
    """``(code, seat, action, arg)``; code is "ok", "malformed" or "no_such_seat".

    `arg`: the tile id (discard/ready/kong/pung/open_kong), the chow's lowest tile
    id, the suit 0..2 (void), the digit (raise), else -1.
    """
    # s<seat>: the seat is ASCII digits without a leading zero (as in Yi Jing Pai);
    # a number past 3 is no_such_seat once the action has parsed.
    colon = move.find(":")
    digits = move[1:colon] if colon > 1 and move[0] == "s" else ""
    if (
        not digits
        or not all("0" <= c <= "9" for c in digits)
        or (len(digits) > 1 and digits[0] == "0")
    ):
        return ("malformed", -1, "", -1)
    seat = ord(digits[0]) - 48 if len(digits) == 1 else 99  # any 2+ digit seat is >= 10
    body = move[colon + 1 :]
    action, eq, value = body.partition("=")
    arg = -1
    if action in TILE_ACTIONS:
        if not eq:
            return ("malformed", -1, "", -1)
        arg = _parse_tile(value)
        if arg < 0:
            return ("malformed", -1, "", -1)
    elif action == "chow":
        if (
            not eq
            or len(value) != 4
            or value[3] not in "mps"
            or not all("1" <= c <= "9" for c in value[:3])
        ):
            return ("malformed", -1, "", -1)
        arg = _chow_low(value)
    elif action == "void":
        if not eq or len(value) != 1 or value not in SUITS:
            return ("malformed", -1, "", -1)
        arg = SUITS.index(value)
    elif action == "raise":
        if not eq or len(value) != 1 or not ("0" <= value <= "9"):
            return ("malformed", -1, "", -1)
        arg = ord(value) - 48
    elif action in BARE_ACTIONS:
        if eq:
            return ("malformed", -1, "", -1)
    else:
        return ("malformed", -1, "", -1)
    if seat >= 4:
        return ("no_such_seat", seat, action, arg)
    return ("ok", seat, action, arg)


def _chow_low(value: str) -> int:
    """The lowest tile id of ``XYZs`` if X, Y, Z are consecutive ascending, else -2."""
    a = ord(value[0]) - 48
    if ord(value[1]) - 48 != a + 1 or ord(value[2]) - 48 != a + 2:
        return -2
    return SUITS.index(value[3]) * 9 + a - 1


def chow_text(low: int) -> str:
    """``XYZs``: the run from tile id `low`."""
    n = low % 9 + 1
    return f"{n}{n + 1}{n + 2}{SUITS[low // 9]}"
