"""What a page's step may show: the vocabulary between the page and a game's part.

A game's part (`part.ViewerPart`) describes the table at each step with these
JSON values only; the page's script (page.js) draws them and knows no game.

An *item* is one of:

- ``"5m"``: a tile, by its code; its face is the page's ``faces[code]``
  (``{"face", "sub", "tone"}`` text, or ``{"lines"}`` drawn as bars);
- ``{"tile": "5m", "mark": "claimed", "note": "×3"}``: a tile with a mark (a CSS
  class: ``claimed``, ``drawn``, ``win``, ``bird``, ``revealed``) and/or a note under it;
- ``{"back": 13}``: that many concealed tiles, face down;
- ``{"lines": "1+0-01", "cap": "䷨ 41 損", "title": "...", "slots": 6}``: I Ching lines
  drawn bottom to top (``1`` yang, ``0`` yin, ``+``/``-`` a taiji declared yang/yin);
- ``{"group": [items], "cap": "pung ← s2"}``: items kept together (a meld);
- ``{"text": "..."}``.

A *section* is one row of a seat (its hand, melds, discards, waits, ...); its
``role`` names it for the page's tests (``data-role``). A *step* is the whole
table after one move (docs/viewer.md "The page's data").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Item = str | dict[str, Any]

#: A step's tags, for the page's "next claim" and "next win" buttons.
CLAIM = "claim"
WIN = "win"


def tile(code: str, mark: str | None = None, note: str | None = None) -> Item:
    if mark is None and note is None:
        return code
    out: dict[str, Any] = {"tile": code}
    if mark is not None:
        out["mark"] = mark
    if note is not None:
        out["note"] = note
    return out


def backs(count: int) -> Item:
    return {"back": count}


def lines(
    drawn: str, cap: str | None = None, title: str | None = None, slots: int | None = None
) -> Item:
    """`drawn` lines; `slots`: room for that many, the ones not yet there drawn faint."""
    out: dict[str, Any] = {"lines": drawn}
    if slots is not None:
        out["slots"] = slots
    if cap is not None:
        out["cap"] = cap
    if title is not None:
        out["title"] = title
    return out


def group(members: Sequence[Item], cap: str) -> Item:
    return {"group": list(members), "cap": cap}


def text(words: str) -> Item:
    return {"text": words}


def section(role: str, label: str, members: Sequence[Item]) -> dict[str, Any]:
    return {"role": role, "label": label, "items": list(members)}


def seat(name: str, badges: Sequence[str], sections: Sequence[dict[str, Any]]) -> dict[str, Any]:
    return {"name": name, "badges": list(badges), "sections": list(sections)}


def fact(label: str, words: str | None = None, members: Sequence[Item] = ()) -> dict[str, Any]:
    """One labelled line of a header, a status or a result: words and/or items."""
    out: dict[str, Any] = {"label": label}
    if words is not None:
        out["text"] = words
    if members:
        out["items"] = list(members)
    return out


def result(
    headline: str,
    facts: Sequence[dict[str, Any]],
    columns: Sequence[str],
    rows: Sequence[Sequence[Any]],
) -> dict[str, Any]:
    """The hand's result: a headline, facts, and its ledger (a table of `columns`)."""
    return {
        "headline": headline,
        "facts": list(facts),
        "ledger": {"columns": list(columns), "rows": [list(r) for r in rows]},
    }


def step(
    move: str | None,
    tags: Sequence[str],
    status: Sequence[dict[str, Any]],
    seats: Sequence[dict[str, Any]],
    outcome: dict[str, Any] | None,
    acting: Sequence[int] = (),
) -> dict[str, Any]:
    """The table after `move` (None: the deal, or a move this page does not show).

    `acting`: the seats highlighted as the ones to move.
    """
    return {
        "move": move,
        "tags": list(tags),
        "status": list(status),
        "acting": list(acting),
        "seats": list(seats),
        "result": outcome,
    }
