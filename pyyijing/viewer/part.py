"""What a game's viewer part answers (named by its `GameSpec.viewer`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from .perspective import Perspective


@dataclass(frozen=True)
class Timeline:
    """A hand as its page shows it.

    - `title`: the page's title ("Changsha 長沙麻將");
    - `facts`: the hand's header (`items.fact`: rules, dealer, dice);
    - `seat_names`: one per seat ("s0", ...);
    - `faces`: each tile code's face (`items`);
    - `steps`: `items.step` dicts: the deal, then one per move of the record.
      A page that hides something gives None as the move of a move it does not
      see (another seat's pass); the generic layer drops such a step when it
      changes nothing on the table.
    """

    title: str
    facts: list[dict[str, Any]]
    seat_names: list[str]
    faces: dict[str, dict[str, str]]
    steps: list[dict[str, Any]] = field(default_factory=list)


class ViewerPart(Protocol):
    def timeline(self, record: dict[str, Any], perspective: Perspective) -> Timeline:
        """The page of `record`, which has replayed: ValueError if `perspective`'s seat
        is not one of its seats."""
        ...
