"""Home printers: crop marks, fold marks and the sheet label stay inside the printable margin on every
paper, read back from the PDF (positions of the mark segments and of every legend glyph); the deck's
bleed is kept in full unless the summary says what was given up for a larger grid."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.load import load_deck
from cardforge.render.impose import PAPERS
from cardforge.render.pdfcheck import read_sheets
from cardforge.render.sheets import SheetOptions, card_sheets_pdf

MM = 72 / 25.4
HALF_LINE = 0.3 / 2 / MM
"""Half the width of a mark's stroke (mm): its ink reaches this far past the segment sideways."""


def _inked(data: bytes, margin: float, paper: tuple[float, float]) -> list[str]:
    """Every mark end or legend glyph nearer a paper edge than `margin` (mm)."""
    import io

    width, height = paper
    low, high_x, high_y = margin - 1e-3, width - margin + 1e-3, height - margin + 1e-3
    problems = []
    for n, page in enumerate(read_sheets(io.BytesIO(data)), start=1):
        for tag, segments in page.segments.items():
            for x1, y1, x2, y2 in segments:
                xs, ys = (min(x1, x2), max(x1, x2)), (min(y1, y2), max(y1, y2))
                pad_x = HALF_LINE if x1 == x2 else 0.0
                pad_y = HALF_LINE if y1 == y2 else 0.0
                if xs[0] - pad_x < low or xs[1] + pad_x > high_x or ys[0] - pad_y < low or ys[1] + pad_y > high_y:
                    problems.append(f"page {n} {tag} {x1:.2f},{y1:.2f}-{x2:.2f},{y2:.2f}")
    document = pdfium.PdfDocument(data)
    for n, page in enumerate(document, start=1):
        text = page.get_textpage()
        for i in range(text.count_chars()):
            left, bottom, right, top = (v / MM for v in text.get_charbox(i))
            if right <= left:  # a space has no ink
                continue
            if left < low or bottom < low or right > high_x or top > high_y:
                problems.append(f"page {n} legend glyph at {left:.2f},{bottom:.2f}")
    return problems


@pytest.mark.parametrize("paper", ["letter", "a4", "a3", "tabloid"])
@pytest.mark.parametrize("margin", [5.0, 8.0, 0.0])
def test_marks_and_label_stay_inside_the_printable_margin(paper, margin):
    deck = load_deck("fives")
    data, imposition = card_sheets_pdf(deck, SheetOptions(paper=paper, margin=margin))
    size = (PAPERS[paper].width, PAPERS[paper].height)
    assert _inked(data, margin, size) == []
    pages = read_sheets(__import__("io").BytesIO(data))
    assert pages[0].segments.get("CropMarks") and imposition.pages[0].legend is not None
    # the full bleed, or the summary's note says what was given up and for how many cards
    bleed = imposition.spec.print_bleed
    if bleed < deck.spec.card.bleed:
        assert f"outer bleed 3 -> {bleed:g} mm to fit {imposition.grid.per_page} per sheet" in imposition.fit_note
    outer = [s for s in imposition.pages[0].slots if s.clip.x < s.trim.x - 1e-6]
    assert outer and all(abs((s.trim.x - s.clip.x) - bleed) < 1e-6 for s in outer)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_gutterfold_fold_marks_stay_inside_the_margin(paper):
    deck = load_deck("greeen-mafia")
    data, _ = card_sheets_pdf(deck, SheetOptions(paper=paper, duplex="gutterfold"))
    assert _inked(data, 5.0, (PAPERS[paper].width, PAPERS[paper].height)) == []


def test_the_build_summary_says_what_was_given_up_and_keep_bleed_keeps_it(tmp_path):
    runner = CliRunner()
    result = runner.invoke(main, ["build", "fives", "-o", str(tmp_path), "--only", "cards"])
    assert result.exit_code == 0, result.output
    assert "outer bleed 3 -> 1.25 mm to fit 9 per sheet, not 8 (--keep-bleed keeps it)" in result.output
    kept = runner.invoke(main, ["build", "fives", "-o", str(tmp_path / "kept"), "--only", "cards", "--keep-bleed"])
    assert kept.exit_code == 0, kept.output
    assert "outer bleed" not in kept.output and "2x4, cards turned 90°, A4" in kept.output


def test_an_explicit_bleed_is_never_shrunk():
    deck = load_deck("fives")
    _, imposition = card_sheets_pdf(deck, SheetOptions(paper="a4", bleed=3.0))
    assert imposition.spec.print_bleed == 3.0 and imposition.grid.per_page == 8


def test_borderless_letter_takes_nine_with_marks_to_the_edge():
    deck = load_deck("fives")
    data, imposition = card_sheets_pdf(deck, SheetOptions(paper="letter", margin=0))
    assert imposition.grid.per_page == 9
    assert _inked(data, 0.0, (PAPERS["letter"].width, PAPERS["letter"].height)) == []
