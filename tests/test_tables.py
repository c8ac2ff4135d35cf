"""Card lists from CSV, TSV, XLSX and ODS tables: loading, building, and file:row:column errors."""

from __future__ import annotations

import io
import textwrap
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from cardforge.cli import main
from cardforge.errors import DeckError
from cardforge.load import load_deck

DECK = textwrap.dedent("""
    id: table-deck
    title: Table deck
    players: [2, 3]
    leftover: set_aside
    suits:
      red: {name: Red, color: "#aa2222", icon: circle}
      blue: {name: Blue, color: "#2233aa", icon: square}
    layouts:
      front:
        elements:
          - {type: text, x: 5, y: 10, text: "{{ card.name }}", size: 9}
          - {type: text, x: 5, y: 20, text: "cost {{ card.props.cost }}", size: 9}
          - {type: text, x: 5, y: 30, text: "{{ card.props.flavor }}", size: 7, width: 50}
    cards:
      - table: TABLE
        kind: creature
        columns: {Flavour text: props.flavor}
      - {id: joker, name: Joker, rank: joker, props: {cost: 0, flavor: wild}}
""").lstrip()

ROWS: list[list[Any]] = [
    ["name", "suit", "rank", "count", "cost", "Flavour text"],
    ["Goblin", "red", 3, 2, 1, "Small and green"],
    ["Knight", "blue", 7, None, 3, "Shiny armour"],
    ["Dragon", "red", "K", 1, 7, "Hoards cards"],
]


def write_csv(path: Path, rows: list[list[Any]], delimiter: str = ",") -> None:
    lines = [delimiter.join("" if v is None else str(v) for v in row) for row in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_xlsx(path: Path, rows: list[list[Any]], sheet: str = "Cards") -> None:
    from openpyxl import Workbook

    book = Workbook()
    book.active.title = "Notes"
    book.active.append(["not the card list"])
    cards = book.create_sheet(sheet)
    for row in rows:
        cards.append([float(v) if isinstance(v, int) else v for v in row])  # spreadsheets store numbers as floats
    book.save(path)


def write_ods(path: Path, rows: list[list[Any]]) -> None:
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    document = OpenDocumentSpreadsheet()
    table = Table(name="Cards")
    for row in rows:
        table_row = TableRow()
        for value in row:
            if value is None:
                cell = TableCell()
            elif isinstance(value, int):
                cell = TableCell(valuetype="float", value=value)
                cell.addElement(P(text=str(value)))
            else:
                cell = TableCell(valuetype="string")
                cell.addElement(P(text=value))
            table_row.addElement(cell)
        table.addElement(table_row)
    document.spreadsheet.addElement(table)
    document.save(str(path))


def deck_with(tmp_path: Path, name: str, rows: list[list[Any]] = ROWS, extra: str = "") -> Path:
    folder = tmp_path / "deck"
    folder.mkdir(exist_ok=True)
    table = folder / name
    {".csv": write_csv, ".xlsx": write_xlsx, ".ods": write_ods}.get(table.suffix, lambda p, r: write_csv(p, r, "\t"))(
        table, rows)
    (folder / "deck.yaml").write_text(DECK.replace("TABLE", name) + extra, encoding="utf-8")
    return folder


@pytest.mark.parametrize("name", ["cards.csv", "cards.tsv", "cards.ods"])
def test_every_row_becomes_cards_with_fields_props_and_copies(tmp_path: Path, name: str) -> None:
    deck = load_deck(deck_with(tmp_path, name))
    assert [c.id for c in deck.cards] == ["goblin-1", "goblin-2", "knight", "dragon", "joker"]
    goblin = deck.card("goblin-2")
    assert (goblin.name, goblin.suit, goblin.rank, goblin.kind) == ("Goblin", "red", "3", "creature")
    assert goblin.props == {"cost": 1, "flavor": "Small and green"}
    assert deck.card("dragon").rank == "K" and deck.card("dragon").props["cost"] == 7
    assert deck.card("joker").kind == "standard"


def test_xlsx_reads_the_named_sheet_with_numbers_as_whole_numbers(tmp_path: Path) -> None:
    folder = deck_with(tmp_path, "cards.xlsx")
    set_sheet(folder, "Cards")
    deck = load_deck(folder)
    assert [c.id for c in deck.cards] == ["goblin-1", "goblin-2", "knight", "dragon", "joker"]
    assert deck.card("knight").rank == "7" and deck.card("knight").props == {"cost": 3, "flavor": "Shiny armour"}


@pytest.mark.parametrize("name", ["cards.csv", "cards.xlsx"])
def test_a_table_deck_builds_and_its_text_is_on_the_sheets(tmp_path: Path, name: str) -> None:
    folder = deck_with(tmp_path, name)
    if name.endswith(".xlsx"):
        set_sheet(folder, "Cards")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(out), "--only", "cards"])
    assert result.exit_code == 0, result.output
    reader = PdfReader(io.BytesIO((out / "table-deck" / "table-deck-cards.pdf").read_bytes()))
    front = reader.pages[0].extract_text()
    for needle in ("Goblin", "Knight", "Dragon", "cost 7", "Hoards cards", "Joker"):
        assert needle in front


def set_sheet(folder: Path, sheet: str) -> None:
    """Add `sheet: NAME` to the table entry of the deck in `folder`."""
    text = (folder / "deck.yaml").read_text(encoding="utf-8")
    text = text.replace("kind: creature", f"kind: creature\n    sheet: {sheet}")
    (folder / "deck.yaml").write_text(text, encoding="utf-8")


def bad(tmp_path: Path, name: str, rows: list[list[Any]], extra: str = "") -> str:
    with pytest.raises(DeckError) as caught:
        load_deck(deck_with(tmp_path, name, rows, extra))
    return str(caught.value)


def replaced(row: int, column: int, value: Any) -> list[list[Any]]:
    rows = [list(r) for r in ROWS]
    rows[row - 1].extend([None] * (column - len(rows[row - 1])))
    rows[row - 1][column - 1] = value
    return rows


@pytest.mark.parametrize("name", ["cards.csv", "cards.xlsx", "cards.ods"])
def test_a_bad_rank_names_file_row_and_column(tmp_path: Path, name: str) -> None:
    folder = deck_with(tmp_path, name, replaced(3, 3, "Z"))
    if name.endswith(".xlsx"):
        set_sheet(folder, "Cards")
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    assert str(caught.value).startswith(f"{folder / name}:3:3: ") and "unknown rank 'Z'" in str(caught.value)


def test_an_xlsx_sheet_that_is_not_the_card_list_is_refused_at_its_header(tmp_path: Path) -> None:
    message = bad(tmp_path, "cards.xlsx", ROWS)  # no `sheet:`, so the first sheet ("Notes") is read
    assert "cards.xlsx:1:1: unknown column 'not the card list'" in message


def test_an_unknown_sheet_gets_a_suggestion(tmp_path: Path) -> None:
    folder = deck_with(tmp_path, "cards.xlsx")
    set_sheet(folder, "Crads")
    with pytest.raises(DeckError, match="no sheet named 'Crads'; did you mean 'Cards'"):
        load_deck(folder)


@pytest.mark.parametrize(
    "cell, value, expected",
    [
        ((2, 2), "rde", "cards.csv:2:2: cards[0].suit: unknown suit 'rde'; did you mean 'red'?"),
        ((4, 4), "many", "cards.csv:4:4: count: count must be a whole number from 0 to 500, got 'many'"),
        ((1, 1), "nmae", "cards.csv:1:1: unknown column 'nmae'; did you mean 'name'?"),
        ((1, 5), "cots", "cards.csv:1:5: unknown column 'cots'; did you mean 'props.cost'?"),
        ((1, 6), "", "cards.csv:1:6: this column has values but no header"),
        ((3, 7), "stray", "cards.csv:1:7: this column has values but no header"),
    ],
)
def test_bad_cells_and_headers_point_at_the_cell(tmp_path: Path, cell: tuple[int, int], value: Any,
                                                expected: str) -> None:
    message = bad(tmp_path, "cards.csv", replaced(*cell, value))
    assert message.startswith(str(tmp_path / "deck" / expected.split(":")[0])) and expected in message


def test_duplicate_ids_point_at_the_second_row(tmp_path: Path) -> None:
    rows = [*ROWS, ["Knight", "red", 8, None, 2, "Another"]]
    assert "cards.csv:5:1: cards[4]: two cards are both called 'knight'" in bad(tmp_path, "cards.csv", rows)


@pytest.mark.parametrize("reference", ["../cards.csv", "/etc/passwd.csv", "missing.csv", "cards.txt"])
def test_table_files_stay_inside_the_deck_folder(tmp_path: Path, reference: str) -> None:
    folder = deck_with(tmp_path, "cards.csv")
    write_csv(tmp_path / "cards.csv", ROWS)
    text = (folder / "deck.yaml").read_text(encoding="utf-8").replace("table: cards.csv", f"table: {reference}")
    (folder / "deck.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    assert str(caught.value).startswith(f"{folder / 'deck.yaml'}:15:12:") and "cards[0].table" in str(caught.value)


def test_a_bad_cell_fails_the_build_in_one_line_and_writes_nothing(tmp_path: Path) -> None:
    folder = deck_with(tmp_path, "cards.csv", replaced(4, 3, "Q5"))
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(folder), "-o", str(out), "--only", "cards"])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "cards.csv:4:3:" in result.output and "Traceback" not in result.output
    assert not (out / "table-deck").exists()


def test_the_documented_table_example_loads(tmp_path: Path) -> None:
    doc = (Path(__file__).resolve().parent.parent / "docs" / "deck-format.md").read_text(encoding="utf-8")
    table = doc.split("```csv\n", 1)[1].split("```", 1)[0]
    yaml = doc.split("```yaml\nid: spell-book\n", 1)[1].split("```", 1)[0]
    (tmp_path / "spells.csv").write_text(table, encoding="utf-8")
    yaml = "id: spell-book\n" + yaml
    (tmp_path / "deck.yaml").write_text(yaml, encoding="utf-8")
    deck = load_deck(tmp_path)
    assert [c.id for c in deck.cards] == ["spark-1", "spark-2", "spark-3", "fireball", "mend-1", "mend-2"]
    assert deck.card("fireball").props == {"cost": 3, "text": "Deal 4 damage to one target."}
    assert deck.card("mend-2").props == {"cost": 1, "text": ""} and deck.card("mend-2").kind == "spell"
    assert deck.card("spark-1").rank == "1" and deck.card("spark-1").suit == "fire"


def test_sheet_is_refused_for_a_csv(tmp_path: Path) -> None:
    folder = deck_with(tmp_path, "cards.csv")
    set_sheet(folder, "Cards")
    with pytest.raises(DeckError, match=r"deck.yaml:17:12: cards\[0\].sheet: `sheet` picks a sheet of an .xlsx"):
        load_deck(folder)


def test_a_workbook_that_unpacks_to_too_much_is_refused_before_parsing(tmp_path: Path) -> None:
    import zipfile

    folder = deck_with(tmp_path, "cards.csv")
    with zipfile.ZipFile(folder / "big.xlsx", "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b"<" + b" " * 60_000_000 + b">")
    assert (folder / "big.xlsx").stat().st_size < 1_000_000
    text = (folder / "deck.yaml").read_text(encoding="utf-8").replace("table: cards.csv", "table: big.xlsx")
    (folder / "deck.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(DeckError, match=r"big.xlsx:1:1: the workbook unpacks to 60,000,002 bytes"):
        load_deck(folder)


def test_a_damaged_workbook_is_a_one_line_error(tmp_path: Path) -> None:
    folder = deck_with(tmp_path, "cards.csv")
    (folder / "cards.ods").write_bytes(b"PK\x03\x04 not really a zip")
    text = (folder / "deck.yaml").read_text(encoding="utf-8").replace("table: cards.csv", "table: cards.ods")
    (folder / "deck.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(DeckError, match=r"cards.ods:1:1: not a readable .ods workbook"):
        load_deck(folder)


def test_a_csv_location_is_the_line_an_editor_shows_after_a_cell_of_several_lines(tmp_path: Path) -> None:
    """A quoted cell may hold line breaks: the rows after it start further down the file than their row
    count, and an error names the line the designer's editor shows (here the bad rank on line 5, not 4)."""
    folder = deck_with(tmp_path, "cards.csv")
    (folder / "cards.csv").write_text('name,suit,rank,count,cost,Flavour text\nGoblin,red,3,2,1,"Small\nand\ngreen"\n'
                                      'Dragon,red,Q5,1,7,Hoards cards\n', encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    assert str(caught.value).startswith(f"{folder / 'cards.csv'}:5:3: ")
