"""Reading a card table file into header and rows: CSV and TSV (csv module), XLSX (openpyxl), ODS (ods.py).

Every value comes back as YAML would give it (whole numbers as ints, empty cells as None), with the
row numbers of the file, so errors can point at a cell. A table may come from a stranger: its size
and its size once unzipped are capped before anything is parsed, and its rows, columns, cells and
cell lengths as it is read (rows.py; the figures are in budgets.py and docs/security.md).
"""

from __future__ import annotations

import csv
import difflib
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..budgets import MAX_CELL_CHARS, MAX_TABLE_BYTES, MAX_TABLE_ROWS, MAX_UNPACKED_BYTES
from ..errors import DeckError, Location
from .rows import Rows
from .xlsx import read_xlsx

SUFFIXES = (".csv", ".tsv", ".xlsx", ".ods")
MAX_ROWS = MAX_TABLE_ROWS


@dataclass(frozen=True)
class Table:
    """A table as read: header texts and rows of cell values (None for empty), with their positions."""

    path: Path
    header_row: int
    header: list[str]
    rows: list[tuple[int, list[Any]]]
    """(1-based row number in the file, cell values); empty rows are left out."""


def _text_value(text: str) -> Any:
    """A CSV cell: a whole number or a decimal where it reads as one, else the text itself."""
    text = text.strip()
    if not text:
        return None
    if re.fullmatch(r"-?\d{1,300}", text):
        return int(text)
    if re.fullmatch(r"-?\d+\.\d+", text):
        return float(text)
    return text


def _read_delimited(path: Path, delimiter: str) -> list[tuple[int, list[Any]]]:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DeckError(f"the table is not UTF-8 text (byte {exc.start}); save it as UTF-8 CSV",
                        Location(path)) from None
    rows = Rows(path)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        for row in reader:
            # the line the record starts on, as an editor counts lines: a quoted cell may span several
            rows.number = reader.line_num - sum(cell.count("\n") for cell in row) - 1
            for column, cell in enumerate(row, start=1):
                if len(cell) > MAX_CELL_CHARS:
                    raise DeckError(f"a cell of {len(cell):,} characters; a table cell may hold at most "
                                    f"{MAX_CELL_CHARS:,}", rows.here(column))
            rows.add([_text_value(cell) for cell in row])
    except csv.Error as exc:
        raise DeckError(f"unreadable table: {exc}", rows.here()) from None
    return rows.rows


def _read_ods(path: Path, sheet: str | None) -> list[tuple[int, list[Any]]]:
    from .ods import read_ods

    rows, names, _ = read_ods(path, sheet)
    _pick_sheet(path, names, sheet)
    return rows


def _pick_sheet(path: Path, names: list[str], sheet: str | None) -> str:
    if not names:
        raise DeckError("the workbook has no sheets", Location(path))
    if sheet is None:
        return names[0]
    if sheet in names:
        return sheet
    hint = difflib.get_close_matches(sheet, names, n=1)
    tail = f"; did you mean {hint[0]!r}?" if hint else f"; its sheets are: {', '.join(names)}"
    raise DeckError(f"no sheet named {sheet!r}{tail}", Location(path))


def _check_unpacked_size(path: Path) -> None:
    """Refuse a workbook that would unpack to more than MAX_UNPACKED_BYTES before any XML is parsed.

    The sizes come from the zip's directory; zipfile stops reading a member at its stated size (and
    then fails its checksum), so a directory that understates cannot make more come out."""
    import zipfile

    try:
        with zipfile.ZipFile(path) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError):
        raise DeckError(f"not a readable {path.suffix} workbook (it is not a zip archive)", Location(path)) from None
    if unpacked > MAX_UNPACKED_BYTES:
        raise DeckError(f"the workbook unpacks to {unpacked:,} bytes; a card table may unpack to at most "
                        f"{MAX_UNPACKED_BYTES:,}", Location(path))


def read_table(path: Path, sheet: str | None = None) -> Table:
    """Read a table file; the first non-empty row is the header. Errors name the file (and cell)."""
    suffix = path.suffix.lower()
    size = path.stat().st_size
    if size > MAX_TABLE_BYTES:
        raise DeckError(f"the table is {size:,} bytes; a card table may be at most {MAX_TABLE_BYTES:,} bytes",
                        Location(path))
    if suffix == ".csv":
        numbered = _read_delimited(path, ",")
    elif suffix == ".tsv":
        numbered = _read_delimited(path, "\t")
    elif suffix == ".xlsx":
        _check_unpacked_size(path)
        numbered = read_xlsx(path, sheet, _pick_sheet)
    elif suffix == ".ods":
        _check_unpacked_size(path)
        numbered = _read_ods(path, sheet)
    else:
        raise DeckError(f"a card table is a {', '.join(SUFFIXES)} file, not {path.name!r}", Location(path))
    if not numbered:
        raise DeckError("the table is empty; its first row names the columns (id, name, suit, rank, ...)",
                        Location(path))
    header_row, header_cells = numbered[0]
    width = max(len(row) for _, row in numbered)
    header = ["" if v is None else str(v).strip() for v in header_cells] + [""] * (width - len(header_cells))
    for column, (text, used) in enumerate(zip(header, _used_columns(numbered[1:], width)), start=1):
        if not text and used:
            raise DeckError("this column has values but no header; name it in the first row",
                            Location(path, header_row, column))
    return Table(path, header_row, header, numbered[1:])


def _used_columns(rows: list[tuple[int, list[Any]]], width: int) -> list[bool]:
    used = [False] * width
    for _, row in rows:
        for i, value in enumerate(row[:width]):
            used[i] = used[i] or value is not None
    return used
