"""`cardforge report DECK`: run the checks and write the validator report, as PDF or (--html) for the screen."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..errors import CardforgeError
from ..terminal import echo, echo_error
from .options import OUT_DEFAULT, games_option, jobs_option, out_option, seed_option


@click.command("report")
@click.argument("deck")
@click.option("--format", "fmt", type=click.Choice(["pdf", "html"]), default="pdf", show_default=True,
              help="pdf for print, html for the screen (the same charts as SVG).")
@click.option("--html", "as_html", is_flag=True, help="Same as --format html.")
@out_option("the report goes to OUT/<deck-id>/<deck-id>-report.pdf (or .html)")
@games_option(None, "Games per player count and player type")
@seed_option
@jobs_option
def report_command(deck: str, fmt: str, as_html: bool, out: Path | None, games: int | None, seed: int, jobs: int) -> None:
    """Check DECK and write its validator report. Exit 0 playable, 1 not playable, 2 bad input."""
    from ..check.gate import CheckOptions, check_deck
    from ..load.find import find_deck_file
    from ..outputs import atomic_write_bytes
    from ..products import as_built

    try:  # checked as `build` checks it
        options = as_built(CheckOptions(games=games, seed=seed, jobs=jobs), find_deck_file(deck))
        verdict = check_deck(deck, options)
    except CardforgeError as exc:
        echo_error(exc)
        sys.exit(2)
    html = as_html or fmt == "html"
    path = (out if out is not None else OUT_DEFAULT) / verdict.deck_id / f"{verdict.deck_id}-report.{'html' if html else 'pdf'}"
    path.parent.mkdir(parents=True, exist_ok=True)
    if html:
        from ..report.html import report_html

        atomic_write_bytes(path, report_html(verdict).encode("utf-8"))
    else:
        from ..report.pdf import report_pdf

        atomic_write_bytes(path, report_pdf(verdict))
    echo(str(path))
    sys.exit(verdict.exit_code)
