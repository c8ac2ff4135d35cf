"""The mission's section of the validator report: difficulty from the exact solver, hardest orders.

Two scales, never mixed on one axis: how many orders of the facility cards can be won at all, and,
separately, the chance that a random or a greedy player wins a shuffled deal. Both are exact (every
order is solved), so they carry no sampling interval; the text says so.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Paragraph, Spacer, Table, TableStyle

from ...check.results import DeckCheck
from ...percentages import pct
from ...report.charts import BAD, GOOD, HEURISTIC, RANDOM, SEARCH, colour_key, share_chart
from ...report.numbers import points_between
from ...report.styles import report_styles
from .checks import shortfall


def mission_section(report: DeckCheck) -> list[Any]:
    styles = report_styles()
    a = report.mission
    flow: list[Any] = [Paragraph("Mission difficulty", styles["h2"])]
    unwinnable = 1 - a.winnable_fraction
    flow.append(KeepTogether([share_chart(
        "Orders of the facility cards that can be won", ["winnable with perfect play", "unwinnable"],
        [a.winnable_fraction, unwinnable], bar_labels=[pct(a.winnable_fraction), pct(unwinnable)],
        bar_colors=[GOOD, BAD], x_title="every order of the shuffled facility cards", y_title="orders (%)",
        note=f"{colour_key((GOOD, 'winnable'), (BAD, 'unwinnable'))}; exact: all {a.orders:,} orders solved, "
             "so no sampling interval"),
        Paragraph(f"{a.winnable:,} of {a.orders:,} orders can be won with perfect play ({pct(a.winnable_fraction)}). "
                  f"Grade <b>{escape(a.grade)}</b>.", styles["caption"])]))
    short = shortfall(a)
    flow.append(KeepTogether([share_chart(
        "Chance that a player wins a shuffled deal", ["lookahead player", "greedy player", "random player"],
        [short.lookahead, a.greedy_win, a.random_win],
        bar_labels=[pct(short.lookahead), pct(a.greedy_win), pct(a.random_win)],
        bar_colors=[SEARCH, HEURISTIC, RANDOM], x_title="kind of player", y_title="deals won (%)",
        note=f"{colour_key((SEARCH, 'looks ahead'), (HEURISTIC, 'rule of thumb'), (RANDOM, 'random'))}, as in "
             "every report; exact: every order"),
        Paragraph(f"A player who always kills the front card and keeps whenever allowed (greedy) wins "
                  f"{pct(a.greedy_win)} of deals; one choosing uniformly among legal moves (random) wins "
                  f"{pct(a.random_win)}. A perfect player wins exactly the winnable orders, "
                  f"{pct(a.winnable_fraction)}. A one-step lookahead player, who tries each move and takes the "
                  f"one after which more of the next cards can be kept, wins {pct(short.lookahead)}: "
                  f"{points_between(short.perfect, short.lookahead)} short of perfect play, where the greedy "
                  f"player is {points_between(short.perfect, short.greedy)} short. That gap is the planning "
                  "the mission asks for.", styles["caption"])]))
    hardest = a.to_json()["hardest"][:8]
    if hardest:
        rows = [["order (top card first)", "winning lines", "decisions", "forced"]]
        for line in hardest:
            rows.append([" ".join(line["order"]), f"{line['winning_lines']:,}", str(line["decisions"]),
                         str(line["forced"])])
        table = Table(rows, hAlign="LEFT", colWidths=[70 * mm, 30 * mm, 25 * mm, 25 * mm])
        table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), "sans"), ("FONTSIZE", (0, 0), (-1, -1), 8.5),
                                   ("FONTNAME", (0, 0), (-1, 0), "sans-bold"),
                                   ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
                                   ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black)]))
        flow += [Spacer(1, 4 * mm), KeepTogether([
            Paragraph("Hardest winnable orders", styles["h3"]), table,
            Paragraph("The winnable orders with the fewest ways to win. <b>Order</b>: the facility cards as "
                      "shuffled, the top card first. <b>Winning lines</b>: how many different sequences of moves "
                      "win from that order. <b>Decisions</b>: turns on the best winning line where more than one "
                      "move was legal. <b>Forced</b>: of those, the turns where only one move still wins; the more "
                      "forced turns, the less room for a mistake.", styles["caption"])])]
    return flow
