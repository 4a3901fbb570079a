"""The reason codes of the mahjong games and their messages (docs/mahjong.md, "Reason codes").

Every backend says *why* a move is illegal with a stable code; the message a
user reads comes from this one table, whichever backend judged the move.
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "ok": "",
    "malformed": "the move does not match the notation s<seat>:<action> (tiles like 5m, 7z)",
    "no_such_seat": "there is no such seat (seats are 0-3)",
    "game_over": "the hand is over",
    "not_in_rules": "this kind of move is not part of these rules",
    "wrong_phase": "this kind of move is not allowed in the current phase",
    "already_chosen": "this seat has already chosen its void suit",
    "already_raised": "this seat has already raised (舉手)",
    "raise_too_high": "a seat raises 0 to 3 times (舉手)",
    "not_your_turn": "this seat may not act now",
    "tile_not_held": "the seat holds no such tile among its concealed tiles",
    "hand_locked": "the hand is locked (declared ready): only a win or the tile just drawn",
    "void_suit_first": "the seat must discard its void suit first",
    "void_suit": "a kong of the void suit is not allowed",
    "already_declared": "this seat has already declared ready",
    "not_ready": "the hand would not be ready after this discard",
    "must_discard": "after a chow or pung the seat may only discard",
    "wall_empty": "a kong needs a replacement tile, and the live wall is empty",
    "cannot_kong": "there is no such kong to make",
    "cannot_win": "this does not make a winning hand (or no win is on offer)",
    "cannot_pung": "there is no such pung on offer",
    "cannot_chow": "there is no such chow on offer",
    "cannot_declare": "the seat has no mid-game win to declare (中途四喜 / 中途六六順)",
    "cannot_haidi": "the sea-bottom tile is not on offer to this seat",
}


def message(code: str, backend_message: str) -> str:
    """The table's message for `code` (a code the table lacks keeps the backend's text)."""
    return MESSAGES.get(code, backend_message)
