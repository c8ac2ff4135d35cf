"""`cardforge check`: the pre-print gate. Exit 0 playable, 1 not playable, 2 bad input."""

from __future__ import annotations

import sys
from typing import Any

import click
from rich.console import Console
from rich.text import Text

from ..check.gate import CheckOptions, check_deck
from ..check.results import DeckCheck
from ..errors import CardforgeError
from ..terminal import console as make_console
from ..terminal import echo, echo_error, echo_json, styled
from .build import duplex_option, margin_option, offset_option, paper_option, print_shop_option
from .options import engine_option, games_option, jobs_option, json_option, seed_option
from .progress import reporter
from .tables import is_terminal, print_table

MARKS = {"pass": Text("✔ pass", "green"), "warn": Text("⚠ warn", "yellow"), "fail": Text("✖ fail", "red")}


def print_check(report: DeckCheck, console: Console | None) -> None:
    """One table per deck: each check's verdict and reason, then the overall verdict.

    `console` None: stdout, as a rich table on a terminal and as TSV in a pipe (cli/tables.py)."""
    rows = [(result.name, MARKS[result.verdict], result.reason) for result in report.results]
    print_table(f"{report.title} ({report.deck_id})", ("check", "verdict", "reason"), rows, console)
    verdict = report.verdict
    if console is None:
        echo(f"{report.deck_id}: {verdict}")
    else:
        console.print(styled("[{colour}]{line}[/]", colour="green" if report.playable else "red",
                             line=f"{report.deck_id}: {verdict}"))


def check_options(games: int | None, seed: int, jobs: int, quiet: bool = False, skilled: int = 0,
                  engine: str = "fast") -> CheckOptions:
    """Progress goes to stderr (a bar on a terminal, a line per step elsewhere), never into stdout."""
    return CheckOptions(games=games, seed=seed, jobs=jobs, reporter=reporter(quiet), skilled=skilled, engine=engine)


@click.command("check")
@click.argument("decks", nargs=-1, required=True)
@json_option
@games_option(None, "Games per player count and player type")
@seed_option
@jobs_option
@click.option("--skilled", is_flag=True, help="Also play search players (mcts, compiled) in every seat until each "
                                              "seat's win rate is within ±2 percentage points (--games: a fixed "
                                              "number), and a skill ladder: random < heuristic < search at a quarter "
                                              "and the full --budget (minutes).")
@click.option("--budget", type=click.IntRange(min=1), default=None,
              help="Playouts per decision of the --skilled search players (default 100).")
@engine_option
@paper_option
@duplex_option
@offset_option
@margin_option
@print_shop_option("Check the deck for the print services `build --print-shop` would write files for")
def check_command(decks: tuple[str, ...], as_json: bool, games: int | None, seed: int, jobs: int, skilled: bool,
                  budget: int | None, engine: str, paper: Any, duplex: str | None, back_offset: Any, margin: Any,
                  print_shop: tuple[str, ...]) -> None:
    """Run every check that applies to each DECK and print a verdict per check with its reason.

    Checks: the deck model, the deal for each player count, the rules parameters, that every face
    renders, and then either simulated games (random and heuristic players) or, for games with an exact
    solver, the solver's analysis. Exit 0 if every deck is playable, 1 if one is not, 2 on bad input.
    The printing options are `build`'s: the sheets and print services are checked as `build` would make them.
    """
    console = make_console() if is_terminal() and not as_json else None
    from ..check.skilled import CHECK_BUDGET
    from ..load.find import find_deck_file
    from ..products import as_built

    options = check_options(games, seed, jobs, skilled=(budget or CHECK_BUDGET) if skilled else 0, engine=engine)
    given = {"paper": paper, "duplex": duplex, "back_offset": back_offset, "margin": margin, "print_shop": print_shop}
    reports: list[DeckCheck] = []
    bad_input: list[str] = []
    for reference in decks:
        try:
            reports.append(check_deck(reference, as_built(options, find_deck_file(reference), given)))
        except CardforgeError as exc:
            options.reporter.pause()
            bad_input.append(f"{exc}")
            echo_error(exc)
            continue
        options.reporter.pause()
        if not as_json:
            print_check(reports[-1], console)
    if as_json:
        echo_json([r.to_json() for r in reports], default=str)
    if bad_input:
        sys.exit(2)
    sys.exit(0 if all(r.playable for r in reports) else 1)


