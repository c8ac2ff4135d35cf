"""The one unit parser: lengths such as "63mm", "2.5in", "9pt" become millimetres or points."""

from __future__ import annotations

import math
import re

MAX_LENGTH_MM = 10_000.0
"""No length in a deck is longer than 10 m (a sheet of paper is well under one)."""

MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72.0}
PT_PER_MM = 72.0 / 25.4

_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*$")


def parse_length_mm(value: object) -> float:
    """Read a length: a bare number is millimetres; a string may carry mm, cm, in or pt."""
    if isinstance(value, bool):
        raise ValueError(f"expected a length such as 63mm or 2.5in, got {value!r}")
    if isinstance(value, (int, float)):
        return _sane(float(value), value)
    if isinstance(value, str):
        match = _LENGTH.match(value)
        if match:
            return _sane(float(match.group(1)) * MM_PER_UNIT[match.group(2) or "mm"], value)
    raise ValueError(f"expected a length such as 63mm, 2.5in or 9pt, got {value!r}")


def _sane(mm: float, written: object) -> float:
    """Infinite, NaN and absurd lengths are refused where they are read, not deep in the layout."""
    if not math.isfinite(mm) or abs(mm) > MAX_LENGTH_MM:
        raise ValueError(f"expected a length between -10 m and 10 m, got {written!r}")
    return mm


def mm_to_pt(mm: float) -> float:
    """Millimetres to PDF points (1/72 in)."""
    return mm * PT_PER_MM


def pt_to_mm(pt: float) -> float:
    """PDF points to millimetres."""
    return pt / PT_PER_MM
