"""Reading a card table file into header and rows: CSV and TSV (csv module), XLSX (openpyxl), ODS (odfpy).

Every value comes back as YAML would give it (whole numbers as ints, empty cells as None), with the
row numbers of the file, so errors can point at a cell. A table may come from a stranger: its size,
its size once unzipped and its number of rows are capped before anything is parsed.
"""

from __future__ import annotations

import csv
import difflib
import io
import re
from dataclasses import dataclass
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

from ..errors import DeckError, Location

SUFFIXES = (".csv", ".tsv", ".xlsx", ".ods")
MAX_TABLE_BYTES = 5_000_000
MAX_UNPACKED_BYTES = 50_000_000
MAX_ROWS = 5_000
"""Limits on a table from a stranger: file size, size once unzipped (.xlsx and .ods are zip files, and
a small one can unpack to gigabytes), rows read."""


@dataclass(frozen=True)
class Table:
    """A table as read: header texts and rows of cell values (None for empty), with their positions."""

    path: Path
    header_row: int
    header: list[str]
    rows: list[tuple[int, list[Any]]]
    """(1-based row number in the file, cell values); empty rows are left out."""


def _plain(value: Any) -> Any:
    """A spreadsheet value as YAML would give it: whole floats as ints, dates as ISO text, '' as None."""
    if isinstance(value, str):
        value = value.strip()
        return value or None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    return value


def _text_value(text: str) -> Any:
    """A CSV cell: a whole number or a decimal where it reads as one, else the text itself."""
    text = text.strip()
    if not text:
        return None
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    if re.fullmatch(r"-?\d+\.\d+", text):
        return float(text)
    return text


def _read_delimited(path: Path, delimiter: str) -> list[list[Any]]:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DeckError(f"the table is not UTF-8 text (byte {exc.start}); save it as UTF-8 CSV",
                        Location(path)) from None
    try:
        return [[_text_value(cell) for cell in row] for row in csv.reader(io.StringIO(text), delimiter=delimiter)]
    except csv.Error as exc:
        raise DeckError(f"unreadable table: {exc}", Location(path)) from None


def _read_xlsx(path: Path, sheet: str | None) -> list[list[Any]]:
    from openpyxl import load_workbook

    try:
        workbook = load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises zipfile, XML and its own errors for a damaged file
        raise DeckError(f"not a readable .xlsx workbook ({type(exc).__name__})", Location(path)) from None
    try:
        names = workbook.sheetnames
        worksheet = workbook[_pick_sheet(path, names, sheet)]
        rows: list[list[Any]] = []
        for row in worksheet.iter_rows(values_only=True):
            rows.append([_plain(value) for value in row])
            if len(rows) > MAX_ROWS + 1:
                break
        return rows
    finally:
        workbook.close()


def _read_ods(path: Path, sheet: str | None) -> list[list[Any]]:
    from odf.namespaces import OFFICENS, TABLENS
    from odf.opendocument import load
    from odf.table import Table as OdsTable
    from odf.table import TableRow

    try:
        document = load(str(path))
    except Exception as exc:  # odfpy raises zipfile, XML and KeyError for a damaged file
        raise DeckError(f"not a readable .ods spreadsheet ({type(exc).__name__})", Location(path)) from None
    tables = document.spreadsheet.getElementsByType(OdsTable)
    names = [str(t.getAttribute("name")) for t in tables]
    chosen = tables[names.index(_pick_sheet(path, names, sheet))]
    rows: list[list[Any]] = []
    for row in chosen.getElementsByType(TableRow):
        repeat_rows = min(int(row.getAttrNS(TABLENS, "number-rows-repeated") or 1), MAX_ROWS + 2 - len(rows))
        cells: list[Any] = []
        for cell in row.childNodes:
            if cell.qname[1] not in ("table-cell", "covered-table-cell"):
                continue
            repeat = min(int(cell.getAttrNS(TABLENS, "number-columns-repeated") or 1), 1024)
            kind = cell.getAttrNS(OFFICENS, "value-type")
            value: Any
            if kind in ("float", "percentage", "currency"):
                value = _plain(float(cell.getAttrNS(OFFICENS, "value")))
            elif kind == "boolean":
                value = cell.getAttrNS(OFFICENS, "boolean-value") == "true"
            elif kind == "date":
                value = cell.getAttrNS(OFFICENS, "date-value")
            else:
                value = _plain("\n".join(str(p) for p in cell.childNodes if p.qname[1] == "p"))
            cells.extend([value] * repeat)
        if not any(v is not None for v in cells):
            cells = []  # a repeated run of empty rows fills the rest of the sheet: keep it small
        rows.extend([list(cells) for _ in range(max(repeat_rows, 0))])
        if len(rows) > MAX_ROWS + 1:
            break
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
    """Refuse a workbook that would unpack to more than MAX_UNPACKED_BYTES before any XML is parsed."""
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
        raw = _read_delimited(path, ",")
    elif suffix == ".tsv":
        raw = _read_delimited(path, "\t")
    elif suffix == ".xlsx":
        _check_unpacked_size(path)
        raw = _read_xlsx(path, sheet)
    elif suffix == ".ods":
        _check_unpacked_size(path)
        raw = _read_ods(path, sheet)
    else:
        raise DeckError(f"a card table is a {', '.join(SUFFIXES)} file, not {path.name!r}", Location(path))
    numbered = [(i + 1, row) for i, row in enumerate(raw) if any(v is not None for v in row)]
    if not numbered:
        raise DeckError("the table is empty; its first row names the columns (id, name, suit, rank, ...)",
                        Location(path))
    if len(numbered) > MAX_ROWS + 1:
        raise DeckError(f"the table has more than {MAX_ROWS:,} rows", Location(path, numbered[MAX_ROWS + 1][0]))
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
