"""The corner index, placed by its ink so it shows in a fanned hand.

In a fan only the left strip of each card shows, so the rank sits high and close to the trim: its ink
starts `inset` from the left and top trim edges, a two-digit rank is narrowed to `width` (the
condensed face first, then a horizontal squeeze), and the suit icon is stacked under it. Ranks that
read as another upside down (6 and 9) get a bar under them. The same corner is repeated turned 180
degrees in the bottom-right. Measured by tests/test_card_usability.py.
"""

from __future__ import annotations

from reportlab.graphics.shapes import Group, Rect, String
from reportlab.lib.colors import Color

from ..units import mm_to_pt
from .fonts import CAP_HEIGHT, font_runs, text_width
from .icons import icon_group
from .ink import ink_box

UNDERLINE_GAP = 0.09
"""Space between the baseline and the bar under a 6 or 9, as a fraction of the digit height."""
UNDERLINE_WEIGHT = 0.11
"""Thickness of that bar, as a fraction of the digit height."""
ICON_GAP_MM = 1.0
"""Space between the rank (or its bar) and the suit icon under it."""


def font_size_for(height_mm: float, font: str) -> float:
    """The font size (pt) whose digits are `height_mm` tall in `font`."""
    box = ink_box("0123456789", font, 100.0)
    digit = (box[3] - box[1]) / 100.0 if box else CAP_HEIGHT
    return mm_to_pt(height_mm) / digit


def _rank_strings(text: str, font: str, size: float, color: Color, x: float, baseline: float) -> list[String]:
    strings, start = [], x
    for run, run_font in font_runs(text, font):
        strings.append(String(start, baseline, run, fontName=run_font, fontSize=size, fillColor=color,
                              textAnchor="start"))
        start += text_width(run, run_font, size)
    return strings


def corner(text: str, font: str, size: float, color: Color | None, icon: str | None, icon_size: float,
           left: float, top: float, max_width: float, underline: bool) -> Group:
    """One corner: the rank's ink starts at (left, top) (points, y up), at most `max_width` wide."""
    group = Group()
    box = ink_box(text, font, size) if text.strip() else None
    bottom = top
    centre = left
    if box is not None:
        x0, y0, x1, y1 = box
        squeeze = min(1.0, max_width / (x1 - x0)) if x1 > x0 else 1.0
        rank = Group(*_rank_strings(text, font, size, color, 0.0, 0.0))
        rank.transform = (squeeze, 0, 0, 1, left - x0 * squeeze, top - y1)
        group.add(rank)
        ink_w, baseline = (x1 - x0) * squeeze, top - y1
        centre = left + ink_w / 2
        bottom = baseline + min(y0, 0.0)
        if underline:
            height = y1 - max(y0, 0.0)
            weight = height * UNDERLINE_WEIGHT
            bar_top = baseline - height * UNDERLINE_GAP
            group.add(Rect(left, bar_top - weight, ink_w, weight, fillColor=color, strokeColor=None, strokeWidth=0))
            bottom = min(bottom, bar_top - weight)
    if icon is not None:
        glyph = icon_group(icon, icon_size, color)
        # centred under the rank, but never further out than the rank's own left edge
        glyph.translate(max(centre, left + icon_size / 2), bottom - mm_to_pt(ICON_GAP_MM) - icon_size / 2)
        group.add(glyph)
    return group


def index_group(text: str, font: str, size: float, color: Color | None, icon: str | None, icon_size: float,
                inset_x: float, inset_y: float, max_width: float, underline: bool,
                page: tuple[float, float, float, float]) -> Group:
    """Both corners on a face whose trim box is `page` = (x0, y0, x1, y1) in points."""
    x0, y0, x1, y1 = page
    one = corner(text, font, size, color, icon, icon_size, x0 + inset_x, y1 - inset_y, max_width, underline)
    turned = Group(one)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    turned.translate(cx, cy)
    turned.rotate(180)
    turned.translate(-cx, -cy)
    return Group(one, turned)
