"""The sweep's chart page (PDF): every variant's figure with its 95% interval, best first.

A dot and whisker per variant, the best one and those that cannot be told apart from it in green,
the rest grey; a dashed line at the best value (or at the aimed-at value). The variants that could
not be played are listed under the chart with the reason. No dates or timings go in, so the same
sweep gives a byte-identical page.
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
from .rank import Ranking
from .run import SweepResult

INK = colors.HexColor("#222222")
ACCENT = colors.HexColor("#1e8449")
MUTED = colors.HexColor("#95a5a6")
GRID = colors.HexColor("#dddddd")


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


def chart_pdf(result: SweepResult, ranking: Ranking) -> bytes:
    """The chart page as PDF bytes."""
    register_fonts()
    plan = result.plan
    metric = ranking.metric
    buffer = io.BytesIO()
    page_w, page_h = A4
    pdf = Canvas(buffer, pagesize=A4, invariant=1, pageCompression=1)
    pdf.setTitle(f"Sweep of {plan.base.deck.id}: {metric.name}")
    margin = 18 * mm
    top = page_h - margin
    pdf.setFillColor(INK)
    pdf.setFont("sans-bold", 15)
    pdf.drawString(margin, top - 12, f"Sweep of {plan.base.deck.title}: {metric.name}")
    pdf.setFont("sans", 9)
    goal = {"min": "lower is better", "max": "higher is better"}.get(ranking.goal, f"closest to {ranking.goal} is best")
    pdf.drawString(margin, top - 28, f"{metric.label}; {goal}. {plan.players} players "
                                     f"({', '.join(sorted(set(plan.agents)))}), {plan.games:,} games per variant, "
                                     f"seed {plan.seed}.")
    pdf.drawString(margin, top - 40, f"Dots: the figure over all games; whiskers: 95% interval ({ranking.resamples:,} "
                                     "paired bootstrap resamples of the games).")
    pdf.setFillColor(ACCENT)
    pdf.drawString(margin, top - 52, "Green: the best variant and those that cannot be told apart from it.")
    rows = ranking.rows
    unplayable = [b for b in plan.built if b.deck is None]
    labels = [f"{i + 1}. {r.run.built.variant.label}" for i, r in enumerate(rows)]
    label_w = min(max(text_width(t, "sans-bold", 9) for t in labels) + 8, (page_w - 2 * margin) * 0.55)
    plot_x0, plot_x1 = margin + label_w, page_w - margin - 8 * mm
    area_top = top - 70
    area_bottom = margin + 20 + min(len(unplayable), 12) * 11 + (14 if unplayable else 0)
    step = min(18.0, (area_top - area_bottom - 24) / max(1, len(rows)))
    size = max(5.0, min(9.0, step * 0.6))
    values = [v for r in rows for v in (r.low, r.high, r.value)]
    if ranking.goal not in ("min", "max"):
        values.append(float(ranking.goal))
    lo, hi = min(values), max(values)
    pad = (hi - lo) * 0.08 or abs(hi) * 0.1 or 1.0
    lo, hi = lo - pad, hi + pad

    def x_of(value: float) -> float:
        return plot_x0 + (value - lo) / (hi - lo) * (plot_x1 - plot_x0)

    bottom = area_top - step * len(rows)
    pdf.setStrokeColor(GRID)
    pdf.setLineWidth(0.5)
    pdf.setFont("sans", 7)
    pdf.setFillColor(INK)
    for value in _ticks(lo, hi, 100 if metric.percent else 1):
        x = x_of(value)
        pdf.line(x, bottom - 4, x, area_top)
        pdf.drawCentredString(x, bottom - 14, metric.show(value))
    reference = rows[0].value if ranking.goal in ("min", "max") else float(ranking.goal)
    pdf.setStrokeColor(ACCENT)
    pdf.setDash(3, 2)
    pdf.line(x_of(reference), bottom - 4, x_of(reference), area_top)
    pdf.setDash()
    for i, row in enumerate(rows):
        y = area_top - step * (i + 0.5)
        color = ACCENT if row.tied else MUTED
        pdf.setFillColor(INK)
        pdf.setFont("sans-bold" if row.best else "sans", size)
        label = labels[i]
        pdf.drawString(margin, y - size * 0.35, fit_text(label, "sans-bold" if row.best else "sans", size, label_w - 6))
        pdf.setStrokeColor(color)
        pdf.setFillColor(color)
        pdf.setLineWidth(1.4)
        pdf.line(x_of(row.low), y, x_of(row.high), y)
        pdf.line(x_of(row.low), y - 2.5, x_of(row.low), y + 2.5)
        pdf.line(x_of(row.high), y - 2.5, x_of(row.high), y + 2.5)
        pdf.circle(x_of(row.value), y, 2.6, stroke=0, fill=1)
    if unplayable:
        y = bottom - 34
        pdf.setFillColor(INK)
        pdf.setFont("sans-bold", 9)
        pdf.drawString(margin, y, f"Not played ({len(unplayable)}): these variants cannot be played as set")
        pdf.setFont("sans", 7.5)
        for built in unplayable[:12]:
            y -= 11
            pdf.drawString(margin, y, fit_text(f"{built.variant.label}: {built.problem}", "sans", 7.5,
                                           page_w - 2 * margin))
        if len(unplayable) > 12:
            pdf.drawString(margin, y - 11, f"… and {len(unplayable) - 12} more (see the CSV or --json)")
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def write_chart(result: SweepResult, ranking: Ranking, path: Path) -> Path:
    atomic_write_bytes(path, chart_pdf(result, ranking))
    return path
