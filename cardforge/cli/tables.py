"""Tables on a terminal, TSV in a pipe: output that a person can read and a script can cut.

On a terminal, rich draws the table at the terminal's real width and folds long cells (a file path
is never cut to `…`). When stdout is not a terminal, each table is plain tab-separated values with a
header row, so `cardforge check my-deck | cut -f3` works and nothing is squeezed to 80 columns.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from typing import Any, TextIO

import click
from rich.console import Console
from rich.table import Table

_MARKUP = re.compile(r"\[/?[a-z ]+\]")


def plain(text: str) -> str:
    """Text without rich markup (`[green]✔ pass[/green]` -> `✔ pass`) and without tabs or newlines."""
    return _MARKUP.sub("", text).replace("\t", " ").replace("\n", " ")


def is_terminal(stream: TextIO | None = None) -> bool:
    stream = stream if stream is not None else sys.stdout
    return bool(getattr(stream, "isatty", lambda: False)())


PIPE_WIDTH = 200
"""Width of rich output written to a pipe or file (rich would assume 80 and cut headers to `…`)."""


def output_console(**options: Any) -> Console:
    """A rich console for stdout: the terminal's real width, or $COLUMNS / PIPE_WIDTH when piped."""
    if is_terminal():
        return Console(**options)
    width = os.environ.get("COLUMNS", "")
    return Console(width=int(width) if width.isdigit() else PIPE_WIDTH, **options)


def print_table(title: str, columns: Sequence[str], rows: Sequence[Sequence[str]], console: Console | None = None,
                *, err: bool = False) -> None:
    """A titled table: rich at the real width on a terminal, else `# title` and TSV rows."""
    stream = sys.stderr if err else sys.stdout
    if console is None and not is_terminal(stream):
        click.echo(f"# {plain(title)}", err=err)
        click.echo("\t".join(columns), err=err)
        for row in rows:
            click.echo("\t".join(plain(cell) for cell in row), err=err)
        return
    console = console if console is not None else Console(stderr=err)
    table = Table(title=title, title_justify="left")
    for column in columns:
        table.add_column(column, overflow="fold")
    for row in rows:
        table.add_row(*row)
    console.print(table)
