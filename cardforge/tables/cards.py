"""Table rows -> card entries of the deck, with every cell's position in the deck's SourceMap.

The first row names the columns: card fields (`id`, `name`, `suit`, `rank`, `count`, `kind`, `front`,
`back`, `deal`) or `props.NAME` for the values a layout shows (`{{ card.props.NAME }}`); `columns:`
maps other headers onto those. An empty cell leaves a card field unset and a property empty (""), so
every card of a table has the same properties. A bad value is reported as `cards.csv:7:3`, like a
YAML error. See docs/deck-format.md, "Cards from a table".
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..budgets import MAX_CARDS, MAX_COPIES
from ..errors import DeckError, Location
from ..paths import UnsafeReference, resolve_in
from ..yaml_source import KeyPath, SourceMap, format_key_path

if TYPE_CHECKING:
    from .read import Table

FIELDS = ("id", "name", "suit", "rank", "count", "kind", "front", "back", "deal")
"""Columns that fill a card field directly; `count` prints the row that many times."""
GROUP_KEYS = ("table", "sheet", "columns")
"""Keys of a table entry that describe the table; any other key is a default for every row."""
MAX_COUNT = MAX_COPIES
"""Copies one row may ask for (a table may come from a stranger); all copies count towards MAX_CARDS."""
_PROP_REFERENCE = re.compile(r"card\.props(?:\.(\w+)|\[\s*['\"]([^'\"]+)['\"]\s*\])")


def layout_props(data: dict[str, Any]) -> set[str]:
    """Property names the deck's layouts show (`{{ card.props.cost }}`): bare headers may name them."""
    found: set[str] = set()

    def visit(node: Any) -> None:
        if isinstance(node, dict):
            for value in node.values():
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)
        elif isinstance(node, str):
            for match in _PROP_REFERENCE.finditer(node):
                found.add(match.group(1) or match.group(2))

    visit(data.get("layouts", {}))
    visit(data.get("faces", {}))
    return found


def column_fields(table: Table, mapping: dict[str, str], props: set[str],
                  unused: list[str] | None = None) -> list[str | None]:
    """The card field each column fills (`name`, `props.cost`), None for a blank or unused column.

    A column that fills nothing (a designer's notes) is left out and its header added to `unused`;
    one whose header looks like a mistyped field or layout property that no column fills is an error
    with a did-you-mean (`cots` when a layout shows `card.props.cost`)."""
    fields: list[str | None] = []
    by_lower = {p.lower(): p for p in sorted(props)}
    unknown: list[tuple[int, str]] = []
    for column, text in enumerate(table.header, start=1):
        if not text:
            fields.append(None)
            continue
        target = mapping.get(text, text)
        lowered = target.lower()
        if lowered in FIELDS:
            fields.append(lowered)
        elif target.startswith("props.") and len(target) > len("props."):
            fields.append(target)
        elif lowered in by_lower:
            fields.append(f"props.{by_lower[lowered]}")
        else:
            fields.append(None)
            unknown.append((column, text))
            continue
        if fields.count(fields[-1]) > 1:
            raise DeckError(f"two columns fill {fields[-1]!r}", Location(table.path, table.header_row, column))
    filled = set(fields)
    if unknown and filled <= {None}:
        column, text = unknown[0]
        raise DeckError(f"unknown column {text!r}; a column is one of {', '.join(FIELDS)} or props.NAME, or map it "
                        "with `columns:`", Location(table.path, table.header_row, column))
    candidates = {name: name for name in FIELDS if name not in filled} | {
        p.lower(): f"props.{p}" for p in props if f"props.{p}" not in filled}
    import difflib

    for column, text in unknown:
        hint = [candidates[m] for m in difflib.get_close_matches(text.lower(), list(candidates), n=1, cutoff=0.75)]
        if hint:
            raise DeckError(f"unknown column {text!r}; did you mean {hint[0]!r}? (a column that fills no field or "
                            "property is left out)", Location(table.path, table.header_row, column))
        if unused is not None:
            unused.append(f"{table.path.name}: {text}")
    return fields


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _truth(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.lower() in ("true", "yes", "y", "x"):
        return True
    if isinstance(value, str) and value.lower() in ("false", "no", "n"):
        return False
    return None


@dataclass
class RowCards:
    """The card entries made from one row, and where each of their keys sits in the table."""

    entries: list[dict[str, Any]]
    positions: dict[KeyPath, Location]
    """Key path inside one entry (`("rank",)`, `("props", "cost")`) -> the cell it came from."""


def too_many_cards() -> str:
    return f"the deck has more than {MAX_CARDS:,} cards, the most cardforge prints (see docs/security.md)"


def row_cards(table: Table, fields: list[str | None], number: int, cells: list[Any],
              defaults: dict[str, Any], room: int = MAX_CARDS) -> RowCards:
    """One row -> `count` card entries (ids get -1, -2, ... when there is more than one).

    `room`: how many more cards the deck may have; a row asking for more is refused before its
    copies are made."""
    entry: dict[str, Any] = {key: value for key, value in defaults.items() if key != "props"}
    props: dict[str, Any] = dict(defaults.get("props") or {})
    positions: dict[KeyPath, Location] = {(): Location(table.path, number, 1)}
    count = 1
    for column, field in enumerate(fields, start=1):
        value = cells[column - 1] if column <= len(cells) else None
        if field is not None and field.startswith("props.") and value is None:
            key = field[len("props."):]
            if key not in props:  # every card has every column; layouts can test it
                props[key] = ""
                positions[("props", key)] = Location(table.path, number, column)  # an error names the empty cell
            continue
        if field is None or value is None:
            continue
        here = Location(table.path, number, column)
        if field == "count":
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_COUNT:
                raise DeckError(f"count must be a whole number from 0 to {MAX_COUNT}, got {value!r}", here, "count")
            if value > room:
                raise DeckError(too_many_cards(), here, "count")
            count = value
            continue
        if field == "deal":
            truth = _truth(value)
            if truth is None:
                raise DeckError(f"deal must be yes or no (true/false), got {value!r}", here, "deal")
            value = truth
        elif field in ("id", "name", "suit", "kind", "front", "back"):
            value = str(value)
        if field.startswith("props."):
            props[field[len("props."):]] = value
            positions[("props", field[len("props."):])] = here
        else:
            entry[field] = value
            positions[(field,)] = here
    if props:
        entry["props"] = props
    if count > room:
        raise DeckError(too_many_cards(), Location(table.path, number, 1))
    if "id" not in entry:
        base = _slug(str(entry["name"])) if entry.get("name") is not None else ""
        entry["id"] = base or f"{table.path.stem}-{number}"
    if count == 1:
        return RowCards([entry], positions)
    entries = [{**entry, "id": f"{entry['id']}-{k}", "name": entry.get("name", entry["id"])}
               for k in range(1, count + 1)]
    return RowCards(entries, positions)


# ---------------------------------------------------------------- hooking into the deck


def expand_tables(
    data: dict[str, Any], sources: SourceMap, folders: tuple[Path, ...], unused: list[str] | None = None,
) -> tuple[dict[str, Any], SourceMap]:
    """Replace each `{table: ...}` entry of `cards` by its rows' card entries and renumber the positions.

    Table files resolve like every deck file (paths.resolve_in: inside the deck's folders only). The
    headers of columns that fill nothing are added to `unused` (`cards.csv: Designer notes`). Cards
    are counted as rows expand, so a table asking for more than MAX_CARDS stops at the row that
    passes it; positions are grouped by card entry once, so copying them is linear in the deck."""
    groups = data.get("cards")
    if not isinstance(groups, list) or not any(isinstance(g, dict) and "table" in g for g in groups):
        return data, sources
    props = layout_props(data)
    cards: list[Any] = []
    moved = SourceMap()
    by_entry = [(_by_card_entry(sources.keys), moved.keys), (_by_card_entry(sources.values), moved.values)]

    def copy(index: int, new: int, keys: Any = None) -> None:
        """The positions under `cards[index]` (only those under `keys`, if given) -> `cards[new]`."""
        for grouped, target in by_entry:
            for rest, location in grouped.get(index, ()):
                if keys is None or (rest and rest[0] in keys):
                    target[("cards", new, *rest)] = location

    for index, group in enumerate(groups):
        if not (isinstance(group, dict) and "table" in group):
            copy(index, len(cards))
            cards.append(group)
            continue
        for row_entry, row_positions in _table_entries(group, index, sources, folders, props,
                                                       MAX_CARDS - len(cards), unused):
            new = len(cards)
            copy(index, new, row_entry)  # defaults keep their YAML positions
            for path, location in row_positions.items():
                moved.keys[("cards", new, *path)] = location
                moved.values[("cards", new, *path)] = location
            cards.append(row_entry)
    for table in (sources.keys, sources.values):
        target = moved.keys if table is sources.keys else moved.values
        for path, location in table.items():
            if not (path[:1] == ("cards",) and len(path) > 1):
                target[path] = location
    return {**data, "cards": cards}, moved


def _by_card_entry(table: dict[KeyPath, Location]) -> dict[Any, list[tuple[KeyPath, Location]]]:
    """`cards[i].rest...` positions grouped by i: (rest, location) pairs."""
    grouped: dict[Any, list[tuple[KeyPath, Location]]] = defaultdict(list)
    for path, location in table.items():
        if len(path) > 1 and path[0] == "cards":
            grouped[path[1]].append((path[2:], location))
    return grouped


def _table_entries(group: dict[str, Any], index: int, sources: SourceMap, folders: tuple[Path, ...],
                   props: set[str], room: int, unused: list[str] | None = None,
                   ) -> list[tuple[dict[str, Any], dict[KeyPath, Location]]]:
    here: KeyPath = ("cards", index)

    def error(key: str, message: str) -> DeckError:
        return DeckError(message, sources.locate((*here, key)), format_key_path((*here, key)))

    from .read import SUFFIXES, read_table  # here: the readers load only for a deck with a table

    reference, sheet, mapping = group["table"], group.get("sheet"), group.get("columns") or {}
    if not isinstance(reference, str) or Path(reference).suffix.lower() not in SUFFIXES:
        raise error("table", f"`table` names a {', '.join(SUFFIXES)} file in the deck's folder, got {reference!r}")
    if sheet is not None and not isinstance(sheet, str):
        raise error("sheet", f"`sheet` is the name of a sheet in the workbook, got {sheet!r}")
    if sheet is not None and Path(reference).suffix.lower() not in (".xlsx", ".ods"):
        raise error("sheet", f"`sheet` picks a sheet of an .xlsx or .ods workbook; {reference} has none")
    if not isinstance(mapping, dict) or not all(isinstance(v, str) for v in mapping.values()):
        raise error("columns", "`columns` maps a header to a card field, e.g. {Title: name, Cost: props.cost}")
    try:
        path = resolve_in(reference, folders)
    except UnsafeReference as exc:
        raise error("table", str(exc)) from None
    defaults = {key: value for key, value in group.items() if key not in GROUP_KEYS}
    if "props" in defaults and not isinstance(defaults["props"], dict):
        raise error("props", "expected a mapping")
    table = read_table(path, sheet)
    fields = column_fields(table, {str(k): v for k, v in mapping.items()}, props, unused)
    made: list[tuple[dict[str, Any], dict[KeyPath, Location]]] = []
    for number, cells in table.rows:
        row = row_cards(table, fields, number, cells, defaults, room - len(made))
        made.extend((entry, row.positions) for entry in row.entries)
    if not made:
        raise DeckError("the table has a header but no card rows", Location(path, table.header_row))
    return made
