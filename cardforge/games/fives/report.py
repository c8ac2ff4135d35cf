"""What the validator reports about a Fives run: bust and exact-target rates, and hand totals."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...sim.stats import rate_summary

if TYPE_CHECKING:
    from ...sim.run import SimResult
    from ..base import Rate


def figures(result: SimResult) -> dict[str, Any]:
    sums, seat_hands = result.figure_sums, result.hands * result.players
    return {"bust_rate": rate_summary(sum(sums.get("busts", [])), seat_hands),
            "exact_rate": rate_summary(sum(sums.get("exact", [])), seat_hands),
            "pool_lost_per_game": sums.get("pool_lost", 0) / result.games,
            "target": result.params.get("target"),
            "totals_hist": list(sums.get("totals_hist", []))}


def figure_lines(fig: Mapping[str, Any]) -> list[str]:
    def pct(rate: Mapping[str, float]) -> str:
        return f"{rate['rate']:.1%} ({rate['ci_low']:.1%}–{rate['ci_high']:.1%})"

    return [f"Bust rate {pct(fig['bust_rate'])} · exactly {fig['target']}: {pct(fig['exact_rate'])} · "
            f"pool points lost per game {fig['pool_lost_per_game']:.2f}"]


def rates(result: SimResult) -> dict[str, Rate]:
    sums, seat_hands = result.figure_sums, result.hands * result.players
    return {"bust rate": (sum(sums.get("busts", [])), seat_hands),
            "exact-target rate": (sum(sums.get("exact", [])), seat_hands)}


def charts(players: int, result: SimResult) -> list[Any]:
    from ...report.charts import histogram_chart, share_chart

    fig = figures(result)
    hist = fig["totals_hist"]
    target = fig.get("target") or 25
    if not any(hist):
        return [share_chart(f"Busts and exact hits, {players} players", ["bust", "exact"],
                            [fig["bust_rate"]["rate"], fig["exact_rate"]["rate"]])]
    top = max(len(hist) - 1, target + 5)
    labels = [str(t) for t in range(top + 1)]
    counts = [hist[t] if t < len(hist) else 0 for t in range(top + 1)]
    return [histogram_chart(f"Hand totals around {target}, {players} players", labels, counts,
                            highlight=range(target + 1, top + 1),
                            note=f"bust rate {fig['bust_rate']['rate']:.1%}, exact {target} "
                                 f"{fig['exact_rate']['rate']:.1%} of seat-hands; red: over {target}")]
