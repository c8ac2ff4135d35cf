"""`compare --chart`: what a variant changed, one row per figure, to be read at a glance.

Each figure has its own axis, centred on "no change" and symmetric, so a dot left of the centre line
means the figure fell and right of it that it rose; the whisker is the 95% interval of the change.
Rows whose interval misses zero (a significant change) are drawn dark with the change in words;
the others are grey. Beside each row: the base and the variant values. One block per player count;
nothing time-dependent goes in, so the same comparison gives a byte-identical page.
"""

from __future__ import annotations

import io
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..outputs import atomic_write_bytes
from ..render.fonts import fit_text, register_fonts
from ..sweep.chart import draw_paragraph, paragraph_height
from .compare import Comparison, Figure

INK = colors.HexColor("#222222")
CHANGED = colors.HexColor("#1f4e79")
SAME = colors.HexColor("#a6acaf")
GRID = colors.HexColor("#d5d8dc")
MARGIN = 18 * mm
ROW = 15.0
"""Points per figure row."""
LABEL_W, AXIS_W = 68 * mm, 56 * mm


def change_text(figure: Figure) -> str:
    """The change with its unit: "-1.3 pts" for rates, "+0.25" for means (never "-0.00")."""
    if figure.percent:
        points = round(figure.difference * 100, 1) + 0.0
        return f"{points:+.1f} pts"
    return f"{round(figure.difference, 2) + 0.0:+.2f}{figure.metric.unit}"


def reach_of(figure: Figure) -> float:
    """Half the width of a figure's own axis."""
    return max(abs(figure.low), abs(figure.high), abs(figure.difference)) * 1.15


def _row(pdf: Canvas, figure: Figure, y: float, reach: float) -> None:
    changed = figure.significant
    color = CHANGED if changed else SAME
    pdf.setFillColor(INK if changed else colors.HexColor("#555555"))
    font = "sans-bold" if changed else "sans"
    pdf.setFont(font, 8.5)
    pdf.drawString(MARGIN, y - 3, fit_text(figure.name[0].upper() + figure.name[1:], font, 8.5, LABEL_W - 6))
    x0 = MARGIN + LABEL_W
    centre = x0 + AXIS_W / 2
    reach = reach or 1.0

    def x_of(value: float) -> float:
        return centre + value / reach * (AXIS_W / 2)

    pdf.setStrokeColor(GRID)
    pdf.setLineWidth(0.5)
    pdf.line(x0, y, x0 + AXIS_W, y)
    pdf.setStrokeColor(INK)
    pdf.setLineWidth(0.8)
    pdf.line(centre, y - 5, centre, y + 5)
    pdf.setStrokeColor(color)
    pdf.setFillColor(color)
    pdf.setLineWidth(1.6)
    pdf.line(x_of(figure.low), y, x_of(figure.high), y)
    for end in (figure.low, figure.high):
        pdf.line(x_of(end), y - 2.5, x_of(end), y + 2.5)
    pdf.circle(x_of(figure.difference), y, 2.8, stroke=0, fill=1)
    pdf.setFillColor(INK if changed else colors.HexColor("#555555"))
    pdf.setFont(font, 8)
    right = x0 + AXIS_W + 4 * mm
    unit = figure.metric.unit
    before = figure.show(figure.base)
    before = before[:-len(unit)] if unit and before.endswith(unit) else before
    text = f"{before} → {figure.show(figure.variant)}   ({change_text(figure)})"
    pdf.drawString(right, y - 3, fit_text(text, font, 8, A4[0] - MARGIN - right))


def block_verdicts(comparison: Comparison) -> list[str]:
    """The sentences under a block: every clear change, then how many games would settle the rest."""
    lines = [f.sentence() for f in comparison.figures if f.significant] or ["No figure changed clearly."]
    games = comparison.more_games()
    if games is not None:
        lines.append(f"The other changes are unclear with {comparison.games:,} games; about {games:,} games per deck "
                     "would show those of the size seen, if they are real (the command: cardforge compare ... "
                     f"-p {comparison.players} --games {games}).")
    return lines


def chart_pdf(base_id: str, variant_id: str, comparisons: list[Comparison], seed: int,
              changes: list[str] | None = None) -> bytes:
    """The chart as PDF bytes: a title, what changed, then one block of rows per player count (new pages
    as needed)."""
    register_fonts()
    buffer = io.BytesIO()
    page_w, page_h = A4
    pdf = Canvas(buffer, pagesize=A4, invariant=1, pageCompression=1)
    pdf.setTitle(f"What {variant_id} changed against {base_id}")
    y = page_h - MARGIN
    pdf.setFillColor(INK)
    pdf.setFont("sans-bold", 15)
    width = page_w - 2 * MARGIN
    pdf.drawString(MARGIN, y - 12, fit_text(f"What {variant_id} changed against {base_id}", "sans-bold", 15, width))
    y -= 30
    said = "; ".join(changes) if changes else "nothing in the rules, players, deals or cards"
    y = draw_paragraph(pdf, f"What changes: {said}.", MARGIN, y, width, font="sans-bold", size=9, indent=12)
    notes = ("Both decks play the same deals (common random numbers). Dot: the change; whisker: its 95% interval; "
             "the short upright line: no change. The rates share one scale, in percentage points (pts); each other "
             f"figure has its own. Dark rows changed clearly (the interval misses zero); grey rows did not. Seed {seed}.")
    y = draw_paragraph(pdf, notes, MARGIN, y, width) - 8
    for comparison in comparisons:
        verdicts = block_verdicts(comparison)
        needed = 30 + ROW * len(comparison.figures) + 12 + sum(paragraph_height(v, width, indent=12) + 2
                                                               for v in verdicts)
        if y - needed < MARGIN:
            pdf.showPage()
            y = page_h - MARGIN
        pdf.setFillColor(INK)
        pdf.setFont("sans-bold", 11)
        pdf.drawString(MARGIN, y - 12, f"{comparison.players} players, {comparison.games:,} games each "
                                       f"({', '.join(sorted(set(comparison.agents)))})")
        pdf.setFont("sans", 7.5)
        pdf.drawString(MARGIN + LABEL_W, y - 24, "fell")
        pdf.drawRightString(MARGIN + LABEL_W + AXIS_W, y - 24, "rose")
        pdf.drawString(MARGIN + LABEL_W + AXIS_W + 4 * mm, y - 24, f"{base_id} → {variant_id}")
        y -= 30
        rates = max((reach_of(f) for f in comparison.figures if f.percent), default=0.0)
        for figure in comparison.figures:  # rates share one scale, in points; every other figure has its own
            y -= ROW
            _row(pdf, figure, y + ROW / 2, rates if figure.percent else reach_of(figure))
        y -= 16
        pdf.setFillColor(INK)
        for verdict in verdicts:
            y = draw_paragraph(pdf, verdict, MARGIN, y, width, indent=12) - 2
        y -= 10
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def write_chart(base_id: str, variant_id: str, comparisons: list[Comparison], seed: int, path: Path,
                changes: list[str] | None = None) -> Path:
    atomic_write_bytes(path, chart_pdf(base_id, variant_id, comparisons, seed, changes))
    return path
