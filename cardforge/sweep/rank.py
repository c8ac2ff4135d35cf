"""Rank a sweep's variants by one metric, with 95% intervals from a paired bootstrap over games.

Every variant played the same game seeds, so a resample picks the same games for all of them (the
pairing keeps the common random numbers' benefit: the luck of the deal cancels in differences); see
sweep/paired.py. Each variant's *objective* is the metric turned so that lower is better (itself for
`min`, its negative for `max`, its distance from the aimed-at number otherwise).

Several player counts (`--players 3,4`) are ranked by the **worst count**: a variant's objective is
the largest of its per-count objectives, in every resample as at the point. A deck is printed once
for every count on its box and each table plays at one count, so a variant is only as good as its
worst table; a mean over counts would let a fine 4-player game hide a poor 3-player one
(docs/sweeps.md, "Several player counts"). Each count is resampled on its own games (the counts
played different games), with the same draw for every variant.

A variant "cannot be told apart from the best" when the 95% interval of its objective minus the
best one's reaches 0; for those, `needed` is how many games per variant would tell that gap from
none (sim/stats.py `games_needed`, from the resampled gaps' scatter). When the gap seen is smaller
than the metric's smallest difference that matters (`Metric.matters`, 1 percentage point for rates),
the advice aims at that size instead: a smaller gap, if real, would not change a designer's choice. The resampling generators are
seeded from the sweep seed: the same sweep ranks the same way every time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..sim.metrics import Metric, metrics
from ..sim.stats import games_needed
from .keys import SweepError
from .paired import RESAMPLES, evaluate, generator, interval, per_game_sd, resampled_sums
from .plan import SweepPlan, SweepResult, VariantRows


@dataclass(frozen=True)
class Estimate:
    """A figure over all games with its 95% interval."""

    value: float
    low: float
    high: float


@dataclass(frozen=True)
class Ranked:
    """One variant's place: the metric per player count, the objective that ranks it, the gap to the best."""

    run: VariantRows
    counts: dict[int, Estimate]
    worst: int
    """The player count whose objective ranks the variant (the only one when a single count is swept)."""
    objective: float
    gap: float
    gap_low: float
    gap_high: float
    needed: int | None
    """Games per variant that would tell a gap of `needed_for` from none (80% power), for variants tied
    with the best; None when there is nothing to aim at (no gap seen and no size that matters)."""
    needed_for: float
    figures: dict[int, dict[str, float]]
    best: bool = False

    @property
    def value(self) -> float:
        return self.counts[self.worst].value

    @property
    def low(self) -> float:
        return self.counts[self.worst].low

    @property
    def high(self) -> float:
        return self.counts[self.worst].high

    @property
    def tied(self) -> bool:
        """True when the variant is not the best but cannot be told apart from it (its gap interval reaches 0)."""
        return not self.best and self.gap_low <= 0.0


@dataclass(frozen=True)
class Ranking:
    metric: Metric
    goal: str
    rows: tuple[Ranked, ...]
    resamples: int
    metrics: dict[int, dict[str, Metric]]
    """Every figure the sweep measured, per player count (the ranked metric's label depends on the count)."""

    @property
    def tied(self) -> list[Ranked]:
        """The variants that cannot be told apart from the best, the best itself not counted."""
        return [r for r in self.rows if r.tied]

    @property
    def best(self) -> Ranked:
        return self.rows[0]

    @property
    def counts(self) -> tuple[int, ...]:
        return tuple(self.metrics)


def available(result: SweepResult) -> dict[str, Metric]:
    """The metrics of the sweep's first player count (every count offers the same names)."""
    count = result.plan.counts[0]
    return metrics(list(result.columns[count]), count, result.plan.first_seats[count])


def check_metric(name: str, columns: tuple[str, ...], plan: SweepPlan) -> None:
    """SweepError naming every metric the sweep offers, unless `name` is one of them."""
    count = plan.counts[0]
    known = metrics(list(columns), count, plan.first_seats[count])
    if name not in known:
        raise SweepError(f"--metric {name}: not a metric of this sweep; choose from {', '.join(known)}")


def objective(values: Any, goal: str) -> Any:
    """The metric turned so that lower is better."""
    if goal == "min":
        return values
    if goal == "max":
        return -values
    return abs(values - float(goal))


def check_goal(goal: str) -> str:
    if goal in ("min", "max"):
        return goal
    try:
        float(goal)
    except ValueError:
        raise SweepError(f"--goal {goal!r}: use min, max or a number to aim at") from None
    return goal


def rank(result: SweepResult, metric_name: str, goal: str | None = None, resamples: int = RESAMPLES) -> Ranking:
    """Point values, bootstrap intervals and the gap to the best for every playable variant."""
    plan = result.plan
    known = {count: metrics(list(result.columns[count]), count, plan.first_seats[count]) for count in plan.counts}
    first = known[plan.counts[0]]
    if metric_name not in first:
        raise SweepError(f"--metric {metric_name}: not a metric of this sweep; choose from {', '.join(first)}")
    goal = check_goal(goal or first[metric_name].goal)
    matters = first[metric_name].matters
    estimates: list[dict[int, Estimate]] = [{} for _ in result.runs]
    figures: list[dict[int, dict[str, float]]] = [{} for _ in result.runs]
    point_objectives = np.zeros((len(result.runs), len(plan.counts)))
    sample_objectives = np.zeros((len(result.runs), len(plan.counts), resamples))
    for k, count in enumerate(plan.counts):
        metric = known[count][metric_name]
        columns = result.columns[count]
        tables = [np.asarray(run.rows[count], dtype=np.float64) for run in result.runs]
        totals = [table.sum(axis=0) for table in tables]
        sums = resampled_sums(tables, resamples, generator(plan.seed, k))
        for i, total in enumerate(totals):
            point = float(evaluate(metric, columns, total))
            samples = np.asarray(evaluate(metric, columns, sums[i]), dtype=np.float64)
            low, high = interval(samples)
            estimates[i][count] = Estimate(point, low, high)
            point_objectives[i, k] = objective(point, goal)
            sample_objectives[i, k] = objective(samples, goal)
            figures[i][count] = {name: float(evaluate(m, columns, total)) for name, m in known[count].items()}
    worst_points = point_objectives.max(axis=1)
    with np.errstate(invalid="ignore"):
        worst_samples = np.max(sample_objectives, axis=1)
    best = min(range(len(result.runs)), key=lambda i: (worst_points[i], i))
    rows = []
    for i, run in enumerate(result.runs):
        gap = float(worst_points[i] - worst_points[best])
        gap_low = gap_high = aim = 0.0
        needed = None
        if i != best:
            gaps = worst_samples[i] - worst_samples[best]
            gap_low, gap_high = interval(gaps)
            if gap_low <= 0:
                aim = max(abs(gap), matters or 0.0)
                needed = games_needed(aim, per_game_sd(gaps, plan.games))
        worst = plan.counts[int(np.argmax(point_objectives[i]))]
        rows.append(Ranked(run, estimates[i], worst, float(worst_points[i]), gap, gap_low, gap_high, needed, aim,
                           figures[i], best=i == best))
    rows.sort(key=lambda r: (not r.best, r.objective, r.run.built.variant.index))
    return Ranking(first[metric_name], goal, tuple(rows), resamples, known)
