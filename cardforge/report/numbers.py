"""Numbers as the reports print them, so a chart's label and the sentence beside it always agree
(shares: cardforge/percentages.py)."""

from __future__ import annotations


def p_value(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def points_between(high: float, low: float) -> str:
    """The difference of two shares in percentage points, `93.1 percentage points`, taken between the
    percentages as `pct` prints them (97.9% and 4.8%), so the reader's subtraction gives the same figure."""
    def shown(value: float) -> float:
        return round(value * 100, 1) if value >= 0.01 else float(f"{value * 100:.2g}")

    return f"{shown(high) - shown(low):.1f} percentage points"
