"""Reading an .xlsx sheet with openpyxl's streaming (read-only) reader, within the table budgets.

openpyxl's read-only worksheet streams rows, but trusts the sheet's `<dimension>` to pad every row
(a sheet claiming 16,384 columns costs 16,384 cells a row) and builds each row whole (a row of two
million cells costs gigabytes). So the dimension is ignored, rows are read no wider than the column
budget, and the sheet's XML is first counted cell by cell as a stream (`_count_cells`), stopping at
the first budget it passes, before openpyxl parses it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from ..budgets import MAX_TABLE_CELLS, MAX_TABLE_COLUMNS
from ..errors import DeckError, Location
from .rows import Rows, plain, trimmed

_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REFERENCE = re.compile(r"([A-Z]{1,3})(\d+)")


def _column_number(reference: str | None) -> int:
    match = _REFERENCE.fullmatch(reference or "")
    if match is None:
        return 0
    number = 0
    for letter in match.group(1):
        number = number * 26 + ord(letter) - 64
    return number


def _count_cells(stream: IO[bytes], path: Path) -> None:
    """Refuse a sheet that writes out more than MAX_TABLE_CELLS cells, more than MAX_TABLE_COLUMNS in
    one row, or a value past column MAX_TABLE_COLUMNS; each finished element is dropped at once."""
    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import iterparse

    total = in_row = row_number = 0
    open_elements: list[Any] = []
    try:
        for event, element in iterparse(stream, events=("start", "end"), forbid_dtd=True):
            if event == "start":
                open_elements.append(element)
                if element.tag == f"{_MAIN}row":
                    in_row = 0
                    row_number = int(element.get("r") or row_number + 1) if (element.get("r") or "").isdigit() \
                        else row_number + 1
                elif element.tag == f"{_MAIN}c":
                    total += 1
                    in_row += 1
                    where = Location(path, max(row_number, 1), min(in_row, MAX_TABLE_COLUMNS + 1))
                    if total > MAX_TABLE_CELLS:
                        raise DeckError(f"the sheet writes out more than {MAX_TABLE_CELLS:,} cells", where)
                    if in_row > MAX_TABLE_COLUMNS:
                        raise DeckError(f"a row of more than {MAX_TABLE_COLUMNS:,} cells; a card table may use at "
                                        f"most {MAX_TABLE_COLUMNS:,} columns", where)
                continue
            open_elements.pop()
            if element.tag == f"{_MAIN}c":
                column = _column_number(element.get("r"))
                if column > MAX_TABLE_COLUMNS and len(element):
                    raise DeckError(f"a value in column {column:,}; a card table may use at most "
                                    f"{MAX_TABLE_COLUMNS:,} columns", Location(path, max(row_number, 1), column))
            elif open_elements and open_elements[-1].tag == f"{_MAIN}c":
                continue  # a cell's value is looked at when the cell ends
            if open_elements:
                open_elements[-1].remove(element)
    except DeckError:
        raise
    except (DefusedXmlException, SyntaxError, ValueError) as exc:
        raise DeckError(f"not a readable .xlsx workbook ({type(exc).__name__}: {str(exc)[:80]})",
                        Location(path)) from None


def read_xlsx(path: Path, sheet: str | None,
              pick_sheet: Callable[[Path, list[str], str | None], str]) -> list[tuple[int, list[Any]]]:
    """The non-empty rows of the chosen sheet (the first, or `sheet`) with their row numbers."""
    from openpyxl import load_workbook

    try:
        workbook = load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises zipfile, XML and its own errors for a damaged file
        raise DeckError(f"not a readable .xlsx workbook ({type(exc).__name__})", Location(path)) from None
    try:
        worksheet = workbook[pick_sheet(path, workbook.sheetnames, sheet)]
        member = getattr(worksheet, "_worksheet_path", None)
        archive = getattr(workbook, "_archive", None)
        if member is None or archive is None:  # pragma: no cover - openpyxl's read-only layout since 2.4
            raise DeckError("this version of openpyxl cannot be read safely; install openpyxl 3.1", Location(path))
        with archive.open(member) as stream:
            _count_cells(stream, path)
        worksheet.reset_dimensions()  # a sheet's <dimension> is what it claims, not what it holds
        rows = Rows(path)
        try:
            for cells in worksheet.iter_rows(max_col=MAX_TABLE_COLUMNS, values_only=True):
                values = trimmed(list(cells))  # rows come padded to the column budget
                rows.add([plain(value, rows.here(column)) for column, value in enumerate(values, start=1)])
        except DeckError:
            raise
        except Exception as exc:  # a value openpyxl cannot convert (a date out of range, a bad number)
            raise DeckError(f"not a readable .xlsx workbook ({type(exc).__name__}: {str(exc)[:80]})",
                            rows.here()) from None
        return rows.rows
    finally:
        workbook.close()
