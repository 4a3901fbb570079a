"""Every backend's I Ching tables equal the verified CSV data."""

from __future__ import annotations

from pyyijing import _backend


def test_hexagrams_equal_csv(
    backend: _backend.Backend, iching_csv: dict[str, list[dict[str, str]]]
) -> None:
    expected = [
        (
            int(r["king_wen"]),
            r["name_zh"],
            r["name_pinyin"],
            r["name_en"],
            r["unicode"],
            r["lower_trigram"],
            r["upper_trigram"],
            r["lines_bottom_to_top"],
        )
        for r in iching_csv["hexagrams"]
    ]
    assert len(expected) == 64
    assert list(backend.hexagrams) == expected


def test_trigrams_equal_csv(
    backend: _backend.Backend, iching_csv: dict[str, list[dict[str, str]]]
) -> None:
    expected = [
        (r["name_zh"], r["pinyin"], r["name_en"], r["unicode"], r["lines_bottom_to_top"])
        for r in iching_csv["trigrams"]
    ]
    assert len(expected) == 8
    assert list(backend.trigrams) == expected


def test_digrams_equal_csv(
    backend: _backend.Backend, iching_csv: dict[str, list[dict[str, str]]]
) -> None:
    expected = [
        (r["name_zh"], r["pinyin"], r["name_en"], r["unicode"], r["lines_bottom_to_top"])
        for r in iching_csv["digrams"]
    ]
    assert len(expected) == 4
    assert list(backend.digrams) == expected


def test_hexagram_trigrams_match_lines(backend: _backend.Backend) -> None:
    trigram_by_name = {row[0]: row[4] for row in backend.trigrams}
    for _kw, _name, _py, _en, _uni, lower, upper, lines in backend.hexagrams:
        assert trigram_by_name[lower] == lines[:3]
        assert trigram_by_name[upper] == lines[3:]
