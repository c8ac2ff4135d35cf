"""A ranked sweep as plain data: the JSON dict, the CSV rows and the terminal table's cells.

One row per variant in ranking order, then the variants that could not be played with the reason.
Numbers are kept as numbers here; the terminal and the chart format them.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from ..sim.metrics import Metric
from .grid import show_value
from .rank import Ranked, Ranking
from .run import SweepResult


def _mark(row: Ranked) -> str:
    return "best" if row.best else ("tied" if row.tied else "")


def sweep_json(result: SweepResult, ranking: Ranking) -> dict[str, Any]:
    """Everything the sweep found, for `--json` and for scripts."""
    plan = result.plan
    return {
        "deck": plan.base.deck.id,
        "players": plan.players,
        "agents": list(plan.agents),
        "games": plan.games,
        "seed": plan.seed,
        "axes": [{"key": a.key, "values": list(a.values)} for a in plan.axes],
        "metric": ranking.metric.name,
        "metric_label": ranking.metric.label,
        "goal": ranking.goal,
        "resamples": ranking.resamples,
        "tasks": result.tasks,
        "variants": [
            {"rank": place, "variant": row.run.built.variant.index, "label": row.run.built.variant.label,
             "settings": dict(row.run.built.variant.settings), "value": row.value, "ci_low": row.low,
             "ci_high": row.high, "gap_ci_low": row.gap_low, "gap_ci_high": row.gap_high,
             "best": row.best, "tied_with_best": row.tied, "figures": row.figures}
            for place, row in enumerate(ranking.rows, start=1)],
        "unplayable": [{"variant": b.variant.index, "label": b.variant.label, "settings": dict(b.variant.settings),
                        "problem": b.problem} for b in plan.built if b.deck is None],
    }


def csv_text(result: SweepResult, ranking: Ranking, metrics: dict[str, Metric]) -> str:
    """One line per variant: its settings, rank, the chosen metric with intervals, then every figure."""
    plan = result.plan
    keys = [a.key for a in plan.axes]
    names = list(metrics)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["rank", "variant", *keys, "status", "metric", "value", "ci_low", "ci_high", "gap_ci_low",
                     "gap_ci_high", "tied_with_best", *names, "problem"])
    for place, row in enumerate(ranking.rows, start=1):
        settings = dict(row.run.built.variant.settings)
        writer.writerow([place, row.run.built.variant.index, *(show_value(settings[k]) for k in keys),
                         "best" if row.best else "played", ranking.metric.name, repr(row.value), repr(row.low),
                         repr(row.high), repr(row.gap_low), repr(row.gap_high), row.tied,
                         *(repr(row.figures.get(n, float("nan"))) for n in names), ""])
    for built in plan.built:
        if built.deck is None:
            settings = dict(built.variant.settings)
            writer.writerow(["", built.variant.index, *(show_value(settings[k]) for k in keys), "unplayable",
                             ranking.metric.name, "", "", "", "", "", "", *("" for _ in names), built.problem])
    return out.getvalue()


def table_cells(ranking: Ranking, others: list[Metric]) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the terminal table (the chosen metric, the gap to the best, a few other figures)."""
    metric = ranking.metric
    header = ["#", "variant", f"{metric.name} [95%]", "gap to best [95%]", "", *(m.name for m in others)]
    rows = []
    for place, row in enumerate(ranking.rows, start=1):
        scale = 100 if metric.percent else 1
        unit = " pts" if metric.percent else ""
        gap = "—" if row.best else f"[{row.gap_low * scale:+.2f}, {row.gap_high * scale:+.2f}]{unit}"
        rows.append([str(place), row.run.built.variant.label,
                     f"{metric.show(row.value)} [{metric.show(row.low)}, {metric.show(row.high)}]", gap, _mark(row),
                     *(m.show(row.figures[m.name]) for m in others)])
    return header, rows
