"""`cardforge compare BASE VARIANT`: what a variant changed, each figure with its 95% interval."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..terminal import echo_json
from .options import engine_option, games_option, jobs_option, json_option, seed_option
from .tables import output_console

if TYPE_CHECKING:
    from ..check.compare import Comparison


def print_comparison(base_id: str, variant_id: str, comparison: Comparison, console: Console) -> None:
    table = Table(title=f"{variant_id} against {base_id}, {comparison.players} players, "
                        f"{comparison.games:,} games each ({', '.join(comparison.agents)})", title_justify="left")
    for column in ("figure", base_id, variant_id, "change (95% interval)", ""):
        table.add_column(column, justify="left" if column == "figure" else "right")
    for figure in comparison.figures:
        scale = 100 if figure.percent else 1
        unit = " pts" if figure.percent else ""
        change = (f"{figure.difference * scale:+.1f}{unit} [{figure.low * scale:+.1f}, {figure.high * scale:+.1f}]")
        mark = Text("changed", "bold yellow") if figure.significant else Text("same", "dim")
        table.add_row(figure.name, figure.show(figure.base), figure.show(figure.variant), change, mark)
    console.print(table)
    data = comparison.to_json()
    console.print(f"seat fairness (chi-square p): {base_id} {data['base_fairness_p']:.3g}, "
                  f"{variant_id} {data['variant_fairness_p']:.3g}")
    if data["changes"]:
        for line in data["changes"]:
            console.print(f"  • {line[0].upper()}{line[1:]}.")
    else:
        console.print("  • No figure changed significantly.")


@click.command("compare")
@click.argument("base")
@click.argument("variant")
@click.option("--players", "-p", type=click.IntRange(1), multiple=True, help="Player count(s); default: every count both decks allow.")
@games_option(2000, "Games per deck and player count (the same seeds for both decks)")
@seed_option
@click.option("--agents", default=None, help="Comma-separated players per seat (default: all heuristic).")
@jobs_option
@engine_option
@json_option
@click.option("--chart", "chart_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write a chart (PDF): every figure's change with its 95% interval, one row each.")
def compare_command(base: str, variant: str, players: tuple[int, ...], games: int, seed: int, agents: str | None,
                    jobs: int, engine: str, as_json: bool, chart_path: Path | None) -> None:
    """Play BASE and VARIANT with the same seeds and players and show what changed.

    For seat fairness, scores, game length and the ruleset's own figures (bust and exact-25 rates,
    ghee rate, moon shots) it prints both values and the 95% interval of the difference, then one
    plain line per figure that changed significantly.
    """
    from ..check.compare import compare_decks
    from ..load import load_deck
    from ..writable import check_writable_file

    if chart_path is not None:
        check_writable_file(chart_path)
    base_deck, variant_deck = load_deck(base), load_deck(variant)
    table = [a.strip() for a in agents.split(",")] if agents else None
    comparisons = compare_decks(base_deck, variant_deck, list(players) or None, games, seed, table, jobs,
                                progress=not as_json and sys.stderr.isatty(), engine=engine)
    if chart_path is not None:
        from ..check.compare_chart import write_chart

        write_chart(base_deck.id, variant_deck.id, comparisons, seed, chart_path)
    if as_json:
        echo_json({"base": base_deck.id, "variant": variant_deck.id, "seed": seed,
                   "comparisons": [c.to_json() for c in comparisons],
                   "chart": str(chart_path) if chart_path is not None else None}, ensure_ascii=True)
        return
    console = output_console()
    for comparison in comparisons:
        print_comparison(base_deck.id, variant_deck.id, comparison, console)
    if chart_path is not None:
        console.print(f"wrote {chart_path}")


