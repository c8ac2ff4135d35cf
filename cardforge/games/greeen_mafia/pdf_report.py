"""The mission's section of the validator report: difficulty from the exact solver, hardest orders."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from ...check.results import DeckCheck
from ...report.charts import share_chart
from ...report.styles import report_styles
from .checks import shortfall


def mission_section(report: DeckCheck) -> list[Any]:
    styles = report_styles()
    analysis = report.mission
    flow: list[Any] = [Paragraph("Mission difficulty", styles["h2"])]
    short = shortfall(analysis)
    flow.append(share_chart("GREEEN MAFIA difficulty",
                            ["winnable orders", "random player", "greedy player", "lookahead player"],
                            [analysis.winnable_fraction, analysis.random_win, analysis.greedy_win, short.lookahead],
                            note=f"exact, over all {analysis.orders:,} orders of the facility cards"))
    flow.append(Paragraph(
        f"Grade <b>{escape(analysis.grade)}</b>. {analysis.winnable:,} of {analysis.orders:,} orders can be won with "
        f"perfect play. A player choosing uniformly among legal moves wins {analysis.random_win:.2%} of games; one "
        f"who always kills the front card and keeps whenever allowed wins {analysis.greedy_win:.1%}.", styles["body"]))
    flow.append(Paragraph(
        f"{escape(short.sentence())} The lookahead player tries each move and takes the one after which more of "
        "the next cards can be kept; the gap to perfect play is the planning the mission asks for.", styles["body"]))
    hardest = analysis.to_json()["hardest"][:8]
    if hardest:
        rows = [["order", "winning lines", "decisions", "forced"]]
        for line in hardest:
            rows.append([" ".join(line["order"]), str(line["winning_lines"]), str(line["decisions"]), str(line["forced"])])
        table = Table(rows, hAlign="LEFT")
        table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), "sans"), ("FONTSIZE", (0, 0), (-1, -1), 8),
                                   ("FONTNAME", (0, 0), (-1, 0), "sans-bold"),
                                   ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black)]))
        flow += [Spacer(1, 4 * mm), Paragraph("Hardest winnable orders", styles["body"]), table]
    return flow
