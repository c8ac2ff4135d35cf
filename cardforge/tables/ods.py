"""Reading an .ods sheet as a stream: content.xml is parsed element by element and each row is
dropped once read, so a workbook costs memory in proportion to the rows kept, not to its XML.

odfpy (the library that writes ODS in the tests) builds the whole document tree, which for 45 MB of
XML is gigabytes, so the sheet is read here with defusedxml's iterparse (no DTD, no entities).
Repeated rows and cells (`table:number-rows-repeated`, `table:number-columns-repeated`) are
expanded only while they hold values and only within the table budgets (rows.py, docs/security.md).
"""

from __future__ import annotations

import math
import zipfile
from pathlib import Path
from typing import IO, Any
from xml.etree.ElementTree import Element

from ..budgets import MAX_CELL_CHARS, MAX_TABLE_CELLS
from ..errors import DeckError, Location
from .rows import Rows, plain

_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
SPREADSHEET_TYPE = "application/vnd.oasis.opendocument.spreadsheet"
_CELLS = (f"{_TABLE}table-cell", f"{_TABLE}covered-table-cell")
_NUMBERS = ("float", "percentage", "currency")


def _count(element: Element, name: str, where: Location) -> int:
    """A repeat attribute as a whole number of at least 1."""
    raw = element.get(f"{_TABLE}{name}", "1")
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value < 1:
        raise DeckError(f"table:{name}={raw[:40]!r} is not a whole number of at least 1", where)
    return value


def _text(element: Element) -> str:
    """A text:p's words: spans and links read through, text:s as spaces, tabs and line breaks kept."""
    parts = [element.text or ""]
    for child in element:
        if child.tag == f"{_TEXT}s":
            try:
                parts.append(" " * min(max(int(child.get(f"{_TEXT}c", "1")), 0), MAX_CELL_CHARS + 1))
            except ValueError:
                parts.append(" ")
        elif child.tag == f"{_TEXT}tab":
            parts.append("\t")
        elif child.tag == f"{_TEXT}line-break":
            parts.append("\n")
        elif child.tag != f"{_OFFICE}annotation":
            parts.append(_text(child))
        parts.append(child.tail or "")
    return "".join(parts)


def _value(cell: Element, where: Location) -> Any:
    kind = cell.get(f"{_OFFICE}value-type")
    if kind in _NUMBERS:
        raw = cell.get(f"{_OFFICE}value", "")
        try:
            number = float(raw)
        except ValueError:
            number = math.nan
        if not math.isfinite(number):
            raise DeckError(f"the cell is marked as a number but its value {raw[:40]!r} is not a number", where)
        return plain(number, where)
    if kind == "boolean":
        return cell.get(f"{_OFFICE}boolean-value") == "true"
    if kind == "date":
        return plain(cell.get(f"{_OFFICE}date-value", ""), where)
    if kind == "time":
        return plain(cell.get(f"{_OFFICE}time-value", ""), where)
    text = "\n".join(_text(p) for p in cell if p.tag == f"{_TEXT}p")
    return plain(text, where)


def _check_spreadsheet(archive: zipfile.ZipFile, path: Path) -> None:
    try:
        mimetype = archive.read("mimetype")[:200].decode("ascii", "replace").strip()
    except KeyError:
        mimetype = ""
    if mimetype and mimetype != SPREADSHEET_TYPE:
        raise DeckError(f"not a spreadsheet: the file is an OpenDocument {mimetype.rsplit('.', 1)[-1]} document; "
                        "save the card list from a spreadsheet program as .ods", Location(path))


def read_ods(path: Path, sheet: str | None) -> tuple[list[tuple[int, list[Any]]], list[str], str]:
    """(rows of the chosen sheet, every sheet's name, the chosen name): the first sheet, or `sheet`."""
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError):
        raise DeckError("not a readable .ods workbook (it is not a zip archive)", Location(path)) from None
    with archive:
        _check_spreadsheet(archive, path)
        try:
            stream = archive.open("content.xml")
        except KeyError:
            raise DeckError("not a readable .ods workbook (it has no content.xml)", Location(path)) from None
        with stream:
            return _read_stream(stream, path, sheet)


def _read_stream(stream: IO[bytes], path: Path, sheet: str | None) -> tuple[list[tuple[int, list[Any]]], list[str], str]:
    """Every finished element is removed from its parent as soon as it has been read (the cells of a
    row once taken, the rows once counted), so the tree never holds more than the open elements."""
    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import iterparse

    names: list[str] = []
    chosen: Rows | None = None
    reading: Rows | None = None
    spreadsheet = False
    written = 0
    row_cells: list[Any] = []
    pending = 0
    open_elements: list[Element] = []
    in_cell = 0
    try:
        for event, element in iterparse(stream, events=("start", "end"), forbid_dtd=True):
            tag = element.tag
            if event == "start":
                open_elements.append(element)
                if tag in _CELLS:
                    in_cell += 1
                elif tag == f"{_OFFICE}spreadsheet":
                    spreadsheet = True
                elif tag == f"{_TABLE}table" and spreadsheet:
                    names.append(element.get(f"{_TABLE}name", f"Sheet{len(names) + 1}"))
                    wanted = (sheet is None and len(names) == 1) or names[-1] == sheet
                    reading = Rows(path) if wanted and chosen is None else None
                    chosen = chosen or reading
                elif tag == f"{_TABLE}table-row":
                    row_cells, pending = [], 0
                continue
            open_elements.pop()
            if tag in _CELLS:
                in_cell -= 1
                written += 1
                if written > MAX_TABLE_CELLS:
                    raise DeckError(f"the workbook writes out more than {MAX_TABLE_CELLS:,} cells",
                                    reading.here() if reading is not None else Location(path))
                if reading is not None:
                    where = reading.here(len(row_cells) + pending + 1)
                    repeat = _count(element, "number-columns-repeated", where)
                    value = _value(element, where)
                    if value is None:
                        pending += repeat
                    else:
                        reading.check_width(len(row_cells) + pending + repeat)
                        row_cells.extend([None] * pending + [value] * repeat)
                        pending = 0
            elif in_cell:
                continue  # a cell's paragraphs are read when the cell ends
            elif tag == f"{_TABLE}table-row" and reading is not None:
                reading.add(row_cells, _count(element, "number-rows-repeated", reading.here()))
                row_cells = []
            elif tag == f"{_TABLE}table":
                reading = None
            if open_elements:
                open_elements[-1].remove(element)
    except DeckError:
        raise
    except (DefusedXmlException, SyntaxError, ValueError) as exc:  # ParseError is a SyntaxError
        raise DeckError(f"not a readable .ods workbook ({type(exc).__name__}: {str(exc)[:80]})",
                        Location(path)) from None
    if not spreadsheet:
        raise DeckError("not a spreadsheet: the .ods file holds no sheets (is it a text document?)", Location(path))
    if chosen is None:
        return [], names, sheet or ""
    return chosen.rows, names, sheet if sheet is not None else names[0]
