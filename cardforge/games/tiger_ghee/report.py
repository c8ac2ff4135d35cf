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
    from ...report.charts import histogram_chart

    fig = figures(result)
    hist = fig["tricks_hist"]
    labels = list(hist)
    ghee = [i for i, label in enumerate(labels) if int(label) > 0 and int(label) % 4 == 0]
    return [histogram_chart(f"Tricks won per hand, {players} players", labels, list(hist.values()), highlight=ghee,
                            note=f"ghee (a multiple of 4) in {fig['ghee_rate']['rate']:.1%} of seat-hands; "
                                 "highlighted: ghee counts")]
