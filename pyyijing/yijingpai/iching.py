"""The I Ching figures of Yi Jing Pai: hexagrams, trigrams and digrams.

Lines are written bottom (inner) to top (outer): ``"1"`` yang, ``"0"`` yin.
The objects are built once from the active backend's tables.

Errors: a ``lines`` argument that is not a string raises :class:`LinesTypeError`
(a subclass of both TypeError and ValueError); a string of the wrong length or
with characters other than ``0``/``1`` raises ValueError; a King Wen number
outside 1..64 (or not an int) raises ValueError.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .._backend import Backend


class LinesTypeError(TypeError, ValueError):
    """A lines argument that is not a ``str``; catchable as TypeError or ValueError."""


def _check_lines(lines: object, width: int, kind: str) -> str:
    if not isinstance(lines, str):
        raise LinesTypeError(
            f"{kind} lines must be a str of {width} characters '0'/'1' (bottom to top), "
            f"got {type(lines).__name__}"
        )
    if len(lines) != width:
        raise ValueError(
            f"{kind} lines must have {width} characters (bottom to top), "
            f"got {len(lines)}: {lines!r}"
        )
    bad = sorted({c for c in lines if c not in "01"})
    if bad:
        raise ValueError(
            f"{kind} lines may contain only '1' (yang) and '0' (yin), got {''.join(bad)!r} "
            f"in {lines!r}"
        )
    return lines


def _points_half(lines: str) -> int:
    # A yang line is worth 2 half-points, a yin line 1.
    return sum(2 if c == "1" else 1 for c in lines)


@dataclass(frozen=True)
class _Gram:
    name: str
    pinyin: str
    name_en: str
    unicode: str
    lines: str

    @property
    def points_half(self) -> int:
        """Points in half-points: yang 2, yin 1."""
        return _points_half(self.lines)

    def __str__(self) -> str:
        return self.unicode


@dataclass(frozen=True)
class Trigram(_Gram):
    """One of the 8 trigrams (three lines)."""

    _by_lines: ClassVar[dict[str, Trigram]] = {}
    _by_name: ClassVar[dict[str, Trigram]] = {}

    @classmethod
    def from_lines(cls, lines: str) -> Trigram:
        """The trigram with these lines, bottom to top, e.g. ``"110"`` (兌)."""
        return cls._by_lines[_check_lines(lines, 3, "trigram")]

    @classmethod
    def from_name(cls, name: str) -> Trigram:
        """The trigram with this Chinese name, e.g. ``"兌"``."""
        try:
            return cls._by_name[name]
        except (KeyError, TypeError):
            raise ValueError(f"unknown trigram name {name!r}") from None

    @classmethod
    def all(cls) -> tuple[Trigram, ...]:
        """The 8 trigrams in table order."""
        return tuple(cls._by_lines.values())


@dataclass(frozen=True)
class Digram(_Gram):
    """One of the 4 digrams (two lines), e.g. ``Digram.from_lines("10")`` is ⚍ 少陰."""

    _by_lines: ClassVar[dict[str, Digram]] = {}

    @classmethod
    def from_lines(cls, lines: str) -> Digram:
        """The digram with these lines, bottom to top."""
        return cls._by_lines[_check_lines(lines, 2, "digram")]

    @classmethod
    def all(cls) -> tuple[Digram, ...]:
        """The 4 digrams in table order."""
        return tuple(cls._by_lines.values())


@dataclass(frozen=True)
class Hexagram:
    """One of the 64 hexagrams, e.g. ``Hexagram.from_lines("110001")`` is ䷨ 損 (41)."""

    king_wen: int
    name: str
    pinyin: str
    name_en: str
    unicode: str
    lines: str
    lower: Trigram
    upper: Trigram

    _by_lines: ClassVar[dict[str, Hexagram]] = {}
    _by_king_wen: ClassVar[dict[int, Hexagram]] = {}

    @property
    def points_half(self) -> int:
        """Points in half-points: yang 2, yin 1 (e.g. 9 for ``"110001"``)."""
        return _points_half(self.lines)

    def __str__(self) -> str:
        return self.unicode

    @classmethod
    def from_lines(cls, lines: str) -> Hexagram:
        """The hexagram with these six lines, bottom to top."""
        return cls._by_lines[_check_lines(lines, 6, "hexagram")]

    @classmethod
    def from_king_wen(cls, number: int) -> Hexagram:
        """The hexagram with this King Wen number, 1..64."""
        if isinstance(number, bool) or not isinstance(number, int):
            raise ValueError(f"King Wen number must be an int 1..64, got {number!r}")
        try:
            return cls._by_king_wen[number]
        except KeyError:
            raise ValueError(f"King Wen number must be 1..64, got {number}") from None

    @classmethod
    def all(cls) -> tuple[Hexagram, ...]:
        """The 64 hexagrams in King Wen order."""
        return tuple(cls._by_king_wen[n] for n in range(1, 65))


def _install(backend: Backend) -> None:
    """Build the lookup tables from the backend's tables."""
    trigrams = {row[4]: Trigram(*row) for row in backend.trigrams}
    Trigram._by_lines.clear()
    Trigram._by_lines.update(trigrams)
    Trigram._by_name.clear()
    Trigram._by_name.update({t.name: t for t in trigrams.values()})
    Digram._by_lines.clear()
    Digram._by_lines.update({row[4]: Digram(*row) for row in backend.digrams})
    Hexagram._by_lines.clear()
    Hexagram._by_king_wen.clear()
    for king_wen, name, pinyin, name_en, uni, lower, upper, lines in backend.hexagrams:
        hexagram = Hexagram(
            king_wen=king_wen,
            name=name,
            pinyin=pinyin,
            name_en=name_en,
            unicode=uni,
            lines=lines,
            lower=Trigram._by_name[lower],
            upper=Trigram._by_name[upper],
        )
        Hexagram._by_lines[lines] = hexagram
        Hexagram._by_king_wen[king_wen] = hexagram
