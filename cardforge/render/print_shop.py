"""Print-on-demand export: one PNG per face at 300 dpi with bleed, and a one-card-per-page PDF.

Card printing services take each face as its own image the size of the bleed box (a 63.5 x 88.9 mm
poker card with 3 mm bleed is 821 x 1121 px at 300 dpi) named so fronts and backs pair up, or a PDF
whose pages are the bleed box with TrimBox and BleedBox set so their software finds the cut line.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from ..deck import Deck
from ..outputs import atomic_write_bytes
from ..units import mm_to_pt
from .face import face_drawing
from .fonts import register_fonts
from .pdf_images import draw_face_at
from .png import SIDES, file_stems, iter_faces, png_bytes

PRINT_DPI = 300


@dataclass(frozen=True)
class PrintShopSize:
    """The face size a service asks for: trim and bleed in mm, pixels at 300 dpi."""

    trim_mm: tuple[float, float]
    bleed_mm: float
    pixels: tuple[int, int]


def print_shop_size(deck: Deck) -> PrintShopSize:
    width, height = deck.spec.card.size_mm
    bleed = deck.spec.card.bleed
    px = tuple(round((v + 2 * bleed) / 25.4 * PRINT_DPI) for v in (width, height))
    return PrintShopSize((width, height), bleed, (px[0], px[1]))


def print_shop_pdf(deck: Deck) -> bytes:
    """Every card's front then back, one face per page the size of the bleed box, boxes set."""
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1, initialFontName="sans")
    canvas.setTitle(f"{deck.title} - one card per page")
    canvas.setCreator("cardforge")
    bleed = mm_to_pt(deck.spec.card.bleed)
    for card in deck.cards:
        for side in SIDES:
            drawing = face_drawing(deck, card, side)
            w, h = drawing.width, drawing.height
            canvas.setPageSize((w, h))
            canvas.setBleedBox((0, 0, w, h))
            canvas.setTrimBox((bleed, bleed, w - bleed, h - bleed))
            draw_face_at(drawing, canvas, 0, 0)
            canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def write_print_shop(deck: Deck, folder: Path) -> list[Path]:
    """`<folder>/<nn>-<card>-<side>-<W>x<H>px.png` for every face and `<folder>/<deck-id>-print-shop.pdf`
    (`build --print-shop generic` passes `print-shop/generic/`).

    Each distinct face is rasterised, encoded and written a batch at a time (png.iter_faces)."""
    size = print_shop_size(deck)
    folder = Path(folder)
    names = {(card.id, side): folder / f"{n:03d}-{stem}-{side}-{size.pixels[0]}x{size.pixels[1]}px.png"
             for n, (card, stem) in enumerate(zip(deck.cards, file_stems(deck)), start=1) for side in SIDES}
    for face in iter_faces(deck, PRINT_DPI):
        image = face.image if face.image.size == size.pixels else face.image.resize(size.pixels)
        data = png_bytes(image, PRINT_DPI)
        for card, side in face.shown_by:
            atomic_write_bytes(names[(card.id, side)], data)
    pdf = folder / f"{deck.id}-print-shop.pdf"
    atomic_write_bytes(pdf, print_shop_pdf(deck))
    return [*names.values(), pdf]
