"""Figures in words a designer reads: "seat 2 wins 4.0 percentage points more often; 95% interval 2.0 to
6.0 points more".

A difference of two rates is said in percentage points (never "%", which would read as a relative
change); other figures keep their unit. Shared by `compare` (a change per figure) and `sweep` (each
variant against the best) so both speak the same way.
"""

from __future__ import annotations

from ..sim.metrics import Metric
from ..sim.stats import round_games

PRACTICAL_LIMIT = 1_000_000
"""Beyond this many games a difference is too small for a designer to act on; it is said so."""


def amount(metric: Metric, value: float, signed: bool = False) -> str:
    """`4.0 percentage points` for rates and distances between rates, `0.40 hands` otherwise."""
    sign = "+" if signed else ""
    if metric.scaled:
        return f"{value * 100:{sign}.1f} percentage points"
    return f"{value:{sign}.2f}{metric.unit}"


def short_amount(metric: Metric, value: float) -> str:
    """Like `amount` but with `points` for the second end of a range (the unit is already said)."""
    return f"{value * 100:.1f}" if metric.scaled else f"{value:.2f}"


def range_words(metric: Metric, low: float, high: float, up: str = "more", down: str = "less") -> str:
    """A 95% interval of a change in words: `2.0 to 6.0 percentage points more`, or, when it reaches
    both sides, `from 4.7 percentage points less to 9.3 more`."""
    if low >= 0:
        return f"{short_amount(metric, low)} to {amount(metric, high)} {up}"
    if high <= 0:
        return f"{short_amount(metric, -high)} to {amount(metric, -low)} {down}"
    return f"from {amount(metric, -low)} {down} to {short_amount(metric, high)} {up}"


def games_words(needed: int | None, games: int, per: str = "per deck") -> str:
    """How many games would tell a difference of this size from none: a sentence, or "" for no difference."""
    if needed is None:
        return ""
    if needed > PRACTICAL_LIMIT:
        return (f"It would take more than {PRACTICAL_LIMIT:,} games to tell a difference this small from none: "
                "for design purposes, treat it as none.")
    return (f"About {round_games(needed):,} games {per} ({max(0, round_games(needed) - games):,} more) would show "
            "a difference this size, if it is real.")
