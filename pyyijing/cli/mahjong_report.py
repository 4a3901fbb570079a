"""The text table and the figure of a mahjong simulation summary (`yijing simulate --game ...`).

Both read only the summary (`yj.simulate(...).summary`, docs/simulation.md
"Mahjong", "Summary"), so `--json` holds everything they show. Payments are
in the ruleset's units (base 1; Shaoyang's coins).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from .figure import rate_bars, rules_text, run_title
from .outputs import figure_bytes, require_matplotlib
from .summary_text import format_rate, match_lines


def _width(text: str) -> int:
    """Columns `text` takes in a terminal: CJK characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _width(text))


def _rules_text(summary: dict[str, Any]) -> str:
    return rules_text(dict(summary.get("rules") or {}), skip=("ruleset",))


def named(name: str) -> str:
    """A pattern's name with its pinyin (``小胡 xiao hu``): the table's labels."""
    pinyin = PINYIN.get(name)
    return f"{name} {pinyin}" if pinyin else name


def _speed_line(summary: dict[str, Any], timing: dict[str, float], threads: int | None) -> str:
    hands = summary["hands"]
    wall, cpu = timing["wall"], timing["cpu"]
    per_wall = hands / wall if wall > 0 else float("inf")
    per_cpu = f", {hands / cpu:,.0f} per CPU-second" if cpu > 0 else ""
    on = f" on {threads} threads" if threads else " on every core" if threads == 0 else ""
    return (
        f"speed: {per_wall:,.0f} hands/s ({wall:.1f} s wall{on}, backend "
        f"{summary.get('backend', '?')}{per_cpu})"
    )


def _rate_rows(title: str, rates: dict[str, Any], total_label: str) -> list[str]:
    """One line per named rate: name, count, rate and its 95% interval."""
    if not rates:
        return []
    width = max(12, *(_width(named(n)) + 2 for n in rates))
    of = next(iter(rates.values()))["of"]
    lines = [f"{title} ({of:,} {total_label})", f"  {_pad('', width)}{'count':>9}  rate  [95%]"]
    for name, r in rates.items():
        lines.append(f"  {_pad(named(name), width)}{r['count']:>9,}  {format_rate(r)}")
    return lines


def summary_table(
    summary: dict[str, Any], timing: dict[str, float] | None = None, threads: int | None = None
) -> str:
    """The summary as a readable text table (timing: the run's wall and CPU seconds)."""
    lines = []
    lines.append(
        f"{summary['hands']:,} hands  seed {summary.get('seed')}  {summary['ruleset']} "
        f"({_rules_text(summary)})  policies {','.join(summary['policies'])}"
        f"{'  (seats rotate)' if summary.get('rotate') else ''}"
    )
    if timing is not None:
        lines.append(_speed_line(summary, timing, threads))
    k = summary["kinds"]
    lines.append(
        f"outcomes: self-draw {k['self_draw']:,}  discard {k['discard']:,}  "
        f"robbed kong {k['robbed_kong']:,}  draw {k['draw']:,}"
    )
    lines.append(
        f"draw rate {format_rate(summary['draw'])}   "
        f"dealer wins {format_rate(summary['dealer_win'])}"
    )
    lines.append("")
    lines.append(
        f"{'policy':<12}{'seat-hands':>11}  {'win rate  [95% interval]':<28}"
        f"{'self-draw':>10}{'dealt in':>10}  mean payment [95%]"
    )
    for name, p in summary["by_policy"].items():
        pay = p["payment"]
        lines.append(
            f"{name:<12}{p['seat_hands']:>11,}  {format_rate(p['win']):<28}"
            f"{100 * p['self_draw']['rate']:>9.2f}%{100 * p['dealt_in']['rate']:>9.2f}%"
            f"  {pay['mean']:+8.3f} [{pay['low']:+.3f}, {pay['high']:+.3f}]"
        )
    lines.append("")
    lines.append(f"{'seat':<12}{'win rate  [95% interval]':<30}{'dealt in':>10}{'mean pay':>10}")
    for s, rate in enumerate(summary["win_by_seat"]):
        lines.append(
            f"{s:<12}{format_rate(rate):<30}{100 * summary['dealt_in_by_seat'][s]['rate']:>9.2f}%"
            f"{summary['mean_payment_by_seat'][s]:>+10.3f}"
        )
    lines.append("")
    pay = summary["payments"]
    if pay["min"] is not None:
        lines.append(
            f"payment per seat and hand: mean {pay['mean']:+.3f}  std {pay['std']:.2f}  "
            f"p1 {pay['p1']}  p10 {pay['p10']}  median {pay['p50']}  p90 {pay['p90']}  "
            f"p99 {pay['p99']}  range {pay['min']} to {pay['max']}"
        )
    turns, wall = summary["turns"], summary["wall_left"]
    if turns["min"] is not None:
        lines.append(
            f"length (moves): mean {turns['mean']:.1f}  median {turns['p50']}  "
            f"p90 {turns['p90']}  range {turns['min']}-{turns['max']}   "
            f"wall left: mean {wall['mean']:.1f}"
        )
    wins = summary["win"]["count"]
    for title, key in (("patterns", "patterns"), ("categories", "categories")):
        rows = _rate_rows(f"{title} of won hands", summary.get(key) or {}, "won hands")
        if rows and wins:
            lines += ["", *rows]
    opening = summary.get("opening_wins")
    if opening:
        lines += ["", f"opening and mid-game wins ({summary['hands']:,} hands)"]
        width = max(_width(named(n)) + 2 for n in opening)
        lines.append(f"  {_pad('', width)}{'declared':>9}{'hands':>9}  rate  [95%] of hands")
        for name, o in opening.items():
            h = o["hands"]
            lines.append(
                f"  {_pad(named(name), width)}{o['declared']:>9,}{h['count']:>9,}  {format_rate(h)}"
            )
        lines.append(
            f"  {_pad('any', width)}{'':>9}{summary['opening_any']['count']:>9,}  "
            f"{format_rate(summary['opening_any'])}"
        )
        birds = summary.get("birds_hit")
        if birds and birds["min"] is not None:
            shares = ", ".join(f"{v}: {n:,}" for v, n in birds["histogram"].items())
            lines.append(f"birds hit per won hand: mean {birds['mean']:.2f}  ({shares})")
    lines.extend(match_lines(summary))
    return "\n".join(lines)


# --------------------------------------------------------------------- the figure

#: The pinyin of every pattern and declared win: beside the Chinese in the table and
#: the figure, and alone in the figure when no installed font has Chinese characters
#: (matplotlib's own DejaVu Sans has none: they would be drawn as boxes).
PINYIN: dict[str, str] = {
    "小胡": "xiao hu",
    "七對": "qi dui",
    "豪華七對": "haohua qi dui",
    "超豪華七對": "chao haohua qi dui",
    "超超豪華七對": "chaochao haohua qi dui",
    "清一色": "qing yi se",
    "將一色": "jiang yi se",
    "碰碰胡": "pengpeng hu",
    "全求人": "quan qiu ren",
    "槓上開花": "gang shang kai hua",
    "槓上炮": "gang shang pao",
    "海底撈月": "haidi lao yue",
    "海底炮": "haidi pao",
    "搶槓": "qiang gang",
    "平胡": "ping hu",
    "碰碰對": "pengpeng dui",
    "七巧對": "qiqiao dui",
    "十三浪": "shisan lang",
    "全風十三浪": "quanfeng shisan lang",
    "板板胡": "banban hu",
    "四喜": "si xi",
    "六六順": "liuliu shun",
    "缺一色": "que yi se",
    "三同": "san tong",
    "一枝花": "yi zhi hua",
    "步步高": "bubu gao",
    "金童玉女": "jintong yunü",
    "中途四喜": "zhongtu si xi",
    "中途六六順": "zhongtu liuliu shun",
}


#: Substrings of the names of fonts with Chinese characters (Noto/Source Han CJK, WenQuanYi, ...).
_CJK_FONT_NAMES = ("CJK", "Hei", "Song", "Ming", "WenQuanYi", "Droid Sans Fallback")

#: More distinct payments than this are binned: Shaoyang's coins (2^raises factors) leave
#: most values between its payments unused, a comb of thin spikes one bar per value.
_MAX_PAYMENT_BARS = 40

_RULESET_NAMES = {
    "common": "common mahjong 大眾",
    "shaoyang": "Shaoyang 邵陽",
    "changsha": "Changsha 長沙",
}
_RULESET_LATIN = {"common": "common mahjong", "shaoyang": "Shaoyang", "changsha": "Changsha"}


def cjk_font() -> str | None:
    """The name of an installed font that has Chinese characters, if any."""
    from matplotlib import font_manager

    for font in font_manager.fontManager.ttflist:
        if any(key in font.name for key in _CJK_FONT_NAMES):
            return str(font.name)
    return None


def figure_label(name: str, font: str | None) -> str:
    """A pattern's label in the figure: with its Chinese where a font draws it, else pinyin."""
    return named(name) if font else PINYIN.get(name, name)


def _payment_panel(ax: Any, hist: dict[str, int]) -> None:
    """The distribution of payments; values in bins when there are too many for one bar each."""
    values = [int(v) for v in hist]
    counts = list(hist.values())
    lo, hi = min(values), max(values)
    if hi - lo < _MAX_PAYMENT_BARS:
        ax.bar(values, counts, width=0.8, color="#55a868")
        ax.set_title("payment distribution")
    else:
        edges = _bin_edges(lo, hi)
        ax.hist(values, bins=edges, weights=counts, color="#55a868", edgecolor="white")
        ax.set_title(f"payment distribution (bins of {edges[1] - edges[0]:g})")
    ax.set_yscale("log")
    ax.set_xlabel("payment of one seat in one hand")
    ax.set_ylabel("seat-hands (log)")


def _bin_edges(lo: int, hi: int) -> list[float]:
    """Integer-wide bins, at most _MAX_PAYMENT_BARS of them, one centred on 0."""
    width = -(-(hi - lo + 1) // _MAX_PAYMENT_BARS)
    start = lo - ((lo + width // 2) % width) - 0.5 if width > 1 else lo - 0.5
    edges = [start]
    while edges[-1] <= hi:
        edges.append(edges[-1] + width)
    return edges


def _log_rate_bars(
    ax: Any, labels: list[str], rates: list[dict[str, Any]], color: str, of: str
) -> None:
    """Rates (%) on a log axis, so that a pattern of 0.1% shows as well as one of 50%."""
    rate_bars(ax, labels, rates, color)
    ax.set_xscale("log")
    # Below the smallest rate and the smallest upper bound (a zero count's interval).
    positive = [100 * v for r in rates for v in (r["rate"], r["high"]) if v > 0]
    floor = min([*positive, 1.0]) / 3
    ax.set_xlim(floor, 300)
    ax.set_xlabel(f"% of {of} (log scale)")


def summary_figure(summary: dict[str, Any]) -> Any:
    """The figure of a mahjong summary: each question in its own panel.

    Win rates by policy; who won each hand, with the draw rate; the payments;
    the patterns and categories of won hands; Changsha's opening wins. Every
    rate has its 95% interval and its value written beside the bar.
    """
    plt = require_matplotlib()
    font = cjk_font()
    opening = summary.get("opening_wins") or {}
    ruleset = summary["ruleset"]
    # A font.family list is what matplotlib falls back along glyph by glyph (a
    # font.sans-serif list gives the first font alone): Latin and the minus sign from
    # DejaVu Sans, Chinese from the CJK font, which may lack the minus sign.
    style = {"font.family": ["DejaVu Sans", font]} if font else {}
    with plt.rc_context(style):
        fig = plt.figure(figsize=(18, 11))
        grid = fig.add_gridspec(2, 6, height_ratios=(1, 1.4))
        policy_ax = fig.add_subplot(grid[0, 0:2])
        seat_ax = fig.add_subplot(grid[0, 2:4])
        pay_ax = fig.add_subplot(grid[0, 4:6])
        pattern_ax = fig.add_subplot(grid[1, 0:3] if opening else grid[1, 1:5])

        names = list(summary["by_policy"])
        rate_bars(policy_ax, names, [summary["by_policy"][n]["win"] for n in names], "#4c72b0")
        policy_ax.set_xlabel("win rate per seat-hand played (%)")
        policy_ax.set_title("win rate by policy (95%)")

        seats = [f"seat {s}" for s in range(len(summary["win_by_seat"]))]
        rate_bars(seat_ax, [*seats, "draw"], [*summary["win_by_seat"], summary["draw"]], "#dd8452")
        seat_ax.set_xlabel("% of hands")
        seat_ax.set_title("who won each hand, and draws (95%)")

        _payment_panel(pay_ax, summary["payments"]["histogram"])

        pats = [(figure_label(n, font), r) for n, r in (summary.get("patterns") or {}).items()]
        pats += [(f"category: {n}", r) for n, r in (summary.get("categories") or {}).items()]
        _log_rate_bars(
            pattern_ax, [n for n, _ in pats], [r for _, r in pats], "#c44e52", "won hands"
        )
        pattern_ax.set_title("patterns and categories of won hands (95%)")
        if opening:
            opening_ax = fig.add_subplot(grid[1, 3:6])
            _log_rate_bars(
                opening_ax,
                [figure_label(n, font) for n in opening],
                [o["hands"] for o in opening.values()],
                "#8172b2",
                "hands",
            )
            opening_ax.set_title("opening and mid-game wins (95%)")
        game = (_RULESET_NAMES if font else _RULESET_LATIN)[ruleset]
        fig.suptitle(run_title(game, summary["hands"], "hands", summary, _rules_text(summary)))
        fig.tight_layout()
    return fig


def plot_summary(summary: dict[str, Any], path: str) -> bytes:
    """The figure as the bytes of `path`'s format (by its extension)."""
    plt = require_matplotlib()
    font = cjk_font()
    style = {"font.family": ["DejaVu Sans", font]} if font else {}
    fig = summary_figure(summary)
    try:
        # The CJK font is needed when the text is drawn, which is when the figure is saved.
        with plt.rc_context(style):
            return figure_bytes(fig, path)
    finally:
        plt.close(fig)
