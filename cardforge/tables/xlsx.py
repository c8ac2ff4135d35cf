"""Reading an .xlsx sheet with openpyxl's streaming (read-only) reader, within the table budgets.

openpyxl's read-only worksheet streams rows, but trusts the sheet's `<dimension>` to pad every row
(a sheet claiming 16,384 columns costs 16,384 cells a row), fills a gap in the row numbers with
rows as wide as that, builds each row whole (a row of two million cells costs gigabytes) and pads a
row out to its last cell. So the dimension is ignored, and before openpyxl opens the file every
sheet's XML is counted as a stream (`_count_cells`: cells, cells in a row, no cell past the column
limit), as are the parts it parses whole (`_count_parts`: shared strings, styles, relationships),
stopping at the first budget passed.
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
                    column = _column_number(element.get("r"))
                    if column > MAX_TABLE_COLUMNS:  # even an empty one: openpyxl would pad its row out to it
                        raise DeckError(f"a cell in column {column:,}; a card table may use at most "
                                        f"{MAX_TABLE_COLUMNS:,} columns", Location(path, max(row_number, 1), column))
                    where = Location(path, max(row_number, 1), min(in_row, MAX_TABLE_COLUMNS + 1))
                    if total > MAX_TABLE_CELLS:
                        raise DeckError(f"the sheet writes out more than {MAX_TABLE_CELLS:,} cells", where)
                    if in_row > MAX_TABLE_COLUMNS:
                        raise DeckError(f"a row of more than {MAX_TABLE_COLUMNS:,} cells; a card table may use at "
                                        f"most {MAX_TABLE_COLUMNS:,} columns", where)
                continue
            open_elements.pop()
            if open_elements:
                open_elements[-1].remove(element)
    except DeckError:
        raise
    except (DefusedXmlException, SyntaxError, ValueError) as exc:
        raise DeckError(f"not a readable .xlsx workbook ({type(exc).__name__}: {str(exc)[:80]})",
                        Location(path)) from None


_TYPES = "{http://schemas.openxmlformats.org/package/2006/content-types}"
_PARSED_WHOLE = ("sharedStrings", "styles", "sheet.main", "relationships")
_WORKSHEET = "spreadsheetml.worksheet"
"""Content types of the parts openpyxl parses whole when it opens a workbook read-only."""


def _count_elements(stream: IO[bytes], path: Path, part: str, seen: Callable[[Any], None] | None = None) -> None:
    """Refuse a part of more than MAX_TABLE_CELLS elements, counted as a stream (each dropped at once)."""
    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import iterparse

    count = 0
    open_elements: list[Any] = []
    try:
        for event, element in iterparse(stream, events=("start", "end"), forbid_dtd=True):
            if event == "start":
                open_elements.append(element)
                count += 1
                if count > MAX_TABLE_CELLS:
                    raise DeckError(f"the workbook's {part} has more than {MAX_TABLE_CELLS:,} entries",
                                    Location(path))
                continue
            open_elements.pop()
            if seen is not None:
                seen(element)
            if open_elements:
                open_elements[-1].remove(element)
    except DeckError:
        raise
    except (DefusedXmlException, SyntaxError, ValueError) as exc:
        raise DeckError(f"not a readable .xlsx workbook ({part}: {type(exc).__name__}: {str(exc)[:80]})",
                        Location(path)) from None


def _count_parts(path: Path) -> None:
    """Before openpyxl opens the workbook: the parts it parses whole (content types, relationships, the
    workbook, shared strings, styles) are counted as streams, so 45 MB of tiny shared strings in a
    100 kB file is refused in seconds rather than parsed for a minute; and every sheet's cells are
    counted (`_count_cells`), since opening a sheet without a <dimension> reads all of it."""
    import zipfile

    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
        whole = {"[Content_Types].xml", "xl/workbook.xml", "xl/sharedStrings.xml", "xl/styles.xml"}
        whole |= {name for name in names if name.endswith(".rels")}
        sheets = {name for name in names if name.startswith("xl/worksheets/") and name.endswith(".xml")}

        def override(element: Any) -> None:
            kind = element.get("ContentType") or ""
            part = (element.get("PartName") or "").lstrip("/")
            if element.tag == f"{_TYPES}Override" and _WORKSHEET in kind:
                sheets.add(part)
            elif element.tag == f"{_TYPES}Override" and any(word in kind for word in _PARSED_WHOLE):
                whole.add(part)

        if "[Content_Types].xml" in names:
            with archive.open("[Content_Types].xml") as stream:
                _count_elements(stream, path, "[Content_Types].xml", override)
        for name in sorted(whole & names - {"[Content_Types].xml"} - sheets):
            with archive.open(name) as stream:
                _count_elements(stream, path, name)
        for name in sorted(sheets & names):
            with archive.open(name) as stream:
                _count_cells(stream, path)


def read_xlsx(path: Path, sheet: str | None,
              pick_sheet: Callable[[Path, list[str], str | None], str]) -> list[tuple[int, list[Any]]]:
    """The non-empty rows of the chosen sheet (the first, or `sheet`) with their row numbers."""
    from openpyxl import load_workbook

    _count_parts(path)
    try:
        workbook = load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises zipfile, XML and its own errors for a damaged file
        raise DeckError(f"not a readable .xlsx workbook ({type(exc).__name__})", Location(path)) from None
    try:
        worksheet = workbook[pick_sheet(path, workbook.sheetnames, sheet)]
        worksheet.reset_dimensions()  # a sheet's <dimension> is what it claims, not what it holds
        rows = Rows(path)
        try:
            for cells in worksheet.iter_rows(values_only=True):  # no row reaches past the column budget
                values = trimmed(list(cells))
                rows.add([plain(value, rows.here(column)) for column, value in enumerate(values, start=1)])
        except DeckError:
            raise
        except Exception as exc:  # a value openpyxl cannot convert (a date out of range, a bad number)
            raise DeckError(f"not a readable .xlsx workbook ({type(exc).__name__}: {str(exc)[:80]})",
                            rows.here()) from None
        return rows.rows
    finally:
        workbook.close()
