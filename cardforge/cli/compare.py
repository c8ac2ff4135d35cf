"""`cardforge compare BASE VARIANT`: what a variant changes and what that does to each figure, in words."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ..terminal import echo_json
from .options import (
    CHART,
    OutArg,
    chart_option,
    engine_option,
    games_option,
    jobs_option,
    json_option,
    out_target,
    seed_option,
)
from .tables import output_console

if TYPE_CHECKING:
    from ..check.compare import Comparison
    from ..sweep.changes import Change


def change_cell(comparison: Comparison, index: int) -> str:
    figure = comparison.figures[index]
    metric = figure.metric
    if metric.scaled:
        return (f"{figure.difference * 100:+.1f} pts [{figure.low * 100:+.1f}, {figure.high * 100:+.1f}]")
    return f"{figure.difference:+.2f} [{figure.low:+.2f}, {figure.high:+.2f}]"


def verdict_cell(comparison: Comparison, index: int) -> str:
    figure = comparison.figures[index]
    if figure.significant:
        return "[bold yellow]changed[/bold yellow]"
    needed = figure.needed
    if figure.difference == 0 and needed is None:
        return "[dim]same[/dim]"
    from ..sim.stats import round_games
    from ..sweep.wording import PRACTICAL_LIMIT

    if needed is None or needed > PRACTICAL_LIMIT:
        return "[dim]too small to matter[/dim]"
    return f"[dim]unclear ({round_games(needed):,})[/dim]"


def print_changes(base_id: str, variant_id: str, changes: list[Change], console: Console) -> None:
    console.print(f"[bold]What {escape(variant_id)} changes against {escape(base_id)}:[/bold]", markup=True)
    if not changes:
        console.print("  nothing in the rules, players, deals or cards: both decks play the same game")
    for change in changes:
        console.print(f"  {change.text()}", markup=False)


def print_comparison(base: str, variant: str, base_id: str, variant_id: str, comparison: Comparison, seed: int,
                     engine: str, console: Console) -> None:
    from ..check.compare import compare_command_line

    players = ", ".join(sorted(set(comparison.agents)))
    console.print()
    console.print(f"[bold]{comparison.players} players[/bold], {comparison.games:,} games per deck ({escape(players)}"
                  f"), the same deals for both decks, seed {seed}. Seats count from 0; seat "
                  f"{comparison.first_seat} is {escape(comparison.first_seat_note)}.", markup=True)
    table = Table(title_justify="left")
    for column in ("figure", base_id, variant_id, "change [95%]", "verdict"):
        table.add_column(column, justify="left" if column in ("figure", "verdict") else "right")
    for i, figure in enumerate(comparison.figures):
        table.add_row(figure.name, figure.show(figure.base), figure.show(figure.variant),
                      change_cell(comparison, i), Text.from_markup(verdict_cell(comparison, i)))
    console.print(table)
    console.print("[dim]pts: percentage points (a difference between two rates); unclear (N): the interval still "
                  "reaches no change, and about N games per deck would show a change of the size seen.[/dim]",
                  markup=True)
    changed = [f for f in comparison.figures if f.significant]
    console.print("[bold]What it does:[/bold]" if changed else "[bold]What it does:[/bold] no figure changed clearly.",
                  markup=True)
    for figure in changed + [f for f in comparison.figures if not f.significant]:
        console.print(f"  • {figure.sentence()}", markup=False)
    games = comparison.more_games()
    if games is not None:
        console.print(f"To settle the unclear figures, play about {games:,} games per deck "
                      f"({games - comparison.games:,} more):")
        console.print(f"  {compare_command_line(base, variant, comparison, games, seed, engine)}", markup=False,
                      soft_wrap=True)


@click.command("compare")
@click.argument("base")
@click.argument("variant")
@click.option("--players", "-p", type=click.IntRange(1), multiple=True, help="Player count(s); default: every count both decks allow.")
@games_option(2000, "Games per deck and player count (the same seeds for both decks)")
@seed_option
@click.option("--agents", default=None, help="Comma-separated players per seat, or one for every seat (default: heuristic).")
@click.option("--skilled", is_flag=True, help="Compare under skilled play: search players (mcts) in every seat "
                                              "(slow; --budget sets their playouts).")
@click.option("--budget", type=click.IntRange(min=1), default=None,
              help="Playouts per decision of the --skilled search players (default 300).")
@jobs_option
@engine_option
@json_option
@chart_option("every figure's change with its 95% interval, one row each", "<base>-vs-<variant>.pdf")
def compare_command(base: str, variant: str, players: tuple[int, ...], games: int, seed: int, agents: str | None,
                    skilled: bool, budget: int | None, jobs: int, engine: str, as_json: bool,
                    chart: OutArg | None) -> None:
    """Play BASE and VARIANT with the same seeds and players and say what changed.

    It opens with what VARIANT changes (each rule, player count, deal or card, old → new), then for
    seat win rates, the seats' distance from an even share, scores, game length and the ruleset's own
    figures (bust and exact-25 rates, ghee rate, moon shots) both values, the change with its 95%
    interval and a sentence per figure; for a change too small to tell from none with these games, how
    many games would show it, and the command to play them.
    """
    from ..check.compare import changes_between, compare_decks
    from ..errors import CardforgeError
    from ..load import load_deck
    from ..sweep.executor import InProcess
    from ..sweep.pool import WorkerPool
    if skilled and agents:
        raise CardforgeError("--skilled puts search players in every seat; drop --agents (or give mcts:N there)")
    if budget is not None and not skilled:
        raise CardforgeError("--budget sets the --skilled search players' playouts; add --skilled")
    chart_at = out_target(chart, CHART) if chart is not None else None
    if chart_at is not None:
        chart_at.check()
    base_deck, variant_deck = load_deck(base), load_deck(variant)
    chart_path = chart_at.writable_file(f"{base_deck.id}-vs-{variant_deck.id}.pdf") if chart_at is not None else None
    table = [a.strip() for a in agents.split(",")] if agents else None
    if skilled:
        from ..sim.search import DEFAULT_BUDGET

        table = [f"mcts:{budget or DEFAULT_BUDGET}"]
    from .sweep import task_progress

    executor = WorkerPool(jobs) if jobs > 1 else InProcess()
    with task_progress(not as_json and sys.stderr.isatty(), "comparing") as progress:
        comparisons = compare_decks(base_deck, variant_deck, list(players) or None, games, seed, table, executor,
                                    progress, engine=engine)
    changes = changes_between(base_deck, variant_deck)
    if chart_path is not None:
        from ..check.compare_chart import write_chart

        write_chart(base_deck.id, variant_deck.id, comparisons, seed, chart_path, [c.text() for c in changes])
    if as_json:
        from ..check.compare import compare_command_line

        data = []
        for c in comparisons:
            settle = c.more_games()
            line = compare_command_line(base, variant, c, settle, seed, engine) if settle is not None else None
            data.append(dict(c.to_json(), command=line))
        echo_json({"base": base_deck.id, "variant": variant_deck.id, "seed": seed,
                   "what_changed": [{"key": c.key, "text": c.text()} for c in changes],
                   "comparisons": data,
                   "chart": str(chart_path) if chart_path is not None else None}, ensure_ascii=True)
        return
    console = output_console()
    print_changes(base_deck.id, variant_deck.id, changes, console)
    for comparison in comparisons:
        print_comparison(base, variant, base_deck.id, variant_deck.id, comparison, seed, engine, console)
    if chart_path is not None:
        console.print(f"wrote {chart_path}", markup=False, soft_wrap=True)  # whole, to copy
