"""A deck with a Japanese title builds, and the title is set in a font that has its glyphs in every
product: the card-sheet footer, the rules booklet and the contact sheet (no empty boxes)."""

from __future__ import annotations

import ctypes
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from click.testing import CliRunner
from PIL import Image

from cardforge.cli import main

DECK = Path(__file__).parent / "data" / "corpus" / "japanese-title"
TITLE_CHAR = "札"


def fonts_of(pdf: Path, char: str) -> set[str]:
    """The names of the fonts every occurrence of `char` on any page is set in."""
    found: set[str] = set()
    document = pdfium.PdfDocument(pdf)
    for page in document:
        text = page.get_textpage()
        for index in range(text.count_chars()):
            if raw.FPDFText_GetUnicode(text, index) == ord(char):
                name = ctypes.create_string_buffer(256)
                flags = ctypes.c_int()
                raw.FPDFText_GetFontInfo(text, index, name, 256, ctypes.byref(flags))
                found.add(name.value.decode())
    return found


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("jp")
    result = CliRunner().invoke(main, ["build", str(DECK), "-o", str(out), "--png", "--games", "10", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    return out / "japanese-title"


@pytest.mark.parametrize("product", ["cards", "rules"])
def test_the_title_is_set_in_the_japanese_font(built: Path, product: str) -> None:
    fonts = fonts_of(built / f"japanese-title-{product}.pdf", TITLE_CHAR)
    assert fonts, f"the title's {TITLE_CHAR!r} is not text in the {product} PDF"
    assert all("IPAexGothic" in name for name in fonts), fonts


def test_the_report_heading_shows_the_title(built: Path) -> None:
    fonts = fonts_of(built / "japanese-title-report.pdf", TITLE_CHAR)
    assert fonts and all("IPAexGothic" in name for name in fonts), fonts


def test_the_contact_sheet_title_has_ink_where_the_japanese_is(built: Path) -> None:
    """The title's Japanese part is drawn with glyphs: the ink differs between characters (boxes would
    all be the same outline) and covers a fair share of each glyph cell."""
    sheet = Image.open(built / "japanese-title-contact.png").convert("L")
    band = sheet.crop((8, 8, 100, 40))
    pixels = band.load()
    width, height = band.size
    ink = [[pixels[x, y] < 128 for y in range(height)] for x in range(width)]
    glyphs: list[int] = []
    start = None
    for x in range(width + 1):
        inked = x < width and any(ink[x])
        if inked and start is None:
            start = x
        elif not inked and start is not None:
            glyphs.append(sum(sum(column) for column in ink[start:x]))
            start = None
    assert len(glyphs) >= 3, glyphs
    assert len(set(glyphs[:3])) == 3, glyphs
