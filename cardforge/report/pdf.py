"""The validator's report as a PDF: verdicts first, then the charts a designer would rather look at.

Nothing time-dependent goes in (no dates, no run times), so the same deck, seed and game count give
a byte-identical report.
"""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from ..check.results import DeckCheck
from ..games.registry import find_game
from ..outputs import atomic_write_bytes
from ..sim.report import seat_rows
from .charts import ACCENT, MUTED, histogram_chart, interval_chart
from .styles import report_styles

VERDICT_COLORS = {"pass": "#1e8449", "warn": "#b7950b", "fail": "#c0392b"}


def _checks_table(report: DeckCheck, styles: dict[str, ParagraphStyle]) -> Table:
    rows = [[Paragraph("<b>check</b>", styles["small"]), Paragraph("<b>verdict</b>", styles["small"]),
             Paragraph("<b>reason</b>", styles["small"])]]
    for result in report.results:
        color = VERDICT_COLORS[result.verdict]
        rows.append([Paragraph(escape(result.name), styles["small"]),
                     Paragraph(f'<font color="{color}"><b>{result.verdict.upper()}</b></font>', styles["small"]),
                     Paragraph(escape(result.reason), styles["small"])])
    table = Table(rows, colWidths=[42 * mm, 16 * mm, 112 * mm], repeatRows=1)
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), "sans"),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.HexColor("#333333")),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.HexColor("#d5d8dc")),
    ]))
    return table


def _seat_chart(players: int, runs: dict[str, Any]) -> Any:
    labels, values, lows, highs, fills = [], [], [], [], []
    for kind, result in runs.items():
        for seat in seat_rows(result):
            labels.append(f"{kind[0].upper()}{seat['seat']}")
            values.append(seat["win_rate"])
            lows.append(seat["ci_low"])
            highs.append(seat["ci_high"])
            fills.append(MUTED if kind == "random" else ACCENT)
    first = next(iter(runs.values()))
    games = first.games
    kinds = " and ".join(f"{kind[0].upper()}: {kind} players" for kind in runs)
    return interval_chart(f"Seat win rates, {players} players", labels, values, lows, highs,
                          reference=1 / players, bar_colors=fills,
                          note=f"{kinds}; seat {first.first_seat} acts first. {games:,} games each; whiskers: 95% intervals; "
                               "dashed: a fair share")


def _score_chart(players: int, result: Any) -> Any:
    scores = [score for outcome in result.outcomes for score in outcome.scores]
    low, high = min(scores), max(scores)
    width = max(1, (high - low + 1 + 19) // 20)
    bins = Counter((score - low) // width for score in scores)
    labels = [str(low + i * width) if width == 1 else f"{low + i * width}" for i in range(max(bins) + 1)]
    counts = [bins.get(i, 0) for i in range(max(bins) + 1)]
    return histogram_chart(f"Final scores, {players} players ({result.agents[0]} players)", labels, counts,
                           note=f"every seat's final total over {result.games:,} games; bins of {width}")


def report_story(report: DeckCheck) -> list[Any]:
    """The flowables of the report, in reading order."""
    styles = report_styles()
    verdict = ('<font color="#1e8449">playable</font>' if report.playable
               else '<font color="#c0392b">NOT playable</font>')
    story: list[Any] = [
        Paragraph(f"{escape(report.title)}: validator report", styles["title"]),
        Paragraph(f"Deck <b>{escape(report.deck_id)}</b> ({escape(Path(report.path).name)}). Verdict: <b>{verdict}</b>.",
                  styles["body"]),
        Spacer(1, 4 * mm),
        _checks_table(report, styles),
    ]
    game = find_game(report.ruleset) if report.ruleset else None
    for players, runs in sorted(report.simulations.items()):
        if not runs:
            continue
        story.append(Paragraph(f"{players} players", styles["h2"]))
        story.append(KeepTogether([_seat_chart(players, runs)]))
        main = runs.get("heuristic") or next(iter(runs.values()))
        story.append(KeepTogether([_score_chart(players, main)]))
        for chart in game.charts(players, main) if game is not None else []:
            story.append(KeepTogether([chart]))
    if game is not None:
        story += game.report_sections(report)
    return story


def proof_page(png: bytes, width: float, height: float) -> list[Any]:
    """A page with the deck's proof image (render/proof.py), scaled to fit `width` x `height` points."""
    from reportlab.platypus import Image as ImageFlowable
    from reportlab.platypus import PageBreak

    styles = report_styles()
    image = ImageFlowable(io.BytesIO(png))
    room = height - 12 * mm
    scale = min(width / image.imageWidth, room / image.imageHeight)
    image.drawWidth, image.drawHeight = image.imageWidth * scale, image.imageHeight * scale
    return [PageBreak(), Paragraph("Proof: what players and the cutter will see", styles["h2"]), image]


def build_report(report: DeckCheck, out_path: Path, proof_png: bytes | None = None) -> Path:
    """Write the report PDF atomically; byte-identical for the same checks (and proof image)."""
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=A4, leftMargin=20 * mm, rightMargin=20 * mm, topMargin=18 * mm,
                            bottomMargin=18 * mm, title=f"{report.title}: validator report", author="cardforge",
                            invariant=1, initialFontName="sans", pageCompression=1)
    story = report_story(report)  # registers the fonts the canvas starts with
    if proof_png is not None:
        story += proof_page(proof_png, doc.width, doc.height)
    doc.build(story)
    atomic_write_bytes(out_path, buffer.getvalue())
    return out_path
