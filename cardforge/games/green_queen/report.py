"""What the validator reports about a Green Queen run: moon shots and how many hands a game lasts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...sim.stats import describe, rate_summary

if TYPE_CHECKING:
    from ...sim.run import SimResult
    from ..base import Rate


def figures(result: SimResult) -> dict[str, Any]:
    moons = sum(result.figure_sums.get("moons", []))
    return {"moon_shots": moons, "moon_rate": rate_summary(moons, result.hands),
            "hands_per_game": describe([o.hands for o in result.outcomes])}


def figure_lines(fig: Mapping[str, Any]) -> list[str]:
    hpg, rate = fig["hands_per_game"], fig["moon_rate"]
    return [f"Moon shots {fig['moon_shots']} ({rate['rate']:.1%} ({rate['ci_low']:.1%}–{rate['ci_high']:.1%}) "
            f"of hands) · hands per game {hpg['mean']:.1f} (min {hpg['min']:g}, max {hpg['max']:g})"]


def rates(result: SimResult) -> dict[str, Rate]:
    return {"moon-shot rate": (sum(result.figure_sums.get("moons", [])), result.hands)}


def charts(players: int, result: SimResult) -> list[Any]:
    from ...report.charts import histogram_chart
    from ...report.numbers import pct_interval

    hands = Counter(outcome.hands for outcome in result.outcomes)
    top = max(hands)
    labels = [str(h) for h in range(1, top + 1)]
    rate = figures(result)["moon_rate"]
    return [histogram_chart(f"Hands per game, {players} players", labels, [hands.get(h, 0) for h in range(1, top + 1)],
                            x_title="hands played before someone reached the end score", y_title="games",
                            note=f"moon shots: {rate['count']:g} in {result.hands:,} hands, "
                                 f"{pct_interval(rate['rate'], rate['ci_low'], rate['ci_high'])}")]
