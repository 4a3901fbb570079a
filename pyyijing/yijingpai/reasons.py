"""The reason codes of Yi Jing Pai and their messages (docs/yijing.md §6): one table.

Every backend says *why* a move is illegal with a stable code; the message a
user reads comes from here, whichever backend judged the move, so a verdict is
the same text on native, cython and python (and the README's examples hold on
all three). The C++ core keeps the same table for the paths that never reach
Python (the service's wire fast path); tests/yijingpai/test_reasons.py keeps the two
equal (`pyyijing._native.yijingpai.REASON_MESSAGES`).
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "ok": "",
    "malformed": "the move does not match the notation s<seat>:<action>",
    "no_such_seat": "there is no such seat in this game",
    "game_over": "the hand is over",
    "wrong_phase": "this kind of move is not allowed in the current phase",
    "target_already_laid": "this seat has already laid its target",
    "not_your_turn": "this seat may not act now",
    "wrong_count": "wrong number of lines for this move",
    "not_a_pair": "a pong needs lines that are all the same",
    "no_pong_available": "there is no such pair to pong",
    "taiji_not_allowed": "taiji may not stand in for a pong pair in these rules",
    "tiles_not_in_hand": "the tiles are not (exactly) in this seat's hand",
    "repeat_play": "a play may not repeat the previous play",
    "bad_placement": "this placement is not allowed here",
    "cannot_win": "this does not complete a winning hexagram",
}


def message(code: str, backend_message: str) -> str:
    """The table's message for `code` (a code the table lacks keeps the backend's text)."""
    return MESSAGES.get(code, backend_message)
