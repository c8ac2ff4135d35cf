"""Shares as every report and figure line prints them, so a chart's label, its note and the sentence
beside it agree (report/numbers.py builds on these; games word their own figures with them)."""

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
