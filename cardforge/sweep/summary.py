"""A ranked sweep as plain data and plain words: the JSON dict, the CSV rows, the terminal table's cells,
what the sweep changes, the verdict lines and the command that would play enough games to decide.

One row per variant in ranking order, then the variants that could not be played with the reason.
Numbers are kept as numbers in the JSON and CSV; the terminal and the chart format them.
"""

from __future__ import annotations

import csv
import io
import shlex
from typing import Any

from ..sim.metrics import Metric
from ..sim.stats import round_games
from .changes import axis_text
from .grid import show_value
from .plan import SweepPlan, SweepResult
from .rank import Ranked, Ranking
from .wording import PRACTICAL_LIMIT, amount, short_amount


def mark(row: Ranked) -> str:
    return "best" if row.best else ("tied" if row.tied else "")


def changes_lines(plan: SweepPlan) -> list[str]:
    """Each swept key with its value in the base deck and the values tried."""
    return [axis_text(axis, plan.base.data, plan.base.deck) for axis in plan.axes]


def more_games(ranking: Ranking) -> int | None:
    """Games per variant that would tell every tied variant apart from the best (those a designer can
    act on: a gap needing more than `PRACTICAL_LIMIT` games is left out), or None when none would."""
    wanted = [r.needed for r in ranking.tied if r.needed is not None and r.needed <= PRACTICAL_LIMIT]
    return round_games(max(wanted)) if wanted else None


def command_line(plan: SweepPlan, ranking: Ranking, games: int) -> str:
    """The same sweep with `games` games per variant, as one command to paste."""
    words = ["cardforge", "sweep", plan.reference or plan.base.deck.id, "-p", ",".join(map(str, plan.counts))]
    for option in plan.sets:
        words += ["--set", option]
    if plan.paired:
        words.append("--zip")
    kinds = {a for names in plan.agents.values() for a in names}
    if kinds != {"heuristic"}:
        table = plan.agents[plan.counts[0]]
        words += ["--agents", table[0] if len(kinds) == 1 else ",".join(table)]
    words += ["--metric", ranking.metric.name]
    if ranking.goal != ranking.metric.goal:
        words += ["--goal", ranking.goal]
    words += ["--games", str(games), "--seed", str(plan.seed)]
    return " ".join(shlex.quote(w) for w in words)


def _shown(metric: Metric, row: Ranked, multi: bool) -> str:
    at = f" at {row.worst} players, its worst count" if multi else ""
    return f"{metric.show(row.value)}{at} (95% interval {bare(metric, row.low)} to {metric.show(row.high)})"


def _labels(rows: list[Ranked]) -> str:
    names = [r.run.built.variant.label for r in rows]
    return ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")


def verdict_lines(result: SweepResult, ranking: Ranking) -> list[str]:
    """What the ranking means, in sentences: the best, what cannot be told from it and what would,
    and what is clearly worse."""
    plan = result.plan
    metric = ranking.metric
    multi = len(plan.counts) > 1
    best = ranking.best
    lines = [f"Best by {metric.name}: {best.run.built.variant.label}, {_shown(metric, best, multi)}."]
    tied = ranking.tied
    worse = [r for r in ranking.rows if not r.best and not r.tied]
    if len(ranking.rows) == 1:
        return lines
    if not tied:
        lines.append(f"Every other variant is told apart from it with {plan.games:,} games per variant.")
    else:
        other = "variant cannot" if len(tied) == 1 else "variants cannot"
        lines.append(f"{len(tied)} other {other} be told apart from it with {plan.games:,} games per variant: "
                     f"{_labels(tied)}.")
        games = more_games(ranking)
        aimed = [r for r in tied if r.needed is not None and r.needed <= PRACTICAL_LIMIT]
        if games is not None:
            floor = any(r.needed_for > abs(r.gap) for r in aimed) and metric.matters is not None
            also = (f", or show a gap of {amount(metric, metric.matters or 0.0)} where a smaller one is seen"
                    if floor else "")
            lines.append(f"About {games:,} games per variant ({games - plan.games:,} more) would tell "
                         f"{'it' if len(aimed) == 1 else 'them'} apart from the best if the gaps seen are real{also} "
                         "(80% chance; docs/sweeps.md, \"How many more games\"):")
            lines.append(f"  {command_line(plan, ranking, games)}")
        small = [r for r in tied if r not in aimed]
        if small:
            same = all(r.gap == 0 for r in small)
            lines.append(f"{_labels(small)}: " + ("the same figure as the best, game for game." if same else
                         f"a gap too small to matter (more than {PRACTICAL_LIMIT:,} games would be needed to see "
                         "it); for design purposes they play alike."))
    if worse:
        closest = worse[0]
        lines.append(f"Clearly worse than the best: {_labels(worse)} (the closest, {closest.run.built.variant.label}, "
                     f"is behind by {short_amount(metric, closest.gap_low)} to {amount(metric, closest.gap_high)}, "
                     "95% interval).")
    return lines


def row_verdict(row: Ranked) -> str:
    """The terminal table's verdict column: `best`, `tied (9,800)` (the games per variant that would tell
    it apart), `alike` (a gap too small to matter) or `worse`."""
    if row.best:
        return "best"
    if not row.tied:
        return "worse"
    if row.needed is None or row.needed > PRACTICAL_LIMIT:
        return "alike"
    return f"tied ({round_games(row.needed):,})"


def sweep_json(result: SweepResult, ranking: Ranking) -> dict[str, Any]:
    """Everything the sweep found, for `--json` and for scripts."""
    plan = result.plan
    games = more_games(ranking)
    return {
        "deck": plan.base.deck.id,
        "players": list(plan.counts),
        "agents": {str(c): list(a) for c, a in plan.agents.items()},
        "games": plan.games,
        "seed": plan.seed,
        "axes": [{"key": a.key, "values": list(a.values)} for a in plan.axes],
        "changes": changes_lines(plan),
        "metric": ranking.metric.name,
        "metric_label": ranking.metric.label,
        "goal": ranking.goal,
        "ranked_by": "worst player count" if len(plan.counts) > 1 else "the one player count",
        "resamples": ranking.resamples,
        "tasks": result.tasks,
        "verdict": verdict_lines(result, ranking),
        "games_to_separate": games,
        "command": command_line(plan, ranking, games) if games is not None else None,
        "variants": [
            {"rank": place, "variant": row.run.built.variant.index, "label": row.run.built.variant.label,
             "settings": dict(row.run.built.variant.settings), "value": row.value, "ci_low": row.low,
             "ci_high": row.high, "worst_count": row.worst, "objective": row.objective, "gap": row.gap,
             "gap_ci_low": row.gap_low, "gap_ci_high": row.gap_high, "best": row.best,
             "tied_with_best": row.tied, "games_to_tell": row.needed,
             "counts": {str(c): {"value": e.value, "ci_low": e.low, "ci_high": e.high, "figures": row.figures[c]}
                        for c, e in row.counts.items()}}
            for place, row in enumerate(ranking.rows, start=1)],
        "unplayable": [{"variant": b.variant.index, "label": b.variant.label, "settings": dict(b.variant.settings),
                        "problem": b.problem} for b in plan.built if b.deck is None],
    }


def csv_text(result: SweepResult, ranking: Ranking) -> str:
    """One line per variant: its settings, rank, the chosen metric with intervals (at the worst count when
    several are swept, then per count), the gap to the best, then every figure (per count)."""
    plan = result.plan
    keys = [a.key for a in plan.axes]
    multi = len(plan.counts) > 1
    names = {c: list(ranking.metrics[c]) for c in plan.counts}
    per_count = [f"{field}@{c}" for c in plan.counts for field in ("value", "ci_low", "ci_high")] if multi else []
    figure_columns = [f"{n}@{c}" if multi else n for c in plan.counts for n in names[c]]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["rank", "variant", *keys, "status", "metric", "worst_count", "value", "ci_low", "ci_high",
                     *per_count, "gap", "gap_ci_low", "gap_ci_high", "tied_with_best", "games_to_tell",
                     *figure_columns, "problem"])
    for place, row in enumerate(ranking.rows, start=1):
        settings = dict(row.run.built.variant.settings)
        counts = [repr(v) for c in plan.counts for v in (row.counts[c].value, row.counts[c].low, row.counts[c].high)]
        writer.writerow([place, row.run.built.variant.index, *(show_value(settings[k]) for k in keys),
                         "best" if row.best else "played", ranking.metric.name, row.worst, repr(row.value),
                         repr(row.low), repr(row.high), *(counts if multi else []), repr(row.gap), repr(row.gap_low),
                         repr(row.gap_high), row.tied, "" if row.needed is None else row.needed,
                         *(repr(row.figures[c].get(n, float("nan"))) for c in plan.counts for n in names[c]), ""])
    blank = 7 + len(per_count) + 5 + len(figure_columns)
    for built in plan.built:
        if built.deck is None:
            settings = dict(built.variant.settings)
            writer.writerow(["", built.variant.index, *(show_value(settings[k]) for k in keys), "unplayable",
                             ranking.metric.name, *("" for _ in range(blank - 2)), built.problem])
    return out.getvalue()


def unit_of(metric: Metric) -> str:
    """The unit a table header names, so the cells can be bare numbers."""
    return "pts" if metric.points else "%" if metric.percent else metric.unit.strip()


def bare(metric: Metric, value: float, signed: bool = False) -> str:
    """A value without its unit (the header has it): `3.1` for 3.1 points or 3.1%, `4.25` otherwise."""
    if metric.floor is not None and value < metric.floor and not signed:
        value = metric.floor
    sign = "+" if signed else ""
    return f"{value * 100:{sign}.1f}" if metric.scaled else f"{value:{sign}.2f}"


def cell(metric: Metric, value: float, low: float, high: float) -> str:
    return f"{bare(metric, value)} [{bare(metric, low)}, {bare(metric, high)}]"


def gap_cell(ranking: Ranking, row: Ranked) -> str:
    """The gap to the best on the ranking scale (positive: worse), in the metric's unit."""
    if row.best:
        return "—"
    metric = ranking.metric
    return f"{bare(metric, row.gap, True)} [{bare(metric, row.gap_low, True)}, {bare(metric, row.gap_high, True)}]"


def table_cells(ranking: Ranking, others: list[Metric]) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the terminal table: the chosen metric per player count, the gap to the best,
    the verdict, and a few other figures (at the first count)."""
    metric = ranking.metric
    counts = ranking.counts
    multi = len(counts) > 1
    unit = unit_of(metric)
    titles = [f"{c} players\n{unit} [95%]".replace("\n ", "\n") for c in counts] if multi else [
        f"{metric.name}\n{unit} [95%]".replace("\n ", "\n")]
    header = ["#", "variant", *titles, f"behind the best\n{unit} [95%]".replace("\n ", "\n"),
              "verdict",
              *(f"{m.name}\n{unit_of(m)}" for m in others)]
    rows = []
    for place, row in enumerate(ranking.rows, start=1):
        values = [cell(metric, e.value, e.low, e.high) + ("*" if multi and c == row.worst else "")
                  for c, e in row.counts.items()]
        rows.append([str(place), row.run.built.variant.label, *values, gap_cell(ranking, row), row_verdict(row),
                     *(bare(m, row.figures[counts[0]][m.name]) for m in others)])
    return header, rows
