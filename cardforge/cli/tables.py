"""Tables on a terminal, TSV in a pipe: output that a person can read and a script can cut.

On a terminal, rich draws the table at the terminal's real width and folds long cells (a file path
is never cut to `…`). When stdout is not a terminal, each table is plain tab-separated values with a
header row, so `cardforge check my-deck | cut -f3` works and nothing is squeezed to 80 columns.
Cells are text from decks: a plain string is printed as it is written, never read as markup, and
control characters are shown as escapes (terminal.py); a cell styled by us is a rich Text.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..terminal import console, echo, echo_cells, inert

Cell = str | Text
"""A table cell: a string from anywhere (shown as written), or a Text we styled."""


def plain(text: Cell) -> str:
    """A cell as plain text, without tabs or newlines (a Text loses its styles)."""
    raw = text.plain if isinstance(text, Text) else text
    return raw.replace("\t", " ").replace("\n", " ")


def is_terminal(stream: TextIO | None = None) -> bool:
    stream = stream if stream is not None else sys.stdout
    return bool(getattr(stream, "isatty", lambda: False)())


PIPE_WIDTH = 200
"""Width of rich output written to a pipe or file (rich would assume 80 and cut headers to `…`)."""


def output_console(**options: Any) -> Console:
    """A rich console for stdout: the terminal's real width, or $COLUMNS / PIPE_WIDTH when piped."""
    if is_terminal():
        return console(**options)
    width = os.environ.get("COLUMNS", "")
    return console(width=int(width) if width.isdigit() else PIPE_WIDTH, **options)


def _cell(cell: Cell) -> Text:
    return cell if isinstance(cell, Text) else Text(inert(cell))


def print_table(title: Cell, columns: Sequence[str], rows: Sequence[Sequence[Cell]], out: Console | None = None,
                *, err: bool = False) -> None:
    """A titled table: rich at the real width on a terminal, else `# title` and TSV rows."""
    stream = sys.stderr if err else sys.stdout
    if out is None and not is_terminal(stream):
        echo(f"# {plain(title)}", err=err)
        echo_cells(columns, err=err)
        for row in rows:
            echo_cells((plain(cell) for cell in row), err=err)
        return
    out = out if out is not None else console(stderr=err)
    table = Table(title=_cell(title), title_justify="left")
    for column in columns:
        table.add_column(column, overflow="fold")
    for row in rows:
        table.add_row(*(_cell(cell) for cell in row))
    out.print(table)
