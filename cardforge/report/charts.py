"""The report's charts: reportlab bar charts with our embedded fonts, axis titles and confidence whiskers.

Each function returns a `Drawing` that platypus flows like a paragraph (and html.py writes as SVG);
titles, axis titles and notes are real text so a reader (and a test) can find them in the PDF.

Colours have one meaning in every report (COLOURS), whatever the chart: grey is a random player,
green a heuristic (rule-of-thumb) player, black a player who searches or looks ahead; blue an outcome
that scores or wins, red one that costs (a bust, lost points, an unwinnable order), and sand every
other outcome of a count. Each chart's note names the colours it uses. Type is 10 pt on the axes, so a
chart reads at arm's length.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.shapes import Drawing, Line, Rect, String
from reportlab.lib import colors

from ..games.capabilities import Bars
from ..render.fonts import font_runs, register_fonts

WIDTH, HEIGHT = 460.0, 222.0
INK = colors.HexColor("#222222")
NOTE_INK = colors.HexColor("#444444")
RANDOM = colors.HexColor("#95a5a6")
HEURISTIC = colors.HexColor("#1e8449")
SEARCH = INK
GOOD = colors.HexColor("#2471a3")
BAD = colors.HexColor("#c0392b")
OTHER = colors.HexColor("#c9a24a")
BAD_ZONE = colors.HexColor("#fadbd8")
COLOURS = {"random player": RANDOM, "heuristic player": HEURISTIC, "search player": SEARCH,
           "outcome that scores": GOOD, "outcome that costs": BAD, "other outcome": OTHER}
"""What each colour means, in every chart of every report (tests/test_report_layout.py keeps them apart,
under the three common colour-vision deficiencies too)."""
COLOUR_WORDS = {RANDOM: "grey", HEURISTIC: "green", SEARCH: "black", GOOD: "blue", BAD: "red", OTHER: "sand"}
"""How a chart's note names each colour."""
SMALLEST_PT = 9.0
TICK_PT = 10.0
"""Tick labels and axis titles: readable at arm's length."""
MAX_LABELS = 16
"""More category labels than this are thinned to every n-th, never rotated or overlapping."""


def rich_string(x: float, y: float, text: str, font: str, size: float, color: colors.Color = INK,
                anchor: str = "start") -> list[String]:
    """`text` as Strings, Japanese runs set in the fallback font (render/fonts.py)."""
    from ..render.fonts import text_width

    runs = font_runs(text, font)
    width = text_width(text, font, size)
    left = x - (width if anchor == "end" else width / 2 if anchor == "middle" else 0)
    found = []
    for run, name in runs:
        found.append(String(left, y, run, fontName=name, fontSize=size, fillColor=color))
        left += text_width(run, name, size)
    return found


def _chart(labels: Sequence[str], values: Sequence[float], y_max: float,
           bar_colors: Sequence[colors.Color]) -> VerticalBarChart:
    register_fonts()
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 66, 80, WIDTH - 84, HEIGHT - 112
    chart.data = [list(values)]
    shown = [i for i, label in enumerate(labels) if label]
    every = max(1, math.ceil(len(shown) / MAX_LABELS))
    keep = set(shown[::every])
    chart.categoryAxis.categoryNames = [label if i in keep else "" for i, label in enumerate(labels)]
    chart.categoryAxis.labels.fontName = "sans"
    chart.categoryAxis.labels.fontSize = TICK_PT
    chart.categoryAxis.labels.leading = TICK_PT * 1.15
    chart.categoryAxis.labels.boxAnchor = "n"
    chart.valueAxis.labels.fontName = "sans"
    chart.valueAxis.labels.fontSize = TICK_PT
    chart.valueAxis.valueMin = 0
    chart.valueAxis.valueMax = y_max
    chart.valueAxis.valueStep = _nice_step(y_max)
    chart.valueAxis.visibleGrid = True
    chart.valueAxis.gridStrokeColor = colors.HexColor("#e5e8e8")
    chart.bars.strokeColor = None
    chart.barSpacing = 1
    chart.groupSpacing = 2 if len(labels) > 20 else 5
    for i, color in enumerate(bar_colors):
        chart.bars[(0, i)].fillColor = color
    return chart


def _nice_step(y_max: float) -> float:
    for step in (0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000,
                 5000, 10000, 20000, 50000):
        if y_max / step <= 8:
            return step
    return y_max / 5


def _titled(chart: VerticalBarChart, title: str, x_title: str, y_title: str, note: str = "") -> Drawing:
    drawing = Drawing(WIDTH, HEIGHT, initialFontName="sans", initialFontSize=SMALLEST_PT)
    drawing.add(chart)
    for s in rich_string(4, HEIGHT - 16, title, "sans-bold", 11.5):
        drawing.add(s)
    for s in rich_string(chart.x + chart.width / 2, chart.y - 44, x_title, "sans", TICK_PT, anchor="middle"):
        drawing.add(s)
    y_label = String(0, 0, y_title, fontName="sans", fontSize=TICK_PT, fillColor=INK, textAnchor="middle")
    from reportlab.graphics.shapes import Group

    turned = Group(y_label)
    turned.transform = (0, 1, -1, 0, 12, chart.y + chart.height / 2)
    drawing.add(turned)
    for k, line in enumerate(reversed(note_lines(note, WIDTH - 8))):
        for s in rich_string(4, 4 + k * (SMALLEST_PT + 2), line, "sans", SMALLEST_PT, NOTE_INK):
            drawing.add(s)
    return drawing


def note_lines(note: str, width: float, most: int = 2) -> list[str]:
    """`note` broken at spaces into at most `most` lines of `width` points (the last cut to fit)."""
    from ..render.fonts import fit_text, text_width

    lines: list[str] = []
    for word in note.split():
        if lines and text_width(f"{lines[-1]} {word}", "sans", SMALLEST_PT) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    if len(lines) > most:
        lines = lines[:most - 1] + [" ".join(lines[most - 1:])]
    return [fit_text(line, "sans", SMALLEST_PT, width) for line in lines]


def interval_chart(title: str, labels: Sequence[str], values: Sequence[float], lows: Sequence[float],
                   highs: Sequence[float], *, x_title: str, y_title: str, reference: float | None = None,
                   percent: bool = True, note: str = "", bar_colors: Sequence[colors.Color] | None = None,
                   groups: Sequence[tuple[str, int]] = ()) -> Drawing:
    """Bars with 95% confidence whiskers and an optional dashed reference line (a fair share).

    `groups` ((label, bars), ...) names runs of neighbouring bars under their own labels (seats 0, 1, 2
    under "random players"), so each bar's label stays a short number."""
    scale = 100.0 if percent else 1.0
    top = max([*highs, reference or 0.0, 1e-9]) * scale
    y_max = min(100.0, top * 1.2) if percent else top * 1.2
    chart = _chart(labels, [v * scale for v in values], y_max, bar_colors or [OTHER] * len(values))
    if percent:
        chart.valueAxis.labelTextFormat = "%d%%" if _nice_step(y_max) >= 1 else "%.1f%%"
    drawing = _titled(chart, title, x_title, y_title, note)
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
        drawing.add(Line(chart.x, y, chart.x + chart.width, y, strokeColor=INK, strokeWidth=0.8,
                         strokeDashArray=[4, 3]))
    first = 0
    for label, count in groups:
        left, right = chart.x + step * first + 3, chart.x + step * (first + count) - 3
        y = chart.y - 2 * TICK_PT - 8
        drawing.add(Line(left, y + TICK_PT + 1, right, y + TICK_PT + 1, strokeColor=NOTE_INK, strokeWidth=0.5))
        for s in rich_string((left + right) / 2, y, label, "sans", TICK_PT, INK, anchor="middle"):
            drawing.add(s)
        first += count
    return drawing


def histogram_chart(title: str, labels: Sequence[str], counts: Sequence[float], *, x_title: str, y_title: str,
                    bar_colors: Sequence[colors.Color] | None = None, shade_from: int | None = None,
                    shade_label: str = "", mark: int | None = None, mark_label: str = "",
                    note: str = "") -> Drawing:
    """Counts per bin. `shade_from` shades the bins from that index on (a bust zone, in BAD_ZONE);
    `mark` draws a line through the middle of that bin (a target) labelled `mark_label`."""
    y_max = max([*counts, 1]) * 1.18
    chart = _chart(labels, counts, y_max, bar_colors or [OTHER] * len(counts))
    drawing = Drawing(WIDTH, HEIGHT, initialFontName="sans", initialFontSize=SMALLEST_PT)
    step = chart.width / max(len(counts), 1)
    if shade_from is not None and shade_from < len(counts):
        x0 = chart.x + step * shade_from
        drawing.add(Rect(x0, chart.y, chart.x + chart.width - x0, chart.height, fillColor=BAD_ZONE, strokeColor=None))
        if shade_label:
            for s in rich_string(x0 + 3, chart.y + chart.height - 12, shade_label, "sans", TICK_PT, BAD):
                drawing.add(s)
    titled = _titled(chart, title, x_title, y_title, note)
    for item in titled.contents:
        drawing.add(item)
    if mark is not None:
        x = chart.x + step * (mark + 0.5)
        drawing.add(Line(x, chart.y, x, chart.y + chart.height, strokeColor=INK, strokeWidth=1,
                         strokeDashArray=[4, 3]))
        for s in rich_string(x - 3, chart.y + chart.height - 12, mark_label, "sans-bold", TICK_PT, INK,
                             anchor="end"):
            drawing.add(s)
    return drawing


def share_chart(title: str, labels: Sequence[str], shares: Sequence[float], *, x_title: str, y_title: str,
                bar_labels: Sequence[str], note: str = "", bar_colors: Sequence[colors.Color] | None = None,
                y_max: float = 100.0) -> Drawing:
    """Shares between 0 and 1 as percentage bars, each labelled with its value as the text states it."""
    chart = _chart(labels, [s * 100 for s in shares], y_max, bar_colors or [OTHER] * len(shares))
    chart.valueAxis.labelTextFormat = "%d%%"
    drawing = _titled(chart, title, x_title, y_title, note)
    step = chart.width / max(len(shares), 1)
    for i, (share, label) in enumerate(zip(shares, bar_labels)):
        x = chart.x + step * (i + 0.5)
        y = chart.y + chart.height * min(share * 100, y_max) / y_max + 4
        for s in rich_string(x, y, label, "sans-bold", TICK_PT, INK, anchor="middle"):
            drawing.add(s)
    return drawing


def label_every(start: float, width: float, count: int, most: int = 12) -> list[bool]:
    """Which of `count` bins starting at `start` (bins of `width`) get a label: round numbers only."""
    for power in range(0, 8):
        for factor in (1, 2, 5):
            step = factor * 10 ** power * width
            flags = [(start + i * width) % step == 0 for i in range(count)]
            if sum(flags) <= most:
                return flags
    return [i == 0 for i in range(count)]


def nice_bins(low: float, high: float, most: int = 24) -> tuple[float, float]:
    """(start, width) of histogram bins: a width of 1, 2 or 5 times a power of ten giving at most `most`
    bins, starting at a multiple of the width, so bin labels are round numbers."""
    span = max(high - low, 1)
    for power in range(0, 8):
        for factor in (1, 2, 5):
            width = factor * 10 ** power
            start = math.floor(low / width) * width
            if (high - start) // width + 1 <= most or span / width <= 1:
                return start, width
    return low, span


def colour_key(*entries: tuple[colors.Color, str]) -> str:
    """`grey: random players; green: heuristic players`: a note's key, in the words COLOUR_WORDS gives."""
    return "; ".join(f"{COLOUR_WORDS[colour]}: {what}" for colour, what in entries)


TONES = {"good": GOOD, "bad": BAD, "other": OTHER}
"""The colour of each tone a game's chart names (games/capabilities.py `Bars`)."""


def draw_bars(bars: Bars) -> Drawing:
    """A game's chart, drawn in the report's style: the key's colours first in the note, then its text."""
    key = colour_key(*[(TONES[tone], what) for tone, what in bars.key])
    note = f"{key}. {bars.note}" if key and bars.note else key or bars.note
    fills = [TONES[tone] for tone in bars.tones] if bars.tones is not None else None
    if bars.shares:
        return share_chart(bars.title, bars.labels, bars.values, x_title=bars.x_title, y_title=bars.y_title,
                           bar_labels=bars.bar_labels, note=note, bar_colors=fills)
    return histogram_chart(bars.title, bars.labels, bars.values, x_title=bars.x_title, y_title=bars.y_title,
                           bar_colors=fills, shade_from=bars.shade_from, shade_label=bars.shade_label, mark=bars.mark,
                           mark_label=bars.mark_label, note=note)
