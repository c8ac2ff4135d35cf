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


TOTALS_SHOWN = 40
"""The totals chart runs 0-40: a hand total past 40 is rare and shown in the last bin, "40+"."""


def charts(players: int, result: SimResult) -> list[Any]:
    from ...report.charts import BAD, GOOD, OTHER, colour_key, histogram_chart, share_chart
    from ...report.numbers import pct, pct_interval

    fig = figures(result)
    hist = fig["totals_hist"]
    target = fig.get("target") or 25
    bust, exact = fig["bust_rate"], fig["exact_rate"]
    if not any(hist):
        return [share_chart(f"Busts and exact hits, {players} players", ["bust", f"exactly {target}"],
                            [bust["rate"], exact["rate"]], bar_labels=[pct(bust["rate"]), pct(exact["rate"])],
                            bar_colors=[BAD, GOOD], x_title="outcome of a seat's hand", y_title="seat-hands (%)",
                            note=colour_key((BAD, "bust"), (GOOD, f"exactly {target}")))]
    top = max(TOTALS_SHOWN, target + 5)
    counts = [hist[t] if t < len(hist) else 0 for t in range(top)] + [sum(hist[top:])]
    labels = [("" if t % 5 else str(t)) for t in range(top)] + [f"{top}+"]
    fills = [GOOD if t == target else BAD if t > target else OTHER for t in range(top + 1)]
    return [histogram_chart(
        f"Hand totals around {target}, {players} players", labels, counts,
        bar_colors=fills, shade_from=target + 1, shade_label=f"bust: over {target}",
        mark=target, mark_label=f"target {target}", x_title="a seat's hand total (card points won in one hand)",
        y_title="seat-hands",
        note=f"{colour_key((GOOD, f'exactly {target}'), (BAD, 'bust'), (OTHER, 'under'))}. Bust "
             f"{pct_interval(bust['rate'], bust['ci_low'], bust['ci_high'])}; exactly {target} "
             f"{pct_interval(exact['rate'], exact['ci_low'], exact['ci_high'])}; of "
             f"{bust['trials']:,} seat-hands")]
