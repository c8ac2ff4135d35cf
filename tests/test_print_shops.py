"""`build --print-shop SERVICE`: every file read back and checked against the table in docs/print-shops.md.

The figures are parsed from the document (not imported from cardforge/press/services.py), so a change
to either that is not made to both fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image, ImageCms

from cardforge.cli import main
from cardforge.load import load_deck

DOC = Path(__file__).resolve().parent.parent / "docs" / "print-shops.md"
PT_PER_IN = 72.0


def doc_rows() -> dict[tuple[str, str], dict[str, str]]:
    """(service key, card) -> the row of the figures table."""
    lines = [line for line in DOC.read_text().splitlines() if line.startswith("|")]
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    rows = {}
    for line in lines[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) != len(header):
            continue
        row = dict(zip(header, cells))
        rows[(row["key"], row["card"])] = row
    return rows


def pixels(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"(\d+) x (\d+) px", text)
    assert match, text
    return int(match[1]), int(match[2])


def inches(text: str) -> tuple[float, float]:
    match = re.match(r"([\d.]+) x ([\d.]+)", text)
    assert match, text
    return float(match[1]), float(match[2])


def bleed_px(row: dict[str, str]) -> float:
    match = re.match(r"(\d+) px", row["bleed"])
    if match:
        return float(match[1])
    return float(row["bleed"].split()[0]) * 300


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("shops")
    result = CliRunner().invoke(main, ["build", "greeen-mafia", "-o", str(out), "--only", "cards",
                                       "--print-shop", "tgc", "--print-shop", "MakePlayingCards",
                                       "--print-shop", "dtc", "--print-shop", "generic"])
    assert result.exit_code == 0, result.output
    return out / "greeen-mafia"


def test_the_table_names_every_service_cardforge_offers():
    from cardforge.press.services import SERVICES

    assert {key for key, _card in doc_rows()} == set(SERVICES)
    for (key, card), row in doc_rows().items():
        fmt = next(f for f in SERVICES[key].formats if f.name == card)
        assert fmt.trim_in == inches(row["trim (in)"])


@pytest.mark.parametrize("key", ["thegamecrafter", "makeplayingcards"])
def test_image_services_get_one_png_per_face_at_the_published_canvas(built, key):
    row = doc_rows()[(key, "poker")]
    deck = load_deck("greeen-mafia")
    folder = built / "print-shop" / key
    files = sorted(p.name for p in folder.iterdir())
    assert len(files) == 2 * len(deck.cards)
    # fronts and backs pair up in deck order: 001-<id>-front.png then 001-<id>-back.png
    assert files[:2] == ["001-1-back.png", "001-1-front.png"]
    assert row["page order"] == "front, back" and row["colour"] == "sRGB"
    canvas = pixels(row["file canvas"])
    bleed = bleed_px(row)
    for name in files:
        with Image.open(folder / name) as image:
            assert image.format == "PNG" and image.mode == "RGB"
            assert image.size == canvas
            assert round(image.info["dpi"][0]) == 300
            profile = ImageCms.ImageCmsProfile(__import__("io").BytesIO(image.info["icc_profile"]))
            assert "sRGB" in ImageCms.getProfileDescription(profile)
    # The trim is where the table says: GREEEN MAFIA's light panel starts 4 mm inside the cut, on a
    # dark ground that runs into the bleed.
    with Image.open(folder / "001-1-front.png") as image:
        row_y = round(bleed + 40 / 25.4 * 300)
        ground = image.getpixel((2, row_y))
        assert max(ground) < 60
        first = next(x for x in range(image.width) if max(abs(a - b) for a, b in zip(image.getpixel((x, row_y)), ground)) > 40)
        assert first == pytest.approx(bleed + 4 / 25.4 * 300, abs=1.5)


def test_drivethrucards_gets_one_cmyk_pdf_back_first(built):
    import pikepdf

    row = doc_rows()[("drivethrucards", "poker")]
    deck = load_deck("greeen-mafia")
    path = built / "print-shop" / "drivethrucards" / "greeen-mafia-drivethrucards.pdf"
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]
    page_w, page_h = (v * PT_PER_IN for v in inches(row["file canvas"]))
    document = pdfium.PdfDocument(str(path))
    assert len(document) == 2 * len(deck.cards)
    # back, front: card 1's back tells how to turn it once kept; its front what meeting it does
    texts = [document[i].get_textpage().get_text_range() for i in range(4)]
    assert row["page order"] == "back, front"
    assert "turn this card 90" in texts[0] and "Lookout Post" in texts[0]
    assert "Met: you may KEEP it" in texts[1] and "Lookout Post" in texts[1]
    assert "Gate Guard" in texts[2] and "Gate Guard" in texts[3]
    with pikepdf.open(path) as pdf:
        assert str(pdf.docinfo["/GTS_PDFXVersion"]) == "PDF/X-1a:2003" in row["file type"]
        bleed_pt = float(row["bleed"].split()[0]) * PT_PER_IN
        for page in pdf.pages:
            assert [float(v) for v in page.MediaBox] == pytest.approx([0, 0, page_w, page_h], abs=0.01)
            assert [float(v) for v in page.TrimBox] == pytest.approx(
                [bleed_pt, bleed_pt, page_w - bleed_pt, page_h - bleed_pt], abs=0.3)
        spaces = {str(x.ColorSpace) for x in pdf.objects if isinstance(x, pikepdf.Stream) and x.get("/Subtype") == "/Image"}
        assert spaces <= {"/DeviceCMYK", "/DeviceGray"}
        assert str(pdf.Root.OutputIntents[0].S) == "/GTS_PDFX"


def test_generic_keeps_the_service_neutral_export(built):
    folder = built / "print-shop" / "generic"
    pngs = sorted(folder.glob("*-821x1121px.png"))
    assert len(pngs) == 18 and pngs[0].name == "001-1-back-821x1121px.png"
    assert (folder / "greeen-mafia-print-shop.pdf").exists()


def test_a_size_a_service_does_not_print_is_one_line_and_no_files(tmp_path):
    deck = tmp_path / "tall"
    deck.mkdir()
    (deck / "deck.yaml").write_text(
        "id: tall\ntitle: Tall\ncard: tarot\nsuits:\n  red: {name: Red, color: '#c0392b', icon: circle}\n"
        "cards:\n  - suits: all\n    ranks: 1-3\n")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(deck), "-o", str(out), "--print-shop", "tgc"])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.startswith("error")]
    assert len(lines) == 1 and "The Game Crafter prints no 70x120 mm card" in lines[0]
    location = f"{deck / 'deck.yaml'}:3:7:"  # where the card size is written, kept whole (terminal.py `shorten`)
    assert location in lines[0] and len(lines[0]) - len(location) <= 200
    assert "only 63.5x88.9, " in lines[0] and "Traceback" not in result.output
    assert not (out / "tall").exists()


def test_an_unknown_service_is_refused_with_the_choices():
    result = CliRunner().invoke(main, ["build", "fives", "--print-shop", "printerstudio"])
    assert result.exit_code == 2
    assert "unknown print service 'printerstudio'" in result.output and "thegamecrafter" in result.output


def test_text_inside_a_services_safe_zone_is_warned_about(tmp_path):
    deck = tmp_path / "edgy"
    deck.mkdir()
    (deck / "deck.yaml").write_text(
        "id: edgy\ntitle: Edgy\ncard: poker\nsuits:\n  red: {name: Red, color: '#c0392b', icon: circle}\n"
        "cards:\n  - suits: all\n    ranks: 1-2\nfaces: {front: front, back: back}\nlayouts:\n"
        "  front:\n    background: '#ffffff'\n    elements:\n"
        "      - {type: text, x: 31.75, y: 44, text: 'middle', size: 9, align: center}\n"
        "      - {type: text, x: 2.9, y: 44, text: 'edge', size: 9}\n"
        "  back:\n    background: '#223344'\n    elements: []\n")
    result = CliRunner().invoke(main, ["build", str(deck), "-o", str(tmp_path / "out"), "--print-shop", "tgc"])
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.output.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and "inside The Game Crafter's 3.17 mm safe zone" in warnings[0]
    assert "from the cut" in warnings[0]
    # check measures the same safe zone when it is told of the service, so it warns as the build does
    rows = {tuple(options): next(line for line in CliRunner().invoke(main, ["check", str(deck), *options]).output
                                 .splitlines() if line.startswith("print safety"))
            for options in ([], ["--print-shop", "tgc"])}
    assert "pass" in rows[()] and "at least 3 mm inside the trim" in rows[()]
    assert "warn" in rows[("--print-shop", "tgc")]
    assert "in the safe zone (3.17 mm, The Game Crafter's safe zone): card red-1 front: " in rows[("--print-shop", "tgc")]
    clean = CliRunner().invoke(main, ["build", "greeen-mafia", "-o", str(tmp_path / "out2"), "--only", "cards",
                                      "--print-shop", "tgc"])
    assert clean.exit_code == 0 and "safe zone" not in clean.output


def test_service_pngs_are_the_same_bytes_in_every_run(built, tmp_path, monkeypatch):
    """The sRGB profile in each PNG carried the second littleCMS made it, so two builds of one deck
    differed in every print-service PNG."""
    import time

    from cardforge.press import canvas
    from cardforge.press.service_files import write_service_files

    time.sleep(1.1)  # a profile made now has another creation time than the fixture's
    monkeypatch.setattr(canvas, "_SRGB", None)
    again = write_service_files(load_deck("greeen-mafia"), "thegamecrafter", tmp_path)
    assert len(again) == 18
    for path in again:
        assert path.read_bytes() == (built / path.relative_to(tmp_path)).read_bytes(), path.name
