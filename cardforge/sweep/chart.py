"""The sweep's chart page (PDF): every variant's figure with its 95% interval, best first, and the verdict.

A dot and whisker per variant (one per player count when several are swept, the count that ranks the
variant drawn solid), the best one and those that cannot be told apart from it in green, the rest
grey; a dashed line at the best value (or at the aimed-at value). Every line of text is wrapped to the
page's width (`wrap_lines`), so nothing runs off the page however long a setting or a command is.
Under the plot: what the sweep changes, the verdict in words, and the variants that could not be
played. No dates or timings go in, so the same sweep gives a byte-identical page.
"""

from __future__ import annotations

import io
import math
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..outputs import atomic_write_bytes
from ..render.fonts import fit_text, register_fonts, text_width
from .plan import SweepResult
from .rank import Ranking
from .summary import bare, changes_lines, unit_of, verdict_lines

INK = colors.HexColor("#222222")
ACCENT = colors.HexColor("#1e8449")
MUTED = colors.HexColor("#95a5a6")
GRID = colors.HexColor("#dddddd")
MARGIN = 18 * mm


def wrap_lines(text: str, font: str, size: float, width: float, indent: float = 0.0) -> list[str]:
    """`text` broken at spaces into lines no wider than `width` points (`width - indent` after the
    first); a word wider than a line is cut into pieces that fit (a long command or setting never runs
    off the page)."""
    lines: list[str] = []
    current = ""

    def room() -> float:
        return width - (indent if lines else 0.0)

    for word in text.split(" "):
        trial = f"{current} {word}" if current else word
        if text_width(trial, font, size) <= room():
            current = trial
            continue
        if current:
            lines.append(current)
        while text_width(word, font, size) > room():
            cut = len(word)
            while cut > 1 and text_width(word[:cut], font, size) > room():
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        current = word
    if current or not lines:
        lines.append(current)
    return lines


def draw_paragraph(pdf: Canvas, text: str, x: float, y: float, width: float, font: str = "sans",
                   size: float = 8.5, leading: float | None = None, indent: float = 0.0) -> float:
    """Draw `text` wrapped to `width` with its first baseline at `y`; returns the y below the last line."""
    step = leading or size * 1.3
    pdf.setFont(font, size)
    for k, line in enumerate(wrap_lines(text, font, size, width, indent)):
        pdf.drawString(x + (indent if k else 0), y, line)
        y -= step
    return y


def paragraph_height(text: str, width: float, font: str = "sans", size: float = 8.5, indent: float = 0.0) -> float:
    return len(wrap_lines(text, font, size, width, indent)) * size * 1.3


def _ticks(lo: float, hi: float, scale: float) -> list[float]:
    """Four to ten round values between lo and hi (round in the unit shown: percent or plain)."""
    span = (hi - lo) * scale
    step = 10 ** math.floor(math.log10(span / 4)) if span > 0 else 1.0
    for factor in (1, 2, 5, 10):
        if span / (step * factor) <= 8:
            step *= factor
            break
    first = math.ceil(lo * scale / step)
    return [k * step / scale for k in range(first, math.floor(hi * scale / step) + 1)]


def _notes(result: SweepResult, ranking: Ranking) -> list[str]:
    plan = result.plan
    goal = {"min": "lower is better", "max": "higher is better"}.get(ranking.goal, f"closest to {ranking.goal} is best")
    counts = ", ".join(map(str, plan.counts))
    lines = [f"{ranking.metric.name}: {ranking.metric.label}; {goal}.",
             f"{counts} players ({plan.table_kinds()}), {plan.games:,} games per variant and count, seed {plan.seed}. "
             f"Dots: the figure over all games; whiskers: its 95% interval ({ranking.resamples:,} paired bootstrap "
             "resamples of the games)."]
    if len(plan.counts) > 1:
        lines.append("One dot per player count; each variant is ranked by its worst count (the solid dot).")
    return lines


def chart_pdf(result: SweepResult, ranking: Ranking) -> bytes:
    """The chart page as PDF bytes."""
    register_fonts()
    plan = result.plan
    metric = ranking.metric
    counts = plan.counts
    buffer = io.BytesIO()
    page_w, page_h = A4
    width = page_w - 2 * MARGIN
    pdf = Canvas(buffer, pagesize=A4, invariant=1, pageCompression=1)
    pdf.setTitle(f"Sweep of {plan.base.deck.id}: {metric.name}")
    y = page_h - MARGIN - 12
    pdf.setFillColor(INK)
    pdf.setFont("sans-bold", 15)
    pdf.drawString(MARGIN, y, fit_text(f"Sweep of {plan.base.deck.title}: {metric.name}", "sans-bold", 15, width))
    y -= 18
    changes = "What the sweep changes: " + "; ".join(changes_lines(plan)) + "."
    y = draw_paragraph(pdf, changes, MARGIN, y, width, font="sans-bold", size=9, indent=12)
    for note in _notes(result, ranking):
        y = draw_paragraph(pdf, note, MARGIN, y, width)
    pdf.setFillColor(ACCENT)
    y = draw_paragraph(pdf, "Green: the best variant and those that cannot be told apart from it; grey: clearly "
                            "worse.", MARGIN, y, width)
    pdf.setFillColor(INK)
    verdict = verdict_lines(result, ranking)
    unplayable = [b for b in plan.built if b.deck is None]
    gone = [f"{b.variant.label}: {b.problem}" for b in unplayable[:12]]
    below = sum(paragraph_height(t, width, indent=12) for t in verdict) + 14
    below += (16 + sum(paragraph_height(t, width, size=7.5) for t in gone) + (11 if len(unplayable) > 12 else 0)
              if unplayable else 0)
    rows = ranking.rows
    labels = [f"{i + 1}. {r.run.built.variant.label}" for i, r in enumerate(rows)]
    label_w = min(max(text_width(t, "sans-bold", 9) for t in labels) + 8, width * 0.45)
    count_w = 22.0 if len(counts) > 1 else 0.0
    plot_x0, plot_x1 = MARGIN + label_w + count_w, page_w - MARGIN - 4 * mm
    area_top = y - 8
    area_bottom = max(MARGIN + below + 30, MARGIN + 60)
    lines = len(rows) * len(counts)
    step = max(4.0, min(18.0 if len(counts) == 1 else 11.0, (area_top - area_bottom) / max(1, lines + 0.5 * len(rows))))
    gap = step * 0.5 if len(counts) > 1 else 0.0
    size = max(5.0, min(9.0, (step * len(counts) + gap) * 0.6))
    values = [v for r in rows for e in r.counts.values() for v in (e.low, e.high, e.value) if math.isfinite(v)]
    if ranking.goal not in ("min", "max"):
        values.append(float(ranking.goal))
    lo, hi = min(values), max(values)
    pad = (hi - lo) * 0.08 or abs(hi) * 0.1 or 1.0
    lo, hi = lo - pad, hi + pad

    def x_of(value: float) -> float:
        return plot_x0 + (value - lo) / (hi - lo) * (plot_x1 - plot_x0)

    bottom = area_top - (step * len(counts) + gap) * len(rows)
    pdf.setStrokeColor(GRID)
    pdf.setLineWidth(0.5)
    pdf.setFont("sans", 7)
    for value in _ticks(lo, hi, 100 if metric.scaled else 1):
        x = x_of(value)
        pdf.line(x, bottom - 4, x, area_top)
        pdf.drawCentredString(x, bottom - 14, bare(metric, value, value < 0))
    axis = {"pts": "percentage points", "%": "percent"}.get(unit_of(metric), unit_of(metric))
    if axis:
        pdf.drawCentredString((plot_x0 + plot_x1) / 2, bottom - 24, axis)
    reference = rows[0].value if ranking.goal in ("min", "max") and len(counts) == 1 else (
        None if ranking.goal in ("min", "max") else float(ranking.goal))
    if reference is not None:
        pdf.setStrokeColor(ACCENT)
        pdf.setDash(3, 2)
        pdf.line(x_of(reference), bottom - 4, x_of(reference), area_top)
        pdf.setDash()
    top = area_top
    for i, row in enumerate(rows):
        block = step * len(counts)
        color = ACCENT if row.best or row.tied else MUTED
        pdf.setFillColor(INK)
        font = "sans-bold" if row.best else "sans"
        pdf.setFont(font, size)
        pdf.drawString(MARGIN, top - block / 2 - size * 0.35, fit_text(labels[i], font, size, label_w - 6))
        for k, count in enumerate(counts):
            estimate = row.counts[count]
            yy = top - step * (k + 0.5)
            solid = count == row.worst
            if len(counts) > 1:
                pdf.setFillColor(INK if solid else MUTED)
                pdf.setFont("sans-bold" if solid else "sans", 6.5)
                pdf.drawRightString(plot_x0 - 4, yy - 2.3, f"{count}p")
            pdf.setStrokeColor(color)
            pdf.setFillColor(color)
            pdf.setLineWidth(1.4 if solid else 0.8)
            if math.isfinite(estimate.low) and math.isfinite(estimate.high):
                pdf.line(x_of(estimate.low), yy, x_of(estimate.high), yy)
                pdf.line(x_of(estimate.low), yy - 2.2, x_of(estimate.low), yy + 2.2)
                pdf.line(x_of(estimate.high), yy - 2.2, x_of(estimate.high), yy + 2.2)
            radius = min(2.6, step * 0.3 + 0.5)
            pdf.circle(x_of(estimate.value), yy, radius, stroke=0 if solid else 1, fill=1 if solid else 0)
        top -= block + gap
    y = bottom - 40
    pdf.setFillColor(INK)
    for text in verdict:
        font = "sans-bold" if text.startswith("Best") else "sans"
        y = draw_paragraph(pdf, text.strip(), MARGIN + (12 if text.startswith("  ") else 0), y,
                           width - (12 if text.startswith("  ") else 0), font=font, indent=12) - 3
    if unplayable:
        y -= 6
        pdf.setFont("sans-bold", 9)
        pdf.drawString(MARGIN, y, f"Not played ({len(unplayable)}): these variants cannot be played as set")
        y -= 12
        for text in gone:
            y = draw_paragraph(pdf, text, MARGIN, y, width, size=7.5)
        if len(unplayable) > 12:
            pdf.setFont("sans", 7.5)
            pdf.drawString(MARGIN, y, f"… and {len(unplayable) - 12} more (see the CSV or --json)")
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def write_chart(result: SweepResult, ranking: Ranking, path: Path) -> Path:
    atomic_write_bytes(path, chart_pdf(result, ranking))
    return path
