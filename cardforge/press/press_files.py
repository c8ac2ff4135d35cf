"""The press-ready PDFs: the card sheets in CMYK (`build --cmyk`) and a print service's one-PDF deck.

Both are drawn in RGB exactly as the home-printer files are, then rewritten as CMYK PDF/X-1a
(press/pdfx.py). A sheet's TrimBox is the outline of its card grid and its BleedBox that grid's
printed bleed, so the crop marks sit outside both; a service page is the bleed box of one card,
its TrimBox the card, in the service's page order (DriveThruCards: back of card 1, then its front).
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
from PIL import Image
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from ..deck import Deck
from ..outputs import atomic_write_bytes
from ..render.face import face_drawing
from ..render.fonts import register_fonts
from ..render.impose import Rect
from ..render.pdf_images import draw_face_at
from ..render.sheets import SheetOptions, card_sheets_pdf
from ..units import mm_to_pt
from .canvas import canvas_images, distinct_faces
from .pdfx import Box, PageBoxes, to_pdfx
from .services import Service


def _outline(rects: list[Rect]) -> Box:
    return (mm_to_pt(min(r.x for r in rects)), mm_to_pt(min(r.y for r in rects)),
            mm_to_pt(max(r.x2 for r in rects)), mm_to_pt(max(r.y2 for r in rects)))


def cmyk_sheets_pdf(deck: Deck, options: SheetOptions) -> bytes:
    """The card sheets of `options` as CMYK PDF/X-1a bytes."""
    data, imposition = card_sheets_pdf(deck, options)

    def boxes(number: int, _page: object) -> PageBoxes:
        slots = imposition.pages[number].slots
        return PageBoxes(trim=_outline([s.trim for s in slots]), bleed=_outline([s.clip for s in slots]))

    return to_pdfx(data, boxes, f"{deck.title} - card sheets (CMYK)")


def write_cmyk_sheets(deck: Deck, path: Path, options: SheetOptions) -> Path:
    atomic_write_bytes(path, cmyk_sheets_pdf(deck, options))
    return path


def _ring(image: Image.Image, inner: tuple[int, int, int, int]) -> tuple[int, int, int] | None:
    """The one colour of everything outside `inner` (pixels), or None when it is not one colour."""
    pixels = np.asarray(image.convert("RGB"))
    mask = np.ones(pixels.shape[:2], dtype=bool)
    x0, y0, x1, y1 = inner
    mask[y0:y1, x0:x1] = False
    ring = pixels[mask]
    if ring.size == 0 or (ring.max(axis=0) - ring.min(axis=0)).max() > 2:
        return None
    r, g, b = (int(v) for v in ring[0])
    return (r, g, b)


def service_pdf(deck: Deck, service: Service) -> bytes:
    """One page per face, bleed box sized as the service asks, in its page order, as PDF/X-1a."""
    fmt = service.format_for(deck.spec.card.size_mm)
    assert fmt.page_in is not None
    page_pt = (fmt.page_in[0] * 72, fmt.page_in[1] * 72)
    dpi = service.dpi
    canvas_px = (round(fmt.page_in[0] * dpi), round(fmt.page_in[1] * dpi))
    keys, first = distinct_faces(deck)
    # Where the service's bleed runs past the deck's drawn bleed, the page shows the face's outermost
    # pixels repeated (press/canvas.py): one flat colour when that is what they are, else an image.
    trim_pt = (mm_to_pt(deck.spec.card.size_mm[0]), mm_to_pt(deck.spec.card.size_mm[1]))
    bleed_pt = mm_to_pt(deck.spec.card.bleed)
    face_pt = (trim_pt[0] + 2 * bleed_pt, trim_pt[1] + 2 * bleed_pt)
    grows = face_pt[0] < page_pt[0] - 0.01 or face_pt[1] < page_pt[1] - 0.01
    under: dict[str, Image.Image | tuple[int, int, int]] = {}
    if grows:
        scale = dpi / 72
        left, top = (page_pt[0] - face_pt[0]) / 2 * scale, (page_pt[1] - face_pt[1]) / 2 * scale
        inner = (int(left) + 1, int(top) + 1, int(left + face_pt[0] * scale) - 1, int(top + face_pt[1] * scale) - 1)
        for key, image in canvas_images(deck, canvas_px, dpi):
            colour = _ring(image, inner)
            under[key] = colour if colour is not None else image
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1, initialFontName="sans")
    canvas.setTitle(f"{deck.title} - {service.name}")
    canvas.setCreator("cardforge")
    order = ("back", "front") if service.page_order == "back-front" else ("front", "back")
    for card in deck.cards:
        for side in order:
            key = keys[(card.id, side)]  # type: ignore[index]
            canvas.setPageSize(page_pt)
            below = under.get(key)
            if isinstance(below, tuple):
                canvas.setFillColorRGB(*(v / 255 for v in below))
                canvas.rect(0, 0, page_pt[0], page_pt[1], stroke=0, fill=1)
            elif below is not None:
                canvas.drawImage(ImageReader(below), 0, 0, page_pt[0], page_pt[1])
            drawing = face_drawing(deck, *first[key])
            draw_face_at(drawing, canvas, (page_pt[0] - drawing.width) / 2, (page_pt[1] - drawing.height) / 2)
            canvas.showPage()
    canvas.save()
    tx, ty = (page_pt[0] - trim_pt[0]) / 2, (page_pt[1] - trim_pt[1]) / 2
    boxes = PageBoxes(trim=(tx, ty, tx + trim_pt[0], ty + trim_pt[1]), bleed=(0.0, 0.0, *page_pt))
    return to_pdfx(buffer.getvalue(), lambda _n, _p: boxes, f"{deck.title} - {service.name}")


def write_service_pdf(deck: Deck, service: Service, folder: Path) -> Path:
    """`<folder>/<deck-id>-<service>.pdf`: the one PDF per deck a PDF service takes."""
    path = Path(folder) / f"{deck.id}-{service.key}.pdf"
    atomic_write_bytes(path, service_pdf(deck, service))
    return path
