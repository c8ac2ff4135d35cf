"""Fold-and-staple imposition: page order arithmetic, and the printed page numbers on each half-sheet."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest
from conftest import bundled_booklet

from cardforge.booklet.impose import SHEETS, impose_saddle_stitch, saddle_order

MM = 72 / 25.4


def test_saddle_order_for_eight_pages() -> None:
    assert saddle_order(8) == [(7, 0), (1, 6), (5, 2), (3, 4)]


@pytest.mark.parametrize("pages", range(1, 23))
def test_saddle_order_uses_every_page_once_and_folds_into_reading_order(pages: int) -> None:
    sides = saddle_order(pages)
    total = len(sides) * 2
    assert total % 4 == 0 and total - pages < 4
    slots = [p for side in sides for p in side]
    assert sorted(p for p in slots if p is not None) == list(range(pages))
    # Fold the stack: open the booklet and read the right page of each front and the left page of each
    # back from the outside in, then the right of each back and the left of each front on the way out.
    fronts, backs = sides[0::2], sides[1::2]
    reading = [p for f, b in zip(fronts, backs) for p in (f[1], b[0])]
    reading += [p for f, b in reversed(list(zip(fronts, backs))) for p in (b[1], f[0])]
    assert reading == [i if i < pages else None for i in range(total)]


def a5(deck_id: str) -> bytes:
    return bundled_booklet(deck_id, "a5")


def _text(page: pdfium.PdfPage, box: tuple[float, float, float, float]) -> str:
    return re.sub(r"\s+", " ", page.get_textpage().get_text_bounded(*box)).strip()


@pytest.mark.parametrize("deck_id,sheet", [("green-queen-jokers", "a4"), ("fives", "letter")])
def test_imposed_sheets_carry_the_right_page_numbers(deck_id: str, sheet: str) -> None:
    source = pdfium.PdfDocument(a5(deck_id))
    imposed = pdfium.PdfDocument(impose_saddle_stitch(a5(deck_id), sheet))
    width, height = SHEETS[sheet]
    pages = len(source)
    sides = saddle_order(pages)
    assert len(imposed) == len(sides)
    pw, ph = source[0].get_size()
    scale = min(width / 2 / pw, height / ph)
    bottom = (height - ph * scale) / 2
    for side, (left, right) in zip(imposed, sides):
        assert tuple(round(v) for v in side.get_size()) == (round(width), round(height))
        for slot, index in ((0, left), (1, right)):
            x0 = slot * width / 2
            whole = _text(side, (x0, 0, x0 + width / 2, height))
            if index is None:
                assert whole == ""
                continue
            assert whole == _text(source[index], (0, 0, pw, ph))
            if 0 < index < pages - 1:  # the covers have no number; every inside page prints its own
                footer = _text(side, (x0, bottom, x0 + width / 2, bottom + 12 * MM * scale))
                assert footer == str(index + 1)


def test_long_edge_flip_turns_the_back_sides() -> None:
    pdf = a5("green-queen-jokers")
    imposed = pdfium.PdfDocument(impose_saddle_stitch(pdf, "a4", flip="long"))
    width, height = SHEETS["a4"]
    left, right = saddle_order(len(pdfium.PdfDocument(pdf)))[1]
    back = imposed[1]
    # Turned half a turn, the right slot's page now sits on the left, its footer at the top.
    assert _text(back, (0, height - 12 * MM, width / 2, height)) == (str(right + 1) if right is not None else "")
    assert _text(back, (width / 2, height - 12 * MM, width, height)) == str(left + 1)
    front = imposed[0]
    assert _text(front, (width / 2, 0, width, 12 * MM)) == ""  # the cover (page 1) has no number
