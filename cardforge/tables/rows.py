"""Rows of a table as a reader streams them in, kept within the table budgets as they arrive.

Every reader (CSV, XLSX, ODS) hands its rows to one `Rows`: empty rows only move the row number on,
a repeated row is copied only while the row budget lasts, and a value past the last allowed column
or a cell longer than allowed is refused at its position, before anything larger is built.
"""

from __future__ import annotations

import math
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

from ..budgets import MAX_CELL_CHARS, MAX_TABLE_COLUMNS, MAX_TABLE_ROWS
from ..errors import DeckError, Location


def plain(value: Any, where: Location) -> Any:
    """A spreadsheet value as YAML would give it: whole floats as ints, dates as ISO text, '' as None."""
    if isinstance(value, str):
        if len(value) > MAX_CELL_CHARS:
            raise DeckError(f"a cell of {len(value):,} characters; a table cell may hold at most "
                            f"{MAX_CELL_CHARS:,}", where)
        value = value.strip()
        return value or None
    if isinstance(value, float):
        if not math.isfinite(value):
            raise DeckError(f"the cell holds {value!r}, not a number a card can use", where)
        return int(value) if value.is_integer() else value
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    return value


def trimmed(cells: list[Any]) -> list[Any]:
    """`cells` without its trailing empty cells."""
    end = len(cells)
    while end and cells[end - 1] is None:
        end -= 1
    return cells[:end]


class Rows:
    """Non-empty rows with their 1-based numbers in the file: at most a header and MAX_TABLE_ROWS rows."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.rows: list[tuple[int, list[Any]]] = []
        self.number = 0
        """The number of the last row taken (empty ones included)."""

    def here(self, column: int = 1, ahead: int = 1) -> Location:
        """The position of a cell in the row being read."""
        return Location(self.path, self.number + ahead, column)

    def check_width(self, columns: int) -> None:
        """Refuse a value in a column past MAX_TABLE_COLUMNS (call before building a wider row)."""
        if columns > MAX_TABLE_COLUMNS:
            raise DeckError(f"a value in column {columns:,}; a card table may use at most {MAX_TABLE_COLUMNS:,} "
                            "columns", self.here(MAX_TABLE_COLUMNS + 1))

    def add(self, cells: list[Any], repeat: int = 1) -> None:
        """Take one row, `repeat` times over (a spreadsheet's repeated rows); empty rows only count."""
        cells = trimmed(cells)
        if not cells:
            self.number += repeat
            return
        self.check_width(len(cells))
        for _ in range(repeat):
            self.number += 1
            if len(self.rows) > MAX_TABLE_ROWS:
                raise DeckError(f"the table has more than {MAX_TABLE_ROWS:,} rows", Location(self.path, self.number))
            self.rows.append((self.number, list(cells)))
