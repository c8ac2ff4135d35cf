"""Rank a sweep's variants by one metric, with 95% intervals from a paired bootstrap over games.

Every variant played the same game seeds, so a resample picks the same games for all of them (the
pairing keeps the common random numbers' benefit: the luck of the deal cancels in differences).
Each resample reweights the per-game rows, and every metric is a function of column sums
(sim/metrics.py), so one matrix product gives all variants' resampled figures. A variant "cannot be
told apart from the best" when the 95% interval of its objective minus the best one's reaches 0.
The resampling generator is seeded from the sweep seed: the same sweep ranks the same way every time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..sim.metrics import Metric, metrics
from .keys import SweepError
from .run import SweepPlan, SweepResult, VariantRows

RESAMPLES = 1000
CHUNK = 100


@dataclass(frozen=True)
class Ranked:
    """One variant's place: the metric with its interval, the gap to the best with its interval."""

    run: VariantRows
    value: float
    low: float
    high: float
    objective: float
    gap_low: float
    gap_high: float
    figures: dict[str, float]
    best: bool = False

    @property
    def tied(self) -> bool:
        """True when the variant cannot be told apart from the best (its gap interval reaches 0)."""
        return self.best or self.gap_low <= 0.0


@dataclass(frozen=True)
class Ranking:
    metric: Metric
    goal: str
    rows: tuple[Ranked, ...]
    resamples: int

    @property
    def tied(self) -> list[Ranked]:
        return [r for r in self.rows if r.tied]


def available(result: SweepResult) -> dict[str, Metric]:
    return metrics(list(result.columns), result.plan.players, result.plan.first_seat)


def check_metric(name: str, columns: tuple[str, ...], plan: SweepPlan) -> None:
    """SweepError naming every metric the sweep offers, unless `name` is one of them."""
    known = metrics(list(columns), plan.players, plan.first_seat)
    if name not in known:
        raise SweepError(f"--metric {name}: not a metric of this sweep; choose from {', '.join(known)}")


def _objective(values: Any, goal: str) -> Any:
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
    known = available(result)
    if metric_name not in known:
        raise SweepError(f"--metric {metric_name}: not a metric of this sweep; choose from {', '.join(known)}")
    metric = known[metric_name]
    goal = check_goal(goal or metric.goal)
    tables = [np.asarray(run.rows, dtype=np.float64) for run in result.runs]
    columns = list(result.columns)

    def figures_of(sums: np.ndarray, which: Metric) -> Any:
        with np.errstate(divide="ignore", invalid="ignore"):
            return which.compute({name: sums[..., j] for j, name in enumerate(columns)})

    totals = [table.sum(axis=0) for table in tables]
    points = [float(figures_of(t, metric)) for t in totals]
    objectives = [float(_objective(p, goal)) for p in points]
    rng = np.random.default_rng([result.plan.seed, 0x5EED])
    games = tables[0].shape[0]
    draws: list[list[np.ndarray]] = [[] for _ in tables]
    for start in range(0, resamples, CHUNK):
        weights = rng.multinomial(games, np.full(games, 1.0 / games), size=min(CHUNK, resamples - start))
        weights = weights.astype(np.float64)
        for i, table in enumerate(tables):
            draws[i].append(np.asarray(figures_of(weights @ table, metric), dtype=np.float64))
    samples = [np.concatenate(d) for d in draws]
    best = min(range(len(points)), key=lambda i: (objectives[i], i))
    best_objective = _objective(samples[best], goal)
    rows = []
    for i, run in enumerate(result.runs):
        low, high = np.nanpercentile(samples[i], [2.5, 97.5])
        gap = _objective(samples[i], goal) - best_objective
        gap_low, gap_high = np.nanpercentile(gap, [2.5, 97.5]) if i != best else (0.0, 0.0)
        figures = {name: float(figures_of(totals[i], m)) for name, m in known.items()}
        rows.append(Ranked(run, points[i], float(low), float(high), objectives[i], float(gap_low), float(gap_high),
                           figures, best=i == best))
    rows.sort(key=lambda r: (r.objective, r.run.built.variant.index))
    return Ranking(metric, goal, tuple(rows), resamples)
