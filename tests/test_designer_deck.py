"""The designer-style deck (tests/data/designer-deck): 27 cards from a spreadsheet with per-card art,
its own layout and back, as a user writes one. Everything cardforge makes works for it, `check`
predicts `build`, and its mistakes are reported where the designer made them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2 as pdfium
from click.testing import CliRunner, Result
from pdftext import font_files, page_runs, squeezed
from PIL import Image
from pypdf import PdfReader

from cardforge.cli import INTERNAL_ERROR, main

DESIGNER_DECK = Path(__file__).parent / "data" / "designer-deck"
MAX_MESSAGE = 220
"""A message is one line of about 200 characters (the brief); the deck's own path is part of it."""


def run(*args: str) -> Result:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code != INTERNAL_ERROR, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def copy_deck(tmp_path: Path) -> Path:
    folder = tmp_path / "deck"
    shutil.copytree(DESIGNER_DECK, folder)
    return folder


def image_objects(page: pdfium.PdfPage) -> int:
    return sum(1 for obj in page.get_objects(max_depth=8) if obj.type == pdfium.raw.FPDF_PAGEOBJ_IMAGE)


def test_a_missing_card_image_names_the_table_cell_and_the_file_meant(tmp_path: Path) -> None:
    folder = copy_deck(tmp_path)
    table = folder / "cards.csv"
    table.write_text(table.read_text(encoding="utf-8").replace("tide-5.jpg", "tide-05.jpg"), encoding="utf-8")
    check = run("check", str(folder), "--games", "10")
    assert check.exit_code == 1
    failed = [line for line in check.stdout.splitlines() if line.startswith("images")]
    assert len(failed) == 1
    assert f"{table}:16:6: card fog-pilot front: " in failed[0]
    assert "'art/tide-05.jpg': no such file in the deck's folder; did you mean 'art/tide-5.jpg'?" in failed[0]
    build = run("build", str(folder), "-o", str(tmp_path / "out"), "--only", "cards")
    assert build.exit_code == 2
    message = [line for line in build.stderr.splitlines() if not line.startswith("[")]  # not the progress lines
    assert len(message) == 1 and f"{table}:16:6:" in message[0] and "did you mean 'art/tide-5.jpg'" in message[0]
    assert len(message[0]) - len(str(table)) <= MAX_MESSAGE
    assert not (tmp_path / "out" / "lantern-guild").exists()


def test_an_empty_art_cell_is_named_at_its_cell_not_at_the_layout(tmp_path: Path) -> None:
    """A blank Art cell makes `src: "art/{{ card.props.art }}"` the folder `art/`: the mistake is the
    cell (row 3, column 6), which the message names and says is empty; the layout is fine."""
    folder = copy_deck(tmp_path)
    table = folder / "cards.csv"
    table.write_text(table.read_text(encoding="utf-8").replace(",ember-2.jpg,", ",,"), encoding="utf-8")
    check = run("check", str(folder), "--games", "10")
    assert check.exit_code == 1
    (failed,) = [line for line in check.stdout.splitlines() if line.startswith("images\t✖ fail")]
    assert f"{table}:3:6: card cinder-clerk front: " in failed and failed.endswith("(the cell for card.props.art is empty)")
    build = run("build", str(folder), "-o", str(tmp_path / "out"), "--only", "cards")
    message = [line for line in build.stderr.splitlines() if not line.startswith("[")]
    assert build.exit_code == 2 and len(message) == 1, build.stderr
    assert f"{table}:3:6:" in message[0] and message[0].endswith("(the cell for card.props.art is empty)")
    assert "deck.yaml" not in message[0]
    assert not (tmp_path / "out" / "lantern-guild").exists()


def test_a_card_error_met_by_several_preflights_is_told_once_at_its_cell(tmp_path: Path) -> None:
    """The images, faces and text-fit preflights and the booklet (its cover fans Flame Warden: booklet/
    pictures.py `cover`) all meet Flame Warden's blank Art cell: the first tells it, at the cell (record
    9, column 6); the others refer to it, and none points at deck.yaml (the booklet's copy did, and the
    same line was printed under three headings)."""
    folder = copy_deck(tmp_path)
    table = folder / "cards.csv"
    table.write_text(table.read_text(encoding="utf-8").replace(",ember-8.jpg,", ",,"), encoding="utf-8")
    check = run("check", str(folder), "--games", "10")
    assert check.exit_code == 1
    failed = dict(line.split("\t✖ fail\t") for line in check.stdout.splitlines() if "\t✖ fail\t" in line)
    assert sum("is a folder" in reason for reason in failed.values()) == 1, failed
    assert failed.pop("images").startswith(f"{table}:10:6: card flame-warden front: ")
    assert set(failed) == {"faces", "text fit", "rules text"}, failed
    assert set(failed.values()) == {"card flame-warden: the problem under images above"}, failed
    build = run("build", str(folder), "-o", str(tmp_path / "out"))
    assert build.exit_code == 2 and f"images: {table}:10:6: card flame-warden front: " in build.stderr


def test_a_column_no_layout_uses_is_left_out_and_listed_by_show() -> None:
    shown = run("show", str(DESIGNER_DECK))
    assert shown.exit_code == 0, shown.output
    assert "left out): cards.csv: Designer notes" in shown.stdout
    as_json = run("show", str(DESIGNER_DECK), "--json")
    assert '"unused_columns": [\n    "cards.csv: Designer notes"\n  ]' in as_json.stdout


def test_a_mistyped_column_is_still_an_error(tmp_path: Path) -> None:
    folder = copy_deck(tmp_path)
    table = folder / "cards.csv"
    text = table.read_text(encoding="utf-8")
    table.write_text(text.replace("name,suit,rank,cost,", "name,suit,rank,cots,", 1), encoding="utf-8")
    shown = run("show", str(folder))
    assert shown.exit_code == 2
    assert f"{table}:1:4: unknown column 'cots'; did you mean 'props.cost'?" in shown.stderr


def test_the_designer_deck_end_to_end_cards_booklet_report_and_proof(tmp_path: Path) -> None:
    """Per-card art, the deck's own font family, rich text with icons, a text box that shrinks: `check`
    passes and says so, and `build` makes every product with the text and fonts read back from them.
    (The preview in Chromium: tests/test_preview_browser.py.)"""
    check = run("check", str(DESIGNER_DECK), "--games", "10")
    assert check.exit_code == 0, check.stdout
    assert "81 text boxes hold their text, 3 shrunk to fit" in check.stdout
    out = tmp_path / "out"
    build = run("build", str(DESIGNER_DECK), "-o", str(out), "--games", "10", "--jobs", "1", "--png")
    assert build.exit_code == 0, build.stderr
    assert "refused" not in build.output and "data:" not in build.output
    assert all(len(line) <= 300 for line in build.output.splitlines())
    folder = out / "lantern-guild"
    made = {p.name for p in folder.iterdir() if not p.name.startswith(".")}
    assert {"lantern-guild-cards.pdf", "lantern-guild-rules.pdf", "lantern-guild-report.pdf",
            "lantern-guild-proof.png", "lantern-guild-contact.png", "png"} <= made
    # the sheets: the art of nine cards and three coins in their text; the text as written, in its fonts
    sheets = folder / "lantern-guild-cards.pdf"
    assert image_objects(pdfium.PdfDocument(str(sheets))[0]) == 9 + 3
    runs = page_runs(sheets)
    read = squeezed("".join(text for text, _font in runs))
    for text in ("Spark Runner", "Draw a card.", "Look at the top card of the deck; you may put it at the bottom.",
                 "Gain 1 .", "First to the wick, last to leave.", "Take the lead. Lose 1 if you lose the trick."):
        assert squeezed(text) in read, text
    fonts = {squeezed(text): font for text, font in runs}
    assert "LanternSerif-Bold" in fonts["SparkRunner"] and "LanternSerif-Italic" in fonts["Keepstheashledgerstidy."]
    assert "Bold" in fonts["Draw"] and "Oblique" in fonts["bottom"]
    embedded = font_files(PdfReader(str(sheets)))
    assert {kind for name, kind in embedded if "LanternSerif" in name} == {"/FontFile2"}
    # the booklet's card pictures: the same art (linked files, not data: URLs) and the same fonts
    booklet = folder / "lantern-guild-rules.pdf"
    assert image_objects(pdfium.PdfDocument(str(booklet))[0]) >= 3
    cover = {font for _text, font in page_runs(booklet)}
    assert any("+deck-" in font and font.endswith("-Bold") for font in cover), cover  # the names' face
    # the report carries the proof, which draws the faces like the sheets
    report = pdfium.PdfDocument(str(folder / "lantern-guild-report.pdf"))
    assert len(report) >= 1 and sum(image_objects(page) for page in report) >= 1
    proof = Image.open(folder / "lantern-guild-proof.png")
    assert proof.width > 500 and len(proof.convert("RGB").resize((64, 64)).getcolors(4096)) > 50


def test_an_image_deck_with_a_rules_text_gets_a_booklet_showing_its_pictures(tmp_path: Path) -> None:
    """Pictures without bleed are drawn in memory with their edges mirrored out (render/face_images.py);
    the booklet's fetcher serves them (render/svg.py), and an art deck's booklet has no score sheet."""
    folder = tmp_path / "art"
    (folder / "fronts").mkdir(parents=True)
    colours = [(200, 30, 30), (30, 160, 60), (40, 60, 200)]
    for i, colour in enumerate(colours):
        Image.new("RGB", (63, 88), colour).save(folder / "fronts" / f"c{i}.png")
    Image.new("RGB", (63, 88), (20, 20, 20)).save(folder / "back.png")
    (folder / "deck.yaml").write_text("id: art-two\ntitle: Art two\ncard: {width: 63, height: 88, bleed: 3}\n"
                                      "cards:\n  - images: {fronts: fronts/, backs: back.png, includes_bleed: false}\n",
                                      encoding="utf-8")
    (folder / "rules.md").write_text("# Art two\n\nJust pictures.\n", encoding="utf-8")
    assert run("check", str(folder)).exit_code == 0
    build = run("build", str(folder), "-o", str(tmp_path / "out"))
    assert build.exit_code == 0, build.stderr
    booklet = pdfium.PdfDocument(str(tmp_path / "out" / "art-two" / "art-two-rules.pdf"))
    text = "\n".join(page.get_textpage().get_text_range() for page in booklet)
    assert "The cards" in text and "Score sheet" not in text and "players" not in text
    cover = booklet[0].render(scale=1).to_pil().convert("RGB")
    seen = {colour for _count, colour in cover.getcolors(1 << 22)}
    for colour in colours:
        assert any(all(abs(a - b) <= 6 for a, b in zip(pixel, colour)) for pixel in seen), colour


def test_the_designer_deck_goes_to_every_print_service_with_its_art_stored_once(tmp_path: Path) -> None:
    """Per-card art and inline icons reached DriveThruCards' PDF/X-1a file as inline images, which the
    separation refuses ("an inline image cannot be separated"): every face is now painted as the card
    sheets paint it (render/pdf_images.py `draw_face_at`), each picture an image object of its own."""
    import pikepdf

    out = tmp_path / "out"
    build = run("build", str(DESIGNER_DECK), "-o", str(out), "--only", "cards", "--print-shop", "dtc",
                "--print-shop", "generic")
    assert build.exit_code == 0, build.stderr
    shop = out / "lantern-guild" / "print-shop"
    for pdf_path in (shop / "drivethrucards" / "lantern-guild-drivethrucards.pdf",
                     shop / "generic" / "lantern-guild-print-shop.pdf"):
        with pikepdf.open(pdf_path) as pdf:
            assert len(pdf.pages) == 54
            inline = [page.index for page in pdf.pages
                      if any(isinstance(op, pikepdf.ContentStreamInlineImage) for op in pikepdf.parse_content_stream(page))]
            assert not inline, (pdf_path.name, inline)
            pictures = {obj.objgen for page in pdf.pages for obj in page.Resources.get("/XObject", {}).values()
                        if obj.get("/Subtype") == "/Image"}
            assert len(pictures) >= 27  # the 27 cards' own art, each stored once
            if "drivethrucards" in pdf_path.name:
                spaces = {str(pdf.get_object(objgen).get("/ColorSpace")) for objgen in pictures}
                assert spaces == {"/DeviceCMYK"}
    front = pdfium.PdfDocument(str(shop / "drivethrucards" / "lantern-guild-drivethrucards.pdf"))[1]
    assert image_objects(front) >= 1 and "Spark Runner" in front.get_textpage().get_text_range()
