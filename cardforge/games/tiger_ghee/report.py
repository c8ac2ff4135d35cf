"""What the validator reports about a Tiger Ghee run: tricks per seat-hand and how often a hand scores."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...sim.stats import rate_summary

if TYPE_CHECKING:
    from ...sim.run import SimResult
    from ..base import Rate


def figures(result: SimResult) -> dict[str, Any]:
    sums = result.figure_sums
    hist = list(sums.get("tricks_hist", []))
    return {"tricks_hist": {str(k): v for k, v in enumerate(hist)},
            "ghee_rate": rate_summary(sum(sums.get("ghee", [])), sum(hist))}


def figure_lines(fig: Mapping[str, Any]) -> list[str]:
    hist = fig["tricks_hist"]
    total = sum(hist.values()) or 1
    cells = "  ".join(f"{k}:{v / total:.0%}" for k, v in hist.items() if v)
    rate = fig["ghee_rate"]
    return [f"Ghee rate (a scoring multiple of 4) {rate['rate']:.1%} ({rate['ci_low']:.1%}–{rate['ci_high']:.1%})",
            f"Tricks won per seat-hand: {cells}"]


def rates(result: SimResult) -> dict[str, Rate]:
    sums = result.figure_sums
    return {"ghee rate": (sum(sums.get("ghee", [])), result.hands * result.players)}


def charts(players: int, result: SimResult) -> list[Any]:
    """Tricks won per seat-hand, each bar labelled with the points the score table gives for it."""
    from ...report.charts import BAD, GOOD, OTHER, colour_key, histogram_chart
    from ...report.numbers import pct_interval

    fig = figures(result)
    hist = fig["tricks_hist"]
    points = result.params.get("points") or []
    labels, fills = [], []
    for label in hist:
        n = int(label)
        value = points[n] if n < len(points) else None
        labels.append(f"{n}\n{value:+d}" if value is not None else label)
        fills.append(GOOD if value and value > 0 else BAD if value is not None and value < 0 else OTHER)
    rate = fig["ghee_rate"]
    return [histogram_chart(f"Tricks won per hand and the points they score, {players} players", labels,
                            list(hist.values()), bar_colors=fills,
                            x_title="tricks won in a hand (above) and points scored for them (below)",
                            y_title="seat-hands",
                            note=f"{colour_key((GOOD, 'scores'), (BAD, 'loses points'), (OTHER, 'no points'))}. "
                                 f"A scoring count in {pct_interval(rate['rate'], rate['ci_low'], rate['ci_high'])} "
                                 "of seat-hands")]
