"""The report's charts: reportlab bar charts with our embedded fonts, plus confidence whiskers.

Each function returns a `Drawing` that platypus flows like a paragraph; every chart carries its
title as real text so a reader (and a test) can find it in the PDF.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.shapes import Drawing, Line, String
from reportlab.lib import colors

from ..render.fonts import register_fonts

WIDTH, HEIGHT = 440.0, 190.0
INK = colors.HexColor("#222222")
ACCENT = colors.HexColor("#1e8449")
MUTED = colors.HexColor("#95a5a6")
WARN = colors.HexColor("#c0392b")


def _chart(labels: Sequence[str], values: Sequence[float], y_max: float, bar_colors: Sequence[colors.Color]) -> VerticalBarChart:
    register_fonts()
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 50, 35, WIDTH - 70, HEIGHT - 70
    chart.data = [list(values)]
    chart.categoryAxis.categoryNames = list(labels)
    chart.categoryAxis.labels.fontName = "sans"
    chart.categoryAxis.labels.fontSize = 7 if len(labels) > 12 else 8
    chart.categoryAxis.labels.angle = 45 if len(labels) > 16 else 0
    chart.categoryAxis.labels.boxAnchor = "ne" if len(labels) > 16 else "n"
    chart.valueAxis.labels.fontName = "sans"
    chart.valueAxis.labels.fontSize = 8
    chart.valueAxis.valueMin = 0
    chart.valueAxis.valueMax = y_max
    chart.valueAxis.valueStep = _nice_step(y_max)
    chart.valueAxis.visibleGrid = True
    chart.valueAxis.gridStrokeColor = colors.HexColor("#e5e8e8")
    chart.bars.strokeColor = None
    chart.barSpacing = 2
    for i, color in enumerate(bar_colors):
        chart.bars[(0, i)].fillColor = color
    return chart


def _nice_step(y_max: float) -> float:
    for step in (0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        if y_max / step <= 8:
            return step
    return y_max / 5


def _titled(chart: VerticalBarChart, title: str, note: str = "") -> Drawing:
    drawing = Drawing(WIDTH, HEIGHT, initialFontName="sans", initialFontSize=8)
    drawing.add(chart)
    drawing.add(String(8, HEIGHT - 16, title, fontName="sans-bold", fontSize=10, fillColor=INK))
    if note:
        drawing.add(String(8, 6, note, fontName="sans", fontSize=7, fillColor=MUTED))
    return drawing


def interval_chart(title: str, labels: Sequence[str], values: Sequence[float], lows: Sequence[float],
                   highs: Sequence[float], *, reference: float | None = None, percent: bool = True,
                   note: str = "", bar_colors: Sequence[colors.Color] | None = None) -> Drawing:
    """Bars with 95% confidence whiskers and an optional dashed reference line (a fair share)."""
    scale = 100.0 if percent else 1.0
    top = max([*highs, reference or 0.0, 1e-9]) * scale
    y_max = min(100.0, top * 1.25) if percent else top * 1.25
    chart = _chart(labels, [v * scale for v in values], y_max, bar_colors or [ACCENT] * len(values))
    if percent:
        chart.valueAxis.labelTextFormat = "%d%%"
    drawing = _titled(chart, title, note)
    step = chart.width / max(len(values), 1)

    def y_of(value: float) -> float:
        return chart.y + chart.height * min(value * scale, y_max) / y_max

    for i, (low, high) in enumerate(zip(lows, highs)):
        x = chart.x + step * (i + 0.5)
        drawing.add(Line(x, y_of(low), x, y_of(high), strokeColor=INK, strokeWidth=1))
        for y in (y_of(low), y_of(high)):
            drawing.add(Line(x - 4, y, x + 4, y, strokeColor=INK, strokeWidth=1))
    if reference is not None:
        y = y_of(reference)
        drawing.add(Line(chart.x, y, chart.x + chart.width, y, strokeColor=WARN, strokeWidth=0.8,
                         strokeDashArray=[3, 2]))
    return drawing


def histogram_chart(title: str, labels: Sequence[str], counts: Sequence[float], *,
                    highlight: Sequence[int] = (), note: str = "") -> Drawing:
    """Counts per bin; bins listed in `highlight` (indices) are drawn in the warning colour."""
    y_max = max([*counts, 1]) * 1.15
    bar_colors = [WARN if i in highlight else ACCENT for i in range(len(counts))]
    return _titled(_chart(labels, counts, y_max, bar_colors), title, note)


def share_chart(title: str, labels: Sequence[str], shares: Sequence[float], note: str = "") -> Drawing:
    """Shares between 0 and 1 as percentage bars (a solved mission's difficulty)."""
    chart = _chart(labels, [s * 100 for s in shares], 100.0, [ACCENT, MUTED, WARN, INK][: len(shares)])
    chart.valueAxis.labelTextFormat = "%d%%"
    chart.barLabelFormat = "%.1f%%"
    chart.barLabels.fontName = "sans"
    chart.barLabels.fontSize = 8
    chart.barLabels.nudge = 7
    return _titled(chart, title, note)
