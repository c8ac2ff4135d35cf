"""`cardforge sweep DECK --set KEY=V1,V2 ...`: every combination (or, with --zip, the values paired in
order) played with the same seeds and ranked."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click
from rich.table import Table

from ..terminal import console as make_console
from ..terminal import echo_json
from .options import (
    CHART,
    OutArg,
    OutKind,
    chart_option,
    games_option,
    jobs_option,
    json_option,
    out_path_option,
    out_target,
    seed_option,
)
from .tables import output_console

CSV = OutKind("the table is CSV", (".csv",))
WRITE = OutKind("--write makes a folder of deck folders")


@click.command("sweep")
@click.argument("deck")
@click.option("--set", "sets", multiple=True, metavar="KEY=V1,V2",
              help="A deck key and the values to try (YAML); repeat for more keys. Every combination is played.")
@click.option("--zip", "paired", is_flag=True,
              help="Pair the --set values in order (first with first, second with second) instead of trying "
                   "every combination; each --set then lists as many values.")
@click.option("--players", "-p", metavar="N[,N...]",
              help="Seats at the table, or several counts (3,4): every variant is played at each and ranked by its "
                   "worst count (docs/sweeps.md). Default: the deck's largest count.")
@games_option(1000, "Games per variant (the same seeds for every variant)")
@seed_option
@click.option("--agents", help="Comma-separated players per seat, or one for every seat (default: heuristic).")
@click.option("--skilled", is_flag=True, help="Rank under skilled play: search players (mcts) in every seat "
                                              "(slow; --budget sets their playouts).")
@click.option("--budget", type=click.IntRange(min=1), default=None,
              help="Playouts per decision of the --skilled search players (default 300).")
@click.option("--metric", "-m", default="seat_fairness", show_default=True,
              help="What to rank by: seat_fairness, first_seat_edge, game_length, plays_per_game, score_spread, "
                   "or one of the game's rates and figures (bust_rate, ghee_rate, moon_shot_rate...).")
@click.option("--goal", help="min, max, or a number the metric should be close to (default: the metric's own).")
@json_option
@out_path_option("--csv", "csv", metavar="FILE", kind=CSV,
                 help="Write every variant's figures as CSV: FILE/<deck-id>-sweep.csv for a folder FILE")
@chart_option("each variant's figure with its 95% interval", "<deck-id>-sweep.pdf")
@click.option("--top", type=click.IntRange(1), help="With --write: how many of the best variants to write.")
@out_path_option("--write", "write", metavar="DIR", kind=WRITE,
                 help="Write the --top best variants into DIR as deck folders (extends: + the changed keys)")
@jobs_option
@click.option("--scheduler", metavar="tcp://HOST:PORT",
              help="Run on an existing Dask cluster instead of a local one (see docs/sweeps.md).")
@click.option("--in-process", is_flag=True, help="Play everything in this process, without Dask.")
def sweep_command(deck: str, sets: tuple[str, ...], paired: bool, players: str | None, games: int, seed: int,
                  agents: str | None, skilled: bool, budget: int | None,
                  metric: str, goal: str | None, as_json: bool, csv: OutArg | None, chart: OutArg | None,
                  top: int | None, write: OutArg | None, jobs: int, scheduler: str | None,
                  in_process: bool) -> None:
    """Play every combination of the --set values as an in-memory variant of DECK and rank them.

    Each variant plays the same game seeds (common random numbers). The output opens with what the
    sweep changes, then the table: the chosen metric with its 95% interval, how far each variant is
    behind the best, and which cannot be told apart from it; then the verdict in words, with the
    command that would play enough games to tell the tied variants apart.
    Variants that cannot be played (a suit in two roles, a hand the deck cannot deal) are listed
    with the reason. Games run on a local Dask cluster of --jobs workers, on an existing cluster with
    --scheduler, or in this process with --in-process; the table is the same on any of them.
    """
    from ..outputs import atomic_write_text
    from ..sweep.executor import open_executor
    from ..sweep.keys import SweepError
    from ..sweep.plan import plan_sweep, probe_columns, run_sweep
    from ..sweep.rank import available, check_goal, check_metric, rank
    from ..sweep.summary import changes_lines, csv_text, sweep_json, table_cells, verdict_lines

    if (top is None) != (write is None):
        raise SweepError("--top K and --write DIR go together")
    if scheduler is not None and in_process:
        raise SweepError("--scheduler runs on that cluster's workers; drop --in-process")
    if goal is not None:
        check_goal(goal)
    if skilled and agents:
        raise SweepError("--skilled puts search players in every seat; drop --agents (or give mcts:N there)")
    if budget is not None and not skilled:
        raise SweepError("--budget sets the --skilled search players' playouts; add --skilled")
    csv_at = out_target(csv, CSV) if csv is not None else None
    chart_at = out_target(chart, CHART) if chart is not None else None
    write_at = out_target(write, WRITE) if write is not None else None
    for target in (csv_at, chart_at, write_at):
        if target is not None:
            target.check()
    table = [a.strip() for a in agents.split(",")] if agents else None
    if skilled:
        from ..sim.search import DEFAULT_BUDGET

        table = [f"mcts:{budget or DEFAULT_BUDGET}"]
    plan = plan_sweep(deck, list(sets), players, games, seed, table, paired)
    named = f"{plan.base.deck.id}-sweep"
    csv_path = csv_at.writable_file(f"{named}.csv") if csv_at is not None else None
    chart_path = chart_at.writable_file(f"{named}.pdf") if chart_at is not None else None
    check_metric(metric, probe_columns(plan), plan)
    with open_executor(jobs, scheduler, in_process) as executor:
        with task_progress(not as_json and sys.stderr.isatty(), "sweeping") as progress:
            result = run_sweep(plan, executor, progress)
    ranking = rank(result, metric, goal)
    known = available(result)
    if csv_path is not None:
        atomic_write_text(csv_path, csv_text(result, ranking))
    if chart_path is not None:
        from ..sweep.chart import write_chart

        write_chart(result, ranking, chart_path)
    written = []
    if write_at is not None and top is not None:
        from ..sweep.write import write_top

        written = write_top(plan, ranking, top, write_at.path)
    if as_json:
        data = sweep_json(result, ranking)
        data["written"] = [str(p) for p in written]
        echo_json(data, ensure_ascii=True)
        return
    from rich import box
    from rich.markup import escape

    console = output_console()
    counts = ", ".join(map(str, plan.counts))
    console.print(f"[bold]{plan.base.deck.id}[/bold]: {len(plan.built)} variants at {counts} players "
                  f"({plan.table_kinds()}), {plan.games:,} games each, seed {plan.seed}", markup=True)
    console.print("What the sweep changes:")
    for line in changes_lines(plan):
        console.print(f"  {line}", markup=False)
    metric_text = ranking.metric.label + ("; lower is better" if ranking.goal == "min" else
                                          "; higher is better" if ranking.goal == "max" else
                                          f"; closest to {ranking.goal} is best")
    console.print(f"Ranked by {metric}: {metric_text}."
                  + (" Several player counts: ranked by each variant's worst count (marked *)."
                     if len(plan.counts) > 1 else ""))
    wide = console.width >= 120  # other figures only when they fit beside the ranking
    others = [known[name] for name in ("seat_fairness", "game_length", "score_spread") if name != metric][:2 * wide]
    header, rows = table_cells(ranking, others)
    if console.width < 100:  # the rank is the row's place; its column gives way to the verdict
        header, rows = header[1:], [cells[1:] for cells in rows]
    view = Table(box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    verdict_column = header.index("verdict")
    label = header.index("variant")
    label_width = min(24 if console.width >= 100 else 12, max(len(cells[label]) for cells in rows))
    for i, column in enumerate(header):
        widest = max(len(cells[i]) for cells in rows)
        view.add_column(column, justify="left" if i in (label, verdict_column) else "right", no_wrap=column == "#",
                        min_width=label_width if i == label else min(widest, 13) if i == verdict_column else widest,
                        overflow="fold")
    for cells in rows:
        verdict = cells[verdict_column]
        style = "bold green" if verdict == "best" else ("green" if verdict.startswith(("tied", "alike")) else None)
        view.add_row(*cells, style=style)
    console.print(view)
    legend = ["tied (N): cannot be told apart from the best yet; about N games per variant would tell"]
    if any("pts" in c for c in header):
        legend.append("pts: percentage points")
    console.print(f"[dim]{'; '.join(legend)}.[/dim]", markup=True)
    for line in verdict_lines(result, ranking):
        console.print(line, soft_wrap=line.startswith("  "), markup=False)
    for built in plan.built:
        if built.deck is None:
            console.print(f"[yellow]not played[/yellow] {escape(built.variant.label)}: {escape(built.problem)}",
                          markup=True)
    console.print(f"[dim]{result.games_played:,} games in {result.tasks} tasks on {result.workers} "
                  f"worker{'s' if result.workers != 1 else ''}; intervals from {ranking.resamples:,} paired "
                  "bootstrap resamples of the games[/dim]", markup=True)
    for path in [csv_path, chart_path, *written]:
        if path is not None:
            console.print(f"wrote {path}", markup=False, soft_wrap=True)  # whole, to copy


@contextmanager
def task_progress(show: bool, label: str) -> Iterator[Callable[[int, int], None] | None]:
    """A rich progress bar of tasks done on stderr, or nothing (sweep and compare)."""
    if not show:
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  transient=True, console=make_console(stderr=True)) as bar:
        task = bar.add_task("tasks", total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update
