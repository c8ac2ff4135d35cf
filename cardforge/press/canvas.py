"""Card faces rasterised onto a service's canvas: trim centred, bleed exactly the service's.

The face is drawn as it is for the sheets (render/face.py) onto a page the size of the canvas, so a
layout element lands at the same distance from the cut in every file. Where the service asks for
more bleed than the deck draws (1/8 in = 3.175 mm against a 3 mm deck bleed) the outermost drawn
pixels are repeated outwards: a band that the cutter removes, never a resize of the card.
Faces are rasterised one at a time, so a 300 dpi export holds one face in memory.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator

import numpy as np
import pypdfium2 as pdfium
from PIL import Image, ImageCms
from reportlab.pdfgen.canvas import Canvas

from ..deck import Card, Deck
from ..render.face import Side, face_drawing, face_key
from ..render.fonts import register_fonts
from ..render.pdf_images import draw_face_at

SIDES: tuple[Side, Side] = ("front", "back")


def distinct_faces(deck: Deck) -> tuple[dict[tuple[str, Side], str], dict[str, tuple[Card, Side]]]:
    """(card id, side) -> face key, and each key -> the first face drawn with it."""
    keys = {(card.id, side): face_key(deck, card, side) for card in deck.cards for side in SIDES}
    first: dict[str, tuple[Card, Side]] = {}
    for card in deck.cards:
        for side in SIDES:
            first.setdefault(keys[(card.id, side)], (card, side))
    return keys, first


def canvas_pdf(deck: Deck, faces: list[tuple[Card, Side]], page_pt: tuple[float, float]) -> tuple[bytes, tuple[float, float]]:
    """One page of `page_pt` per face with the face centred; returns the PDF and the face's size (pt)."""
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1, initialFontName="sans")
    size = (0.0, 0.0)
    for card, side in faces:
        drawing = face_drawing(deck, card, side)
        size = (drawing.width, drawing.height)
        canvas.setPageSize(page_pt)
        draw_face_at(drawing, canvas, (page_pt[0] - drawing.width) / 2, (page_pt[1] - drawing.height) / 2)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue(), size


def extend_edges(image: Image.Image, drawn: tuple[float, float, float, float]) -> Image.Image:
    """Repeat the outermost fully drawn pixels over whatever lies outside `drawn` (x0, y0, x1, y1 in
    pixels, top-left origin); an image the face covers entirely comes back unchanged."""
    w, h = image.size
    x0, y0 = max(0, math.ceil(drawn[0] - 1e-6)), max(0, math.ceil(drawn[1] - 1e-6))
    x1, y1 = min(w, math.floor(drawn[2] + 1e-6)), min(h, math.floor(drawn[3] + 1e-6))
    if (x0, y0, x1, y1) == (0, 0, w, h):
        return image
    pixels = np.asarray(image)
    cols = np.clip(np.arange(w), x0, x1 - 1)
    rows = np.clip(np.arange(h), y0, y1 - 1)
    return Image.fromarray(np.ascontiguousarray(pixels[rows][:, cols]), image.mode)


def canvas_images(deck: Deck, canvas_px: tuple[int, int], dpi: float) -> Iterator[tuple[str, Image.Image]]:
    """(face key, RGB image of exactly `canvas_px`) for each distinct face, one at a time."""
    _keys, first = distinct_faces(deck)
    page_pt = (canvas_px[0] * 72 / dpi, canvas_px[1] * 72 / dpi)
    data, face_pt = canvas_pdf(deck, list(first.values()), page_pt)
    scale = dpi / 72
    fw, fh = face_pt[0] * scale, face_pt[1] * scale
    left, top = (canvas_px[0] - fw) / 2, (canvas_px[1] - fh) / 2
    document = pdfium.PdfDocument(data)
    try:
        for key, page in zip(first, document):
            bitmap = page.render(scale=scale, draw_annots=False)
            image = bitmap.to_pil().convert("RGB")
            if image.size != canvas_px:  # pdfium rounds the page to whole pixels; the canvas is exact
                image = image.crop((0, 0, *canvas_px))
            yield key, extend_edges(image, (left, top, left + fw, top + fh))
            page.close()
    finally:
        document.close()


_SRGB: bytes | None = None


PROFILE_DATE = bytes.fromhex("07d0 0001 0001 0000 0000 0000")
"""2000-01-01 00:00:00, the creation date written into the profile's header (bytes 24-35): littleCMS
writes the time it made the profile, which made every print-service PNG differ from run to run."""


def srgb_profile() -> bytes:
    """An sRGB ICC profile (littleCMS's built-in, through Pillow) to tag RGB files with their colour space;
    the same bytes in every run (`PROFILE_DATE`)."""
    global _SRGB
    if _SRGB is None:
        made = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
        _SRGB = made[:24] + PROFILE_DATE + made[36:]
    return _SRGB
