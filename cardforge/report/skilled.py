"""The report's "skilled play" section (`check --skilled`): search players' seats, the skill ladder (one
random, heuristic or search player against heuristic players), and the sentences for the designer
that `check/skilled.py` wrote."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Paragraph, Spacer, Table, TableStyle

from ..check.results import DeckCheck
from ..sim.report import seat_rows
from .styles import report_styles


def _table(rows: list[list[str]]) -> Table:
    table = Table(rows, hAlign="LEFT")
    table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), "sans"), ("FONTSIZE", (0, 0), (-1, -1), 8),
                               ("FONTNAME", (0, 0), (-1, 0), "sans-bold"),
                               ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
                               ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black)]))
    return table


def _rung_name(agent: str) -> str:
    """A rung of the skill ladder in words: `mcts:75` -> search, 75 playouts."""
    if agent.startswith("mcts:"):
        return f"search, {agent.split(':')[1]} playouts"
    return agent


def skilled_section(report: DeckCheck) -> list[Any]:
    """A table of seat results among search players per player count, and the check's sentences."""
    checks = [r for r in report.results if r.name.startswith("skilled play") and "players" in r.details]
    if not checks:
        return []
    styles = report_styles()
    head: list[Any] = [Paragraph("Skilled play", styles["h2"]),
                       Paragraph("Every seat is played by a search player: it samples the hidden "
                                 "cards consistently with what its seat has seen and tries each play in many "
                                 "playouts. Wins at the first seat or a wide score spread here show what good "
                                 "players will find.", styles["body"])]
    flow: list[Any] = []
    for check in checks:
        players = check.details["players"]
        run = report.simulations.get(players, {}).get(check.details["agents"])
        block: list[Any] = [Spacer(1, 3 * mm), Paragraph(f"<b>{players} players</b>, {escape(check.details['agents'])}, "
                                                          f"{check.details['games']:,} games", styles["body"])]
        if run is not None:
            rows = [["seat", "win rate", "95% interval", "mean score", "sd"]]
            for seat in seat_rows(run):
                rows.append([str(seat["seat"]), f"{seat['win_rate']:.1%}",
                             f"{seat['ci_low']:.1%}–{seat['ci_high']:.1%}", f"{seat['score']['mean']:.1f}",
                             f"{seat['score']['sd']:.1f}"])
            block.append(_table(rows))
        ladder = check.details.get("ladder")
        if ladder:
            rows = [["one player of", "wins against heuristic players", "95% interval", "games"]]
            for rung in ladder:
                games = rung["games"]
                rows.append([_rung_name(rung["agent"]), f"{rung['win_rate']:.1%}",
                             f"{rung['ci_low']:.1%}–{rung['ci_high']:.1%}" if games else "(one of equals)",
                             f"{games:,}" if games else "–"])
            block += [Spacer(1, 2 * mm), _table(rows)]
        block.append(Paragraph(escape(check.reason), styles["body"]))
        flow.append(KeepTogether(block if flow else head + block))  # the heading stays with the first table
    return flow
