"""`cardforge sweep DECK --set KEY=V1,V2 ...`: every combination (or, with --zip, the values paired in
order) played with the same seeds and ranked."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import click
from rich.table import Table

from ..terminal import console, echo_json, styled
from .options import games_option, jobs_option, json_option, seed_option
from .tables import output_console


@click.command("sweep")
@click.argument("deck")
@click.option("--set", "sets", multiple=True, metavar="KEY=V1,V2",
              help="A deck key and the values to try (YAML); repeat for more keys. Every combination is played.")
@click.option("--zip", "paired", is_flag=True,
              help="Pair the --set values in order (first with first, second with second) instead of trying "
                   "every combination; each --set then lists as many values.")
@click.option("--players", "-p", type=click.IntRange(1), help="Seats at the table (default: the deck's largest count).")
@games_option(1000, "Games per variant (the same seeds for every variant)")
@seed_option
@click.option("--agents", help="Comma-separated players per seat (default: all heuristic).")
@click.option("--metric", "-m", default="seat_fairness", show_default=True,
              help="What to rank by: seat_fairness, first_seat_edge, game_length, plays_per_game, score_spread, "
                   "or one of the game's rates and figures (bust_rate, ghee_rate, moon_shot_rate...).")
@click.option("--goal", help="min, max, or a number the metric should be close to (default: the metric's own).")
@json_option
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write every variant's figures as CSV.")
@click.option("--chart", "chart_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the chart page (PDF): each variant's figure with its 95% interval.")
@click.option("--top", type=click.IntRange(1), help="With --write: how many of the best variants to write.")
@click.option("--write", "write_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Write the --top best variants here as deck folders (extends: + the changed keys).")
@jobs_option
@click.option("--scheduler", metavar="tcp://HOST:PORT",
              help="Run on an existing Dask cluster instead of a local one (see docs/sweeps.md).")
@click.option("--in-process", is_flag=True, help="Play everything in this process, without Dask.")
def sweep_command(deck: str, sets: tuple[str, ...], paired: bool, players: int | None, games: int, seed: int, agents: str | None,
                  metric: str, goal: str | None, as_json: bool, csv_path: Path | None, chart_path: Path | None,
                  top: int | None, write_dir: Path | None, jobs: int, scheduler: str | None,
                  in_process: bool) -> None:
    """Play every combination of the --set values as an in-memory variant of DECK and rank them.

    Each variant plays the same game seeds (common random numbers); the table shows the chosen
    metric with its 95% interval and marks the variants that cannot be told apart from the best.
    Variants that cannot be played (a suit in two roles, a hand the deck cannot deal) are listed
    with the reason. Games run on a local Dask cluster of --jobs workers, on an existing cluster with
    --scheduler, or in this process with --in-process; the table is the same on any of them.
    """
    from ..outputs import atomic_write_text
    from ..sweep.executor import open_executor
    from ..sweep.keys import SweepError
    from ..sweep.rank import available, check_goal, check_metric, rank
    from ..sweep.report import csv_text, sweep_json, table_cells
    from ..sweep.run import plan_sweep, probe_columns, run_sweep

    if (top is None) != (write_dir is None):
        raise SweepError("--top K and --write DIR go together")
    if scheduler is not None and in_process:
        raise SweepError("--scheduler runs on that cluster's workers; drop --in-process")
    if goal is not None:
        check_goal(goal)
    from ..writable import check_writable_dir, check_writable_file

    for path in (csv_path, chart_path):
        if path is not None:
            check_writable_file(path)
    if write_dir is not None:
        check_writable_dir(write_dir)
    table = [a.strip() for a in agents.split(",")] if agents else None
    plan = plan_sweep(deck, list(sets), players, games, seed, table, paired)
    check_metric(metric, probe_columns(plan), plan)
    with open_executor(jobs, scheduler, in_process) as executor:
        with _progress(not as_json and sys.stderr.isatty()) as progress:
            result = run_sweep(plan, executor, progress)
    ranking = rank(result, metric, goal)
    known = available(result)
    if csv_path is not None:
        atomic_write_text(csv_path, csv_text(result, ranking, known))
    if chart_path is not None:
        from ..sweep.chart import write_chart

        write_chart(result, ranking, chart_path)
    written = []
    if write_dir is not None and top is not None:
        from ..sweep.write import write_top

        written = write_top(plan, ranking, top, write_dir)
    if as_json:
        data = sweep_json(result, ranking)
        data["written"] = [str(p) for p in written]
        echo_json(data, ensure_ascii=True)
        return
    console = output_console()
    wide = console.width >= 110  # other figures only when they fit beside the ranking
    others = [known[name] for name in ("seat_fairness", "game_length", "score_spread") if name != metric][:2 * wide]
    header, rows = table_cells(ranking, others)
    view = Table(title=f"{plan.base.deck.id}: {len(plan.built)} variants, {plan.players} players, "
                       f"{plan.games:,} games each, seed {plan.seed}; ranked by {metric} ({ranking.goal})",
                 title_justify="left")
    for i, column in enumerate(header):
        view.add_column(column, justify="left" if i in (1, 4) else "right", no_wrap=i != 1)
    for cells in rows:
        style = "bold green" if cells[4] == "best" else ("green" if cells[4] == "tied" else None)
        view.add_row(*cells, style=style)
    console.print(view)
    tied = len(ranking.tied)
    console.print(f"{tied} variant{'s' if tied != 1 else ''} cannot be told apart from the best "
                  f"(95% interval of the gap reaches 0; {ranking.resamples:,} paired bootstrap resamples).")
    for built in plan.built:
        if built.deck is None:
            console.print(styled("[yellow]not played[/yellow] {label}: {problem}", label=built.variant.label,
                                 problem=built.problem))
    console.print(styled("[dim]{line}[/dim]", line=f"{result.games_played:,} games in {result.tasks} tasks on "
                         f"{result.workers} worker{'s' if result.workers != 1 else ''}"))
    for path in [csv_path, chart_path, *written]:
        if path is not None:
            console.print(f"wrote {path}")


@contextmanager
def _progress(show: bool) -> Iterator[Callable[[int, int], None] | None]:
    """A rich progress bar of tasks done on stderr, or nothing."""
    if not show:
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(TextColumn("sweeping"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  transient=True, console=console(stderr=True)) as bar:
        task = bar.add_task("tasks", total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update
