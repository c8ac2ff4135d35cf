"""The paired bootstrap over games that `sweep` ranks with and `compare` measures changes with.

Variants played the same game seeds (common random numbers), so a resample draws the same games for
all of them: row i of every table is game i, and one multinomial draw of game weights reweights every
table at once. Every figure is a function of column sums (sim/metrics.py), so a resample's figures
come from one matrix product. The resampled differences give both the 95% interval of a change and
the scatter one game adds to it, which is what `stats.games_needed` turns into "how many games would
tell these apart" (docs/sweeps.md, "How many more games").
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..sim.metrics import Metric

RESAMPLES = 1000
"""Bootstrap resamples behind every interval."""
_CELLS = 4_000_000
"""At most this many weights are drawn at once (resamples x games), to bound memory on long runs."""


def generator(seed: int, stream: int = 0) -> np.random.Generator:
    """The resampling generator of a run seeded `seed` (`stream` separates the player counts of a sweep)."""
    return np.random.default_rng([seed, 0x5EED, stream]) if stream else np.random.default_rng([seed, 0x5EED])


def resampled_sums(tables: Sequence[np.ndarray], resamples: int, rng: np.random.Generator) -> list[np.ndarray]:
    """Column sums of every table under the same `resamples` draws of game weights: (resamples, columns) each.

    All tables hold the same games in the same order (one row per game)."""
    games = tables[0].shape[0]
    chunk = max(1, min(resamples, _CELLS // max(1, games)))
    parts: list[list[np.ndarray]] = [[] for _ in tables]
    for start in range(0, resamples, chunk):
        weights = rng.multinomial(games, np.full(games, 1.0 / games), size=min(chunk, resamples - start))
        weights = weights.astype(np.float64)
        for i, table in enumerate(tables):
            parts[i].append(weights @ table)
    return [np.concatenate(p) for p in parts]


def evaluate(metric: Metric, columns: Sequence[str], sums: np.ndarray) -> Any:
    """The metric from column sums: one row of sums gives a number, a (resamples, columns) array an array."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return metric.compute({name: sums[..., j] for j, name in enumerate(columns)})


def interval(samples: np.ndarray) -> tuple[float, float]:
    """The 95% percentile interval of resampled values (NaN resamples, from an empty denominator, skipped)."""
    finite = samples[np.isfinite(samples)]
    if finite.size == 0:
        return math.nan, math.nan
    low, high = np.percentile(finite, [2.5, 97.5])
    return float(low), float(high)


def per_game_sd(samples: np.ndarray, games: int) -> float:
    """The scatter one game adds to a figure: the resamples' standard deviation times sqrt(games)."""
    finite = samples[np.isfinite(samples)]
    if finite.size < 2:
        return math.nan
    return float(np.std(finite, ddof=1)) * math.sqrt(games)
