"""The public Hexagram / Trigram / Digram API (contract)."""

from __future__ import annotations

import pytest

import pyyijing as yj


def test_hexagram_from_lines_sun() -> None:
    h = yj.Hexagram.from_lines("110001")
    assert h.king_wen == 41
    assert h.name == "損"
    assert h.pinyin == "sǔn"
    assert h.name_en == "Decrease"
    assert h.unicode == "䷨"
    assert h.lines == "110001"
    assert h.points_half == 9
    assert isinstance(h.lower, yj.Trigram)
    assert isinstance(h.upper, yj.Trigram)
    assert (h.lower.name, h.lower.unicode, h.lower.lines) == ("兌", "☱", "110")
    assert (h.upper.name, h.upper.unicode, h.upper.lines) == ("艮", "☶", "001")
    assert str(h) == "䷨"


def test_from_king_wen_round_trip() -> None:
    seen = set()
    for n in range(1, 65):
        h = yj.Hexagram.from_king_wen(n)
        assert h.king_wen == n
        assert yj.Hexagram.from_lines(h.lines) is h
        assert h.lower.lines + h.upper.lines == h.lines
        assert h.points_half == 6 + h.lines.count("1")
        seen.add(h.lines)
    assert len(seen) == 64
    assert [h.king_wen for h in yj.Hexagram.all()] == list(range(1, 65))


@pytest.mark.parametrize(
    ("lines", "king_wen", "name"),
    [("111111", 1, "乾"), ("000000", 2, "坤"), ("101010", 63, "既濟"), ("010101", 64, "未濟")],
)
def test_spot_values(lines: str, king_wen: int, name: str) -> None:
    h = yj.Hexagram.from_lines(lines)
    assert (h.king_wen, h.name) == (king_wen, name)


def test_trigram_and_digram() -> None:
    t = yj.Trigram.from_lines("110")
    assert (t.name, t.unicode, t.lines, t.name_en) == ("兌", "☱", "110", "Lake")
    assert yj.Trigram.from_name("兌") is t
    assert len(yj.Trigram.all()) == 8
    d = yj.Digram.from_lines("10")
    assert (d.unicode, d.name, d.lines) == ("⚍", "少陰", "10")
    assert len(yj.Digram.all()) == 4


@pytest.mark.parametrize(
    ("call", "arg", "fragment"),
    [
        (yj.Hexagram.from_lines, "11x001", "only '1' (yang) and '0' (yin)"),
        (yj.Hexagram.from_lines, "11000", "6 characters"),
        (yj.Hexagram.from_lines, "1100011", "6 characters"),
        (yj.Hexagram.from_lines, "", "6 characters"),
        (yj.Trigram.from_lines, "11x", "only '1' (yang) and '0' (yin)"),
        (yj.Trigram.from_lines, "1100", "3 characters"),
        (yj.Digram.from_lines, "1", "2 characters"),
        (yj.Digram.from_lines, "+0", "only '1' (yang) and '0' (yin)"),
        (yj.Hexagram.from_king_wen, 0, "1..64"),
        (yj.Hexagram.from_king_wen, 65, "1..64"),
        (yj.Hexagram.from_king_wen, "41", "must be an int"),
        (yj.Hexagram.from_king_wen, True, "must be an int"),
        (yj.Trigram.from_name, "X", "unknown trigram"),
    ],
)
def test_bad_input_raises_value_error(call: object, arg: object, fragment: str) -> None:
    assert callable(call)
    with pytest.raises(ValueError, match=fragment.replace("(", r"\(").replace(")", r"\)")):
        call(arg)


@pytest.mark.parametrize("arg", [110001, None, b"110001", ["1"] * 6])
def test_non_str_lines(arg: object) -> None:
    # LinesTypeError is both a TypeError and a ValueError.
    with pytest.raises(ValueError, match="must be a str"):
        yj.Hexagram.from_lines(arg)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="must be a str"):
        yj.Hexagram.from_lines(arg)  # type: ignore[arg-type]


def test_objects_are_immutable() -> None:
    h = yj.Hexagram.from_king_wen(1)
    with pytest.raises(AttributeError):
        h.name = "x"  # type: ignore[misc]
