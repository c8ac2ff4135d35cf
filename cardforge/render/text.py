"""Setting a line or a small paragraph of text as reportlab Strings, with the Japanese fallback.

A text's y is its vertical middle (half the cap height above the baseline), so a rank centred in a
circle looks centred. With a width, text wraps at spaces; a word wider than the box shrinks the size.
"""

from __future__ import annotations

from reportlab.graphics.shapes import Group, String
from reportlab.lib.colors import Color

from .fonts import CAP_HEIGHT, font_runs, text_width

LINE_HEIGHT = 1.2
MIN_SIZE = 4.0


def wrap(text: str, font: str, size: float, width: float | None) -> tuple[list[str], float]:
    """Lines of `text` within `width` points (None: no wrapping) and the size that makes them fit."""
    paragraphs = text.split("\n")
    if width is None or width <= 0:
        return paragraphs, size
    while True:
        lines: list[str] = []
        for paragraph in paragraphs:
            current = ""
            for word in paragraph.split(" "):
                trial = f"{current} {word}" if current else word
                if current and text_width(trial, font, size) > width:
                    lines.append(current)
                    current = word
                else:
                    current = trial
            lines.append(current)
        widest = max(text_width(line, font, size) for line in lines)
        if widest <= width or size <= MIN_SIZE:
            return lines, size
        size = max(MIN_SIZE, size * width / widest * 0.98)


def line_strings(line: str, font: str, size: float, color: Color, x: float, baseline: float,
                 align: str) -> list[String]:
    """One line as Strings (one per font run), aligned at x ('left', 'center' or 'right')."""
    total = text_width(line, font, size)
    start = x if align == "left" else x - total / 2 if align == "center" else x - total
    strings = []
    for run, run_font in font_runs(line, font):
        strings.append(String(start, baseline, run, fontName=run_font, fontSize=size, fillColor=color,
                              textAnchor="start"))
        start += text_width(run, run_font, size)
    return strings


def text_group(text: str, font: str, size: float, color: Color, x: float, y_middle: float,
               align: str = "left", width: float | None = None) -> Group:
    """Text whose block is vertically centred on `y_middle` (points, y up)."""
    lines, size = wrap(text, font, size, width)
    leading = size * LINE_HEIGHT
    first_middle = y_middle + leading * (len(lines) - 1) / 2
    group = Group()
    for i, line in enumerate(lines):
        baseline = first_middle - i * leading - size * CAP_HEIGHT / 2
        for string in line_strings(line, font, size, color, x, baseline, align):
            group.add(string)
    return group
