"""Saddle-stitch imposition: the A5 booklet's pages, two per side, on A4 or Letter sheets.

Print the result duplex, fold the stack once and staple on the fold; the pages then read in order.
The page order is pure arithmetic (`saddle_order`, tested on its own); pypdf only places pages.
"""

from __future__ import annotations

import io

from pypdf import PageObject, PdfReader, PdfWriter, Transformation
from pypdf.generic import DictionaryObject, NameObject

from .fetch import BookletError

SHEETS = {"a4": (841.89, 595.28), "letter": (792.0, 612.0)}
"""Sheet sizes in points, landscape."""


def saddle_order(pages: int) -> list[tuple[int | None, int | None]]:
    """(left, right) page indices for each printed side: sheet 1 front, sheet 1 back, sheet 2 front...

    The page count is padded to a multiple of four with blanks (None). For 8 pages the sides are
    (7, 0), (1, 6), (5, 2), (3, 4): the outer sheet carries the covers, the inner one the middle.
    """
    total = max(4, -(-pages // 4) * 4)

    def real(index: int) -> int | None:
        return index if index < pages else None

    sides: list[tuple[int | None, int | None]] = []
    for sheet in range(total // 4):
        sides.append((real(total - 1 - 2 * sheet), real(2 * sheet)))
        sides.append((real(2 * sheet + 1), real(total - 2 - 2 * sheet)))
    return sides


def impose_saddle_stitch(pdf: bytes, sheet: str = "a4", flip: str = "short") -> bytes:
    """A5 pages -> landscape sheets in fold-and-staple order.

    `flip` is the duplex setting the printer will use: "short" (flip on the short edge, the usual
    booklet setting) or "long" (every back side is turned upside down to compensate).
    """
    if sheet not in SHEETS:
        raise BookletError(f"unknown sheet {sheet!r}; choose one of {', '.join(SHEETS)}")
    if flip not in ("short", "long"):
        raise BookletError(f"duplex flip must be 'short' or 'long', got {flip!r}")
    reader = PdfReader(io.BytesIO(pdf))
    width, height = SHEETS[sheet]
    writer = PdfWriter()
    for side, (left, right) in enumerate(saddle_order(len(reader.pages))):
        out = writer.add_blank_page(width, height)
        for slot, index in ((0, left), (1, right)):
            if index is not None:
                _place(out, reader.pages[index], slot, width, height, turn=flip == "long" and side % 2 == 1)
        out.compress_content_streams()
    writer.add_metadata({"/Producer": "cardforge", "/Title": str(reader.metadata.get("/Title", "") if reader.metadata else "")})
    # The print dialog's duplex default: a booklet's backs are right side up only when the sheet turns
    # on its short edge (or, for flip="long", on its long edge with the backs turned above).
    writer._root_object[NameObject("/ViewerPreferences")] = DictionaryObject({
        NameObject("/Duplex"): NameObject("/DuplexFlipShortEdge" if flip == "short" else "/DuplexFlipLongEdge"),
        NameObject("/PrintScaling"): NameObject("/None"),
    })
    writer.compress_identical_objects()
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def _place(out: PageObject, page: PageObject, slot: int, width: float, height: float, turn: bool) -> None:
    """Scale `page` into the left (0) or right (1) half of `out`, centred; optionally turned 180°."""
    box = page.mediabox
    pw, ph = float(box.width), float(box.height)
    scale = min((width / 2) / pw, height / ph)
    tx = slot * width / 2 + (width / 2 - pw * scale) / 2 - float(box.left) * scale
    ty = (height - ph * scale) / 2 - float(box.bottom) * scale
    op = Transformation().scale(scale).translate(tx, ty)
    if turn:
        op = op.rotate(180).translate(width, height)
    out.merge_transformed_page(page, op)
