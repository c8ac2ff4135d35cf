"""Numbers as the reports print them, so a chart's label and the sentence beside it always agree."""

from __future__ import annotations


def pct(value: float) -> str:
    """A share as a percentage: one decimal from 1% up, two significant digits below (0.05%), 0% for none."""
    if value <= 0:
        return "0%"
    if value >= 0.01:
        return f"{value * 100:.1f}%"
    return f"{value * 100:.2g}%"


def pct_interval(rate: float, low: float, high: float) -> str:
    """`27.7% (95% CI 25.1%-30.4%)`."""
    return f"{pct(rate)} (95% CI {pct(low)}–{pct(high)})"


def p_value(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def points_between(high: float, low: float) -> str:
    """The difference of two shares in percentage points, `93.1 percentage points`, taken between the
    percentages as `pct` prints them (97.9% and 4.8%), so the reader's subtraction gives the same figure."""
    def shown(value: float) -> float:
        return round(value * 100, 1) if value >= 0.01 else float(f"{value * 100:.2g}")

    return f"{shown(high) - shown(low):.1f} percentage points"
