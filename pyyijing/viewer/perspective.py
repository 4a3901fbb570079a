"""Whose eyes a page has: everything, the observer's, or one seat's.

A finished record is public to its reader, so by default a page shows every
seat's concealed tiles. A seat's page shows what that seat saw at each step and
nothing else (docs/viewer.md "What a seat's page may hold"); the observer's page
shows what a spectator sees: no concealed tile at all.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Perspective:
    """`seat` None and `shows_all` False is the observer."""

    shows_all: bool = False
    seat: int | None = None

    def __post_init__(self) -> None:
        if self.shows_all and self.seat is not None:
            raise ValueError("a page shows everything or one seat's view, not both")
        if self.seat is not None and (
            isinstance(self.seat, bool) or not isinstance(self.seat, int) or self.seat < 0
        ):
            raise ValueError(f"a seat is an int >= 0; got {self.seat!r}")

    @classmethod
    def everything(cls) -> Perspective:
        return cls(shows_all=True)

    @classmethod
    def observer(cls) -> Perspective:
        return cls()

    @classmethod
    def of_seat(cls, seat: int) -> Perspective:
        return cls(seat=seat)

    @classmethod
    def parse(cls, text: str | None) -> Perspective:
        """``--seat``'s value: None (everything), ``"observer"``, or a seat number."""
        if text is None or text == "all":
            return cls.everything()
        if text == "observer":
            return cls.observer()
        if text.isdigit() and (text == "0" or not text.startswith("0")):
            return cls.of_seat(int(text))
        raise ValueError(f"a seat is a number from 0, 'observer' or 'all'; got {text!r}")

    @property
    def hides(self) -> bool:
        """Does this page hide anything (a seat's or the observer's page)?"""
        return not self.shows_all

    def sees_hand(self, seat: int) -> bool:
        """May this page show `seat`'s concealed tiles?"""
        return self.shows_all or self.seat == seat

    @property
    def label(self) -> str:
        if self.shows_all:
            return "everything (the whole record)"
        if self.seat is None:
            return "the observer"
        return f"seat {self.seat}"
