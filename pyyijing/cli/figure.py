"""What every game's figure of `yijing simulate --plot` shares.

A figure says what run it shows: the title names the game, the count, the
seed, the policies, every rule option and the draw rate, so a PNG found later
on its own can be told apart from another run's. The figure is built from the
summary alone (``--json`` holds everything it shows) and returned as bytes;
writing the file is outputs.py's.
"""

from __future__ import annotations

from typing import Any


def rules_text(rules: dict[str, Any], skip: tuple[str, ...] = ()) -> str:
    """Rule options as ``name value`` pairs: ``birds 4, floats 0,0,0,0``."""
    parts = []
    for name, value in rules.items():
        if name in skip:
            continue
        if isinstance(value, list | tuple):
            value = ",".join(map(str, value))
        elif isinstance(value, bool):
            value = "true" if value else "false"
        parts.append(f"{name} {value}")
    return ", ".join(parts) if parts else "no options"


def percent(rate: dict[str, Any]) -> str:
    """A rate with its 95% interval, in percent: ``9.25% [9.19, 9.31]``."""
    return f"{100 * rate['rate']:.2f}% [{100 * rate['low']:.2f}, {100 * rate['high']:.2f}]"


def run_title(game: str, count: int, unit: str, summary: dict[str, Any], rules: str) -> str:
    """The two-line title of a run's figure: what was played, then the rules and draw rate."""
    rotate = " (seats rotate)" if summary.get("rotate") else ""
    return (
        f"{game}: {count:,} {unit}, seed {summary.get('seed')}, "
        f"policies {','.join(summary['policies'])}{rotate}\n"
        f"rules: {rules}   draw rate {percent(summary['draw'])}"
    )


def rate_bars(ax: Any, labels: list[str], rates: list[dict[str, Any]], color: str) -> None:
    """Horizontal bars of rates (%) with their 95% intervals, each value written beside it."""
    ys = list(range(len(labels)))
    values = [100 * r["rate"] for r in rates]
    ax.barh(
        ys,
        values,
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
    for y, value, r in zip(ys, values, rates, strict=True):
        ax.annotate(
            f" {value:.2f}%",
            (100 * r["high"], y),
            va="center",
            fontsize=8,
            annotation_clip=False,
        )
    ax.margins(x=0.25)
