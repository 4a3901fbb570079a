"""Text pieces every game's summary table shares."""

from __future__ import annotations

from typing import Any


def format_rate(rate: dict[str, Any]) -> str:
    """A rate and its 95% interval, in percent."""
    return f"{100 * rate['rate']:6.2f}%  [{100 * rate['low']:6.2f}, {100 * rate['high']:6.2f}]"


def match_lines(summary: dict[str, Any]) -> list[str]:
    """The summary table's matches block (every game's summary has the same `matches`)."""
    matches = summary.get("matches")
    if not matches:
        return []
    lines = [
        "",
        f"matches of {matches['hands_per_match']} hands: {matches['count']:,}  "
        f"(no single leader {100 * matches['no_single_leader']['rate']:.1f}%)",
    ]
    for name, m in matches["by_policy"].items():
        lines.append(f"  {name:<12} match win rate {format_rate(m['win'])}")
    return lines
