"""`cardforge report DECK`: run the checks and write the validator report, as PDF or (--html) for the screen."""

from __future__ import annotations

import sys

import click

from ..errors import CardforgeError
from ..terminal import echo, echo_error
from .options import OutArg, OutKind, OutTarget, games_option, jobs_option, out_option, out_target, seed_option

REPORT = OutKind("a report is a PDF or HTML", (".pdf", ".html"))
HTML_REPORT = OutKind("an --html report is HTML", (".html",))
PDF_REPORT = OutKind("a --format pdf report is a PDF", (".pdf",))


def report_target(out: OutArg | None, fmt: str | None) -> tuple[OutTarget, str]:
    """Where the report goes and its format: --format/--html when given (a file named for the other
    format is refused), else the file's extension, else PDF."""
    target = out_target(out, {None: REPORT, "html": HTML_REPORT, "pdf": PDF_REPORT}[fmt])
    if fmt is None:
        fmt = "html" if target.is_file and target.path.suffix.lower() == ".html" else "pdf"
    return target, fmt


@click.command("report")
@click.argument("deck")
@click.option("--format", "fmt", type=click.Choice(["pdf", "html"]), default=None,
              show_default="pdf, or html for -o FILE.html",
              help="pdf for print, html for the screen (the same charts as SVG).")
@click.option("--html", "as_html", is_flag=True, help="Same as --format html.")
@out_option("the report goes to OUT/<deck-id>/<deck-id>-report.pdf (or .html)", REPORT)
@games_option(None, "Games per player count and player type")
@seed_option
@jobs_option
def report_command(deck: str, fmt: str | None, as_html: bool, out: OutArg | None, games: int | None, seed: int, jobs: int) -> None:
    """Check DECK and write its validator report. Exit 0 playable, 1 not playable, 2 bad input."""
    from ..check.gate import CheckOptions, check_deck
    from ..load.find import find_deck_file
    from ..outputs import atomic_write_bytes
    from ..products import as_built

    target, fmt = report_target(out, "html" if as_html else fmt)
    target.check()
    try:  # checked as `build` checks it
        options = as_built(CheckOptions(games=games, seed=seed, jobs=jobs), find_deck_file(deck))
        verdict = check_deck(deck, options)
    except CardforgeError as exc:
        echo_error(exc)
        sys.exit(2)
    path = target.file(f"{verdict.deck_id}/{verdict.deck_id}-report.{fmt}")
    if fmt == "html":
        from ..report.html import report_html

        atomic_write_bytes(path, report_html(verdict).encode("utf-8"))
    else:
        from ..report.pdf import report_pdf

        atomic_write_bytes(path, report_pdf(verdict))
    echo(str(path))
    sys.exit(verdict.exit_code)
