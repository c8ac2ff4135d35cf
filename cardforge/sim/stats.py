"""Intervals and tests for balance reports, in plain `math` (no scipy dependency).

Reused by `cardforge check` / `compare` / `sweep`: Wilson intervals for rates, Newcombe's interval for
the difference of two rates, a normal interval for the difference of two means, the chi-square
goodness-of-fit p-value for seat fairness, summary statistics of a distribution, and the number of
games a difference needs before a 95% interval can tell it from zero (`games_needed`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""
Z80 = 0.8416212335729143
"""The one-sided 80% normal quantile: the power `games_needed` aims at."""


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a rate; `successes` may be fractional (shared wins)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(max(p * (1 - p) / trials + z * z / (4 * trials * trials), 0.0)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate_summary(count: float, trials: int) -> dict[str, float]:
    """A rate with its Wilson interval, as the JSON report writes it."""
    low, high = wilson(count, trials)
    return {"count": count, "trials": trials, "rate": count / trials if trials else 0.0,
            "ci_low": low, "ci_high": high}


def add_counts(total: dict[str, object], more: dict[str, object]) -> dict[str, object]:
    """Adds one game's counters into `total`: numbers add, lists add element by element (padded).

    Every game's `figures` are counters of this kind, so a run's figures are a plain sum (and can be
    summed as games stream in, whatever process played them)."""
    for key, value in more.items():
        have = total.get(key)
        if isinstance(value, list):
            base = list(have) if isinstance(have, list) else []
            if len(base) < len(value):
                base += [0] * (len(value) - len(base))
            for i, v in enumerate(value):
                base[i] += v
            total[key] = base
        else:
            total[key] = (have or 0) + value  # type: ignore[operator]
    return total


def rate_difference(s1: float, n1: int, s2: float, n2: int, z: float = Z95) -> tuple[float, float, float]:
    """(difference p1 - p2, low, high): Newcombe's hybrid score interval built from two Wilson intervals."""
    p1, p2 = s1 / n1, s2 / n2
    l1, u1 = wilson(s1, n1, z)
    l2, u2 = wilson(s2, n2, z)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return d, low, high


def mean_difference(a: Sequence[float], b: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """(mean(a) - mean(b), low, high): normal (Welch) interval, fine for the thousands of games we run."""
    ma, mb = mean(a), mean(b)
    se = math.sqrt(variance(a) / len(a) + variance(b) / len(b))
    d = ma - mb
    return d, d - z * se, d + z * se


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with `df` degrees of freedom (integer df, closed forms)."""
    if df < 1:
        raise ValueError("degrees of freedom must be at least 1")
    if x <= 0:
        return 1.0
    half = x / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, df // 2):
            term *= half / i
            total += term
        return min(1.0, math.exp(-half) * total)
    total = math.erfc(math.sqrt(half))  # df 1
    term = math.sqrt(half) * math.exp(-half) / math.gamma(1.5)
    k = 1
    while k < df:  # sf(df + 2) = sf(df) + (x/2)^(df/2) e^(-x/2) / gamma(df/2 + 1)
        total += term
        term *= half / (k / 2 + 1)
        k += 2
    return min(1.0, max(0.0, total))


def seat_fairness(wins: Sequence[float], games: int) -> tuple[float, float]:
    """(chi-square statistic, p-value) of the wins per seat against equal chances.

    Shared wins are split, so every game adds exactly 1 to the wins."""
    seats = len(wins)
    if games <= 0 or seats < 2:
        return 0.0, 1.0
    expected = games / seats
    stat = sum((w - expected) ** 2 / expected for w in wins)
    return stat, chi2_sf(stat, seats - 1)


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def variance(values: Sequence[float]) -> float:
    """Sample variance (n - 1)."""
    n = len(values)
    if n < 2:
        return 0.0
    m = mean(values)
    return sum((v - m) ** 2 for v in values) / (n - 1)


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """Linear interpolation between closest ranks (the usual 'linear' method); q in 0..100."""
    if not sorted_values:
        return 0.0
    pos = (len(sorted_values) - 1) * q / 100
    low = math.floor(pos)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (pos - low)


def describe(values: Sequence[float]) -> dict[str, float]:
    """mean, sd, min, p5, p25, median, p75, p95, max of a distribution."""
    ordered = sorted(values)
    out = {"mean": mean(ordered), "sd": math.sqrt(variance(ordered))}
    out["min"] = ordered[0] if ordered else 0.0
    for q in (5, 25, 50, 75, 95):
        out[f"p{q}"] = percentile(ordered, q)
    out["max"] = ordered[-1] if ordered else 0.0
    return out


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm-adjusted p-values, in the input order: compare each with the usual 5% and the chance of
    any false alarm across the whole family of tests stays at 5% (Holm 1979, step-down)."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[index]))
        adjusted[index] = running
    return adjusted


def games_needed(difference: float, sd_per_game: float, z: float = Z95, power_z: float = Z80) -> int | None:
    """Games (per variant, common random numbers) after which a true difference of `difference` has an
    80% chance of giving a 95% interval that excludes zero.

    The normal power calculation for a paired mean: the difference's standard error after n games is
    `sd_per_game / sqrt(n)`, and the interval misses zero with 80% chance once `|difference|` is
    `(z + power_z)` standard errors, so n = ((z + power_z) * sd_per_game / difference)^2.
    `sd_per_game` is the observed scatter of the paired difference for one game (docs/sweeps.md says
    how `compare` and `sweep` estimate it). None when there is no difference to detect, or no scatter
    (the two play the same games to the same result: more games would not change anything)."""
    if difference == 0 or sd_per_game <= 0 or not math.isfinite(difference) or not math.isfinite(sd_per_game):
        return None
    return max(1, math.ceil(((z + power_z) * sd_per_game / abs(difference)) ** 2))


def round_games(games: int) -> int:
    """A game count rounded up to two significant figures (4,713 -> 4,800), for a command to type."""
    if games <= 100:
        return max(1, games)
    step = 10 ** (len(str(games)) - 2)
    return -(-games // step) * step
