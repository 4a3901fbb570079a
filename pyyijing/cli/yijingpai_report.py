"""The text table and the figure of a Yi Jing Pai simulation summary (`yijing simulate`).

Both read only the summary (`yj.simulate(...).summary`, docs/simulation.md
"Summary"), so `--json` holds everything they show.
"""

from __future__ import annotations

from typing import Any

from .figure import rate_bars, rules_text, run_title
from .outputs import figure_bytes, require_matplotlib
from .summary_text import format_rate, match_lines


def summary_table(summary: dict[str, Any]) -> str:
    """The summary as a readable text table."""
    lines = []
    rules = summary.get("rules", {})
    lines.append(
        f"{summary['games']:,} games  seed {summary.get('seed')}  "
        f"{rules.get('variant', '?')} {summary['players']}p deck {rules.get('deck', '?')} "
        f"taiji {rules.get('taiji', '?')}  policies {','.join(summary['policies'])}"
        f"{'  (seats rotate)' if summary.get('rotate') else ''}"
    )
    k = summary["kinds"]
    lines.append(
        f"outcomes: self-draw {k['self_draw']:,}  dealt-in {k['dealt_in']:,}  draw {k['draw']:,}"
        f"   draw rate {format_rate(summary['draw'])}"
    )
    lines.append("")
    lines.append(
        f"{'policy':<12}{'seats':>11}  {'win rate  [95% interval]':<28}"
        f"{'dealt in':>10}{'self-draw':>11}{'mean pay':>10}"
    )
    for name, p in summary["by_policy"].items():
        lines.append(
            f"{name:<12}{p['seat_games']:>11,}  {format_rate(p['win']):<28}"
            f"{100 * p['dealt_in']['rate']:>9.2f}%{100 * p['self_draw']['rate']:>10.2f}%"
            f"{p['mean_payment_half'] / 2:>+10.3f}"
        )
    lines.append("")
    lines.append(f"{'seat':<12}{'win rate  [95% interval]':<30}{'mean pay':>10}")
    for s, rate in enumerate(summary["win_by_seat"]):
        lines.append(
            f"{s:<12}{format_rate(rate):<30}{summary['mean_payment_by_seat'][s] / 2:>+10.3f}"
        )
    lines.append("")
    pts = summary["points_half"]
    ply = summary["plies"]
    if pts["min"] is not None:
        lines.append(
            f"points (wins): mean {pts['mean'] / 2:.2f}  median {pts['p50'] / 2:g}  "
            f"range {pts['min'] / 2:g}-{pts['max'] / 2:g}"
        )
    if ply["min"] is not None:
        lines.append(
            f"length (plies): mean {ply['mean']:.1f}  median {ply['p50']}  p90 {ply['p90']}  "
            f"range {ply['min']}-{ply['max']}"
        )
    wins = summary["games"] - k["draw"]
    if wins:
        met = ", ".join(
            f"{name} {100 * share:.1f}%"
            for name, share in summary["condition_share"].items()
            if summary["conditions"][name]
        )
        lines.append(f"win conditions met: {met}")
    lines.extend(match_lines(summary))
    return "\n".join(lines)


def summary_figure(summary: dict[str, Any]) -> Any:
    """Win rates by policy and by seat (with the draw rate), points and game lengths."""
    plt = require_matplotlib()
    fig, axes = plt.subplots(1, 4, figsize=(19, 5))
    names = list(summary["by_policy"])
    rate_bars(axes[0], names, [summary["by_policy"][n]["win"] for n in names], "#4c72b0")
    axes[0].set_xlabel("win rate per seat played (%)")
    axes[0].set_title("win rate by policy (95%)")
    seats = [f"seat {s}" for s in range(len(summary["win_by_seat"]))]
    rate_bars(axes[1], [*seats, "draw"], [*summary["win_by_seat"], summary["draw"]], "#dd8452")
    axes[1].set_xlabel("% of games")
    axes[1].set_title("who won each game, and draws (95%)")
    for ax, key, title, scale in (
        (axes[2], "points_half", "points of the winning hexagram", 0.5),
        (axes[3], "plies", "game length (plies)", 1.0),
    ):
        hist = summary[key]["histogram"]
        xs = [int(x) * scale for x in hist]
        ax.bar(xs, list(hist.values()), width=0.8 * scale, color="#55a868")
        ax.set_title(title)
        ax.set_ylabel("games")
    rules = dict(summary.get("rules") or {})
    fig.suptitle(run_title("Yi Jing Pai", summary["games"], "games", summary, rules_text(rules)))
    fig.tight_layout()
    return fig


def plot_summary(summary: dict[str, Any], path: str) -> bytes:
    """The figure as the bytes of `path`'s format (by its extension)."""
    plt = require_matplotlib()
    fig = summary_figure(summary)
    try:
        return figure_bytes(fig, path)
    finally:
        plt.close(fig)
