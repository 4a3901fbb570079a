"""The text table and the figure of a mahjong simulation summary (`yijing simulate --game ...`).

Both read only the summary (`yj.simulate(...).summary`, docs/simulation.md
"Mahjong", "Summary"), so `--json` holds everything they show. Payments are
in the ruleset's units (base 1; Shaoyang's coins).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from .cli import _fmt_rate, _require_matplotlib


def _width(text: str) -> int:
    """Columns `text` takes in a terminal: CJK characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _width(text))


def _rules_text(summary: dict[str, Any]) -> str:
    rules = dict(summary.get("rules") or {})
    rules.pop("ruleset", None)
    parts = []
    for name, value in rules.items():
        if isinstance(value, list):
            value = ",".join(map(str, value))
        elif isinstance(value, bool):
            value = "true" if value else "false"
        parts.append(f"{name} {value}")
    return ", ".join(parts) if parts else "no options"


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
    width = max(12, *(_width(n) + 2 for n in rates))
    of = next(iter(rates.values()))["of"]
    lines = [f"{title} ({of:,} {total_label})", f"  {_pad('', width)}{'count':>9}  rate  [95%]"]
    for name, r in rates.items():
        lines.append(f"  {_pad(name, width)}{r['count']:>9,}  {_fmt_rate(r)}")
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
        f"draw rate {_fmt_rate(summary['draw'])}   dealer wins {_fmt_rate(summary['dealer_win'])}"
    )
    lines.append("")
    lines.append(
        f"{'policy':<12}{'seat-hands':>11}  {'win rate  [95% interval]':<28}"
        f"{'self-draw':>10}{'dealt in':>10}  mean payment [95%]"
    )
    for name, p in summary["by_policy"].items():
        pay = p["payment"]
        lines.append(
            f"{name:<12}{p['seat_hands']:>11,}  {_fmt_rate(p['win']):<28}"
            f"{100 * p['self_draw']['rate']:>9.2f}%{100 * p['dealt_in']['rate']:>9.2f}%"
            f"  {pay['mean']:+8.3f} [{pay['low']:+.3f}, {pay['high']:+.3f}]"
        )
    lines.append("")
    lines.append(f"{'seat':<12}{'win rate  [95% interval]':<30}{'dealt in':>10}{'mean pay':>10}")
    for s, rate in enumerate(summary["win_by_seat"]):
        lines.append(
            f"{s:<12}{_fmt_rate(rate):<30}{100 * summary['dealt_in_by_seat'][s]['rate']:>9.2f}%"
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
        width = max(_width(n) + 2 for n in opening)
        lines.append(f"  {_pad('', width)}{'declared':>9}{'hands':>9}  rate  [95%] of hands")
        for name, o in opening.items():
            h = o["hands"]
            lines.append(
                f"  {_pad(name, width)}{o['declared']:>9,}{h['count']:>9,}  {_fmt_rate(h)}"
            )
        lines.append(
            f"  {_pad('any', width)}{'':>9}{summary['opening_any']['count']:>9,}  "
            f"{_fmt_rate(summary['opening_any'])}"
        )
        birds = summary.get("birds_hit")
        if birds and birds["min"] is not None:
            shares = ", ".join(f"{v}: {n:,}" for v, n in birds["histogram"].items())
            lines.append(f"birds hit per won hand: mean {birds['mean']:.2f}  ({shares})")
    matches = summary.get("matches")
    if matches:
        lines.append("")
        lines.append(
            f"matches of {matches['hands_per_match']} hands: {matches['count']:,}  "
            f"(no single leader {100 * matches['no_single_leader']['rate']:.1f}%)"
        )
        for name, m in matches["by_policy"].items():
            lines.append(f"  {name:<12} match win rate {_fmt_rate(m['win'])}")
    return "\n".join(lines)


# --------------------------------------------------------------------- the figure

#: Latin labels for the figure when no installed font has Chinese characters
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


def _cjk_font() -> str | None:
    """The name of an installed font that has Chinese characters, if any."""
    from matplotlib import font_manager

    for font in font_manager.fontManager.ttflist:
        name = font.name
        if any(
            key in name
            for key in ("CJK", "Hei", "Song", "Ming", "WenQuanYi", "Droid Sans Fallback")
        ):
            return str(name)
    return None


def _bars(ax: Any, labels: list[str], rates: list[dict[str, Any]], color: str) -> None:
    """Horizontal bars of rates (%) with their 95% intervals."""
    ys = list(range(len(labels)))
    ax.barh(
        ys,
        [100 * r["rate"] for r in rates],
        xerr=[
            # max(0, ...): Wilson's bound of a zero count is a rounding error above 0
            [max(0.0, 100 * (r["rate"] - r["low"])) for r in rates],
            [max(0.0, 100 * (r["high"] - r["rate"])) for r in rates],
        ],
        capsize=3,
        color=color,
    )
    ax.set_yticks(ys, labels)
    ax.invert_yaxis()


def plot_summary(summary: dict[str, Any], path: str) -> None:
    """Win rates with 95% intervals, the payment distribution and pattern frequencies."""
    plt = _require_matplotlib()
    font = _cjk_font()

    def label(name: str) -> str:
        return name if font else PINYIN.get(name, name)

    opening = summary.get("opening_wins") or {}
    panels = 4 if opening else 3
    with plt.rc_context({"font.sans-serif": [font, "DejaVu Sans"]} if font else {}):
        fig, axes = plt.subplots(1, panels, figsize=(5 * panels, 5))
        names = list(summary["by_policy"])
        rates = [summary["by_policy"][n]["win"] for n in names]
        seat_names = [f"seat {s}" for s in range(len(summary["win_by_seat"]))]
        _bars(axes[0], names + seat_names, rates + list(summary["win_by_seat"]), "#4c72b0")
        axes[0].set_xlabel("win rate (%): per seat-hand played / per hand")
        axes[0].set_title("win rate by policy and seat (95%)")

        hist = summary["payments"]["histogram"]
        axes[1].bar([int(v) for v in hist], list(hist.values()), width=0.8, color="#55a868")
        axes[1].set_yscale("log")
        axes[1].set_xlabel("payment of one seat in one hand")
        axes[1].set_ylabel("seat-hands (log)")
        axes[1].set_title("payment distribution")

        pats = {**summary.get("patterns", {}), **summary.get("categories", {})}
        _bars(axes[2], [label(n) for n in pats], list(pats.values()), "#c44e52")
        axes[2].set_xlabel("% of won hands")
        axes[2].set_title("patterns and categories (95%)")
        if opening:
            _bars(
                axes[3],
                [label(n) for n in opening],
                [o["hands"] for o in opening.values()],
                "#8172b2",
            )
            axes[3].set_xlabel("% of hands")
            axes[3].set_title("opening and mid-game wins (95%)")
        fig.suptitle(
            f"{summary['ruleset']}: {summary['hands']:,} hands, "
            f"policies {','.join(summary['policies'])}"
        )
        fig.tight_layout()
        fig.savefig(path, dpi=110)
        plt.close(fig)
