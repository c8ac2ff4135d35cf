"""Setting a line or a small paragraph of plain text as reportlab Strings, with the Japanese fallback.

A text's y is its vertical middle (half the cap height above the baseline), so a rank centred in a
circle looks centred. With a width, text wraps at spaces; a word wider than the box shrinks the size.
Card text with markup and boxes is set by richtext.py, which this uses, so both wrap alike.
"""

from __future__ import annotations

from reportlab.graphics.shapes import Group
from reportlab.lib.colors import Color

from .markup import plain_xml
from .richtext import LINE_HEIGHT, Box, no_inline, set_text

MIN_SIZE = 4.0
"""A word wider than its box shrinks down to this size (pt)."""

__all__ = ["LINE_HEIGHT", "MIN_SIZE", "text_group"]


def text_group(text: str, font: str, size: float, color: Color | None, x: float, y_middle: float,
               align: str = "left", width: float | None = None) -> Group:
    """Text whose block is vertically centred on `y_middle` (points, y up)."""
    box = Box(x, y_middle, align if align in ("left", "center", "right") else "left", width)  # type: ignore[arg-type]
    return set_text(plain_xml(text), font, size, color, box, MIN_SIZE, no_inline,
                    lambda *_: Group()).group
