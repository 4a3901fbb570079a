"""The figures of `yijing simulate --plot`, read through matplotlib's objects (Agg backend).

docs/simulation.md "The yijing CLI": a figure names its run (game, seed,
policies, every rule option) and its draw rate; each question has its own
panel; small rates stay visible (log axis, values written); Shaoyang's
payments are binned; pattern names are pinyin where no installed font draws
Chinese, and the table gives the Chinese with the same pinyin.
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest

import pyyijing as yj
from pyyijing import mahjong as mj

pytest.importorskip("matplotlib")

from pyyijing.cli import mahjong_report, yijingpai_report
from pyyijing.cli.outputs import figure_bytes

POLICIES = ("heuristic", "greedy", "random", "random")
RULES = {
    "common": mj.Rules("common"),
    "shaoyang": mj.Rules("shaoyang"),
    "changsha": mj.Rules("changsha", birds=4),
}


@pytest.fixture(scope="module")
def summaries() -> dict[str, dict[str, Any]]:
    out = {"yijingpai": yj.simulate(300, rules=yj.Rules(), seed=5, policies=POLICIES).summary}
    for name, rules in RULES.items():
        out[name] = yj.simulate(400, rules=rules, seed=5, policies=POLICIES).summary
    return out


def _close(fig: Any) -> None:
    import matplotlib.pyplot as plt

    plt.close(fig)


def _ticks(ax: Any) -> list[str]:
    return [t.get_text() for t in ax.get_yticklabels()]


def _by_title(fig: Any, words: str) -> Any:
    (ax,) = [ax for ax in fig.axes if words in ax.get_title()]
    return ax


def test_the_yijingpai_summary_names_its_game(summaries: dict[str, dict[str, Any]]) -> None:
    assert summaries["yijingpai"]["game"] == "yijingpai"
    assert {summaries[r]["game"] for r in RULES} == {"mahjong"}


def test_the_yijingpai_figure_names_seed_rules_and_draw_rate(
    summaries: dict[str, dict[str, Any]],
) -> None:
    s = summaries["yijingpai"]
    fig = yijingpai_report.summary_figure(s)
    try:
        title = fig._suptitle.get_text()
        assert "Yi Jing Pai: 300 games, seed 5" in title
        for option in ("variant standard", "deck 144", "taiji wild", "next_dealer dice"):
            assert option in title
        draw = 100 * s["draw"]["rate"]
        assert f"draw rate {draw:.2f}%" in title
        assert len(fig.axes) == 4
        assert _ticks(_by_title(fig, "by policy")) == ["heuristic", "greedy", "random"]
        assert _ticks(_by_title(fig, "who won")) == ["seat 0", "seat 1", "seat 2", "seat 3", "draw"]
    finally:
        _close(fig)


@pytest.mark.parametrize("ruleset", sorted(RULES))
def test_a_mahjong_figure_has_one_question_per_panel(
    summaries: dict[str, dict[str, Any]], ruleset: str
) -> None:
    s = summaries[ruleset]
    fig = mahjong_report.summary_figure(s)
    try:
        title = fig._suptitle.get_text()
        assert ": 400 hands, seed 5, policies heuristic,greedy,random,random" in title
        assert f"draw rate {100 * s['draw']['rate']:.2f}%" in title
        if ruleset == "changsha":
            assert "birds 4" in title
            assert "bird_scoring add" in title
        assert len(fig.axes) == (5 if ruleset == "changsha" else 4)
        # policies and seats apart; the draws beside the seats that won
        assert _ticks(_by_title(fig, "by policy")) == ["heuristic", "greedy", "random"]
        assert _ticks(_by_title(fig, "who won")) == ["seat 0", "seat 1", "seat 2", "seat 3", "draw"]
        # patterns under 1% visible: a log axis, and every value written beside its bar
        patterns = _by_title(fig, "patterns")
        assert patterns.get_xscale() == "log"
        written = [t.get_text().strip() for t in patterns.texts]
        rates = [*s["patterns"].values(), *s["categories"].values()]
        assert written == [f"{100 * r['rate']:.2f}%" for r in rates]
        lowest = min(100 * r["rate"] for r in rates if r["rate"] > 0)
        assert patterns.get_xlim()[0] < lowest
        # a zero count's value is written at its interval's top, inside the axis too
        assert all(t.xy[0] > patterns.get_xlim()[0] for t in patterns.texts)
        if ruleset == "changsha":
            assert _by_title(fig, "opening").get_xscale() == "log"
    finally:
        _close(fig)


def test_shaoyang_payments_are_binned(summaries: dict[str, dict[str, Any]]) -> None:
    s = summaries["shaoyang"]
    values = [int(v) for v in s["payments"]["histogram"]]
    assert max(values) - min(values) > 40  # the coins spread far: a comb, one bar per value
    fig = mahjong_report.summary_figure(s)
    try:
        ax = _by_title(fig, "payment distribution")
        assert "bins of" in ax.get_title()
        assert len(ax.patches) <= 41
        assert sum(p.get_height() for p in ax.patches) == sum(s["payments"]["histogram"].values())
    finally:
        _close(fig)


@pytest.mark.parametrize("ruleset", sorted(RULES))
def test_labels_agree_with_the_table_and_every_glyph_renders(
    summaries: dict[str, dict[str, Any]], ruleset: str
) -> None:
    s = summaries[ruleset]
    font = mahjong_report.cjk_font()
    table = mahjong_report.summary_table(s)
    fig = mahjong_report.summary_figure(s)
    try:
        labels = _ticks(_by_title(fig, "patterns"))
        for name in s["patterns"]:
            pinyin = mahjong_report.PINYIN.get(name)
            if pinyin is None:  # common's patterns have English names
                assert name in labels
                continue
            assert f"{name} {pinyin}" in table  # the table: Chinese with its pinyin
            assert (f"{name} {pinyin}" if font else pinyin) in labels
    finally:
        _close(fig)
    assert _missing_glyphs(lambda: mahjong_report.plot_summary(s, "f.png")) == []


def _missing_glyphs(draw: Any) -> list[str]:
    """The warnings matplotlib gives for characters its font cannot draw (boxes)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert draw()[:4] == b"\x89PNG"
    return [str(w.message) for w in caught if "missing from" in str(w.message)]


def test_the_glyph_check_sees_a_missing_glyph() -> None:
    """The check above can fail: Chinese drawn in a font without it is reported."""
    import matplotlib.pyplot as plt

    if mahjong_report.cjk_font():
        pytest.skip("a font with Chinese characters is installed")
    fig = plt.figure()
    fig.suptitle("小胡")
    try:
        assert _missing_glyphs(lambda: figure_bytes(fig, "f.png")) != []
    finally:
        plt.close(fig)


def test_every_pattern_and_opening_win_has_pinyin() -> None:
    from pyyijing.mahjong import sim

    names = [n for r in ("shaoyang", "changsha") for n in sim.PATTERNS[r]]
    assert [n for n in [*names, *sim.DECLARED_WINS] if n not in mahjong_report.PINYIN] == []


@pytest.mark.filterwarnings("ignore:Glyph:UserWarning")  # the stand-in font has no Chinese
def test_with_a_chinese_font_the_figure_labels_are_the_tables(
    summaries: dict[str, dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where a font with Chinese is installed (none is here): Chinese with pinyin, as the table."""
    monkeypatch.setattr(mahjong_report, "cjk_font", lambda: "DejaVu Sans")
    s = summaries["changsha"]
    fig = mahjong_report.summary_figure(s)
    try:
        assert fig._suptitle.get_text().startswith("Changsha 長沙: 400 hands")
        labels = _ticks(_by_title(fig, "patterns"))
        assert labels[0] == "小胡 xiao hu"
        assert _ticks(_by_title(fig, "opening"))[0] == "板板胡 banban hu"
    finally:
        _close(fig)
